import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { CompaniesTable } from './companies-table.tsx';
import { companyFilters } from './company-list-filters.ts';
import { companyListQuery } from './company-list-query.ts';
import { CompanyFiltersForm } from './filters-form.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { Select } from '../../components/ui/select.tsx';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { ORDER_CHOICES, readCompanySort, sortCompanies, type CompanySort } from './company-sort.ts';
import { useNextEarningsCalls } from './next-calls.ts';

/**
 * Pages of companies read to sort them in the browser (the service sorts by id only): 50 pages of
 * 200 are 10,000 companies; beyond that the list says it sorted the first ones.
 */
export const MAX_SORT_PAGES = 50;

const route = getRouteApi('/companies/');

/** /companies: every filter of endpoint 1 from the address, and the endless table. */
export function CompaniesPage({
  facets,
  renderCompanyPicker,
}: {
  facets: { countries: string[]; exchanges: string[] };
  renderCompanyPicker: RenderCompanyPicker;
}) {
  usePageTitle('Companies');
  const address = route.useSearch();
  // What the address says, cleaned: unusable values are left out and named.
  const search = useMemo(() => companyFilters.parse(address), [address]);
  // The router keeps `sort` though the route's validator leaves it out (see company-sort.ts).
  const chosen = useMemo(() => readCompanySort((address as Record<string, unknown>).sort), [address]);
  const navigate = route.useNavigate();
  const query = useInfiniteQuery(companyListQuery(search));
  const listed = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const nextCalls = useNextEarningsCalls(useMemo(() => listed.map((company) => company.id), [listed]));
  // Sorting by the next call needs the list of events: without it the list keeps the service's order, and says so calmly.
  const sort = chosen.sort === 'next-call' && nextCalls.available === false ? undefined : chosen.sort;
  const pages = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  // To sort in the browser, every matching company is read first (up to MAX_SORT_PAGES pages).
  useEffect(() => {
    if (sort === undefined || !hasNextPage || isFetching || isError || pages >= MAX_SORT_PAGES) return;
    void fetchNextPage();
  }, [sort, hasNextPage, isFetching, isError, pages, fetchNextPage]);
  const capped = sort !== undefined && hasNextPage && pages >= MAX_SORT_PAGES;
  // A page that failed shows what was read, sorted, with the failure and Retry under it (the table's footer).
  const readingAll = sort !== undefined && hasNextPage && !capped && !query.isFetchNextPageError;
  const waitingForCalls = sort === 'next-call' && nextCalls.pending;
  const rows = useMemo(
    () => (sort === undefined || readingAll || waitingForCalls ? listed : sortCompanies(listed, sort, search.direction, nextCalls.byCompany)),
    [listed, sort, readingAll, waitingForCalls, search.direction, nextCalls.byCompany],
  );
  const setOrder = (next: CompanySort | undefined, direction: 'asc' | 'desc') =>
    void navigate({ search: (s) => ({ ...s, sort: next, direction: direction === 'asc' ? undefined : direction }) });
  const order = {
    sort,
    direction: search.direction,
    onSort: (by: CompanySort) => setOrder(by, sort === by && search.direction === 'asc' ? 'desc' : 'asc'),
  };
  const keptOrder = { sort: chosen.sort, direction: search.direction === 'asc' ? undefined : search.direction };
  const active = companyFilters.count(search);
  const filtered = active > 0;
  // On a phone the form folds away so the list is the first thing in view.
  const [showFilters, setShowFilters] = useState(false);

  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Companies</h1>
      <div className="space-y-5">
        <Panel
          title="Filters"
          actions={
            <ActiveFilterChips
              className="justify-end"
              chips={companyFilters.chips(search)}
              onRemove={(chip) => void navigate({ search: (s) => ({ ...s, [chip.field]: companyFilters.without(search, chip)[chip.field as 'ids'] }) })}
            />
          }
        >
          <DroppedFiltersNotice dropped={[...search.dropped, ...chosen.dropped]} className="border-b" />
          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls="company-filters"
            onClick={() => setShowFilters((v) => !v)}
            className="m-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium sm:hidden dark:border-slate-700"
          >
            {showFilters ? 'Hide filters' : `Show filters${filtered ? ` (${active} active)` : ''}`}
          </button>
          <div id="company-filters" className={showFilters ? '' : 'hidden sm:block'}>
            <CompanyFiltersForm
              value={search}
              suggestions={facets}
              renderCompanyPicker={renderCompanyPicker}
              onApply={(next) => {
                setShowFilters(false);
                void navigate({ search: { ...next, ...keptOrder } });
              }}
            />
          </div>
        </Panel>
        <Panel
          title={filtered ? 'Matching companies' : 'All companies'}
          actions={
            <Select
              label="Order"
              id="company-order"
              value={`${sort ?? 'listed'}:${search.direction}`}
              onChange={(event) => {
                const choice = ORDER_CHOICES.find((c) => c.value === event.target.value);
                if (choice) setOrder(choice.sort, choice.direction);
              }}
            >
              {ORDER_CHOICES.filter((choice) => choice.sort !== 'next-call' || nextCalls.available !== false).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          }
        >
          {chosen.sort === 'next-call' && sort === undefined && (
            <div className="border-b border-slate-200 p-3 dark:border-slate-800">
              <UnavailableNote feature="Sorting by the next earnings call" extension="events">
                The list is in the order companies were listed in.
              </UnavailableNote>
            </div>
          )}
          {query.data === undefined ? (
            query.isError ? (
              <PanelError error={query.error} onRetry={() => void query.refetch()} />
            ) : (
              <SkeletonRows rows={12} label="Loading companies" />
            )
          ) : query.data.pages[0]?.data.length === 0 ? (
            <EmptyState>
              {filtered ? (
                <>
                  No company matches these filters.{' '}
                  <button
                    type="button"
                    className="font-medium text-accent-700 underline dark:text-accent-300"
                    onClick={() => void navigate({ search: keptOrder })}
                  >
                    Clear the filters
                  </button>{' '}
                  or loosen one of them.
                </>
              ) : (
                'No companies are available with this API key.'
              )}
            </EmptyState>
          ) : (
            <>
              {query.isRefetchError && <PanelError error={query.error} onRetry={() => void query.refetch()} />}
              {readingAll || waitingForCalls ? (
                <SkeletonRows rows={12} label={`Reading every matching company to sort them (${listed.length.toLocaleString()} so far)`} />
              ) : (
                <CompaniesTable
                  query={query}
                  rows={rows}
                  label={filtered ? 'Matching companies' : 'Companies'}
                  order={order}
                  nextCalls={nextCalls}
                  capped={capped ? listed.length : undefined}
                />
              )}
            </>
          )}
        </Panel>
      </div>
    </>
  );
}
