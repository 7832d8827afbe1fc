import type { Dataset } from './data/generate.ts';

/**
 * Date indexes over the static tables, for lists filtered by a startDate/endDate window: static
 * ids follow creation order, not the event date, so without an index every page of a calendar
 * week would walk the whole table. Built on first use (about 150 ms at 20,000 companies).
 *
 * A window answers the ids of the records whose event date may lie in it, ascending; the routes
 * still check each record's date, so the index only narrows where they look. A window holding a
 * large part of a table answers undefined: walking the table is then as cheap as sorting the ids.
 */

/**
 * Above this share of a table (about two months of the three years), a window is not worth
 * narrowing: sorting its ids and walking them costs more than walking the table with a date check.
 */
const WORTHWHILE_SHARE = 0.05;
/** Windows remembered per table: a client pages through the same window, request after request. */
const REMEMBERED_WINDOWS = 8;

export class DateIndex {
  private eventsByDate?: Int32Array;
  private documentsByDate?: Int32Array;
  private readonly eventWindows = new WindowCache();
  private readonly documentWindows = new WindowCache();

  constructor(private readonly dataset: Dataset) {}

  /** Static event ids whose date lies in [start, end], ascending; undefined: not worth narrowing. */
  eventsBetween(start: number | undefined, end: number | undefined): Int32Array | undefined {
    const { date } = this.dataset.events;
    return this.eventWindows.get(start, end, () => window(this.events(), (id) => date[id - 1] as number, start, end));
  }

  /** Static document ids whose event's date lies in [start, end], ascending; undefined: not worth narrowing. */
  documentsBetween(start: number | undefined, end: number | undefined): Int32Array | undefined {
    const { date } = this.dataset.events;
    const { eventId } = this.dataset.documents;
    return this.documentWindows.get(start, end, () => window(this.documents(), (id) => date[(eventId[id - 1] as number) - 1] as number, start, end));
  }

  /**
   * Static event ids by date, ties by id (the order of `/events?sortBy=date`), and the positions
   * [lo, hi) of those whose date lies in [start, end] (either bound optional).
   */
  eventsInDateOrder(start: number | undefined, end: number | undefined): { ids: Int32Array; lo: number; hi: number } {
    const ids = this.events();
    const { date } = this.dataset.events;
    const dateOf = (id: number) => date[id - 1] as number;
    return {
      ids,
      lo: start === undefined ? 0 : firstAtOrAfter(ids, dateOf, start),
      hi: end === undefined ? ids.length : firstAtOrAfter(ids, dateOf, end + 1),
    };
  }

  private events(): Int32Array {
    if (!this.eventsByDate) {
      const { date, count } = this.dataset.events;
      const ids = new Int32Array(count);
      for (let i = 0; i < count; i++) ids[i] = i + 1;
      this.eventsByDate = ids.sort((a, b) => (date[a - 1] as number) - (date[b - 1] as number) || a - b);
    }
    return this.eventsByDate;
  }

  /** Documents in the order of their events (by date), each event's documents by id: a counting sort. */
  private documents(): Int32Array {
    if (!this.documentsByDate) {
      const events = this.events();
      const { eventId, count } = this.dataset.documents;
      const rank = new Int32Array(events.length + 1);
      events.forEach((id, position) => (rank[id] = position));
      const starts = new Int32Array(events.length + 1);
      for (let row = 0; row < count; row++) starts[(rank[eventId[row] as number] as number) + 1]! += 1;
      for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1] as number;
      const ids = new Int32Array(count);
      for (let row = 0; row < count; row++) ids[starts[rank[eventId[row] as number] as number]!++] = row + 1;
      this.documentsByDate = ids;
    }
    return this.documentsByDate;
  }
}

function window(sorted: Int32Array, dateOf: (id: number) => number, start: number | undefined, end: number | undefined): Int32Array | undefined {
  if (start === undefined && end === undefined) return undefined;
  const lo = start === undefined ? 0 : firstAtOrAfter(sorted, dateOf, start);
  const hi = end === undefined ? sorted.length : firstAtOrAfter(sorted, dateOf, end + 1);
  if (hi - lo > sorted.length * WORTHWHILE_SHARE) return undefined;
  return hi <= lo ? new Int32Array(0) : sorted.slice(lo, hi).sort();
}

/** Position of the first id whose date is >= time. */
function firstAtOrAfter(sorted: Int32Array, dateOf: (id: number) => number, time: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dateOf(sorted[mid] as number) < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The last few windows' answers, newest last. */
class WindowCache {
  private readonly entries = new Map<string, Int32Array | undefined>();

  get(start: number | undefined, end: number | undefined, compute: () => Int32Array | undefined): Int32Array | undefined {
    const key = `${start ?? ''}/${end ?? ''}`;
    if (this.entries.has(key)) {
      const hit = this.entries.get(key);
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = compute();
    this.entries.set(key, value);
    if (this.entries.size > REMEMBERED_WINDOWS) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
