import type { ParsedSearch } from '../../lib/filters/define-filters.ts';
import { addDays, isDay, mondayOf } from '../../lib/calendar-week.ts';
import { addressText, calendarFilters, WATCHLIST_ON } from './calendar-search.ts';

/** The calendar's address read by its page (and the server's preload hints), apart from the route's validator. */

export interface ParsedCalendarAddress extends ParsedSearch<typeof calendarFilters.spec> {
  /** A day of the week to show (YYYY-MM-DD); absent for this week. */
  week?: string;
  watchlist: boolean;
}

const WATCHLIST_OFF: ReadonlySet<string> = new Set(['0', 'false']);

/**
 * Whether a day's week can be shown: a real day written YYYY-MM-DD whose week, and the day either
 * side of it (the window that holds the week in every time zone), are days of years 0001–9999.
 */
export function isUsableWeek(day: string): boolean {
  if (!isDay(day)) return false;
  const monday = mondayOf(day);
  return isDay(addDays(monday, -1)) && isDay(addDays(monday, 7));
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
