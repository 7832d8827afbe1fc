import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { getCompanyIndex, pickIndexed, type CompanyIndex, type IndexStatus } from './company-index.ts';
import { looksLikeIsin, looksLikeTicker, SCORE, type SearchHit } from './rank.ts';

export function useCompanyIndex(): CompanyIndex {
  return getCompanyIndex();
}

export function useIndexStatus(index: CompanyIndex): IndexStatus {
  return useSyncExternalStore(index.subscribe, index.getStatus, index.getStatus);
}

export interface CompanySearchState {
  hits: SearchHit[];
  total: number;
  /** True while an API lookup for a ticker or ISIN is on its way. */
  lookingUp: boolean;
  /** The API lookup failed (the local results still show). */
  lookupError: unknown;
  status: IndexStatus;
}

/**
 * Ranked companies for what the user typed: the local index, and while the index is incomplete,
 * a direct API lookup of anything shaped like a ticker or an ISIN (exact matches first).
 */
export function useCompanySearch(query: string, limit = 20): CompanySearchState {
  const index = useCompanyIndex();
  const status = useIndexStatus(index);
  const trimmed = query.trim();

  // Searching is what makes the index worth filling: make sure it runs.
  useEffect(() => {
    if (trimmed && status.phase === 'idle') void index.start();
  }, [index, trimmed, status.phase]);

  const local = useMemo(
    () => index.search(trimmed, limit),
    // status.count: pages arriving while the user looks at the results refresh them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, trimmed, limit, status.count],
  );

  const isin = looksLikeIsin(trimmed);
  const ticker = !isin && looksLikeTicker(trimmed);
  const lookup = useQuery({
    ...companyQueries.list(isin ? { isins: [trimmed.toUpperCase()], limit: 50 } : { tickers: [trimmed.toUpperCase()], limit: 50 }),
    enabled: !status.complete && (isin || ticker),
    staleTime: 5 * 60_000,
    retry: false,
  });

  const hits = useMemo(() => {
    if (status.complete || !lookup.data) return local.hits;
    const code = trimmed.toLowerCase();
    const exact: SearchHit[] = lookup.data.data.map((company) => {
      const matched = company.tickers.find((t) => t.ticker.toLowerCase() === code);
      return isin
        ? { company: pickIndexed(company), score: SCORE.isin, reason: 'isin' as const }
        : { company: pickIndexed(company), score: SCORE.ticker, reason: 'ticker' as const, ...(matched ? { ticker: matched } : {}) };
    });
    const ids = new Set(exact.map((hit) => hit.company.id));
    return [...exact, ...local.hits.filter((hit) => !ids.has(hit.company.id))].slice(0, limit);
  }, [status.complete, lookup.data, local.hits, trimmed, isin, limit]);

  const extra = hits.length - local.hits.length;
  return {
    hits,
    total: Math.max(hits.length, local.total + Math.max(0, extra)),
    lookingUp: lookup.isFetching,
    lookupError: lookup.error,
    status,
  };
}

/** Countries and exchanges known to the index (empty until it has companies). */
export function useIndexFacets(): { countries: string[]; exchanges: string[] } {
  const index = useCompanyIndex();
  const { count } = useIndexStatus(index);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- count marks new companies
  return useMemo(() => index.facets(), [index, count]);
}
