import { skipToken, useQuery, type QueryKey, type UseInfiniteQueryResult, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { isApiError } from '../api/api-error.ts';
import { ErrorPanel } from './error-panel.tsx';
import { EmptyState } from './ui/panel.tsx';
import { PageSkeleton, SkeletonRows } from './skeleton.tsx';
import { Button } from './ui/button.tsx';
import { usePageTitle } from './use-page-title.ts';

/**
 * While a load waits out a 429 (the first one, a refresh or the next page), say so: the app tries
 * again by itself when the service allows, and what is on screen stays.
 */
export function RetryingNotice({ reason }: { reason: unknown }) {
  if (!isApiError(reason) || reason.kind !== 'rate-limited') return null;
  return (
    <p
      role="status"
      className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      Too many requests (429): retrying{reason.retryAfter !== undefined ? ` in ${Math.ceil(reason.retryAfter)} s` : ' shortly'}.
    </p>
  );
}

/** A failed read inside a panel: what failed and Retry, compact, with the panel's padding. */
export function PanelError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="p-3">
      <ErrorPanel error={error} onRetry={onRetry} compact heading="h3" />
    </div>
  );
}

/**
 * A detail page while its loader waits for the record (a route's pendingComponent): the page's
 * skeleton, and the 429 notice while the wait is the service's. Watches the loader's query by its
 * key (src/api/keys.ts) without starting a fetch of its own, and without loading the fetchers: the
 * skeleton is part of the first paint.
 */
export function RecordPending({ queryKey, label, children }: { queryKey: QueryKey; label: string; children: ReactNode }) {
  const { failureReason } = useQuery({ queryKey, queryFn: skipToken });
  usePageTitle(`${label}…`);
  return (
    <>
      <RetryingNotice reason={failureReason} />
      <PageSkeleton label={label}>{children}</PageSkeleton>
    </>
  );
}

/**
 * Data that has just arrived is drawn in a second pass that yields to the browser between
 * components (a deferred value), so a long list arriving does not freeze a phone's main thread:
 * what was on screen (the skeleton, or the list before a refresh) stays until the new one is built.
 */
export function useArrivedData<T>(data: T): T {
  return useDeferredValue(data);
}

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
  /** Leave out for a single record, which is never empty. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  const data = useArrivedData(query.data);
  if (data === undefined) {
    if (query.isError) return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
    return (
      <>
        <RetryingNotice reason={query.failureReason} />
        <SkeletonRows rows={loadingRows} label={loadingLabel} />
      </>
    );
  }
  return (
    <>
      {query.isFetching && <RetryingNotice reason={query.failureReason} />}
      {query.isError && <PanelError error={query.error} onRetry={() => void query.refetch()} />}
      {isEmpty?.(data) ? <EmptyState>{empty}</EmptyState> : children(data)}
    </>
  );
}

/** The same for a list read page by page, with "Load more". */
export function InfiniteStates<P extends { data: unknown[] }, I>({
  query,
  select,
  empty,
  loadingLabel,
  loadingRows = 10,
  noun,
  loadMore = true,
  children,
}: {
  query: UseInfiniteQueryResult<{ pages: P[] }>;
  select: (page: P) => I[];
  empty: ReactNode;
  loadingLabel: string;
  loadingRows?: number;
  /** What the button loads more of ("Load more transcripts"); plain "Load more" without it. */
  noun?: string;
  /** Offer "Load more" when there is a next page; off where a link to the full list takes over (a company's panels). */
  loadMore?: boolean;
  children: (items: I[]) => ReactNode;
}) {
  const data = useArrivedData(query.data);
  if (data === undefined) {
    if (query.isError) return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
    return (
      <>
        <RetryingNotice reason={query.failureReason} />
        <SkeletonRows rows={loadingRows} label={loadingLabel} />
      </>
    );
  }
  const items = data.pages.flatMap(select);
  return (
    <>
      {query.isRefetchError && <PanelError error={query.error} onRetry={() => void query.refetch()} />}
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : children(items)}
      {query.isFetching && <RetryingNotice reason={query.failureReason} />}
      {query.isFetchNextPageError && <PanelError error={query.error} onRetry={() => void query.fetchNextPage()} />}
      {loadMore && query.hasNextPage && !query.isFetchNextPageError && (
        <div className="flex justify-center border-t border-slate-200 p-3 dark:border-slate-800">
          <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? (noun ? `Loading more ${noun}…` : 'Loading…') : noun ? `Load more ${noun}` : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
