import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fetchSearchPage, type SearchParams } from '../../api/search.ts';
import { searchKeys } from '../../api/keys.ts';
import { SearchLink } from '../../components/search-link.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { inlineControlClass } from '../../components/ui/field.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import {
  findSavedSearch,
  markSearchOpened,
  newHitsSince,
  removeSavedSearch,
  renameSavedSearch,
  saveSearch,
  setSearchWatchedLive,
  useSavedSearches,
  type SavedSearch,
  type SearchTotals,
} from '../../lib/transcript-search/saved.ts';
import { searchKey, searchParamsFor, type SearchAddress } from '../../lib/transcript-search/address.ts';
import { useWatchlist } from '../../lib/watchlist.ts';
import { fiscalQuarterOf } from '../../lib/fiscal-quarters.ts';
import { fiscalLabel } from '../../lib/names.ts';
import { CALL_SECTION_LABELS, SPEAKER_ROLE_LABELS } from '../../lib/transcript/speakers.ts';

/**
 * Saved transcript searches: the list (each opens its search and says how many hits are new since
 * it was last opened) and the button that saves the search on screen. Counts are the results'
 * totals (matching paragraphs), the same figure the search page shows and the button stores.
 */

/**
 * The current total of a search: the first results page at one call, for its totals only, every
 * match counted (the results page may count only the newest of a word said in most calls).
 */
export function searchCountQuery(params: SearchParams) {
  return queryOptions({
    queryKey: [...searchKeys.all(), 'count', params] as const,
    queryFn: ({ signal }) => fetchSearchPage(params, undefined, signal, 1, undefined, 'all').then((page): SearchTotals => page.totals),
    enabled: params.q.trim() !== '',
    staleTime: 60_000,
  });
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const SIDES: Record<string, string> = { executive: 'executives', analyst: 'analysts', operator: 'the operator', unknown: 'unnamed speakers' };

/** The filters of a saved search in a few words: "2 companies · US, GB · from 2026-01-01 · executives". */
export function describeFilters(params: SearchAddress): string {
  const parts: string[] = [];
  if (params.watchlist) parts.push('watchlist companies');
  if (params.companyIds?.length) parts.push(plural(params.companyIds.length, 'company', 'companies'));
  if (params.countries?.length) parts.push(params.countries.join(', '));
  if (params.exchanges?.length) parts.push(params.exchanges.join(', '));
  if (params.typeIds?.length) parts.push(plural(params.typeIds.length, 'event type', 'event types'));
  if (params.eventIds?.length) parts.push(plural(params.eventIds.length, 'call', 'calls'));
  if (params.fiscalYears?.length) parts.push(`FY ${params.fiscalYears.join(', ')}`);
  if (params.fiscalPeriods?.length) parts.push(params.fiscalPeriods.join(', '));
  if (params.from && params.to) parts.push(`${params.from} to ${params.to}`);
  else if (params.from) parts.push(`from ${params.from}`);
  else if (params.to) parts.push(`until ${params.to}`);
  if (params.speakers?.length) parts.push(`said by ${params.speakers.map((side) => SIDES[side] ?? side).join(' or ')}`);
  if (params.roles?.length) parts.push(`said by ${params.roles.map((role) => SPEAKER_ROLE_LABELS[role]).join(' or ')}`);
  if (params.sections?.length) parts.push(`in ${params.sections.map((section) => CALL_SECTION_LABELS[section]).join(' or ')}`);
  if (params.quarters?.length) parts.push(params.quarters.map((key) => fiscalLabel(fiscalQuarterOf(key))).join(', '));
  if (params.sort === 'date') parts.push('newest first');
  return parts.join(' · ');
}

/** The saved searches, newest saved first. */
export function SavedSearches() {
  const list = useSavedSearches();
  const watchlist = useWatchlist();
  const watchlistIds = watchlist.map((company) => company.id);
  if (list.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No saved searches yet. Save a search from its results to see here how many new mentions each one has.
      </p>
    );
  }
  return (
    <ul aria-label="Saved searches" className="divide-y divide-slate-200 dark:divide-slate-800">
      {list.map((entry) => (
        <SavedSearchRow key={entry.id} entry={entry} watchlistIds={watchlistIds} />
      ))}
    </ul>
  );
}

