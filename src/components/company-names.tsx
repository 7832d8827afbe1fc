import { useQuery } from '@tanstack/react-query';
import { companyQueries } from '../api/companies.ts';
import type { Company } from '../api/schemas.ts';

/** Company names for a set of ids, in one request (endpoint 1 with `ids`). */
export function useCompanyNames(ids: readonly number[]): Map<number, Company> {
  const unique = [...new Set(ids)].sort((a, b) => a - b).slice(0, 500);
  const { data } = useQuery({
    ...companyQueries.list({ ids: unique, limit: 500 }),
    enabled: unique.length > 0,
    staleTime: 10 * 60_000,
  });
  return new Map((data?.data ?? []).map((company) => [company.id, company]));
}
