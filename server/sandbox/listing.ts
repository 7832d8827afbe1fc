import type { CompanyRecord } from './data/companies.ts';
import { plainError } from './errors.ts';
import type { Page } from './paginate.ts';
import type { QueryReader } from './query.ts';
import type { Context } from './serialize.ts';

/**
 * What the list endpoints share: the route shape, the list envelope, the 404 for an unknown id,
 * and the filters that reach a record through its company and event (countries, exchanges,
 * tickers, isins, companyIds, eventIds, startDate/endDate on the event's date, updatedBefore/After).
 */

/** `ids`: the path's id segments, parsed (a malformed one is reported on the query and read as -1). */
export type Handler = (ids: number[], query: QueryReader, ctx: Context) => unknown;

export interface Route {
  pattern: RegExp;
  /** Query parameters the endpoint takes; any other is refused with 400. */
  parameters: readonly string[];
  handler: Handler;
  /** One of the endpoints the real service has beyond the 13 of the contract (not served in strict mode). */
  extension?: boolean;
  /** A dataset the key's plan must include (else 403 Forbidden): the live transcripts. */
  requires?: 'liveTranscripts';
}

export const PAGE = ['limit', 'cursor', 'direction'] as const;
export const COMPANY_FILTERS = ['countries', 'exchanges', 'tickers', 'isins'] as const;
export const DATES = ['startDate', 'endDate'] as const;
export const UPDATED = ['updatedBefore', 'updatedAfter'] as const;

export function list(page: Page, render: (position: number) => unknown) {
  return { data: page.positions.map(render), pagination: { nextCursor: page.nextCursor } };
}

/** The service's 404 for an unknown id: `{ statusCode: 404, message: 'Not Found' }`. */
export function notFound(): never {
  throw plainError(404);
}

/** Companies matching countries/exchanges/tickers/isins, as a lookup by company id; undefined: no such filter. */
export function companyMask(query: QueryReader, companies: CompanyRecord[]): Uint8Array | undefined {
  const countries = query.codeList('countries', /^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code');
  const exchanges = query.codeList('exchanges');
  const tickers = query.codeList('tickers');
  const isins = query.codeList('isins');
  if (!countries && !exchanges && !tickers && !isins) return undefined;
  const mask = new Uint8Array(companies.length + 1);
  for (const c of companies) {
    if (countries && !countries.has(c.country)) continue;
    if (exchanges && !c.tickers.some((t) => exchanges.has(t.exchange.toUpperCase()))) continue;
    if (tickers && !c.tickers.some((t) => tickers.has(t.ticker.toUpperCase()))) continue;
    if (isins && !c.isins.some((isin) => isins.has(isin))) continue;
    mask[c.id] = 1;
  }
  return mask;
}

export interface RelatedFilters {
  mask?: Uint8Array;
  companyIds?: Set<number>;
  eventIds?: Set<number>;
  startDate?: number;
  endDate?: number;
  updatedBefore?: number;
  updatedAfter?: number;
}

/** Reads the related filters; `eventIds` only where the endpoint takes it. */
export function relatedFilters(query: QueryReader, ctx: Context, { eventIds = true } = {}): RelatedFilters {
  return {
    mask: companyMask(query, ctx.store.companies),
    companyIds: query.integerList('companyIds'),
    eventIds: eventIds ? query.integerList('eventIds') : undefined,
    startDate: query.date('startDate', 'start'),
    endDate: query.date('endDate', 'end'),
    updatedBefore: query.date('updatedBefore', 'start'),
    updatedAfter: query.date('updatedAfter', 'start'),
  };
}

export const hasDateWindow = (f: RelatedFilters): boolean => f.startDate !== undefined || f.endDate !== undefined;

/** The date a window applies to, by event id: the event's date (undefined: no such event). */
export type EventDateOf = (eventId: number) => number | undefined;

/**
 * Whether a record passes the related filters. `dateOf` gives its event's date, asked for only
 * when there is a window (one function per request: lists walk hundreds of thousands of records).
 */
export function matchesRelated(f: RelatedFilters, companyId: number, eventId: number, updatedAt: number, dateOf: EventDateOf): boolean {
  if (f.mask && f.mask[companyId] !== 1) return false;
  if (f.companyIds && !f.companyIds.has(companyId)) return false;
  if (f.eventIds && !f.eventIds.has(eventId)) return false;
  if (f.updatedAfter !== undefined && !(updatedAt > f.updatedAfter)) return false;
  if (f.updatedBefore !== undefined && !(updatedAt < f.updatedBefore)) return false;
  if (hasDateWindow(f)) {
    const time = dateOf(eventId);
    if (time === undefined) return false;
    if (f.startDate !== undefined && time < f.startDate) return false;
    if (f.endDate !== undefined && time > f.endDate) return false;
  }
  return true;
}

/** Dates of events, static or scheduled, at the request's time. */
export function eventDates(ctx: Context): EventDateOf {
  const { events } = ctx.store.dataset;
  const { schedule } = ctx.store;
  return (eventId) => {
    if (eventId >= 1 && eventId <= events.count) return events.date[eventId - 1];
    const slot = schedule.slotOfEvent(eventId, ctx.now);
    return slot === undefined ? undefined : schedule.slotStart(slot);
  };
}
