import { useSyncExternalStore } from 'react';

/**
 * The analyst's watchlist: companies starred on their pages, kept in localStorage (this browser
 * only), in the order they were added, shared live between tabs.
 */

export interface WatchedCompany {
  id: number;
  displayName: string;
}

const KEY = 'earnings-desk.watchlist.v1';
const MAX = 200;
const EMPTY: readonly WatchedCompany[] = Object.freeze([]);

let cache: readonly WatchedCompany[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** What is stored, keeping only well-formed entries (a damaged value is an empty watchlist). */
export function parseWatchlist(raw: string | null): WatchedCompany[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const out: WatchedCompany[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, displayName } = item as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, displayName: typeof displayName === 'string' ? displayName.slice(0, 200) : `Company ${id}` });
  }
  return out.slice(0, MAX);
}

export function getWatchlist(): readonly WatchedCompany[] {
  if (cache === null) {
    const parsed = parseWatchlist(storage()?.getItem(KEY) ?? null);
    cache = parsed.length ? Object.freeze(parsed) : EMPTY;
  }
  return cache;
}

function write(next: WatchedCompany[]): void {
  cache = Object.freeze(next.slice(0, MAX));
  try {
    storage()?.setItem(KEY, JSON.stringify(cache));
  } catch {
    // Full or disabled storage: the list still works for this visit.
  }
  for (const listener of listeners) listener();
}

export function isWatched(id: number): boolean {
  return getWatchlist().some((c) => c.id === id);
}

export function addToWatchlist(company: WatchedCompany): void {
  if (isWatched(company.id)) return;
  write([...getWatchlist(), { id: company.id, displayName: company.displayName }]);
}

export function removeFromWatchlist(id: number): void {
  write(getWatchlist().filter((c) => c.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY && event.key !== null) return;
    cache = null;
    listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function useWatchlist(): readonly WatchedCompany[] {
  return useSyncExternalStore(subscribe, getWatchlist, () => EMPTY);
}

/** Forgets the cached copy (tests that change localStorage directly). */
export function resetWatchlistCache(): void {
  cache = null;
}
