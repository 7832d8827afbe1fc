import type { PageParams } from './pagination.ts';

/**
 * Filter shapes shared by the list endpoints, and the normalisation that keeps query keys stable:
 * `{ countries: [] }`, `{ countries: undefined }` and `{}` ask for the same data, so they get the
 * same key.
 */

/** countries, exchanges, tickers, isins: the company filters (case-insensitive codes). */
export interface CompanyCodeFilters {
  /** ISO 3166-1 alpha-2 codes. */
  countries?: readonly string[];
  /** Exchange symbols such as NasdaqGS, NYSE, LSE, XETRA. */
  exchanges?: readonly string[];
  tickers?: readonly string[];
  isins?: readonly string[];
}

/** updatedBefore / updatedAfter: ISO 8601 dates (exclusive bounds on updatedAt). */
export interface UpdatedFilters {
  updatedBefore?: string;
  updatedAfter?: string;
}

/** The filters of the audio and transcript lists (endpoints 6 and 11). */
export interface RelatedFilters extends PageParams, CompanyCodeFilters, UpdatedFilters {
  companyIds?: readonly number[];
  eventIds?: readonly number[];
  /** Event date from, ISO 8601. */
  startDate?: string;
  /** Event date to, ISO 8601 (a bare date includes that day). */
  endDate?: string;
}

/** Fields to expand; the only one the service allows is `event`. */
export type ExpandField = 'event';

/** Drops undefined, null, '' and empty arrays, and sorts keys, so equal requests share a query key. */
export function compactParams<T extends object>(params: T | undefined): T {
  const out: Record<string, unknown> = {};
  if (!params) return out as T;
  for (const key of Object.keys(params).sort()) {
    const value = (params as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as T;
}
