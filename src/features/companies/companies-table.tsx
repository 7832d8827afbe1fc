import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';
import { useListOffset } from '../../lib/use-list-offset.ts';
import type { Company, EventRecord, Page } from '../../api/schemas.ts';
import { RetryingNotice, PanelError } from '../../components/query-states.tsx';
import { companyLabel, formatDate, formatDateTime, formatUtc, textOr } from '../../lib/format.ts';
import { useNow, useServerClockKnown } from '../../components/use-now.ts';
import type { Direction } from '../../lib/filters/define-filters.ts';
import type { CompanySort } from './company-sort.ts';
import type { NextCalls } from './next-calls.ts';
import { countryName } from '../../lib/filters/countries.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * Companies as an ARIA table that scrolls without end (in the service's order; sorted by a heading,
 * every matching company is read first and sorted in the browser): rows are virtualized against the window
 * (only those near the viewport are in the document, however many are loaded), and the next
 * cursor page loads as the reader nears the last loaded row. A "Load more" button does the same
 * for keyboard users, and a failed page shows its error under the rows already loaded.
 */

export const ROW_HEIGHT = 52;
const OVERSCAN = 8;
/** Start fetching the next page this many rows before the end. */
const PREFETCH_ROWS = 40;

/** On a phone the country column is as wide as its heading ("COUNTRY", 12 px capitals) needs: a share of the row once ran it into "TICKER". */
const grid =
  'grid grid-cols-[minmax(0,1.4fr)_4.5rem_minmax(0,0.9fr)] gap-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.3fr)_minmax(0,0.8fr)_minmax(0,0.6fr)_minmax(0,0.8fr)]';
/** The same with "Next earnings call" last (from the phone's width up, as the legal name). */
const gridWithCalls =
  'grid grid-cols-[minmax(0,1.4fr)_4.5rem_minmax(0,0.9fr)] gap-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.1fr)_minmax(0,0.8fr)_minmax(0,0.6fr)_minmax(0,0.8fr)_minmax(0,0.8fr)]';

/** The order shown, and how a sortable heading changes it. */
export interface TableOrder {
  sort: CompanySort | undefined;
  direction: Direction;
  /** A heading pressed: its order, or the reverse when it is the order already. */
  onSort: (sort: CompanySort) => void;
}

export function CompaniesTable({
  query,
  rows,
  label,
  order,
  nextCalls,
  capped,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Company>, unknown>>;
  /** The companies read, in the order shown. */
  rows: readonly Company[];
  label: string;
  order: TableOrder;
  /** Each company's next earnings call; the column is left out where the data source has no list of events. */
  nextCalls: NextCalls;
  /** Sorted in the browser among the first companies only (the rest were not read): say so. */
  capped?: number;
}) {
  const { ref: listRef, offset } = useListOffset<HTMLDivElement>();
  const withCalls = nextCalls.available !== false;
  const cols = withCalls ? gridWithCalls : grid;
  // Sorted in the browser, every company is read already: scrolling reads nothing more.
  const sorted = order.sort !== undefined;
  // Today, in the reader's zone by the service's clock (decided once that clock is known): a call today shows its time.
  const now = useNow(60_000);
  const today = useServerClockKnown() ? formatDate(now) : undefined;

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: offset,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  useEffect(() => {
    if (sorted || !hasNextPage || isFetchingNextPage || isError) return;
    if (last >= rows.length - PREFETCH_ROWS) void fetchNextPage();
  }, [sorted, last, rows.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return (
    <div>
      <div role="table" aria-label={label} aria-rowcount={hasNextPage ? -1 : rows.length + 1} className="text-sm">
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            className={`${cols} border-b border-slate-200 px-4 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:text-slate-400`}
          >
            <SortHeader by="name" order={order}>
              Company
            </SortHeader>
            <span role="columnheader" className="hidden sm:block">
              Legal name
            </span>
            <SortHeader by="country" order={order}>
              Country
            </SortHeader>
            <span role="columnheader">Ticker</span>
            <span role="columnheader" className="hidden sm:block">
              Exchange
            </span>
            {withCalls && (
              <SortHeader by="next-call" order={order} className="hidden sm:block">
                Next earnings call
              </SortHeader>
            )}
          </div>
        </div>
        <div role="rowgroup" ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const company = rows[item.index]!;
            const main = company.tickers[0];
            return (
              <div
                key={company.id}
                role="row"
                aria-rowindex={item.index + 2}
                className={`${cols} absolute left-0 top-0 w-full items-center border-b border-slate-100 px-4 hover:bg-slate-50 dark:border-slate-800/70 dark:hover:bg-slate-800/40`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              >
                <span role="cell" className="truncate">
                  <Link to="/companies/$companyId" params={{ companyId: company.id }} className={textLinkClass()}>
                    {companyLabel(company)}
                  </Link>
                </span>
                <span role="cell" className="hidden truncate text-slate-700 sm:block dark:text-slate-300" title={company.name ?? undefined}>
                  {textOr(company.name)}
                </span>
                <span role="cell" className="truncate text-slate-700 dark:text-slate-300" title={countryName(company.country)}>
                  <span className="sm:hidden">{textOr(company.country)}</span>
                  <span className="hidden sm:inline">{countryName(company.country)}</span>
                </span>
                <span role="cell" className="min-w-0 font-mono text-xs leading-tight">
                  <span className="block truncate">{textOr(main?.ticker)}</span>
                  {main && <span className="block break-words font-sans text-slate-600 sm:hidden dark:text-slate-400">{main.exchange}</span>}
                </span>
                <span role="cell" className="hidden min-w-0 break-words leading-tight text-slate-700 sm:line-clamp-2 dark:text-slate-300">
                  {textOr(main?.exchange)}
                </span>
                {withCalls && <NextCallCell call={nextCalls.byCompany.get(company.id)} pending={nextCalls.pending} today={today} />}
              </div>
            );
          })}
        </div>
      </div>
      {query.isFetching && <RetryingNotice reason={query.failureReason} />}
      <ListFooter query={query} loaded={rows.length} sorted={sorted} capped={capped} />
    </div>
  );
}

