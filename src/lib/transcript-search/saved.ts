import { createLocalStore, parseJson } from '../local-store.ts';
import { readSearchAddress, searchKey, type SearchAddress } from './address.ts';

/**
 * Transcript searches the analyst saved, kept in localStorage (this browser only), newest first,
 * shared live between tabs. Each remembers when it was last opened and how many hits it had then,
 * so the list can say what is new since. The list functions are pure (a list in, a new list out);
 * the store below applies them to what is stored.
 */

export interface SavedSearch {
  /** The search's address with its lists in order: the same search saved twice is one entry. */
  id: string;
  name: string;
  params: SearchAddress;
  /** ISO times. */
  savedAt: string;
  lastOpenedAt: string;
  /** Hits (matching paragraphs) when last opened; null when that was not known. */
  hits: number | null;
  /** "Alert me when a live call says this": its query is watched in live calls like a watched term. */
  watchLive: boolean;
}

/** What a search found: a results page's totals or a summary's. */
export interface SearchTotals {
  hits: number;
  calls?: number;
}

export const MAX_SAVED_SEARCHES = 50;
export const MAX_NAME_LENGTH = 120;
const EMPTY: readonly SavedSearch[] = Object.freeze([]);

function cleanName(name: string | undefined, params: SearchAddress): string {
  const text = (name ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH).trim();
  return text || defaultSearchName(params);
}

/** The name a search is saved under unless the analyst gives one: what was searched for. */
export function defaultSearchName(params: SearchAddress): string {
  const q = params.q.replace(/\s+/g, ' ').trim();
  return q.length > MAX_NAME_LENGTH ? `${q.slice(0, MAX_NAME_LENGTH - 1)}…` : q;
}

function hitsOf(totals: SearchTotals | undefined): number | null {
  return totals && Number.isSafeInteger(totals.hits) && totals.hits >= 0 ? totals.hits : null;
}

function isTime(value: unknown): value is string {
  return typeof value === 'string' && Number.isFinite(Date.parse(value));
}

/** What is stored, keeping only well-formed entries (a damaged value is an empty list). */
export function parseSavedSearches(raw: string | null): readonly SavedSearch[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return EMPTY;
  const seen = new Set<string>();
  const out: SavedSearch[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const params = readSearchAddress(entry.params);
    if (!params) continue;
    const id = searchKey(params);
    if (seen.has(id)) continue;
    seen.add(id);
    const savedAt = isTime(entry.savedAt) ? entry.savedAt : new Date(0).toISOString();
    out.push({
      id,
      name: cleanName(typeof entry.name === 'string' ? entry.name : undefined, params),
      params,
      savedAt,
      lastOpenedAt: isTime(entry.lastOpenedAt) ? entry.lastOpenedAt : savedAt,
      hits: typeof entry.hits === 'number' && Number.isSafeInteger(entry.hits) && entry.hits >= 0 ? entry.hits : null,
      watchLive: entry.watchLive === true,
    });
  }
  return Object.freeze(out.slice(0, MAX_SAVED_SEARCHES));
}

/**
 * The list with this search saved: a new one goes first, opened now with the totals given; one
 * already saved keeps its place and history and takes the new name when one is given.
 */
export function withSavedSearch(
  list: readonly SavedSearch[],
  search: { params: SearchAddress; name?: string; totals?: SearchTotals },
  now: Date = new Date(),
): readonly SavedSearch[] {
  const params = readSearchAddress(search.params);
  if (!params) return list;
  const id = searchKey(params);
  const existing = list.find((entry) => entry.id === id);
  if (existing) {
    if (search.name === undefined) return list;
    return Object.freeze(list.map((entry) => (entry.id === id ? { ...entry, name: cleanName(search.name, entry.params) } : entry)));
  }
  const at = now.toISOString();
  const entry: SavedSearch = { id, name: cleanName(search.name, params), params, savedAt: at, lastOpenedAt: at, hits: hitsOf(search.totals), watchLive: false };
  return Object.freeze([entry, ...list].slice(0, MAX_SAVED_SEARCHES));
}

export function withoutSavedSearch(list: readonly SavedSearch[], id: string): readonly SavedSearch[] {
  return list.some((entry) => entry.id === id) ? Object.freeze(list.filter((entry) => entry.id !== id)) : list;
}

/** Renamed; an empty name goes back to the search's own words. */
export function withRenamedSearch(list: readonly SavedSearch[], id: string, name: string): readonly SavedSearch[] {
  return Object.freeze(list.map((entry) => (entry.id === id ? { ...entry, name: cleanName(name, entry.params) } : entry)));
}

/** Opened now: what it finds now becomes what "new" is counted from (unknown totals keep the old count). */
export function withOpenedSearch(list: readonly SavedSearch[], id: string, totals: SearchTotals | undefined, now: Date = new Date()): readonly SavedSearch[] {
  return Object.freeze(list.map((entry) => (entry.id === id ? { ...entry, lastOpenedAt: now.toISOString(), hits: hitsOf(totals) ?? entry.hits } : entry)));
}

/** Watched in live calls, or not (see SavedSearch.watchLive). */
export function withWatchedSearch(list: readonly SavedSearch[], id: string, watchLive: boolean): readonly SavedSearch[] {
  return Object.freeze(list.map((entry) => (entry.id === id ? { ...entry, watchLive } : entry)));
}

/**
 * Hits found since the search was last opened: how many more it finds now than it did then.
 * Null when either count is unknown; 0 when it finds as many or fewer (an index being rebuilt).
 */
export function newHitsSince(entry: Pick<SavedSearch, 'hits'>, currentHits: number | undefined): number | null {
  if (entry.hits === null || currentHits === undefined) return null;
  return Math.max(0, currentHits - entry.hits);
}

const store = createLocalStore('earnings-desk.saved-searches.v1', parseSavedSearches, EMPTY);

export const getSavedSearches = store.get;
export const useSavedSearches = store.use;
/** Forgets the cached copy (tests that change localStorage directly). */
export const resetSavedSearchesCache = store.reset;

/** The saved entry for this search, if it is saved. */
export function findSavedSearch(params: SearchAddress): SavedSearch | undefined {
  const id = searchKey(params);
  return getSavedSearches().find((entry) => entry.id === id);
}

export function saveSearch(search: { params: SearchAddress; name?: string; totals?: SearchTotals }, now?: Date): SavedSearch | undefined {
  const next = withSavedSearch(getSavedSearches(), search, now);
  if (next !== getSavedSearches()) store.set(next);
  return findSavedSearch(search.params);
}

export function removeSavedSearch(id: string): void {
  const next = withoutSavedSearch(getSavedSearches(), id);
  if (next !== getSavedSearches()) store.set(next);
}

export function renameSavedSearch(id: string, name: string): void {
  store.set(withRenamedSearch(getSavedSearches(), id, name));
}

export function markSearchOpened(id: string, totals?: SearchTotals, now?: Date): void {
  store.set(withOpenedSearch(getSavedSearches(), id, totals, now));
}

export function setSearchWatchedLive(id: string, watchLive: boolean): void {
  store.set(withWatchedSearch(getSavedSearches(), id, watchLive));
}
