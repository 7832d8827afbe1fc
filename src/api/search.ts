import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { TermHistory } from '../lib/compare/model.ts';
import { parseTerm } from '../lib/transcript-search/query.ts';
import { CALL_SECTIONS, SPEAKER_KINDS, SPEAKER_ROLES, type CallSection, type SpeakerRole } from '../lib/transcript/index.ts';
import { isApiError } from './api-error.ts';
import { getJson, OWN_API_PREFIX, type QueryParams } from './client.ts';
import { searchKeys } from './keys.ts';

/**
 * Transcript search, answered by our own server (server/search/) under /api/search, through the
 * same typed fetch layer as the data service: zod-validated, failures as ApiError (a 400 carries
 * the server's words about the query, field by field).
 */

const segmentSchema = z.object({ text: z.string(), marked: z.optional(z.literal(true)) });

export const searchMatchSchema = z.object({
  paragraph: z.int(),
  speaker: z.object({
    label: z.string(),
    detail: z.optional(z.string()),
    kind: z.enum(SPEAKER_KINDS as ['executive', 'analyst', 'operator', 'unknown']),
    /** Who they are on the call (src/lib/transcript/speakers.ts speakerRoles); absent from an index built before roles. */
    roles: z.optional(z.array(z.enum(SPEAKER_ROLES as [SpeakerRole, ...SpeakerRole[]]))),
    /** The company they speak for (an analyst's firm). */
    company: z.optional(z.string()),
  }),
  /** The part of the call the paragraph is in. */
  section: z.optional(z.enum(CALL_SECTIONS as [CallSection, ...CallSection[]])),
  start: z.number(),
  end: z.number(),
  sentences: z.array(z.object({ index: z.int(), start: z.number(), end: z.number(), segments: z.array(segmentSchema) })),
  before: z.optional(z.string()),
  after: z.optional(z.string()),
});

export const searchCallSchema = z.object({
  eventId: z.int(),
  transcriptId: z.int(),
  transcriptTypeId: z.int(),
  /** The transcript names its speakers (the edited one). */
  edited: z.boolean(),
  /** Paragraphs of this call that match. */
  hits: z.int(),
  company: z.object({ id: z.int(), name: z.string(), country: z.nullable(z.string()) }),
  event: z.object({
    title: z.nullable(z.string()),
    typeId: z.nullable(z.int()),
    date: z.nullable(z.string()),
    fiscalYear: z.nullable(z.int()),
    fiscalPeriod: z.nullable(z.string()),
  }),
  /** The call's first matching paragraphs, in time order. */
  matches: z.array(searchMatchSchema),
});

export const searchPageSchema = z.object({
  q: z.string(),
  sort: z.enum(['relevance', 'date']),
  words: z.array(z.string()),
  /** What the server did not do as asked, in words (a left-out term of common words only leaves nothing out). */
  notices: z.optional(z.array(z.string())),
  /**
   * complete: every match was counted. When not, the server read the newest calls until it had
   * enough to rank (a word said in most calls): the totals count the calls since `since`, and older
   * calls say it too.
   */
  totals: z.object({ calls: z.int(), hits: z.int(), complete: z.boolean(), since: z.optional(z.string()) }),
  calls: z.array(searchCallSchema),
  nextCursor: z.nullable(z.string()),
});

export const searchSummarySchema = z.object({
  q: z.string(),
  totals: z.object({ hits: z.int() }),
  quarters: z.array(z.object({ fiscalYear: z.int(), fiscalPeriod: z.string(), hits: z.int(), calls: z.int(), searched: z.int() })),
  companies: z.array(z.object({ companyId: z.int(), name: z.string(), country: z.nullable(z.string()), hits: z.int(), calls: z.int() })),
  /** Present when the companies count only the calls since then (a word said in most calls): the chart counts every call. */
  companiesSince: z.optional(z.string()),
});

const countsSchema = z.object({ listed: z.int(), indexed: z.int(), superseded: z.int(), pending: z.int(), retrying: z.int(), failed: z.int() });

export const searchStatusSchema = z.object({
  enabled: z.boolean(),
  engine: z.optional(z.enum(['pglite', 'postgresql'])),
  /** starting | listing | reading | idle | waiting | paused | failing | stopped | off | unavailable | rebuilding */
  state: z.string(),
  detail: z.optional(z.string()),
  transcripts: countsSchema,
  calls: z.int(),
  paragraphs: z.int(),
  bytes: z.optional(z.number()),
  lastSyncAt: z.optional(z.string()),
  nextSyncAt: z.optional(z.string()),
  lastError: z.optional(z.string()),
  requestsToday: z.optional(z.int()),
  budgetPerDay: z.optional(z.int()),
  damagedAt: z.optional(z.string()),
  scope: z.object({ companyIds: z.array(z.int()), countries: z.array(z.string()) }),
  failures: z.array(
    z.object({
      transcriptId: z.int(),
      eventId: z.int(),
      companyId: z.int(),
      reason: z.string(),
      attempts: z.int(),
      at: z.nullable(z.string()),
      retryAt: z.nullable(z.string()),
    }),
  ),
});

