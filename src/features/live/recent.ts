import { useSyncExternalStore } from 'react';

/**
 * Live records the analyst opened lately, newest first, with the last state seen: kept in
 * localStorage so /live can offer them again.
 */

export interface RecentLive {
  id: number;
  title: string;
  state: string;
  /** When the state was last seen (epoch ms). */
  seenAt: number;
}

const KEY = 'earnings-desk.live-recent.v1';
const MAX = 12;
const EMPTY: readonly RecentLive[] = Object.freeze([]);
let cache: readonly RecentLive[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function parseRecent(raw: string | null): RecentLive[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: RecentLive[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, title, state, seenAt } = item as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || out.some((r) => r.id === id)) continue;
    out.push({
      id,
      title: typeof title === 'string' ? title.slice(0, 300) : `Live audio ${id}`,
      state: typeof state === 'string' ? state.slice(0, 60) : 'unknown',
      seenAt: typeof seenAt === 'number' && Number.isFinite(seenAt) ? seenAt : 0,
    });
  }
  return out.slice(0, MAX);
}

export function getRecentLive(): readonly RecentLive[] {
  cache ??= Object.freeze(parseRecent(storage()?.getItem(KEY) ?? null));
  return cache;
}

/** Notes what was seen of a record; it moves to the top. */
export function rememberLive(entry: RecentLive): void {
  const current = getRecentLive();
  const existing = current.find((r) => r.id === entry.id);
  if (existing && existing.state === entry.state && existing.title === entry.title && current[0]?.id === entry.id) return;
  cache = Object.freeze([entry, ...current.filter((r) => r.id !== entry.id)].slice(0, MAX));
  try {
    storage()?.setItem(KEY, JSON.stringify(cache));
  } catch {
    // Storage full or disabled: remembered for this visit only.
  }
  for (const listener of listeners) listener();
}

export function forgetRecentLive(): void {
  cache = EMPTY;
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to do
  }
  for (const listener of listeners) listener();
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

export function useRecentLive(): readonly RecentLive[] {
  return useSyncExternalStore(subscribe, getRecentLive, () => EMPTY);
}

export function resetRecentLiveCache(): void {
  cache = null;
}
