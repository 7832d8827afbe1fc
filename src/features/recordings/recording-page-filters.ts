import { EVENT_FAMILY_FIELDS } from '../../components/filter-fields.tsx';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';
import { recordingFilters } from './recording-list-filters.ts';

/**
 * The page's filters of /recordings: the route's (endpoint 6's, which its loader sends) and the
 * event's type, which endpoint 6 cannot filter on, so the page matches it itself (`useEventFamilyRows`).
 */
export const recordingPageFilters = defineFilters({
  fields: { ...recordingFilters.spec.fields, ...EVENT_FAMILY_FIELDS },
  direction: recordingFilters.spec.direction,
});

export type RecordingPageSearch = CleanSearch<typeof recordingPageFilters.spec>;
