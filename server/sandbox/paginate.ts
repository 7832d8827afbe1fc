import { mix } from './random.ts';
import type { PageParams } from './query.ts';

/**
 * Cursor pagination shared by every list endpoint.
 *
 * Records are walked in id order (or by position, for segments, which have no id). A cursor
 * points at the record where the next page starts and is encoded so that it is visibly not an
 * offset or an id: a client that computes cursors instead of passing `nextCursor` back gets
 * wrong pages at once rather than by luck. Any non-negative number is accepted; 0 is the start.
 */

const SCALE = 8;

export function encodeCursor(position: number): number {
  return position * SCALE + (mix(position) % SCALE);
}

export function decodeCursor(cursor: number): number {
  return Math.floor(cursor / SCALE);
}

/** Walks positions in a direction, starting at a cursor; yields positions (ids). */
export interface PositionSource {
  /** Positions >= from, ascending. */
  ascending(from: number): Iterable<number>;
  /** Positions <= from, descending (from = Infinity for the start). */
  descending(from: number): Iterable<number>;
}

export interface Page {
  positions: number[];
  nextCursor: number | null;
}

export function paginate(page: PageParams, source: PositionSource, matches: (position: number) => boolean): Page {
  const start = decodeCursor(page.cursor);
  const iterable = page.direction === 'asc' ? source.ascending(start) : source.descending(start === 0 ? Infinity : start);
  const positions: number[] = [];
  for (const position of iterable) {
    if (!matches(position)) continue;
    if (positions.length === page.limit) return { positions, nextCursor: encodeCursor(position) };
    positions.push(position);
  }
  return { positions, nextCursor: null };
}

/** Positions 1..count. */
export function rangeSource(count: () => number): PositionSource {
  return {
    *ascending(from) {
      for (let id = Math.max(1, from); id <= count(); id++) yield id;
    },
    *descending(from) {
      for (let id = Math.min(count(), from); id >= 1; id--) yield id;
    },
  };
}

/** Positions taken from a sorted array of ids. */
export function sortedIdsSource(ids: ArrayLike<number>): PositionSource {
  const lowerBound = (value: number) => {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ids[mid] as number) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    *ascending(from) {
      for (let i = lowerBound(from); i < ids.length; i++) yield ids[i] as number;
    },
    *descending(from) {
      const start = from === Infinity ? ids.length - 1 : lowerBound(from + 1) - 1;
      for (let i = start; i >= 0; i--) yield ids[i] as number;
    },
  };
}

/** A static source followed by a growing tail of higher positions. */
export function concatSources(first: PositionSource, second: PositionSource): PositionSource {
  return {
    *ascending(from) {
      yield* first.ascending(from);
      yield* second.ascending(from);
    },
    *descending(from) {
      yield* second.descending(from);
      yield* first.descending(from);
    },
  };
}

/** Positions first..last (inclusive; none when last < first). */
export function spanSource(first: number, last: number): PositionSource {
  return {
    *ascending(from) {
      for (let id = Math.max(first, from); id <= last; id++) yield id;
    },
    *descending(from) {
      for (let id = Math.min(last, from); id >= first; id--) yield id;
    },
  };
}

export const EMPTY_SOURCE: PositionSource = { ascending: () => [], descending: () => [] };
