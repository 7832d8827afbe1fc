import { badRequestResponse, errorResponse } from '../sandbox/errors.ts';
import type { SearchConfig } from './config.ts';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { commonWordsProblem, leftOutCommonWordsNotice, nearCommonWordsProblem, termQuery, type PlainTerm } from '../../src/lib/transcript-search/query.ts';
import { openPglite, openPostgres, type SearchDb } from './db.ts';
import { paragraphHit, wordsToStem, type ParagraphHit } from './hits.ts';
import { Ingester, type IngestProgress } from './ingest.ts';
import { EXPORT_PAGE, exportResponse, recordingsOfEvents } from './export.ts';
import { encodeCursor, MAX_OFFSET, readExportRequest, readSearchRequest, readSummaryRequest, readTermsRequest } from './params.ts';
import { DROP_SQL, type WordIndexMethod } from './schema.ts';
import {
  counts,
  failures,
  indexBytes,
  isIndexDamage,
  lexemesOf,
  migrate,
  onlyCommonWords,
  paragraphHits,
  queryHasWords,
  searchCalls,
  summarize,
  termHistory,
} from './store.ts';

/**
 * Transcript search on our own origin (never under /public/v3):
 *
 *   GET /api/search?q=…          calls that match, each with its hit count and first hits, paged
 *   GET /api/search/summary?q=…  hits per fiscal period and the companies that mention it most
 *   GET /api/search/export?format=csv|md&q=…
 *                                every call the search finds (up to 10,000) with every passage, as a
 *                                file streamed while the index is read (server/search/export.ts)
 *   GET /api/search/status       how much is indexed, what waits, what failed and why
 *   GET /api/search/terms?companyId=…&terms=a,b
 *                                how many of a company's last calls said each term (the term history
 *                                of a comparison): 503 until the index has read every call once
 *
 * The index opens (and the ingester starts) on start(), which the servers call when they start, or
 * on the first request, so a test that builds the app without searching opens nothing.
 *
 * A damaged index (the engine reports a page or file it cannot trust, on opening, on a search or
 * while indexing) never stops the server: search answers 503 saying the index is being rebuilt,
 * the status says `rebuilding`, and the index is built afresh from the data service. PGlite's
 * damaged data directory is moved aside to `<SEARCH_DATA_DIR>.damaged` (the latest one only) so
 * whoever runs the server can see what happened to it; on PostgreSQL the tables are dropped.
 *
 * What a visitor sees of a failure is a plain sentence; the engine's words, the data directory
 * and the database's address go to the server's log only.
 */

export const SEARCH_PATH = '/api/search';

export interface SearchServiceOptions {
  config: SearchConfig;
  /** What the index is of: another source (a new sandbox seed, another upstream) builds it afresh. */
  source: string;
  api: (path: string, query: Record<string, string | number | undefined>) => Promise<Response>;
  /** PUBLIC_BASE_URL: the origin an export's links point at (else the request's). */
  publicBaseUrl?: string;
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
  /** The word index's method (schema.ts, WORD_INDEX_SQL). */
  wordIndex?: WordIndexMethod;
  state: IngestProgress['state'] | 'off' | 'unavailable' | 'rebuilding';
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
  /** When the index was last found damaged (and built afresh), if it was since the server started. */
  damagedAt?: string;
}

const REBUILDING = 'The search index was damaged and is being rebuilt: search again in a few minutes.';
const REBUILDING_DETAIL = 'The search index was damaged and is being rebuilt from the data service; searches find more as it grows.';

