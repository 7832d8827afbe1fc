/**
 * Filter fields several list endpoints share, declared once so every page names and reads them the
 * same way. A page spreads the groups it takes into its `defineFilters({ fields })`.
 */

/** countries, exchanges, tickers, isins: the company filters of endpoints 1, 6 and 11. */
export const COMPANY_CODE_FIELDS = {
  countries: { kind: 'countries', label: 'Countries' },
  exchanges: { kind: 'exchanges', label: 'Exchanges' },
  tickers: { kind: 'tickers', label: 'Tickers' },
  isins: { kind: 'isins', label: 'ISINs' },
} as const;

/** companyIds, eventIds: what a recording or document belongs to (picked by name; ids only in the address). */
export const OWNER_ID_FIELDS = {
  companyIds: { kind: 'companyIds', label: 'Companies' },
  eventIds: { kind: 'eventIds', label: 'Events' },
} as const;

/** startDate, endDate: the event's date, both days included. */
export const EVENT_DATE_FIELDS = {
  startDate: { kind: 'date', bound: 'from', label: 'Event date from' },
  endDate: { kind: 'date', bound: 'to', label: 'Event date to' },
} as const;

/** updatedAfter, updatedBefore: when the record last changed at the source (exclusive bounds), for syncing. */
export const UPDATED_FIELDS = {
  updatedAfter: { kind: 'date', bound: 'after', label: 'Updated after' },
  updatedBefore: { kind: 'date', bound: 'before', label: 'Updated before' },
} as const;
