import { COMPANY_CODE_FIELDS, UPDATED_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /companies: every filter of endpoint 1, oldest listed first unless asked. */
export const companyFilters = defineFilters({
  fields: {
    ...COMPANY_CODE_FIELDS,
    ids: { kind: 'companyIds', label: 'Companies' },
    ...UPDATED_FIELDS,
  },
  direction: { default: 'asc' },
});

export type CompanySearch = CleanSearch<typeof companyFilters.spec>;
