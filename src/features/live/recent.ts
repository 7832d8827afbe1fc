import { createLocalStore, parseJson } from '../../lib/local-store.ts';

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

const MAX = 12;
const EMPTY: readonly RecentLive[] = Object.freeze([]);

export function parseRecent(raw: string | null): readonly RecentLive[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return EMPTY;
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
  return Object.freeze(out.slice(0, MAX));
}

const store = createLocalStore('earnings-desk.live-recent.v1', parseRecent, EMPTY);

export const getRecentLive = store.get;
export const useRecentLive = store.use;
export const resetRecentLiveCache = store.reset;

/** Notes what was seen of a record; it moves to the top. */
export function rememberLive(entry: RecentLive): void {
  const current = getRecentLive();
  const existing = current.find((r) => r.id === entry.id);
  if (existing && existing.state === entry.state && existing.title === entry.title && current[0]?.id === entry.id) return;
  store.set(Object.freeze([entry, ...current.filter((r) => r.id !== entry.id)].slice(0, MAX)));
}

export function forgetRecentLive(): void {
  store.set(EMPTY);
}