const NO_STORE = { 'cache-control': 'no-store' };
/** Retry-After of a term history asked before the index has read every call once. */
const BUILDING_RETRY_AFTER_S = 10;
const BUILDING = 'The search index is still being built: how often a term was said is counted once it holds every call. Try again in a moment.';
/** Retry-After of a search turned away because too many wait (SEARCH_QUEUE_LIMIT). */
const BUSY_RETRY_AFTER_S = 2;
/** Exports written at once, and the Retry-After of one turned away. */
const MAX_EXPORTS = 2;
const EXPORT_RETRY_AFTER_S = 30;
const EMPTY = { listed: 0, indexed: 0, superseded: 0, pending: 0, retrying: 0, failed: 0 };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE } });
}

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => Date.now());
  let db: SearchDb | undefined;
  let wordIndexMethod: WordIndexMethod | undefined;
  let ingester: Ingester | undefined;
  let opening: Promise<void> | undefined;
  /** Why there is no index, in words a visitor may read (the details are in the log). */
  let openError: string | undefined;
  let firstSync: Promise<void> | undefined;
  /** The last damage found: when, and whether the index built afresh since has finished its first sync. */
  let damage: { at: string; rebuilt: boolean } | undefined;
  let rebuilding: Promise<void> | undefined;
  /** The ingester whose first full sync has ended: until the current one's has, the index may lack calls. */
  let synced: Ingester | undefined;

  const openEngine = () => (config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir, log, config.cacheMb));

  const noteDamage = (error: unknown, where: string) => {
    damage = { at: new Date(now()).toISOString(), rebuilt: false };
    log(`search: the index is damaged (${where}): ${(error as Error).stack ?? error}; building it afresh`);
  };

  /**
   * Throws away a damaged index: closes it and moves PGlite's data directory aside (replacing an
   * older damaged copy, so damage that comes back cannot fill the disk), or drops the tables on
   * PostgreSQL. The index is a copy of the data service's transcripts, so nothing is lost.
   */
  const discard = async (damaged: SearchDb | undefined) => {
    if (damaged?.engine === 'postgresql') {
      await damaged.exec(DROP_SQL).catch((error: unknown) => log(`search: dropping the damaged tables failed: ${(error as Error).message}`));
    }
    await damaged?.close().catch((error: unknown) => log(`search: closing the damaged index failed: ${(error as Error).message}`));
    // The directory this index was in; none when it was in memory (another server holds the directory).
    const dataDir = damaged ? damaged.dataDir : config.databaseUrl ? undefined : config.dataDir;
    if (!dataDir) return;
    const directory = resolve(dataDir);
    const aside = `${directory}.damaged`;
    await rm(aside, { recursive: true, force: true });
    await rename(directory, aside);
    log(`search: the damaged index is kept in ${aside} for inspection (delete it when done); a new one is built in ${directory}`);
  };

  const startIngester = (index: SearchDb) => {
    const hooks = options.ingest ?? {};
    const started = new Ingester({
      db: index,
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
      damaged: (error) => rebuild(error, index, 'while indexing'),
    });
    ingester = started;
    firstSync = started.firstSync;
    const after = damage;
    void started.firstSync.then(() => {
      if (ingester === started) synced = started;
      if (after && damage === after && ingester === started) after.rebuilt = true;
    });
    started.start();
  };

  /** Opens the index; a damaged one is thrown away and built afresh (once: damage again is reported). */
  const open = async () => {
    for (let attempt = 0; ; attempt++) {
      let opened: SearchDb | undefined;
      try {
        opened = await openEngine();
        const started = Date.now();
        const { rebuilt, upgraded, wordIndex } = await migrate(opened, options.source, config.wordIndex);
        if (rebuilt) log('search: the index was for other data or another version; building it afresh');
        if (upgraded.length) log(`search: the index was brought forward from version ${upgraded[0]} in ${Date.now() - started} ms`);
        if (wordIndex.movedFrom) log(`search: the word index was made again with ${wordIndex.method} (it was ${wordIndex.movedFrom}) in ${wordIndex.ms} ms`);
        wordIndexMethod = wordIndex.method;
        if (opened.engine === 'postgresql') log(`search: the word index uses ${wordIndex.method}`);
      } catch (error) {
        let failure = error;
        if (attempt === 0 && isIndexDamage(error)) {
          noteDamage(error, 'on opening');
          try {
            await discard(opened);
            continue;
          } catch (moveError) {
            failure = moveError;
          }
        } else {
          await opened?.close().catch(() => {});
        }
        log(`search: the index could not be opened: ${(failure as Error).stack ?? failure}`);
        openError = config.databaseUrl
          ? 'The search database could not be opened; the server’s log says why.'
          : 'The search index could not be opened; the server’s log says why.';
        return;
      }
      db = opened;
      startIngester(opened);
      return;
    }
  };

  /**
   * The index turned out damaged (a search or the ingester met a page the engine cannot trust):
   * it is closed, thrown away and built afresh, while searches answer 503 saying so. Only the
   * index the error came from is rebuilt, once.
   */
  function rebuild(error: unknown, from: SearchDb, where: string): void {
    if (from !== db || rebuilding) return;
    noteDamage(error, where);
    const old = db;
    const oldIngester = ingester;
    db = undefined;
    ingester = undefined;
    rebuilding = (async () => {
      await oldIngester?.stop().catch(() => {});
      try {
        await discard(old);
      } catch (moveError) {
        log(`search: the damaged index could not be moved aside: ${(moveError as Error).stack ?? moveError}`);
        openError = 'The search index is damaged and could not be rebuilt; the server’s log says why.';
        return;
      }
      await open();
    })().finally(() => {
      rebuilding = undefined;
    });
    opening = rebuilding;
  }

  const start = () => {
    if (!config.enabled) return Promise.resolve();
    opening ??= open();
    return opening;
  };

  const status = async (): Promise<SearchStatus> => {
    const base = { enabled: config.enabled, scope: config.scope, transcripts: EMPTY, calls: 0, paragraphs: 0, failures: [] };
    if (!config.enabled) return { ...base, state: 'off', detail: 'Transcript search is turned off on this server (SEARCH_INDEX=off).' };
    if (!rebuilding) await start();
    const damagedAt = damage ? { damagedAt: damage.at } : {};
    if (rebuilding) return { ...base, ...damagedAt, state: 'rebuilding', detail: REBUILDING_DETAIL };
    const index = db;
    const current = ingester;
    if (!index || !current) return { ...base, ...damagedAt, state: 'unavailable', detail: openError };
    const progress = current.status();
    let tally: Awaited<ReturnType<typeof counts>>;
    let failed: Awaited<ReturnType<typeof failures>>;
    let bytes: number;
    try {
      [tally, failed, bytes] = await Promise.all([counts(index), failures(index, 50), indexBytes(index)]);
    } catch (error) {
      if (!isIndexDamage(error)) throw error;
      rebuild(error, index, 'reading the status');
      return { ...base, damagedAt: damage!.at, state: 'rebuilding', detail: REBUILDING_DETAIL };
    }
    const { calls, paragraphs, ...transcripts } = tally;
    const afresh = damage && !damage.rebuilt;
    return {
      ...base,
      ...damagedAt,
      engine: index.engine,
      wordIndex: wordIndexMethod,
      state: afresh ? 'rebuilding' : progress.state,
      detail: afresh ? REBUILDING_DETAIL : progress.detail,
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
    if (!rebuilding) await start();
    if (rebuilding) return errorResponse(503, REBUILDING, { ...NO_STORE, 'retry-after': '30' });
    return db ?? errorResponse(503, openError ?? 'The search index is not available.', NO_STORE);
  };

  /** Runs a search on the index; damage found on the way answers 503 and starts the rebuild. */
  const onIndex = async (work: (index: SearchDb) => Promise<Response>): Promise<Response> => {
    const index = await ready();
    if (index instanceof Response) return index;
    try {
      return await work(index);
    } catch (error) {
      if (!isIndexDamage(error)) throw error;
      rebuild(error, index, 'on a search');
      return errorResponse(503, REBUILDING, { ...NO_STORE, 'retry-after': '30' });
    }
  };

  const search = async (params: URLSearchParams): Promise<Response> => {
    const request = readSearchRequest(params);
    if (Array.isArray(request)) return badRequestResponse(request, NO_STORE);
    return onIndex(async (index) => {
      if (!(await queryHasWords(index, request.tsquery))) return onlyCommonWordsResponse(request.q);
      const near = await commonNearSide(index, request.nearSides);
      if (near) return near;
      const page = await searchCalls(
        index,
        request.tsquery,
        request.filters,
        request.sort,
        request.offset,
        request.limit,
        request.allTotals ? Infinity : config.readCap,
      );
      const rows = await paragraphHits(
        index,
        request.tsquery,
        request.filters,
        page.calls.map((call) => call.transcriptId),
        request.hitsPerCall,
        page.calls.map((call) => call.eventDate),
      );
      const phrases = request.phrases;
      const lexemes = phrases.length > 0 && rows.length > 0 ? await lexemesOf(index, wordsToStem(rows, phrases)) : new Map<string, string[]>();
      const byTranscript = new Map<number, ParagraphHit[]>();
      for (const row of rows) {
        const list = byTranscript.get(row.transcriptId) ?? [];
        list.push(paragraphHit(row, { phrases, onlyPhrases: request.onlyPhrases, lexemes }));
        byTranscript.set(row.transcriptId, list);
      }
      // An excluded term of common words only leaves nothing out: the reader is told, not left to guess.
      const common = await onlyCommonWords(
        index,
        request.excluded.map((term) => termQuery(term)),
      );
      const notices = request.excluded.filter((_, i) => common[i]).map((term) => leftOutCommonWordsNotice(term));
      const nextOffset = request.offset + page.calls.length;
      // Newest first, calls older than those read so far come on later pages; ranked by mentions,
      // the calls read are all that is ranked.
      const unread = request.sort === 'date' && !page.complete;
      const more = page.calls.length === request.limit && (nextOffset < page.totalCalls || unread) && nextOffset <= MAX_OFFSET;
      return json({
        q: request.q,
        sort: request.sort,
        words: request.words,
        ...(notices.length > 0 ? { notices } : {}),
        totals: { calls: page.totalCalls, hits: page.totalHits, complete: page.complete, ...(page.since ? { since: page.since } : {}) },
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
    });
  };

  /**
   * The whole result as a file (server/search/export.ts): the first page read here, the rest as the
   * client pulls. Each export reads the index for seconds (minutes at 10,000 calls of a large
   * index), a page at a time between other searches: at most MAX_EXPORTS are written at once.
   */
  let exporting = 0;
  const exportFile = async (request: Request, url: URL): Promise<Response> => {
    const wanted = readExportRequest(url.searchParams);
    if (Array.isArray(wanted)) return badRequestResponse(wanted, NO_STORE);
    if (exporting >= MAX_EXPORTS) {
      return errorResponse(503, `${exporting} exports are being written, the most this server writes at once: try again in a minute.`, {
        ...NO_STORE,
        'retry-after': String(EXPORT_RETRY_AFTER_S),
      });
    }
    exporting++;
    let handedOver = false;
    try {
      return await onIndex(async (index) => {
        if (!(await queryHasWords(index, wanted.tsquery))) return onlyCommonWordsResponse(wanted.q);
        const near = await commonNearSide(index, wanted.nearSides);
        if (near) return near;
        const first = await searchCalls(index, wanted.tsquery, wanted.filters, wanted.sort, 0, EXPORT_PAGE, Infinity);
        handedOver = true;
        return exportResponse(
          {
            index,
            request: wanted,
            origin: (options.publicBaseUrl ?? url.origin).replace(/\/+$/, ''),
            recordings: (eventIds) => recordingsOfEvents(options.api, eventIds, log),
            signal: request.signal,
            failed: (error) => {
              if (isIndexDamage(error)) rebuild(error, index, 'writing an export');
              else log(`search: an export failed: ${(error as Error).stack ?? error}`);
            },
            finished: () => exporting--,
          },
          first,
        );
      });
    } finally {
      // No file was started (a refusal, a failure): its place is free at once.
      if (!handedOver) exporting--;
    }
  };

  const summary = async (params: URLSearchParams): Promise<Response> => {
    const request = readSummaryRequest(params);
    if (Array.isArray(request)) return badRequestResponse(request, NO_STORE);
    return onIndex(async (index) => {
      if (!(await queryHasWords(index, request.tsquery))) return onlyCommonWordsResponse(request.q);
      const near = await commonNearSide(index, request.nearSides);
      if (near) return near;
      const { companiesComplete, companiesSince, ...result } = await summarize(index, request.tsquery, request.filters, request.top, config.readCap);
      const hits = result.quarters.reduce((sum, quarter) => sum + quarter.hits, 0);
      // The companies of a common word count its newest months (store.ts, summarize): then they say since when.
      return json({ q: request.q, totals: { hits }, ...result, ...(companiesComplete ? {} : { companiesSince }) });
    });
  };

  /**
   * The term history: counts over the company's last calls mean something only once the index holds
   * them all, so until its first sync has ended it answers 503 with Retry-After, as search does
   * while the index is rebuilt.
   */
  const terms = async (params: URLSearchParams): Promise<Response> => {
    const request = readTermsRequest(params);
    if (Array.isArray(request)) return badRequestResponse(request, NO_STORE);
    return onIndex(async (index) => {
      if (!ingester || ingester !== synced) return errorResponse(503, BUILDING, { ...NO_STORE, 'retry-after': String(BUILDING_RETRY_AFTER_S) });
      const counts = await termHistory(
        index,
        request,
        request.terms.map((term) => term.tsquery),
      );
      // A term of only common words (the, of) finds nothing in a search either: it is left out, unknown.
      const said = request.terms.flatMap((term, i) => (counts.said[i] === null ? [] : [{ term: term.term, calls: counts.said[i]! }]));
      return json({ calls: counts.calls, terms: said });
    });
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
      // A rebuild replaces the index and its ingester: wait for the one that is current at the end.
      for (;;) {
        await rebuilding;
        const current = firstSync;
        await current;
        if (!rebuilding && current === firstSync) return;
      }
    },
    close: async () => {
      await rebuilding?.catch(() => {});
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
        if (url.pathname === `${SEARCH_PATH}/export`) return await queued(() => exportFile(request, url));
        if (url.pathname === `${SEARCH_PATH}/summary`) return await queued(() => summary(url.searchParams));
        if (url.pathname === `${SEARCH_PATH}/terms`) return await queued(() => terms(url.searchParams));
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

/**
 * A side of NEAR of only common words (margin NEAR/3 the) has no place in the index, and PostgreSQL
 * would quietly search the other side alone: the reader is told instead (a 400 naming q).
 */
async function commonNearSide(index: SearchDb, sides: PlainTerm[]): Promise<Response | undefined> {
  if (sides.length === 0) return undefined;
  const common = await onlyCommonWords(index, sides.map(termQuery));
  const side = sides.find((_, i) => common[i]);
  return side && badRequestResponse([{ field: 'q', message: nearCommonWordsProblem(side) }], NO_STORE);
}

function onlyCommonWordsResponse(q: string): Response {
  return badRequestResponse([{ field: 'q', message: commonWordsProblem(q) }], NO_STORE);
}