function SavedSearchRow({ entry, watchlistIds }: { entry: SavedSearch; watchlistIds: readonly number[] }) {
  const params = searchParamsFor(entry.params, watchlistIds);
  const count = useQuery({ ...searchCountQuery(params ?? { q: '' }), enabled: params !== undefined });
  const current = count.data?.hits;
  const [renaming, setRenaming] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  const filters = describeFilters(entry.params);

  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1">
        {renaming ? (
          <RenameForm
            entry={entry}
            onDone={() => {
              setRenaming(false);
              // Back to where the analyst was, once the button is there again.
              requestAnimationFrame(() => renameRef.current?.focus());
            }}
          />
        ) : (
          <SearchLink
            params={entry.params}
            onClick={() => markSearchOpened(entry.id, count.data)}
            className={textLinkClass({ className: 'break-words text-sm' })}
          >
            {entry.name}
          </SearchLink>
        )}
        {filters && <p className="text-xs text-slate-600 dark:text-slate-400">{filters}</p>}
        <NewHits
          entry={entry}
          current={current}
          state={params === undefined ? 'no-companies' : count.isError ? 'error' : count.isPending ? 'pending' : 'ready'}
        />
        <WatchLiveToggle entry={entry} />
      </div>
      {!renaming && (
        <div className="flex shrink-0 gap-1">
          <button
            ref={renameRef}
            type="button"
            onClick={() => setRenaming(true)}
            aria-label={`Rename saved search “${entry.name}”`}
            className={buttonClass({ variant: 'quiet', size: 'xs' })}
          >
            Rename
          </button>
          <Button variant="quiet" size="xs" onClick={() => removeSavedSearch(entry.id)} aria-label={`Remove saved search “${entry.name}”`}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * "Alert me when a live call says this": the search's words are then watched in live calls like a
 * watched term (for its companies where it names some, else every live call); the alerts come to
 * the tray in the header.
 */
function WatchLiveToggle({ entry }: { entry: SavedSearch }) {
  const { companyIds, watchlist, q: _q, sort: _sort, ...others } = entry.params;
  const scope = companyIds?.length ? 'its companies' : watchlist ? 'watchlist companies' : 'every live call';
  // Live calls are matched by their words and companies only: say so where the search has more filters.
  const unused = Object.values(others).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined));
  return (
    <label className="mt-1 flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
      <input
        type="checkbox"
        checked={entry.watchLive}
        onChange={(event) => setSearchWatchedLive(entry.id, event.target.checked)}
        aria-label={`Alert me when a live call says this: “${entry.name}”`}
        className="h-4 w-4 shrink-0 accent-accent-700"
      />
      Alert me when a live call says this{' '}
      <span className="text-slate-600 dark:text-slate-400">
        ({scope}
        {unused ? '; its other filters do not apply to live calls' : ''})
      </span>
    </label>
  );
}

function NewHits({ entry, current, state }: { entry: SavedSearch; current: number | undefined; state: 'pending' | 'error' | 'ready' | 'no-companies' }) {
  const fresh = newHitsSince(entry, current);
  let text: string;
  let strong = false;
  if (state === 'no-companies') text = 'Your watchlist is empty, so this search has no companies to search.';
  else if (state === 'pending') text = 'Counting new hits…';
  else if (state === 'error') text = 'New hits could not be counted just now.';
  else if (fresh === null) text = current === undefined ? '' : `${plural(current, 'hit', 'hits')} now.`;
  else if (fresh === 0) text = 'No new hits since last opened.';
  else {
    text = `${plural(fresh, 'new hit', 'new hits')} since last opened`;
    strong = true;
  }
  if (!text) return null;
  return <p className={`text-xs ${strong ? 'font-semibold text-accent-700 dark:text-accent-300' : 'text-slate-600 dark:text-slate-400'}`}>{text}</p>;
}

function RenameForm({ entry, onDone }: { entry: SavedSearch; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(entry.name);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <form
      aria-label={`Rename saved search “${entry.name}”`}
      onSubmit={(event) => {
        event.preventDefault();
        renameSavedSearch(entry.id, name);
        onDone();
      }}
      className="flex flex-wrap items-center gap-2"
    >
      <label htmlFor={id} className="sr-only">
        Name
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        className={`${inlineControlClass} min-w-48 flex-1 px-2`}
      />
      <button type="submit" className={buttonClass({ variant: 'primary', size: 'sm' })}>
        Save name
      </button>
      <Button size="sm" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

/**
 * "Save search": saves the search on screen (pressed once saved; pressing again forgets it). While it
 * is shown for a saved search with its totals, the search counts as opened now with them, so the
 * saved list's "new hits" start again from what the analyst has seen.
 */
export function SaveSearchButton({
  params,
  apiParams,
  totals: pageTotals,
}: {
  params: SearchAddress;
  /** The search as the API reads it (the watchlist made ids): to count every match when the page did not. */
  apiParams?: SearchParams;
  totals?: SearchTotals & { complete?: boolean };
}) {
  const list = useSavedSearches();
  const key = searchKey(params);
  const saved = list.find((entry) => entry.id === key);
  const canSave = params.q.trim() !== '';
  // New hits are counted against every match: when the page counted only the newest, the whole count is asked for.
  const partial = pageTotals?.complete === false;
  const whole = useQuery({ ...searchCountQuery(apiParams ?? { q: '' }), enabled: partial && canSave && apiParams !== undefined });
  const totals = partial ? whole.data : pageTotals;
  const hits = totals?.hits;

  useEffect(() => {
    if (hits === undefined) return;
    const entry = findSavedSearch(params);
    if (entry) markSearchOpened(entry.id, { hits });
    // params is read through its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, hits]);

  return (
    <>
      <Button
        aria-pressed={saved !== undefined}
        disabled={!canSave}
        onClick={() => (saved ? removeSavedSearch(saved.id) : saveSearch({ params, totals }))}
        className="aria-pressed:border-accent-600 aria-pressed:bg-accent-50 aria-pressed:text-accent-900 dark:aria-pressed:border-accent-400 dark:aria-pressed:bg-accent-950 dark:aria-pressed:text-accent-100"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5">
          <path d="M5 2.75h10a.75.75 0 0 1 .75.75v14l-5.75-3.6-5.75 3.6v-14A.75.75 0 0 1 5 2.75Z" strokeLinejoin="round" />
        </svg>
        Save search
      </Button>
      <span role="status" className="sr-only">
        {saved ? `Saved as “${saved.name}”.` : ''}
      </span>
    </>
  );
}
