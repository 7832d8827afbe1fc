import { COMPANY_CODE_FIELDS, EVENT_DATE_FIELDS, OWNER_ID_FIELDS, UPDATED_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /transcripts: the filters of endpoint 11 a transcript can match, newest first unless asked. */
export const transcriptFilters = defineFilters({
  fields: {
    ...COMPANY_CODE_FIELDS,
    ...OWNER_ID_FIELDS,
    // Only transcript types: document groups (Annual Report, Proxy Statement …) hold no transcripts, so they are not offered.
    typeIds: { kind: 'documentTypeIds', label: 'Transcript types' },
    ...EVENT_DATE_FIELDS,
    ...UPDATED_FIELDS,
  },
  direction: { default: 'desc' },
});

export type TranscriptSearch = CleanSearch<typeof transcriptFilters.spec>;
