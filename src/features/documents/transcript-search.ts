import { documentQueries, type TranscriptFilters } from '../../api/documents.ts';
import { DOCUMENT_GROUPS } from '../../api/schemas.ts';

/**
 * The transcript list's filters as URL search params: every filter of endpoint 11. Lists are kept
 * as comma-separated text (`?countries=US,GB`); a single number is kept as a number so the URL
 * stays plain. Every value is checked: an unreadable item is dropped on its own, never the page.
 */

export interface TranscriptSearch {
  countries?: string | number;
  exchanges?: string | number;
  tickers?: string | number;
  isins?: string | number;
  companyIds?: string | number;
  eventIds?: string | number;
  startDate?: string;
  endDate?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  typeIds?: string | number;
  documentGroupIds?: string | number;
  direction?: 'asc';
}

export const LIST_FIELDS = ['countries', 'exchanges', 'tickers', 'isins', 'companyIds', 'eventIds', 'typeIds', 'documentGroupIds'] as const;
export const DATE_FIELDS = ['startDate', 'endDate', 'updatedAfter', 'updatedBefore'] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export type DateField = (typeof DATE_FIELDS)[number];

const MAX_ITEMS = 100;

const positiveInt = (item: string) => (/^[1-9]\d{0,15}$/.test(item) && Number.isSafeInteger(Number(item)) ? item : undefined);

/** How each list's items are read; undefined means the item is not valid. */
const ITEM: Record<ListField, (item: string) => string | undefined> = {
  countries: (item) => (/^[a-z]{2}$/i.test(item) ? item.toUpperCase() : undefined),
  exchanges: (item) => (/^[A-Za-z0-9._-]{1,24}$/.test(item) ? item : undefined),
  tickers: (item) => (/^[A-Za-z0-9.\-_/:]{1,24}$/.test(item) ? item.toUpperCase() : undefined),
  isins: (item) => (/^[a-z]{2}[a-z0-9]{9}\d$/i.test(item) ? item.toUpperCase() : undefined),
  companyIds: positiveInt,
  eventIds: positiveInt,
  typeIds: positiveInt,
  documentGroupIds: (item) => (item in DOCUMENT_GROUPS ? item : undefined),
};

export const FIELD_LABELS: Record<ListField | DateField, string> = {
  countries: 'Countries',
  exchanges: 'Exchanges',
  tickers: 'Tickers',
  isins: 'ISINs',
  companyIds: 'Company ids',
  eventIds: 'Event ids',
  typeIds: 'Document types',
  documentGroupIds: 'Document groups',
  startDate: 'Date from',
  endDate: 'Date to',
  updatedAfter: 'Updated after',
  updatedBefore: 'Updated before',
};

function items(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(items);
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (typeof value !== 'string') return [];
  return value
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A list as it goes in the URL: one number as a number, else comma-separated text. */
function listValue(list: string[]): string | number | undefined {
  if (list.length === 0) return undefined;
  if (list.length === 1 && /^[1-9]\d{0,14}$/.test(list[0]!)) return Number(list[0]);
  return list.join(',');
}

/** A date (YYYY-MM-DD) or an ISO 8601 date-time that names a real moment. */
export function checkDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text))) return text;
  return undefined;
}

export interface NormalisedSearch {
  search: TranscriptSearch;
  /** What was dropped, in words ("Countries: USA"), for a note after applying a form. */
  ignored: string[];
}

export function normaliseTranscriptSearch(raw: Record<string, unknown>): NormalisedSearch {
  const search: TranscriptSearch = {};
  const ignored: string[] = [];
  for (const field of LIST_FIELDS) {
    const kept: string[] = [];
    for (const item of items(raw[field])) {
      const value = ITEM[field](item);
      if (value === undefined) ignored.push(`${FIELD_LABELS[field]}: ${item}`);
      else if (!kept.includes(value) && kept.length < MAX_ITEMS) kept.push(value);
    }
    const value = listValue(kept);
    if (value !== undefined) search[field] = value;
  }
  for (const field of DATE_FIELDS) {
    const rawValue = raw[field];
    if (rawValue === undefined || rawValue === '' || rawValue === null) continue;
    const value = checkDate(rawValue);
    if (value === undefined) ignored.push(`${FIELD_LABELS[field]}: ${String(rawValue)}`);
    else search[field] = value;
  }
  if (raw.direction === 'asc') search.direction = 'asc';
  return { search, ignored };
}

/** validateSearch for the route: a bad value falls back to "no filter" for that value. */
export function validateTranscriptSearch(raw: Record<string, unknown>): TranscriptSearch {
  return normaliseTranscriptSearch(raw).search;
}

/** The search as a list of strings per field (for forms and the API). */
export function listOf(search: TranscriptSearch, field: ListField): string[] {
  return items(search[field]);
}

/** Endpoint 11's filters for a validated search (newest first unless asked otherwise). */
export function transcriptFilters(search: TranscriptSearch): TranscriptFilters {
  const numbers = (field: ListField) => listOf(search, field).map(Number);
  return {
    countries: listOf(search, 'countries'),
    exchanges: listOf(search, 'exchanges'),
    tickers: listOf(search, 'tickers'),
    isins: listOf(search, 'isins'),
    companyIds: numbers('companyIds'),
    eventIds: numbers('eventIds'),
    typeIds: numbers('typeIds'),
    documentGroupIds: numbers('documentGroupIds'),
    startDate: search.startDate,
    endDate: search.endDate,
    updatedAfter: search.updatedAfter,
    updatedBefore: search.updatedBefore,
    direction: search.direction ?? 'desc',
  };
}

/** How many filters are set (the order is not counted). */
export function activeFilterCount(search: TranscriptSearch): number {
  return [...LIST_FIELDS, ...DATE_FIELDS].filter((field) => search[field] !== undefined).length;
}

/** The list query for a search (the route's loader and the page share it; kept here so the loader stays light). */
export function transcriptListQuery(search: TranscriptSearch) {
  return documentQueries.transcriptsInfinite({ ...transcriptFilters(search), limit: 50, expand: ['event'] });
}
