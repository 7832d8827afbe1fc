import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import type { CompanyIndex, IndexStatus } from './company-index.ts';
import type { SearchHit, SearchResult } from './rank.ts';

type IndexEngine = typeof import('./index-engine.ts');

/**
 * The index's code (its store, filling and ranking) is not part of any page's first screen: it
 * loads when a picker is typed in, with the header's search, or when the browser is idle. Until
 * then a picker reads as it does while the index is empty ("Still loading the company list…").
 */
let engine: IndexEngine | null = null;
let loadingEngine: Promise<IndexEngine> | null = null;
const engineListeners = new Set<() => void>();

/**
 * The engine comes with the header's search (company-search-ui.ts, which hands it over as it loads):
 * one chunk for all that company search adds after the first screen, rather than one more name in
 * the frame's list of chunks.
 */
export function loadIndexEngine(): Promise<IndexEngine> {
  loadingEngine ??= import('./company-search-ui.ts').then(() => engine!);
  return loadingEngine;
}

/** Called by company-search-ui.ts as it loads. */
export function provideIndexEngine(module: IndexEngine): void {
  if (engine) return;
  engine = module;
  loadingEngine ??= Promise.resolve(module);
  for (const listener of [...engineListeners]) listener();
}

function subscribeEngine(listener: () => void): () => void {
  engineListeners.add(listener);
  return () => engineListeners.delete(listener);
}

/** The engine once loaded; asks for it now when `wanted`, else when the browser is idle. */
function useIndexEngine(wanted: boolean): IndexEngine | null {
  const loaded = useSyncExternalStore(
    subscribeEngine,
    () => engine,
    () => null,
  );
  useEffect(() => {
    if (loaded) return;
    if (wanted) void loadIndexEngine();
    else return whenIdleAfterLoad(() => void loadIndexEngine());
  }, [loaded, wanted]);
  return loaded;
}

const NOT_LOADED: IndexStatus = { phase: 'idle', count: 0, complete: false, retryAt: null, error: null, syncedAt: null, elsewhere: false };
const NO_HITS: SearchResult = { hits: [], total: 0 };
const nothingToWatch = () => () => {};

export function useIndexStatus(index: CompanyIndex | null): IndexStatus {
  return useSyncExternalStore(index?.subscribe ?? nothingToWatch, index?.getStatus ?? notLoaded, index?.getStatus ?? notLoaded);
}
const notLoaded = () => NOT_LOADED;

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
  const trimmed = query.trim();
  const loaded = useIndexEngine(trimmed !== '');
  const index = loaded?.getCompanyIndex() ?? null;
  const status = useIndexStatus(index);

  // Searching is what makes the index worth filling: make sure it runs.
  useEffect(() => {
    if (index && trimmed && status.phase === 'idle') void index.start();
  }, [index, trimmed, status.phase]);

  const local = useMemo(
    () => index?.search(trimmed, limit) ?? NO_HITS,
    // status.count: pages arriving while the user looks at the results refresh them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, trimmed, limit, status.count],
  );

  const isin = loaded?.looksLikeIsin(trimmed) ?? false;
  const ticker = !isin && (loaded?.looksLikeTicker(trimmed) ?? false);
  const lookup = useQuery({
    ...companyQueries.list(isin ? { isins: [trimmed.toUpperCase()], limit: 50 } : { tickers: [trimmed.toUpperCase()], limit: 50 }),
    enabled: !status.complete && (isin || ticker),
    staleTime: 5 * 60_000,
    retry: false,
  });

  const hits = useMemo(() => {
    if (status.complete || !lookup.data || !loaded) return local.hits;
    const { pickIndexed, SCORE } = loaded;
    const code = trimmed.toLowerCase();
    const exact: SearchHit[] = lookup.data.data.map((company) => {
      const matched = company.tickers.find((t) => t.ticker.toLowerCase() === code);
      return isin
        ? { company: pickIndexed(company), score: SCORE.isin, reason: 'isin' as const }
        : { company: pickIndexed(company), score: SCORE.ticker, reason: 'ticker' as const, ...(matched ? { ticker: matched } : {}) };
    });
    const ids = new Set(exact.map((hit) => hit.company.id));
    return [...exact, ...local.hits.filter((hit) => !ids.has(hit.company.id))].slice(0, limit);
  }, [status.complete, lookup.data, local.hits, trimmed, isin, limit, loaded]);

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
  const index = useIndexEngine(false)?.getCompanyIndex() ?? null;
  const { count } = useIndexStatus(index);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- count marks new companies
  return useMemo(() => index?.facets() ?? NO_FACETS, [index, count]);
}
const NO_FACETS: { countries: string[]; exchanges: string[] } = { countries: [], exchanges: [] };