/** A heading that sorts: a real button, its order said by `aria-sort` on the heading cell. */
function SortHeader({ by, order, className, children }: { by: CompanySort; order: TableOrder; className?: string; children: string }) {
  const active = order.sort === by;
  const ascending = order.direction === 'asc';
  return (
    <span role="columnheader" aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined} className={className}>
      <button
        type="button"
        onClick={() => order.onSort(by)}
        className="inline-flex items-center gap-1 rounded-sm text-left uppercase tracking-wide hover:text-slate-950 dark:hover:text-white"
      >
        {children}
        {active && <span aria-hidden="true">{ascending ? '▲' : '▼'}</span>}
      </button>
    </span>
  );
}

/** The call's day, and its time too when it is today (`today` as formatDate writes it: the same day in the reader's zone). */
function NextCallCell({ call, pending, today }: { call: EventRecord | undefined; pending: boolean; today: string | undefined }) {
  const isToday = today !== undefined && Boolean(call?.date) && formatDate(call?.date) === today;
  return (
    <span role="cell" className="hidden truncate text-slate-700 sm:block dark:text-slate-300">
      {call ? (
        <Link to="/events/$eventId" params={{ eventId: call.id }} className={textLinkClass({ strong: false })}>
          <time dateTime={call.date ?? undefined} title={formatUtc(call.date)} className="tabular">
            {isToday ? formatDateTime(call.date) : formatDate(call.date)}
          </time>
        </Link>
      ) : pending ? (
        <span className="text-slate-500 dark:text-slate-400">Loading…</span>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">None announced</span>
      )}
    </span>
  );
}

function ListFooter({
  query,
  loaded,
  sorted,
  capped,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Company>, unknown>>;
  loaded: number;
  sorted: boolean;
  capped?: number;
}) {
  if (query.isFetchNextPageError) {
    return <PanelError error={query.error} onRetry={() => void query.fetchNextPage()} />;
  }
  if (sorted) {
    return (
      <p role="status" className="px-4 py-3 text-sm text-slate-600 dark:text-slate-400">
        {capped
          ? `Sorted among the first ${loaded.toLocaleString()} companies listed: the data source sorts only by the order companies were listed in, and the rest were not read. Narrow the filters to sort every match.`
          : `All ${loaded.toLocaleString()} ${loaded === 1 ? 'company' : 'companies'} sorted.`}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600 dark:text-slate-400">
      <p role="status">
        {query.hasNextPage
          ? `${loaded.toLocaleString()} companies loaded; more load as you scroll.`
          : `All ${loaded.toLocaleString()} ${loaded === 1 ? 'company' : 'companies'} loaded.`}
      </p>
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading more companies…' : 'Load more companies'}
        </Button>
      )}
    </div>
  );
}
