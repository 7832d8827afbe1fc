import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { searchQueries, type SearchParams } from '../../api/search.ts';
import { PanelError } from '../../components/query-states.tsx';

/**
 * The chart's code loads beside the results (it is asked for once they have answered, and sits
 * below them on a phone), so it does not weigh on the search page's first screen.
 */
const loadChart = () => import('./mention-chart.tsx');
const SummaryView = lazy(() => loadChart().then((module) => ({ default: module.SummaryView })));

/**
 * Mentions per fiscal period and the companies that mention it most, for the same search and
 * filters as the results (/api/search/summary). Asked once the results have answered (`after`):
 * the index answers one query at a time, so asking both at once keeps the results waiting.
 */
export function SearchSummary({ params, after = true }: { params: SearchParams; after?: boolean }) {
  const summary = useQuery({ ...searchQueries.summary(params), enabled: after });
  useEffect(() => {
    void loadChart();
  }, []);
  const counting = <div role="status" aria-label="Counting mentions" className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />;
  if (summary.isPending) return counting;
  if (summary.isError) return <PanelError error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <Suspense fallback={counting}>
      <SummaryView summary={summary.data} />
    </Suspense>
  );
}
