import { documentQueries } from '../../api/documents.ts';
import { transcriptFilters, type TranscriptSearch } from './transcript-list-filters.ts';

/** Endpoint 11 with the event embedded, 50 a page (the route's loader and the page share it). */
export const transcriptListQuery = (search: TranscriptSearch) =>
  documentQueries.transcriptsInfinite({ ...transcriptFilters.toApi(search), limit: 50, expand: ['event'] });
