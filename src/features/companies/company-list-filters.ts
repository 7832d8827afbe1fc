import { companyQueries } from '../../api/companies.ts';
import { defineFilters, type CleanSearch } from '../../lib/filters/define-filters.ts';

/** The filters of /companies: every filter of endpoint 1, oldest listed first unless asked. */
export const companyFilters = defineFilters({
  fields: {
    countries: { kind: 'countries', label: 'Countries' },
    exchanges: { kind: 'exchanges', label: 'Exchanges' },
    tickers: { kind: 'tickers', label: 'Tickers' },
    isins: { kind: 'isins', label: 'ISINs' },
    ids: { kind: 'ids', label: 'Company ids' },
    updatedAfter: { kind: 'date', bound: 'after', label: 'Updated after' },
    updatedBefore: { kind: 'date', bound: 'before', label: 'Updated before' },
  },
  direction: { default: 'asc' },
});

export type CompanySearch = CleanSearch<typeof companyFilters.spec>;

/** Companies per request: few round trips while scrolling, small enough to arrive quickly. */
const PAGE_SIZE = 200;

/** The list query for cleaned filters (the route's loader and the page share it). */
export const companyListQuery = (search: CompanySearch) => companyQueries.infinite({ ...companyFilters.toApi(search), limit: PAGE_SIZE });
