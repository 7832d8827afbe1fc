import type { CompanyFilters } from '../../api/companies.ts';

/**
 * The filters of /companies as they live in the address bar: readable comma-separated lists
 * (`?countries=DE,FR&tickers=SAP`), dates as YYYY-MM-DD or full ISO timestamps, and the order.
 * Anything unreadable is dropped (and reported), so a mistyped or old link still opens a page.
 */

export interface CompanySearchParams {
  countries?: string;
  exchanges?: string;
  tickers?: string;
  isins?: string;
  ids?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  direction?: 'asc' | 'desc';
}

export const LIST_FIELDS = ['countries', 'exchanges', 'tickers', 'isins', 'ids'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

const VALID: Record<ListField, (token: string) => string | null> = {
  countries: (t) => (/^[A-Za-z]{2}$/.test(t) ? t.toUpperCase() : null),
  exchanges: (t) => (/^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/.test(t) ? t : null),
  tickers: (t) => (/^[A-Za-z0-9][A-Za-z0-9.\-/]{0,14}$/.test(t) ? t.toUpperCase() : null),
  isins: (t) => (/^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$/.test(t) ? t.toUpperCase() : null),
  ids: (t) => (/^[1-9][0-9]{0,15}$/.test(t) && Number.isSafeInteger(Number(t)) ? t : null),
};

export const FIELD_LABELS: Record<keyof CompanySearchParams, string> = {
  countries: 'Countries',
  exchanges: 'Exchanges',
  tickers: 'Tickers',
  isins: 'ISINs',
  ids: 'Company ids',
  updatedAfter: 'Updated after',
  updatedBefore: 'Updated before',
  direction: 'Order',
};

/** Splits a typed or linked list on commas, spaces or semicolons. */
export function splitList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const text = Array.isArray(value) ? value.map(String).join(',') : String(value);
  return text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** A date filter: YYYY-MM-DD or an ISO 8601 timestamp that parses. */
export function validDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null;
  const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time)) return null;
  if (text.length === 10 && new Date(time).toISOString().slice(0, 10) !== text) return null; // 2026-02-31
  return text;
}

export interface ParsedSearch {
  search: CompanySearchParams;
  /** What was in the address but could not be used, as `field: value` texts. */
  rejected: string[];
}

export function parseCompanySearch(raw: Record<string, unknown>): ParsedSearch {
  const search: CompanySearchParams = {};
  const rejected: string[] = [];
  for (const field of LIST_FIELDS) {
    const tokens = splitList(raw[field]);
    const kept: string[] = [];
    for (const token of tokens) {
      const value = VALID[field](token);
      if (value === null) rejected.push(`${FIELD_LABELS[field]}: ${token}`);
      else if (!kept.includes(value)) kept.push(value);
    }
    if (kept.length) search[field] = kept.join(',');
  }
  for (const field of ['updatedAfter', 'updatedBefore'] as const) {
    if (raw[field] === undefined || raw[field] === '') continue;
    const value = validDate(raw[field]);
    if (value === null) rejected.push(`${FIELD_LABELS[field]}: ${String(raw[field])}`);
    else search[field] = value;
  }
  if (raw.direction !== undefined) {
    if (raw.direction === 'asc' || raw.direction === 'desc') search.direction = raw.direction;
    else rejected.push(`${FIELD_LABELS.direction}: ${String(raw.direction)}`);
  }
  return { search, rejected };
}

/** The address as the route keeps it (validateSearch): the known keys as text, as typed. Cleaning
 * happens when the filters are used (parseCompanySearch), so the address keeps what the user or the
 * link said, and the page can name exactly what it could not use. */
export function validateCompanySearch(raw: Record<string, unknown>): RawCompanySearch {
  const out: RawCompanySearch = {};
  for (const key of Object.keys(FIELD_LABELS) as (keyof CompanySearchParams)[]) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    const text = (Array.isArray(value) ? value.map(String).join(',') : String(value)).trim().slice(0, 2_000);
    if (text) out[key] = text;
  }
  return out;
}

/** The known search keys as raw text. */
export type RawCompanySearch = Partial<Record<keyof CompanySearchParams, string>>;

/** The API filters for the search params. A bare `updatedBefore` date means before that day starts. */
export function toCompanyFilters(search: CompanySearchParams): CompanyFilters {
  const list = (value: string | undefined) => (value ? value.split(',') : undefined);
  return {
    countries: list(search.countries),
    exchanges: list(search.exchanges),
    tickers: list(search.tickers),
    isins: list(search.isins),
    ids: search.ids ? search.ids.split(',').map(Number) : undefined,
    updatedAfter: search.updatedAfter,
    updatedBefore: search.updatedBefore,
    direction: search.direction,
  };
}

export function activeFilterCount(search: CompanySearchParams): number {
  return (Object.keys(search) as (keyof CompanySearchParams)[]).filter((key) => key !== 'direction' && search[key]).length;
}
