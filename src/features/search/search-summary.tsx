import { useQuery } from '@tanstack/react-query';
import { searchQueries, type SearchParams } from '../../api/search.ts';
import { PanelError } from '../../components/query-states.tsx';
import { MentionChart, TopCompanies } from './mention-chart.tsx';

/**
 * Mentions per fiscal period and the companies that mention it most, for the same search and
 * filters as the results (/api/search/summary).
 */
export function SearchSummary({ params }: { params: SearchParams }) {
  const summary = useQuery(searchQueries.summary(params));
  if (summary.isPending) return <div role="status" aria-label="Counting mentions" className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
  if (summary.isError) return <PanelError error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <div className="space-y-4">
      <MentionChart summary={summary.data} />
      {summary.data.companies.length > 0 && <TopCompanies summary={summary.data} />}
    </div>
  );
}
