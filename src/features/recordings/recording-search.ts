import { z } from 'zod/mini';
import type { AudioFilters } from '../../api/audio.ts';

/**
 * The /recordings filters as they live in the URL: every filter of endpoint 6, as text the reader
 * can edit, each checked on the way in. A value that does not parse is dropped (the page falls
 * back to no filter rather than failing), so a mistyped link still opens.
 */

export interface RecordingSearch {
  countries?: string;
  exchanges?: string;
  tickers?: string;
  isins?: string;
  /** A lone id is kept as a number, so the router writes `companyIds=12` rather than a quoted string. */
  companyIds?: string | number;
  eventIds?: string | number;
  startDate?: string;
  endDate?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  /** Newest first (desc) unless asc is asked for. */
  direction?: 'asc';
}

export const LIST_FIELDS = ['countries', 'exchanges', 'tickers', 'isins', 'companyIds', 'eventIds'] as const;
export const DATE_FIELDS = ['startDate', 'endDate', 'updatedAfter', 'updatedBefore'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export type DateField = (typeof DATE_FIELDS)[number];

const CODE = /^[A-Za-z0-9.:_-]{1,40}$/;
const ID = /^[1-9]\d{0,15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Splits "a, b,,c" into ["a","b","c"]. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** An error message for a list value, or undefined when it is fine. */
export function checkList(field: ListField, value: string): string | undefined {
  const items = splitList(value);
  if (items.length === 0) return undefined;
  if (field === 'companyIds' || field === 'eventIds') {
    return items.every((item) => ID.test(item)) ? undefined : 'Use whole numbers separated by commas, e.g. 12,34.';
  }
  if (field === 'countries')
    return items.every((item) => /^[A-Za-z]{2}$/.test(item)) ? undefined : 'Use two-letter country codes separated by commas, e.g. US,GB.';
  return items.every((item) => CODE.test(item)) ? undefined : 'Use letters, digits, dots or dashes, separated by commas.';
}

export function checkDate(value: string): string | undefined {
  if (!value.trim()) return undefined;
  return DATE.test(value.trim()) && !Number.isNaN(Date.parse(value.trim())) ? undefined : 'Use a date such as 2026-11-21.';
}

const text = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value: string | number) => String(value).trim()),
    ),
  ),
  undefined,
);

const searchSchema = z.looseObject({
  ...Object.fromEntries([...LIST_FIELDS, ...DATE_FIELDS].map((field) => [field, text])),
  direction: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
});

export function parseRecordingSearch(raw: Record<string, unknown>): RecordingSearch {
  const parsed = searchSchema.parse(raw) as Record<string, string | undefined>;
  // Every field is present (undefined when unusable): the router lays the validated search over the
  // raw one, so a missing key would let a rejected raw value through.
  const out: RecordingSearch = Object.fromEntries([...LIST_FIELDS, ...DATE_FIELDS, 'direction'].map((field) => [field, undefined]));
  for (const field of LIST_FIELDS) {
    const value = parsed[field];
    if (value && checkList(field, value) === undefined) out[field] = splitList(value).join(',');
  }
  for (const field of ['companyIds', 'eventIds'] as const) {
    const value = out[field];
    if (typeof value === 'string' && /^\d+$/.test(value)) out[field] = Number(value);
  }
  for (const field of DATE_FIELDS) {
    const value = parsed[field];
    if (value && checkDate(value) === undefined) out[field] = value;
  }
  if (parsed.direction === 'asc') out.direction = 'asc';
  return out;
}

/** The search without its empty fields (for links and navigation). */
export function compactSearch(search: RecordingSearch): RecordingSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as RecordingSearch;
}

/** The endpoint 6 filters for a search (with the event embedded, 50 a page). */
export function toAudioFilters(search: RecordingSearch): AudioFilters {
  const ids = (value: string | number | undefined) => (value !== undefined && value !== '' ? splitList(String(value)).map(Number) : undefined);
  const list = (value: string | undefined) => (value ? splitList(value) : undefined);
  return {
    limit: 50,
    direction: search.direction ?? 'desc',
    expand: ['event'],
    countries: list(search.countries)?.map((c) => c.toUpperCase()),
    exchanges: list(search.exchanges),
    tickers: list(search.tickers),
    isins: list(search.isins),
    companyIds: ids(search.companyIds),
    eventIds: ids(search.eventIds),
    startDate: search.startDate,
    endDate: search.endDate,
    updatedAfter: search.updatedAfter,
    updatedBefore: search.updatedBefore,
  };
}

/** How many filters are set (direction aside). */
export function countFilters(search: RecordingSearch): number {
  return [...LIST_FIELDS, ...DATE_FIELDS].filter((field) => search[field]).length;
}
