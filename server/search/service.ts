import { badRequestResponse, errorResponse } from '../sandbox/errors.ts';
import type { SearchConfig } from './config.ts';
import { openPglite, openPostgres, type SearchDb } from './db.ts';
import { paragraphHit, type ParagraphHit } from './hits.ts';
import { Ingester, type IngestProgress } from './ingest.ts';
import { encodeCursor, MAX_OFFSET, readSearchRequest, readSummaryRequest } from './params.ts';
import { counts, failures, indexBytes, migrate, paragraphHits, queryHasWords, searchCalls, summarize } from './store.ts';

/**
 * Transcript search on our own origin (never under /public/v3):
 *
 *   GET /api/search?q=…          calls that match, each with its hit count and first hits, paged
 *   GET /api/search/summary?q=…  hits per fiscal period and the companies that mention it most
 *   GET /api/search/status       how much is indexed, what waits, what failed and why
 *
 * The index opens (and the ingester starts) on start(), which the servers call when they start, or
 * on the first request, so a test that builds the app without searching opens nothing.
 */

export const SEARCH_PATH = '/api/search';

export interface SearchServiceOptions {
  config: SearchConfig;
  /** What the index is of: another source (a new sandbox seed, another upstream) builds it afresh. */
  source: string;
  api: (path: string, query: Record<string, string | number | undefined>) => Promise<Response>;
  file: (url: string, signal: AbortSignal) => Promise<Response>;
  now?: () => number;
  log?: (line: string) => void;
  /** Test hooks: ingest timings. */
  ingest?: Partial<{
    retryBaseMs: number;
    maxAttempts: number;
    fileTimeoutMs: number;
    overlapMs: number;
    pageSize: number;
    sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  }>;
}

export interface SearchService {
  handle(request: Request): Promise<Response>;
  /** Opens the index and starts keeping it current (idempotent). */
  start(): Promise<void>;
  /** Resolves when the ingester has finished its first full sync (tests, benchmarks). */
  whenSynced(): Promise<void>;
  status(): Promise<SearchStatus>;
  close(): Promise<void>;
  /** The open database, once started (benchmarks). */
  readonly db: SearchDb | undefined;
}

export interface SearchStatus {
  enabled: boolean;
  engine?: 'pglite' | 'postgresql';
  state: IngestProgress['state'] | 'off' | 'unavailable';
  detail?: string;
  transcripts: { listed: number; indexed: number; superseded: number; pending: number; retrying: number; failed: number };
  /** Calls that can be searched (one transcript each). */
  calls: number;
  paragraphs: number;
  bytes?: number;
  lastSyncAt?: string;
  nextSyncAt?: string;
  lastError?: string;
  requestsToday?: number;
  budgetPerDay?: number;
  scope: { companyIds: number[]; countries: string[] };
  failures: { transcriptId: number; eventId: number; companyId: number; reason: string; attempts: number; at: string | null; retryAt: string | null }[];
}

