import { documentQueries } from '../../api/documents.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /transcripts: every filter of endpoint 11, newest first unless asked. */
export const transcriptFilters = defineFilters({
  fields: {
    countries: { kind: 'countries', label: 'Countries' },
    exchanges: { kind: 'exchanges', label: 'Exchanges' },
    tickers: { kind: 'tickers', label: 'Tickers' },
    isins: { kind: 'isins', label: 'ISINs' },
    companyIds: { kind: 'ids', label: 'Company ids' },
    eventIds: { kind: 'ids', label: 'Event ids' },
    typeIds: { kind: 'documentTypeIds', label: 'Document types' },
    documentGroupIds: { kind: 'documentGroupIds', label: 'Document groups' },
    startDate: { kind: 'date', bound: 'from', label: 'Date from' },
    endDate: { kind: 'date', bound: 'to', label: 'Date to' },
    updatedAfter: { kind: 'date', bound: 'after', label: 'Updated after' },
    updatedBefore: { kind: 'date', bound: 'before', label: 'Updated before' },
  },
  direction: { default: 'desc' },
});

export type TranscriptSearch = CleanSearch<typeof transcriptFilters.spec>;

/** Endpoint 11 with the event embedded, 50 a page (the route's loader and the page share it). */
export const transcriptListQuery = (search: TranscriptSearch) =>
  documentQueries.transcriptsInfinite({ ...transcriptFilters.toApi(search), limit: 50, expand: ['event'] });
