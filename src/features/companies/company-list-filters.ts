import { companyQueries } from '../../api/companies.ts';
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

/** Companies per request: few round trips while scrolling, small enough to arrive quickly. */
const PAGE_SIZE = 200;

/** The list query for cleaned filters (the route's loader and the page share it). */
export const companyListQuery = (search: CompanySearch) => companyQueries.infinite({ ...companyFilters.toApi(search), limit: PAGE_SIZE });
