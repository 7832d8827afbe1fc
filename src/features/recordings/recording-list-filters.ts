import { COMPANY_CODE_FIELDS, EVENT_DATE_FIELDS, OWNER_ID_FIELDS, UPDATED_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /recordings: every filter of endpoint 6, newest first unless asked. */
export const recordingFilters = defineFilters({
  fields: {
    ...COMPANY_CODE_FIELDS,
    ...OWNER_ID_FIELDS,
    ...EVENT_DATE_FIELDS,
    ...UPDATED_FIELDS,
  },
  direction: { default: 'desc' },
});

export type RecordingSearch = CleanSearch<typeof recordingFilters.spec>;
