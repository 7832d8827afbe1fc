import { COMPANY_CODE_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch, type FilterAddress, type ParsedSearch } from '../../lib/filters/define-filters.ts';
import { addDays, isDay, mondayOf } from '../../lib/calendar-week.ts';

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

/** The address as the link said it (trimmed text), so a value the page cannot use is named, not lost: see parseCalendarAddress. */
export type CalendarAddress = FilterAddress<typeof calendarFilters.spec> & { week?: string; watchlist?: 1 | string };

export interface ParsedCalendarAddress extends ParsedSearch<typeof calendarFilters.spec> {
  /** A day of the week to show (YYYY-MM-DD); absent for this week. */
  week?: string;
  watchlist: boolean;
}

const WATCHLIST_ON = new Set(['1', 'true']);
const WATCHLIST_OFF = new Set(['0', 'false']);

/** Text of an address value as the link wrote it ('' when absent). */
function addressText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return (Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value)).trim().slice(0, 200);
}

/**
 * Whether a day's week can be shown: a real day written YYYY-MM-DD whose week, and the day either
 * side of it (the window that holds the week in every time zone), are days of years 0001–9999.
 */
export function isUsableWeek(day: string): boolean {
  if (!isDay(day)) return false;
  const monday = mondayOf(day);
  return isDay(addDays(monday, -1)) && isDay(addDays(monday, 7));
}

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

/**
 * The calendar's address cleaned: the filters, the week (when it is a usable day) and the
 * watchlist switch, with every value that could not be used named in `dropped` (the page shows
 * them in the dropped-filters notice and falls back: this week, every company).
 */
export function parseCalendarAddress(address: Record<string, unknown>): ParsedCalendarAddress {
  const parsed = calendarFilters.parse(address);
  const dropped = [...parsed.dropped];
  const weekText = addressText(address.week);
  const week = weekText && isUsableWeek(weekText) ? weekText : undefined;
  if (weekText && !week) dropped.push({ field: 'week', label: 'Week', value: weekText });
  const watchlistText = addressText(address.watchlist);
  const watchlist = WATCHLIST_ON.has(watchlistText);
  if (watchlistText && !watchlist && !WATCHLIST_OFF.has(watchlistText)) dropped.push({ field: 'watchlist', label: 'Watchlist only', value: watchlistText });
  return { ...parsed, dropped, ...(week ? { week } : {}), watchlist };
}
