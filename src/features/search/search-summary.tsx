import { useQuery } from '@tanstack/react-query';
import { searchQueries, type SearchParams } from '../../api/search.ts';
import { PanelError } from '../../components/query-states.tsx';

/**
 * Mentions per fiscal period and the companies that mention it most, for the same search and
 * filters as the results (/api/search/summary).
 */
export function SearchSummary({ params }: { params: SearchParams }) {
  const summary = useQuery(searchQueries.summary(params));
  if (summary.isPending) return <div role="status" aria-label="Counting mentions" className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
  if (summary.isError) return <PanelError error={summary.error} onRetry={() => void summary.refetch()} />;
  const { quarters, companies } = summary.data;
  return (
    <div className="space-y-4">
      <table className="w-full text-sm">
        <caption className="mb-1 text-left text-xs font-semibold">Mentions per quarter</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 font-medium">
              Period
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Passages
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Calls
            </th>
          </tr>
        </thead>
        <tbody>
          {quarters.map((quarter) => (
            <tr key={`${quarter.fiscalYear}-${quarter.fiscalPeriod}`} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 text-left font-normal">
                {quarter.fiscalPeriod} {quarter.fiscalYear}
              </th>
              <td className="tabular py-1 text-right">{quarter.hits.toLocaleString('en-US')}</td>
              <td className="tabular py-1 text-right">
                {quarter.calls.toLocaleString('en-US')} of {quarter.searched.toLocaleString('en-US')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {companies.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold">Companies that mention it most</h3>
          <ol className="mt-1 space-y-0.5 text-sm">
            {companies.map((company) => (
              <li key={company.companyId} className="flex justify-between gap-2">
                <span className="truncate">{company.name}</span>
                <span className="tabular text-slate-600 dark:text-slate-400">{company.hits.toLocaleString('en-US')}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
