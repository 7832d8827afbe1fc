import { COMPANY_CODE_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch, type FilterAddress } from '../../lib/filters/define-filters.ts';

/**
 * The calendar's address: which week (any day of it, `week=2026-11-23`; this week when absent),
 * whether to show only the watchlist (`watchlist=1`), and the list filters: countries, exchanges
 * and event types (by family, `types=earnings-call`). A bad value falls back and is named.
 */
export const calendarFilters = defineFilters({
  fields: {
    countries: COMPANY_CODE_FIELDS.countries,
    exchanges: COMPANY_CODE_FIELDS.exchanges,
    types: { kind: 'eventFamilies', label: 'Event types' },
  },
  direction: { default: 'asc' },
});

export type CalendarFilterSearch = CleanSearch<typeof calendarFilters.spec>;

/** The address as the link said it (trimmed text), so a value the page cannot use is named, not lost: see parseCalendarAddress (calendar-address.ts). */
export type CalendarAddress = FilterAddress<typeof calendarFilters.spec> & { week?: string; watchlist?: 1 | string };

export const WATCHLIST_ON: ReadonlySet<string> = new Set(['1', 'true']);

/** Text of an address value as the link wrote it ('' when absent). */
export function addressText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return (Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value)).trim().slice(0, 200);
}

/**
 * The calendar route's validator. It stays in every page's first download (the route table), so
 * what reads the week and names bad values (parseCalendarAddress and the calendar's day
 * arithmetic) lives in calendar-address.ts, which only the calendar loads.
 */
export function validateCalendarSearch(raw: Record<string, unknown>): CalendarAddress {
  const address: CalendarAddress = calendarFilters.validateSearch(raw);
  // Kept as written (every key is, as the router keeps keys a route does not know): the page names a bad one.
  const week = addressText(raw.week);
  if (week) address.week = week;
  if (raw.watchlist === 1 || raw.watchlist === true) address.watchlist = 1;
  else {
    const watchlist = addressText(raw.watchlist);
    if (WATCHLIST_ON.has(watchlist)) address.watchlist = 1;
    else if (watchlist) address.watchlist = watchlist;
  }
  return address;
}
