import { companyQueries } from '../../api/companies.ts';
import { companyFilters, type CompanySearch } from './company-list-filters.ts';

/** Companies per request: few round trips while scrolling, small enough to arrive quickly. */
const PAGE_SIZE = 200;

/** The list query for cleaned filters (the route's loader and the page share it). */
export const companyListQuery = (search: CompanySearch) => companyQueries.infinite({ ...companyFilters.toApi(search), limit: PAGE_SIZE });