/** GET /api/search/terms: of the company's last calls, how many said each term. */
export const termHistorySchema = z.object({
  calls: z.int(),
  terms: z.array(z.object({ term: z.string(), calls: z.int() })),
});

export type SearchPage = z.infer<typeof searchPageSchema>;
export type SearchCall = z.infer<typeof searchCallSchema>;
export type SearchMatch = z.infer<typeof searchMatchSchema>;
export type SearchSummary = z.infer<typeof searchSummarySchema>;
export type SearchStatus = z.infer<typeof searchStatusSchema>;
export type SpeakerSide = 'executive' | 'analyst' | 'operator' | 'unknown';

/** What a search asks; every field but q is a filter (lists are ANDed across, ORed within). */
export interface SearchParams {
  q: string;
  companyIds?: readonly number[];
  countries?: readonly string[];
  exchanges?: readonly string[];
  /** Event types. */
  typeIds?: readonly number[];
  eventIds?: readonly number[];
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  fiscalYears?: readonly number[];
  fiscalPeriods?: readonly string[];
  /** Fiscal quarters as year and period, "2026-Q3": a call of any of them. */
  quarters?: readonly string[];
  speakers?: readonly SpeakerSide[];
  /** Speaker roles (CFO, analyst…): a paragraph matches when its speaker has any of them. */
  roles?: readonly SpeakerRole[];
  /** Parts of the call: prepared remarks, Q&A. */
  sections?: readonly CallSection[];
  sort?: 'relevance' | 'date';
}

/** A search's q and filters as query parameters, as every /api/search request sends them. */
export function filterQuery(params: SearchParams): QueryParams {
  return {
    q: params.q,
    companyIds: params.companyIds,
    countries: params.countries,
    exchanges: params.exchanges,
    typeIds: params.typeIds,
    eventIds: params.eventIds,
    from: params.from,
    to: params.to,
    fiscalYears: params.fiscalYears,
    fiscalPeriods: params.fiscalPeriods,
    quarters: params.quarters,
    speakers: params.speakers,
    roles: params.roles,
    sections: params.sections,
  };
}

/** `totals: 'all'`: every match read, so the totals are exact (slower for a word said in most calls). */
export function fetchSearchPage(
  params: SearchParams,
  cursor: string | undefined,
  signal?: AbortSignal,
  limit = 20,
  hits?: number,
  totals?: 'all',
): Promise<SearchPage> {
  return getJson('/search', {
    prefix: OWN_API_PREFIX,
    query: { ...filterQuery(params), sort: params.sort === 'date' ? 'date' : undefined, cursor, limit, hits, totals },
    signal,
    schema: searchPageSchema,
  });
}

export function fetchSearchSummary(params: SearchParams, signal?: AbortSignal): Promise<SearchSummary> {
  return getJson('/search/summary', { prefix: OWN_API_PREFIX, query: filterQuery(params), signal, schema: searchSummarySchema });
}

export function fetchSearchStatus(signal?: AbortSignal): Promise<SearchStatus> {
  return getJson('/search/status', { prefix: OWN_API_PREFIX, signal, schema: searchStatusSchema });
}

/** While the index is still being built, its status is asked again every few seconds. */
export function statusRefetchInterval(status: SearchStatus | undefined): number | false {
  if (!status || !status.enabled) return false;
  return ['starting', 'listing', 'reading', 'waiting'].includes(status.state) ? 3_000 : 60_000;
}

/** What a term history asks: the company's last `calls` calls (8 unless said, at most 20) of these kinds, up to `until`. */
export interface TermHistoryParams {
  /** Undefined while the page does not know the company yet: nothing is asked. */
  companyId: number | undefined;
  /** Event types the calls are of (the compared call's); every kind when empty. */
  eventTypeIds?: readonly number[];
  /** ISO date or time: calls on or before it (the compared call's date). */
  until?: string;
  /** Words or phrases as said ("tariffs", "data center"), each counted as its search in quotation marks finds it. */
  terms: readonly string[];
  calls?: number;
}

/** The server's limits on terms (server/search/params.ts). */
const MAX_HISTORY_TERMS = 50;
const MAX_TERM_CHARS = 60;

