import { COMPANY_CODE_FIELDS, EVENT_DATE_FIELDS, OWNER_ID_FIELDS, UPDATED_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /documents that `/documents` takes as they are (the route's), newest first unless asked. */
export const documentFilters = defineFilters({
  fields: {
    ...COMPANY_CODE_FIELDS,
    ...OWNER_ID_FIELDS,
    ...EVENT_DATE_FIELDS,
    ...UPDATED_FIELDS,
  },
  direction: { default: 'desc' },
});

export type DocumentSearch = CleanSearch<typeof documentFilters.spec>;
