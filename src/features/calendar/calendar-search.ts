import { COMPANY_CODE_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch, type FilterAddress } from '../../lib/filters/define-filters.ts';
import { isDay } from '../../lib/calendar-week.ts';

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

export type CalendarAddress = FilterAddress<typeof calendarFilters.spec> & { week?: string; watchlist?: 1 };

export function validateCalendarSearch(raw: Record<string, unknown>): CalendarAddress {
  const address: CalendarAddress = calendarFilters.validateSearch(raw);
  const week = typeof raw.week === 'string' ? raw.week.trim() : undefined;
  if (week && isDay(week)) address.week = week;
  if (raw.watchlist === 1 || raw.watchlist === '1' || raw.watchlist === true || raw.watchlist === 'true') address.watchlist = 1;
  return address;
}
