import { useQuery } from '@tanstack/react-query';
import { searchQueries, type SearchParams } from '../../api/search.ts';
import { PanelError } from '../../components/query-states.tsx';
import { MentionChart, TopCompanies } from './mention-chart.tsx';

/**
 * Mentions per fiscal period and the companies that mention it most, for the same search and
 * filters as the results (/api/search/summary). Asked once the results have answered (`after`):
 * the index answers one query at a time, so asking both at once keeps the results waiting.
 */
export function SearchSummary({ params, after = true }: { params: SearchParams; after?: boolean }) {
  const summary = useQuery({ ...searchQueries.summary(params), enabled: after });
  if (summary.isPending) return <div role="status" aria-label="Counting mentions" className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
  if (summary.isError) return <PanelError error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <div className="space-y-4">
      <MentionChart summary={summary.data} />
      {summary.data.companies.length > 0 && <TopCompanies summary={summary.data} />}
    </div>
  );
}