const NO_STORE = { 'cache-control': 'no-store' };
/** Retry-After of a search turned away because too many wait (SEARCH_QUEUE_LIMIT). */
const BUSY_RETRY_AFTER_S = 2;
const EMPTY = { listed: 0, indexed: 0, superseded: 0, pending: 0, retrying: 0, failed: 0 };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE } });
}

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  let db: SearchDb | undefined;
  let ingester: Ingester | undefined;
  let opening: Promise<void> | undefined;
  let openError: string | undefined;
  let firstSync: Promise<void> | undefined;

  const open = async () => {
    try {
      db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir, log, config.cacheMb);
    } catch (error) {
      openError = config.databaseUrl
        ? `The search database (DATABASE_URL) could not be opened: ${(error as Error).message}`
        : `The search index in ${config.dataDir ?? 'memory'} could not be opened: ${(error as Error).message}`;
      log(`search: ${openError}`);
      return;
    }
    const { rebuilt } = await migrate(db, options.source);
    if (rebuilt) log('search: the index was for other data or another version; building it afresh');
    const hooks = options.ingest ?? {};
    ingester = new Ingester({
      db,
      api: options.api,
      file: options.file,
      scope: config.scope,
      budgetPerDay: config.budgetPerDay,
      concurrency: config.concurrency,
      syncEveryMs: config.syncEveryMs,
      overlapMs: hooks.overlapMs ?? 10 * 60_000,
      maxBytes: config.maxBytes,
      fileTimeoutMs: hooks.fileTimeoutMs ?? 30_000,
      maxAttempts: hooks.maxAttempts ?? 4,
      retryBaseMs: hooks.retryBaseMs ?? 60_000,
      pageSize: hooks.pageSize ?? 500,
      now: options.now,
      sleep: hooks.sleep,
      log,
    });
    firstSync = ingester.firstSync;
    ingester.start();
  };

  const start = () => {
    if (!config.enabled) return Promise.resolve();
    opening ??= open();
    return opening;
  };

  const status = async (): Promise<SearchStatus> => {
    const base = { enabled: config.enabled, scope: config.scope, transcripts: EMPTY, calls: 0, paragraphs: 0, failures: [] };
    if (!config.enabled) return { ...base, state: 'off', detail: 'Transcript search is turned off on this server (SEARCH_INDEX=off).' };
    await start();
    if (!db || !ingester) return { ...base, state: 'unavailable', detail: openError };
    const progress = ingester.status();
    const [tally, failed, bytes] = await Promise.all([counts(db), failures(db, 50), indexBytes(db)]);
    const { calls, paragraphs, ...transcripts } = tally;
    return {
      ...base,
      engine: db.engine,
      state: progress.state,
      detail: progress.detail,
      transcripts,
      calls,
      paragraphs,
      bytes,
      lastSyncAt: progress.lastSyncAt,
      nextSyncAt: progress.nextSyncAt,
      lastError: progress.lastError,
      requestsToday: progress.requestsToday,
      budgetPerDay: progress.budgetPerDay,
      failures: failed,
    };
  };

  /** The open index, or the response that says why there is none. */
  const ready = async (): Promise<SearchDb | Response> => {
    if (!config.enabled) return errorResponse(503, 'Transcript search is turned off on this server (SEARCH_INDEX=off).', NO_STORE);
    await start();
    return db ?? errorResponse(503, openError ?? 'The search index is not available.', NO_STORE);
  };

  const search = async (params: URLSearchParams): Promise<Response> => {
    const request = readSearchRequest(params);
    if (Array.isArray(request)) return badRequestResponse(request, NO_STORE);
    const index = await ready();
    if (index instanceof Response) return index;
    if (!(await queryHasWords(index, request.tsquery))) return onlyCommonWords(request.q);
    const page = await searchCalls(index, request.tsquery, request.filters, request.sort, request.offset, request.limit);
    const rows = await paragraphHits(
      index,
      request.tsquery,
      request.filters,
      page.calls.map((call) => call.transcriptId),
      request.hitsPerCall,
    );
    const byTranscript = new Map<number, ParagraphHit[]>();
    for (const row of rows) {
      const list = byTranscript.get(row.transcriptId) ?? [];
      list.push(paragraphHit(row, request.shortestPhrase));
      byTranscript.set(row.transcriptId, list);
    }
    const nextOffset = request.offset + page.calls.length;
    const more = page.calls.length === request.limit && nextOffset < page.totalCalls && nextOffset <= MAX_OFFSET;
    return json({
      q: request.q,
      sort: request.sort,
      words: request.words,
      totals: { calls: page.totalCalls, hits: page.totalHits },
      calls: page.calls.map((call) => ({
        eventId: call.eventId,
        transcriptId: call.transcriptId,
        transcriptTypeId: call.transcriptTypeId,
        edited: call.edited,
        hits: call.hits,
        company: { id: call.companyId, name: call.companyName, country: call.country },
        event: {
          title: call.eventTitle,
          typeId: call.eventTypeId,
          date: call.eventDate,
          fiscalYear: call.fiscalYear,
          fiscalPeriod: call.fiscalPeriod,
        },
        matches: byTranscript.get(call.transcriptId) ?? [],
      })),
      nextCursor: more ? encodeCursor(nextOffset, request.key) : null,
    });
  };

  const summary = async (params: URLSearchParams): Promise<Response> => {
    const request = readSummaryRequest(params);
    if (Array.isArray(request)) return badRequestResponse(request, NO_STORE);
    const index = await ready();
    if (index instanceof Response) return index;
    if (!(await queryHasWords(index, request.tsquery))) return onlyCommonWords(request.q);
    const result = await summarize(index, request.tsquery, request.filters, request.top);
    const hits = result.quarters.reduce((sum, quarter) => sum + quarter.hits, 0);
    return json({ q: request.q, totals: { hits }, ...result });
  };

  /**
   * Searches in progress: the index answers one statement at a time (PGlite) or four (the pool), and
   * the rest wait. Past SEARCH_QUEUE_LIMIT, a search is turned away at once rather than left waiting.
   */
  let searching = 0;
  const queued = async (answer: () => Promise<Response>): Promise<Response> => {
    if (searching >= config.queueLimit) {
      const inProgress = `${searching} ${searching === 1 ? 'search is' : 'searches are'} already in progress`;
      return errorResponse(503, `Transcript search is busy: ${inProgress}, the most this server takes at once. Try again in a few seconds.`, {
        ...NO_STORE,
        'retry-after': String(BUSY_RETRY_AFTER_S),
      });
    }
    searching++;
    try {
      return await answer();
    } finally {
      searching--;
    }
  };

  return {
    get db() {
      return db;
    },
    start,
    status,
    whenSynced: async () => {
      await start();
      await firstSync;
    },
    close: async () => {
      await ingester?.stop();
      await db?.close();
      db = undefined;
    },
    async handle(request: Request): Promise<Response> {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return errorResponse(405, `Method ${request.method} is not allowed: search is read-only (GET, HEAD)`, { allow: 'GET, HEAD' });
      }
      const url = new URL(request.url);
      try {
        if (url.pathname === SEARCH_PATH) return await queued(() => search(url.searchParams));
        if (url.pathname === `${SEARCH_PATH}/summary`) return await queued(() => summary(url.searchParams));
        if (url.pathname === `${SEARCH_PATH}/status`) {
          if ([...url.searchParams.keys()].length > 0)
            return badRequestResponse([{ field: [...url.searchParams.keys()][0]!.slice(0, 60), message: 'status takes no parameters' }], NO_STORE);
          return json(await status());
        }
        return errorResponse(404, `Cannot ${request.method} ${url.pathname.slice(0, 200)}`);
      } catch (error) {
        log(`search: ${url.pathname} failed: ${(error as Error).stack ?? error}`);
        return errorResponse(500, 'The search failed on the server; try again, and if it goes on, tell us what you searched for.', NO_STORE);
      }
    },
  };
}

function onlyCommonWords(q: string): Response {
  return badRequestResponse(
    [
      {
        field: 'q',
        message: `“${q.trim().slice(0, 80)}” has only common words (such as the, and, of), which are not indexed: add a word that carries meaning.`,
      },
    ],
    NO_STORE,
  );
}
