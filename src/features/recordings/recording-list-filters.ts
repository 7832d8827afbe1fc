import { audioQueries } from '../../api/audio.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /recordings: every filter of endpoint 6, newest first unless asked. */
export const recordingFilters = defineFilters({
  fields: {
    countries: { kind: 'countries', label: 'Countries' },
    exchanges: { kind: 'exchanges', label: 'Exchanges' },
    tickers: { kind: 'tickers', label: 'Tickers' },
    isins: { kind: 'isins', label: 'ISINs' },
    companyIds: { kind: 'ids', label: 'Company ids' },
    eventIds: { kind: 'ids', label: 'Event ids' },
    startDate: { kind: 'date', bound: 'from', label: 'Event date from' },
    endDate: { kind: 'date', bound: 'to', label: 'Event date to' },
    updatedAfter: { kind: 'date', bound: 'after', label: 'Updated after' },
    updatedBefore: { kind: 'date', bound: 'before', label: 'Updated before' },
  },
  direction: { default: 'desc' },
});

export type RecordingSearch = CleanSearch<typeof recordingFilters.spec>;

/** Endpoint 6 with the event embedded, 50 a page (the route's loader and the page share it). */
export const recordingListQuery = (search: RecordingSearch) => audioQueries.infinite({ ...recordingFilters.toApi(search), limit: 50, expand: ['event'] });
