import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../api/api-error.ts';
import { searchQueries } from '../../api/search.ts';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { useEventFamilyFilter } from '../../components/filter-fields.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { useWatchlist } from '../../lib/watchlist.ts';
import { ExportResults } from './export-results.tsx';
import { SavedSearches, SaveSearchButton } from './saved-searches.tsx';
import { SearchIndexStatus } from './search-index-status.tsx';
import { SearchResults } from './search-results.tsx';
import { SearchSummary } from './search-summary.tsx';
import { searchFilters, type SearchAddress } from './address.ts';
import { toSearch, toSearchParams } from './address-search.ts';
import { TranscriptSearchBox } from './search-box.tsx';
import { TranscriptSearchFilters } from './filters.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../components/use-page-title.ts';

const EXAMPLES = ['"gross margin"', 'tariffs', '"free cash flow"', 'guid* -raise', 'buyback OR dividend'];

/**
 * /search: who said what, across every indexed transcript. The question and its filters live in
 * the address; results come grouped by call, each passage one click from being heard.
 */
export function TranscriptSearchPage({
  address,
  onNavigate,
  seenExchanges,
}: {
  address: SearchAddress;
  onNavigate: (address: SearchAddress) => void;
  seenExchanges?: readonly string[];
}) {
  const { filters, direction, dropped } = searchFilters.parse(address);
  const clean = { filters, direction };
  const { families, waiting: waitingForTypes, typeIds: familyTypeIds } = useEventFamilyFilter(filters.types);
  const watchlist = useWatchlist();
  const watchedIds = watchlist.map((company) => company.id);
  const onlyWatchlist = address.watchlist === 1;
  const search = toSearch(address, familyTypeIds);
  // Undefined when "watchlist only" leaves no company to search.
  const asked = toSearchParams(address, { typeIds: familyTypeIds, watchlistIds: watchedIds });
  const params = asked ?? { ...search, companyIds: [0] };
  const q = address.q?.trim() ?? '';
  usePageTitle(q ? `“${q}”` : undefined, 'Search transcripts');
  const status = useQuery(searchQueries.status());
  // The server's words about the query, next to the box (a 400 on `q`).
  const results = useInfiniteQuery({ ...searchQueries.results(params), enabled: false });
  const queryProblem = isApiError(results.error) ? results.error.fields.find((field) => field.field === 'q')?.message : undefined;
  const queryNotices = results.data?.pages[0]?.notices;
  // The words first, then the filters, as lib/transcript-search/address.ts writes a link, so it reads well.
  const withFilters = (filterAddress: SearchAddress): SearchAddress => ({ q: address.q, ...filterAddress, sort: address.sort, watchlist: address.watchlist });
  const go = (changes: Partial<SearchAddress>) => onNavigate({ ...withFilters(searchFilters.toAddress(clean)), ...changes });
  const off = status.data && !status.data.enabled;
  const emptyWatchlist = onlyWatchlist && asked === undefined;

  return (
    <>
      <h1 className="text-lg font-semibold tracking-tight">Search transcripts</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">Who said what, in every call the index holds. ▶ plays the call from that sentence.</p>
      <div className="space-y-4">
        <TranscriptSearchBox
          key={address.q ?? ''}
          value={address.q ?? ''}
          serverProblem={queryProblem}
          serverNotices={queryNotices}
          onSearch={(next) => go({ q: next })}
        />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={onlyWatchlist}
              onChange={(event) => go({ watchlist: event.target.checked ? 1 : undefined })}
              className="h-4 w-4 rounded border-slate-300 dark:border-slate-700"
            />
            Watchlist only{watchedIds.length > 0 ? ` (${watchedIds.length})` : ''}
          </label>
          <label className="inline-flex items-center gap-2">
            Order
            <select
              value={address.sort ?? 'relevance'}
              onChange={(event) => go({ sort: event.target.value === 'date' ? 'date' : undefined })}
              className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-950"
            >
              <option value="relevance">Most mentions first</option>
              <option value="date">Newest calls first</option>
            </select>
          </label>
        </div>
        <TranscriptSearchFilters
          search={clean}
          families={families}
          seenExchanges={seenExchanges}
          onApply={(filterAddress) => onNavigate(withFilters(filterAddress))}
        />
        <ActiveFilterChips chips={searchFilters.chips(clean)} onRemove={(chip) => onNavigate(withFilters(searchFilters.without(clean, chip)))} />
        <DroppedFiltersNotice dropped={dropped} className="rounded-md border" />
        <SearchIndexStatus />
        {off || queryProblem ? null : !q ? (
          <section aria-label="Start here" className="rounded-lg border border-slate-200 px-4 py-6 text-sm dark:border-slate-800">
            <p>Search for a subject, a phrase or a name. Try:</p>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              {EXAMPLES.map((example) => (
                <li key={example}>
                  <Link to="/search" search={{ ...address, q: example }} className={textLinkClass()}>
                    {example}
                  </Link>
                </li>
              ))}
            </ul>
            <h2 className="mt-6 text-sm font-semibold">Saved searches</h2>
            <div className="mt-2">
              <SavedSearches />
            </div>
          </section>
        ) : emptyWatchlist ? (
          <p className="rounded-lg border border-slate-200 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {watchedIds.length === 0 ? 'Your watchlist is empty.' : 'None of the chosen companies is on your watchlist.'} Star companies on their pages, or{' '}
            <button type="button" className={textLinkClass()} onClick={() => go({ watchlist: undefined })}>
              search every company
            </button>
            .
          </p>
        ) : waitingForTypes ? (
          <div role="status" aria-label="Loading the event types" className="h-28 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <section aria-label="Results" className="min-w-0 lg:order-1">
              <SearchResults
                params={params}
                actions={({ totals }) => (
                  <>
                    <SaveSearchButton params={search} apiParams={params} totals={totals} />
                    <ExportResults params={params} totals={totals} />
                  </>
                )}
              />
            </section>
            <section aria-label="Mentions" className="lg:order-2">
              <details open className="rounded-lg border border-slate-200 p-3 dark:border-slate-800 lg:sticky lg:top-20">
                <summary className="cursor-pointer text-sm font-semibold">
                  <h2 className="inline">Mentions over time</h2>
                </summary>
                <div className="mt-2">
                  <SearchSummary params={params} after={!results.isPending} />
                </div>
              </details>
            </section>
          </div>
        )}
      </div>
    </>
  );
}
