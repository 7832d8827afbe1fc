import { EVENT_FAMILY_FIELDS } from '../../components/filter-fields.tsx';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';
import { transcriptFilters } from './transcript-list-filters.ts';

/**
 * The page's filters of /transcripts: the route's (endpoint 11's, which its loader sends) and the
 * event's type: endpoint 11's `typeIds` are document types, so the page matches the event's itself
 * (`useEventFamilyRows`).
 */
export const transcriptPageFilters = defineFilters({
  fields: { ...transcriptFilters.spec.fields, ...EVENT_FAMILY_FIELDS },
  direction: transcriptFilters.spec.direction,
});

export type TranscriptPageSearch = CleanSearch<typeof transcriptPageFilters.spec>;
