import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getJson, OWN_API_PREFIX, type QueryParams } from './client.ts';
import { SPEAKER_KINDS } from '../lib/transcript/index.ts';
import { searchKeys } from './keys.ts';

/**
 * Transcript search, answered by our own server (server/search/) under /api/search, through the
 * same typed fetch layer as the data service: zod-validated, failures as ApiError (a 400 carries
 * the server's words about the query, field by field).
 */

const segmentSchema = z.object({ text: z.string(), marked: z.optional(z.literal(true)) });

export const searchMatchSchema = z.object({
  paragraph: z.int(),
  speaker: z.object({ label: z.string(), detail: z.optional(z.string()), kind: z.enum(SPEAKER_KINDS as ['executive', 'analyst', 'operator', 'unknown']) }),
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
  totals: z.object({ calls: z.int(), hits: z.int() }),
  calls: z.array(searchCallSchema),
  nextCursor: z.nullable(z.string()),
});

export const searchSummarySchema = z.object({
  q: z.string(),
  totals: z.object({ hits: z.int() }),
  quarters: z.array(z.object({ fiscalYear: z.int(), fiscalPeriod: z.string(), hits: z.int(), calls: z.int(), searched: z.int() })),
  companies: z.array(z.object({ companyId: z.int(), name: z.string(), country: z.nullable(z.string()), hits: z.int(), calls: z.int() })),
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
  speakers?: readonly SpeakerSide[];
  sort?: 'relevance' | 'date';
}

function filterQuery(params: SearchParams): QueryParams {
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
    speakers: params.speakers,
  };
}

export function fetchSearchPage(params: SearchParams, cursor: string | undefined, signal?: AbortSignal, limit = 20, hits?: number): Promise<SearchPage> {
  return getJson('/search', {
    prefix: OWN_API_PREFIX,
    query: { ...filterQuery(params), sort: params.sort === 'date' ? 'date' : undefined, cursor, limit, hits },
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
  status: () =>
    queryOptions({
      queryKey: searchKeys.status(),
      queryFn: ({ signal }) => fetchSearchStatus(signal),
      refetchInterval: (query) => statusRefetchInterval(query.state.data),
      staleTime: 2_000,
    }),
};
