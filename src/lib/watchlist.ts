import { createLocalStore, parseJson } from './local-store.ts';

/**
 * The analyst's watchlist: companies starred on their pages, kept in localStorage (this browser
 * only), in the order they were added, shared live between tabs.
 */

export interface WatchedCompany {
  id: number;
  displayName: string;
}

const MAX = 200;
const EMPTY: readonly WatchedCompany[] = Object.freeze([]);

/** What is stored, keeping only well-formed entries (a damaged value is an empty watchlist). */
export function parseWatchlist(raw: string | null): readonly WatchedCompany[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return EMPTY;
  const seen = new Set<number>();
  const out: WatchedCompany[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, displayName } = item as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, displayName: typeof displayName === 'string' ? displayName.slice(0, 200) : `Company ${id}` });
  }
  return Object.freeze(out.slice(0, MAX));
}

const store = createLocalStore('earnings-desk.watchlist.v1', parseWatchlist, EMPTY);

export const getWatchlist = store.get;
export const useWatchlist = store.use;
/** Forgets the cached copy (tests that change localStorage directly). */
export const resetWatchlistCache = store.reset;

export function isWatched(id: number): boolean {
  return getWatchlist().some((c) => c.id === id);
}

export function addToWatchlist(company: WatchedCompany): void {
  if (isWatched(company.id)) return;
  store.set(Object.freeze([...getWatchlist(), { id: company.id, displayName: company.displayName }].slice(0, MAX)));
}

export function removeFromWatchlist(id: number): void {
  store.set(Object.freeze(getWatchlist().filter((c) => c.id !== id)));
}