/**
 * The terms the server can count, as sent (trimmed): one it would refuse (a comma, which separates
 * terms, over 60 characters, quotation marks, no word) is left out rather than failing the rest,
 * and is then not in callsWith: unknown.
 */
function sendableTerms(terms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const term of terms) {
    const text = term.trim();
    if (text.length < 1 || text.length > MAX_TERM_CHARS || text.includes(',') || !parseTerm(text).ok) continue;
    out.add(text);
    if (out.size === MAX_HISTORY_TERMS) break;
  }
  return [...out];
}

/**
 * How often each term was said across the company's recent calls, as the model's TermHistory:
 * `callsWith` is keyed by each term as the caller gave it. A term the server could not count (left
 * out above, or only common words such as "of the") is missing, so unknown. Failures are ApiErrors
 * like every /api request's (503 while the index is still being built).
 */
export async function fetchTermHistory(params: TermHistoryParams, signal?: AbortSignal): Promise<TermHistory> {
  const sent = sendableTerms(params.terms);
  if (params.companyId === undefined || sent.length === 0) return { calls: 0, callsWith: new Map() };
  const body = await getJson('/search/terms', {
    prefix: OWN_API_PREFIX,
    query: { companyId: params.companyId, eventTypes: params.eventTypeIds, until: params.until, calls: params.calls, terms: sent },
    signal,
    schema: termHistorySchema,
  });
  const said = new Map(body.terms.map((entry) => [entry.term, entry.calls]));
  const callsWith = new Map<string, number>();
  for (const term of params.terms) {
    const calls = said.get(term.trim());
    if (calls !== undefined) callsWith.set(term, calls);
  }
  return { calls: body.calls, callsWith };
}

type TermHistoryAnswer = { history: TermHistory } | { retryInSeconds: number | undefined };

/**
 * useTermHistory: the history once the server has it; undefined while it is asked, while the index
 * is being built (a 503 with Retry-After: asked again when it says, quietly), and when it cannot be
 * had (search off, a failure), so the page shows its terms without "said in X of the last N calls".
 * Nothing is asked without a company or a term.
 */
export function useTermHistory(params: TermHistoryParams): TermHistory | undefined {
  const { data } = useQuery(searchQueries.termHistory(params));
  return data && 'history' in data ? data.history : undefined;
}

export const searchQueries = {
  results: (params: SearchParams) =>
    infiniteQueryOptions({
      queryKey: searchKeys.results(params),
      queryFn: ({ pageParam, signal }) => fetchSearchPage(params, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: SearchPage) => last.nextCursor ?? undefined,
      enabled: params.q.trim() !== '',
      staleTime: 60_000,
    }),
  /** Every matching passage of one call (up to 50), for "Show all passages in this call". */
  call: (params: SearchParams, eventId: number) =>
    queryOptions({
      queryKey: searchKeys.call(params, eventId),
      queryFn: ({ signal }) => fetchSearchPage({ ...params, eventIds: [eventId], sort: 'relevance' }, undefined, signal, 1, 50),
      staleTime: 60_000,
    }),
  summary: (params: SearchParams) =>
    queryOptions({
      queryKey: searchKeys.summary(params),
      queryFn: ({ signal }) => fetchSearchSummary(params, signal),
      enabled: params.q.trim() !== '',
      staleTime: 60_000,
    }),
  /** The term history, a 503 answered as "not yet" (asked again after its Retry-After) rather than as an error. */
  termHistory: (params: TermHistoryParams) =>
    queryOptions({
      queryKey: searchKeys.termHistory(params),
      queryFn: async ({ signal }): Promise<TermHistoryAnswer> => {
        try {
          return { history: await fetchTermHistory(params, signal) };
        } catch (error) {
          if (!isApiError(error) || error.status !== 503) throw error;
          // Without Retry-After (search turned off, no index) asking again would not help.
          const retryAfter = error.retryAfter;
          return { retryInSeconds: retryAfter === undefined ? undefined : Math.min(60, Math.max(1, retryAfter)) };
        }
      },
      enabled: params.companyId !== undefined && sendableTerms(params.terms).length > 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        return data && 'retryInSeconds' in data && data.retryInSeconds !== undefined ? data.retryInSeconds * 1000 : false;
      },
      staleTime: 60_000,
    }),
  status: () =>
    queryOptions({
      queryKey: searchKeys.status(),
      queryFn: ({ signal }) => fetchSearchStatus(signal),
      refetchInterval: (query) => statusRefetchInterval(query.state.data),
      staleTime: 2_000,
    }),
};
