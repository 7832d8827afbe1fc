import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from './error-panel.tsx';
import { EmptyState } from './panel.tsx';
import { SkeletonRows } from './skeleton.tsx';

/**
 * Loading, error, empty and loaded states of one query, designed once. Data already on screen
 * stays there when a refresh fails: the error shows above it.
 */
export function QueryStates<T>({
  query,
  isEmpty,
  empty,
  loadingLabel,
  loadingRows = 10,
  children,
}: {
  query: UseQueryResult<T>;
  /** As many placeholder rows as the loaded list will have, so nothing below moves. */
  loadingRows?: number;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError) return <div className="p-3"><ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h3" /></div>;
    return <SkeletonRows rows={loadingRows} label={loadingLabel} />;
  }
  return (
    <>
      {query.isError && <div className="p-3"><ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h3" /></div>}
      {isEmpty(query.data) ? <EmptyState>{empty}</EmptyState> : children(query.data)}
    </>
  );
}

/** The same for a list read page by page, with "Load more". */
export function InfiniteStates<P extends { data: unknown[] }, I>({
  query,
  select,
  empty,
  loadingLabel,
  children,
}: {
  query: UseInfiniteQueryResult<{ pages: P[] }>;
  select: (page: P) => I[];
  empty: ReactNode;
  loadingLabel: string;
  children: (items: I[]) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError) return <div className="p-3"><ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h3" /></div>;
    return <SkeletonRows rows={10} label={loadingLabel} />;
  }
  const items = query.data.pages.flatMap(select);
  return (
    <>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : children(items)}
      {query.isFetchNextPageError && (
        <div className="p-3">
          <ErrorPanel error={query.error} onRetry={() => void query.fetchNextPage()} compact heading="h3" />
        </div>
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <div className="flex justify-center border-t border-slate-200 p-3 dark:border-slate-800">
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
