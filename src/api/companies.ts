import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { cursorParam, fetchAllPages, FIRST_CURSOR, getNextPageParam, type AllPages, type PageParams } from './pagination.ts';
import type { CompanyCodeFilters, UpdatedFilters } from './params.ts';
import { companySchema, page, segmentSchema, single, type Company, type Page, type Segment } from './schemas.ts';
import { companyKeys } from './keys.ts';

/** Endpoints 1–3: the company list, one company, and a company's segments. */

/** Every filter of endpoint 1 (GET /companies). */
export interface CompanyFilters extends PageParams, CompanyCodeFilters, UpdatedFilters {
  /** Company ids. */
  ids?: readonly number[];
}

/** One page of endpoint 1: the filters plus the cursor received in the previous page. */
export interface CompanyListParams extends CompanyFilters {
  cursor?: number;
}

/** Endpoint 3 takes only limit, cursor and direction. */
export type SegmentFilters = PageParams;
export interface SegmentListParams extends SegmentFilters {
  cursor?: number;
}

const companyPage = page(companySchema);
const companySingle = single(companySchema);
const segmentPage = page(segmentSchema);

export function fetchCompanies(params: CompanyListParams = {}, signal?: AbortSignal, options: { priority?: RequestPriority } = {}): Promise<Page<Company>> {
  const { cursor, ...filters } = params;
  return getJson('/companies', { query: { ...filters, cursor: cursorParam(cursor) }, signal, schema: companyPage, priority: options.priority });
}

export async function fetchCompany(id: number, signal?: AbortSignal): Promise<Company> {
  const body = await getJson(`/companies/${encodeURIComponent(id)}`, { signal, schema: companySingle });
  return body.data;
}

export function fetchCompanySegments(companyId: number, params: SegmentListParams = {}, signal?: AbortSignal): Promise<Page<Segment>> {
  const { cursor, limit, direction } = params;
  return getJson(`/companies/${encodeURIComponent(companyId)}/segments`, {
    query: { limit, direction, cursor: cursorParam(cursor) },
    signal,
    schema: segmentPage,
  });
}

/** Every segment record of a company (endpoint 3), walked page by page to the last. */
export function fetchAllCompanySegments(companyId: number, signal?: AbortSignal): Promise<AllPages<Segment>> {
  return fetchAllPages((cursor) => fetchCompanySegments(companyId, { cursor, limit: 500 }, signal), { signal });
}

export const companyQueries = {
  /** One page of companies (endpoint 1). */
  list: (params: CompanyListParams = {}) =>
    queryOptions({
      queryKey: companyKeys.list(params),
      queryFn: ({ signal }) => fetchCompanies(params, signal),
    }),
  /** Companies page by page (endpoint 1), for "load more" and virtualized lists. */
  infinite: (filters: CompanyFilters = {}) =>
    infiniteQueryOptions({
      queryKey: companyKeys.infinite(filters),
      queryFn: ({ signal, pageParam }) => fetchCompanies({ ...filters, cursor: pageParam }, signal),
      initialPageParam: FIRST_CURSOR,
      getNextPageParam,
    }),
  /** One company (endpoint 2). */
  detail: (id: number) =>
    queryOptions({
      queryKey: companyKeys.detail(id),
      queryFn: ({ signal }) => fetchCompany(id, signal),
    }),
  /** Every page of a company's segments (endpoint 3), as one list. */
  segmentsAll: (companyId: number) =>
    queryOptions({
      queryKey: companyKeys.segmentAll(companyId),
      queryFn: ({ signal }) => fetchAllCompanySegments(companyId, signal),
    }),
};
