import { z } from 'zod/mini';
import { companySchema, documentSchema, documentTypeSchema, paginationSchema, single, type Company, type DocumentRecord } from '../../src/api/schemas.ts';
import { describeIssues } from '../../src/lib/zod-issues.ts';
import { parseTranscriptText } from '../../src/lib/transcript/index.ts';
import { transcriptEditRank } from '../../src/lib/transcript-records.ts';
import type { SearchDb } from './db.ts';
import {
  counts,
  duePending,
  isIndexDamage,
  getMeta,
  missingCompanies,
  nextRetryAt,
  saveCompanies,
  saveFailure,
  saveIndexed,
  saveListed,
  saveUnreadable,
  setMeta,
  tidy,
  type ListedTranscript,
  type PendingTranscript,
} from './store.ts';

/**
 * Keeps the search index current: walks the transcript list (endpoint 11, every page,
 * `expand=event`) through the one API proxy (which adds the key), reads each transcript's JSON
 * through the file route (allowlisted hosts, a timeout, a size cap here), parses it with the app's
 * one transcript model and stores its paragraphs.
 *
 * - Incremental and resumable: a walk asks for what changed since the last completed walk
 *   (`updatedAfter`, with an overlap); its cursor is saved after every page, so a restart carries on
 *   from the page it stopped at, and transcripts listed but not yet read wait in the index.
 * - Kind to the upstream: API requests go one at a time; transcript files one or two at a time; a
 *   429 waits what Retry-After says; a daily request budget (SEARCH_REQUEST_BUDGET) pauses the walk
 *   until the next UTC day.
 * - A transcript that cannot be read (the host refuses, the body is too large or is not a
 *   transcript) is tried again later with backoff, then listed with its reason; it never stops the rest.
 * - So is a record of the list that cannot be read (a field of the wrong type, a time that does not
 *   exist, a document type the service refuses): each record of a page is read on its own, and
 *   one that fails is listed as failed with its reason while the rest are indexed.
 */

/** A page of the list: the envelope is read strictly, its records one by one. */
const pageSchema = z.looseObject({ data: z.array(z.unknown()), pagination: paginationSchema });
const documentTypeRecord = single(documentTypeSchema);
const idsSchema = z.looseObject({ id: z.int(), eventId: z.int(), companyId: z.int() });

export interface IngesterOptions {
  db: SearchDb;
  /** An API request through the proxy: path under /public/v3 and query. */
  api: (path: string, query: Record<string, string | number | undefined>) => Promise<Response>;
  /** A transcript file through the file route. */
  file: (url: string, signal: AbortSignal) => Promise<Response>;
  scope: { companyIds: number[]; countries: string[] };
  /** API requests per UTC day; undefined: no limit. */
  budgetPerDay?: number;
  /** Transcript files read at once (1 or 2). */
  concurrency: number;
  syncEveryMs: number;
  /** How far before the last walk's start the next walk looks (records updated while it ran). */
  overlapMs: number;
  maxBytes: number;
  fileTimeoutMs: number;
  /** Tries before a transcript is listed as failed. */
  maxAttempts: number;
  /** First wait before trying a failed transcript again; each further wait is four times longer. */
  retryBaseMs: number;
  pageSize: number;
  now?: () => number;
  /** Resolves after ms, or early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  log?: (line: string) => void;
  /** Told when the index turns out damaged (the engine reports a page it cannot trust); the service rebuilds it. */
  damaged?: (error: unknown) => void;
}

export type IngestState = 'starting' | 'listing' | 'reading' | 'idle' | 'waiting' | 'paused' | 'failing' | 'stopped';

export interface IngestProgress {
  state: IngestState;
  /** What the state means right now, in words. */
  detail?: string;
  lastSyncAt?: string;
  nextSyncAt?: string;
  /** The last problem reaching the data service, if the latest try failed. */
  lastError?: string;
  requestsToday: number;
  budgetPerDay?: number;
}

interface WalkState {
  updatedAfter: string | null;
  cursor: number | null;
  /** The data service's clock when this walk began: the next walk asks from here (less the overlap). */
  startedAt: string | null;
}

class Stopped extends Error {}

const DAY = 86_400_000;

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Retry-After as milliseconds: seconds or an HTTP date; default when missing or unreadable. */
export function retryAfterMs(value: string | null, now: number, fallback: number): number {
  if (!value) return fallback;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 3_600_000);
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.min(Math.max(0, date - now), 3_600_000);
  return fallback;
}

/** The body of a response as text, refusing more than maxBytes (never buffering beyond it). */
async function readCapped(response: Response, maxBytes: number): Promise<string | { tooLarge: true }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Lets timers and I/O run. PGlite answers through promises that resolve without I/O, and the
 * sandbox answers in process, so an ingester that never waits for the event loop would keep the
 * server from answering anyone else until it is done.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export class Ingester {
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly controller = new AbortController();
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private progress: IngestProgress;
  private readonly typeNames = new Map<number, string | undefined | { refused: string }>();
  private syncedOnce: () => void = () => {};
  /** Transcripts stored since the index was last tidied, and since it was last analysed (store.ts, tidy). */
  private storedSinceTidy = 0;
  private storedSinceAnalyze = 0;
  /** Resolves when the first sync has ended (done, paused or failed). */
  readonly firstSync = new Promise<void>((resolve) => (this.syncedOnce = resolve));

  constructor(private readonly options: IngesterOptions) {
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? defaultSleep;
    this.progress = { state: 'starting', requestsToday: 0, budgetPerDay: options.budgetPerDay };
  }

  status(): IngestProgress {
    return { ...this.progress };
  }

  /** Starts the background loop: a sync now, then one every syncEveryMs (sooner when a retry is due). */
  start(): void {
    if (this.loop) return;
    this.loop = this.run().catch((error: unknown) => {
      this.syncedOnce();
      if (error instanceof Stopped) return;
      if (isIndexDamage(error)) this.options.damaged?.(error);
      this.set({ state: 'failing', lastError: 'The index stopped; the server’s log says why.' });
      this.options.log?.(`search: the index stopped: ${(error as Error).stack ?? error}`);
    });
  }

  async stop(): Promise<void> {
    this.controller.abort();
    this.wake?.();
    await this.loop;
    this.progress.state = 'stopped';
  }

  /** Ends the wait between syncs and syncs now. */
  syncSoon(): void {
    this.wake?.();
  }

  private set(update: Partial<IngestProgress>) {
    this.progress = { ...this.progress, ...update };
  }

  private checkStopped() {
    if (this.controller.signal.aborted) throw new Stopped();
  }

  private async run(): Promise<void> {
    await this.loadBudget();
    let failedInARow = 0;
    for (;;) {
      this.checkStopped();
      await this.syncOnce();
      this.syncedOnce();
      this.checkStopped();
      // A sync that could not reach the data service is tried again soon (30 s, doubling), not at the next interval.
      failedInARow = this.progress.state === 'failing' ? failedInARow + 1 : 0;
      const wait = failedInARow > 0 ? Math.min(this.options.syncEveryMs, 30_000 * 2 ** (failedInARow - 1)) : this.options.syncEveryMs;
      const nextSync = this.now() + wait;
      const retry = await nextRetryAt(this.options.db);
      const wakeAt = Math.min(nextSync, retry ? Math.max(retry.getTime(), this.now() + 1_000) : Infinity);
      this.set({ nextSyncAt: new Date(nextSync).toISOString() });
      const waking = new Promise<void>((resolve) => (this.wake = resolve));
      await Promise.race([this.sleep(Math.max(0, wakeAt - this.now()), this.controller.signal), waking]);
      this.wake = undefined;
    }
  }

  /** One walk of the list (resuming a walk that was cut short), then every transcript that is due. */
  async syncOnce(): Promise<void> {
    try {
      await this.walk();
      await this.readDue();
      const left = await counts(this.options.db);
      if (this.storedSinceTidy > 0) await this.tidy(left.calls);
      this.set({
        state: 'idle',
        detail: left.pending + left.retrying > 0 ? `${left.retrying} transcripts wait to be tried again` : undefined,
        lastSyncAt: new Date(this.now()).toISOString(),
        lastError: undefined,
      });
    } catch (error) {
      if (error instanceof Stopped) throw error;
      if (error instanceof BudgetSpent) {
        this.set({ state: 'paused', detail: error.message });
        return;
      }
      if (isIndexDamage(error)) this.options.damaged?.(error);
      // The data service's problems are told as they are; the index's own (the engine's words, its
      // files) go to the log only.
      const message = error instanceof UpstreamError ? error.message : 'The index could not store what it read; the server’s log says why.';
      this.set({ state: 'failing', lastError: message, detail: 'Trying again at the next sync.' });
      this.options.log?.(`search: sync failed: ${error instanceof UpstreamError ? message : ((error as Error).stack ?? error)}`);
    }
  }

  // ── the list ────────────────────────────────────────────────────────────────────────────────

  private async walk(): Promise<void> {
    const { db } = this.options;
    let state = await getMeta<WalkState>(db, 'walk');
    if (!state || state.cursor === null) {
      const checkpoint = await getMeta<{ updatedAfter: string | null }>(db, 'checkpoint');
      state = { updatedAfter: checkpoint?.updatedAfter ?? null, cursor: 0, startedAt: null };
    }
    this.set({ state: 'listing', detail: state.updatedAfter ? `Asking what changed since ${state.updatedAfter}` : 'Listing every transcript' });
    for (let pages = 0; ; pages++) {
      this.checkStopped();
      const response = await this.request('/documents/transcripts', {
        limit: this.options.pageSize,
        cursor: state.cursor ?? 0,
        direction: 'desc',
        expand: 'event',
        updatedAfter: state.updatedAfter ?? undefined,
        companyIds: this.options.scope.companyIds.length ? this.options.scope.companyIds.join(',') : undefined,
        countries: this.options.scope.countries.length ? this.options.scope.countries.join(',') : undefined,
      });
      if (!state.startedAt) state.startedAt = new Date(Date.parse(response.headers.get('date') ?? '') || this.now()).toISOString();
      const body = pageSchema.safeParse(await this.json(response, 'the transcript list'));
      if (!body.success) throw new UpstreamError('The data service sent a transcript list that could not be read.');
      await this.remember(body.data.data);
      const docs = body.data.data;
      const next = body.data.pagination?.nextCursor;
      const last: boolean = next === null || next === undefined || next === state.cursor || docs.length === 0;
      state = { ...state, cursor: last ? null : (next as number) };
      await setMeta(db, 'walk', state);
      // Read what this page listed before asking for the next: the newest calls become searchable first.
      await this.readDue();
      if (last) break;
    }
    const from = Date.parse(state.startedAt ?? '') || this.now();
    await setMeta(db, 'checkpoint', { updatedAfter: new Date(from - this.options.overlapMs).toISOString() });
  }

  /** Records one page of the list: each record read on its own; one that cannot be read is listed as failed, with why. */
  private async remember(records: unknown[]): Promise<void> {
    const { db } = this.options;
    const docs: DocumentRecord[] = [];
    const unreadable: { id: number; eventId: number; companyId: number; typeId: unknown; reason: string }[] = [];
    for (const record of records) {
      const doc = documentSchema.safeParse(record);
      if (doc.success) {
        docs.push(doc.data);
        continue;
      }
      const ids = idsSchema.safeParse(record);
      const reason = `The transcript record could not be read: ${describeIssues(doc.error.issues)}.`;
      if (ids.success) unreadable.push({ ...ids.data, typeId: (record as { typeId?: unknown }).typeId, reason });
      // Without its ids a record cannot even be named: the log says what was left out.
      else this.options.log?.(`search: a transcript record without usable ids was left out: ${describeIssues(ids.error.issues)}`);
    }
    await this.saveCompanies([...new Set([...docs, ...unreadable].map((doc) => doc.companyId))]);
    const readable: DocumentRecord[] = [];
    for (const doc of docs) {
      const type = await this.typeName(doc.typeId);
      if (typeof type === 'object') unreadable.push({ ...doc, reason: type.refused });
      else readable.push(doc);
    }
    const listed: ListedTranscript[] = readable.map((doc) => ({
      id: doc.id,
      eventId: doc.eventId,
      companyId: doc.companyId,
      typeId: doc.typeId,
      fileUrl: doc.fileUrl,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      editRank: transcriptEditRank(this.typeNames.get(doc.typeId) as string | undefined),
      event: doc.event,
    }));
    for (let at = 0; at < listed.length; at += 25) {
      const { refused } = await saveListed(db, listed.slice(at, at + 25));
      for (const { doc, reason } of refused) unreadable.push({ ...doc, reason: `The transcript record could not be stored: ${reason}.` });
      await breathe();
    }
    for (const record of unreadable) {
      await saveUnreadable(db, record, record.reason, new Date(this.now()));
      this.options.log?.(`search: transcript ${record.id}: ${record.reason}`);
    }
  }

  /** The names and countries of companies the index does not know yet; a company record that cannot be read is left out (its calls say "Company 12"). */
  private async saveCompanies(companyIds: number[]): Promise<void> {
    const { db } = this.options;
    const missing = await missingCompanies(db, companyIds);
    for (let at = 0; at < missing.length; at += 100) {
      const ids = missing.slice(at, at + 100);
      const response = await this.request('/companies', { ids: ids.join(','), limit: 500 });
      const body = pageSchema.safeParse(await this.json(response, 'the companies'));
      if (!body.success) throw new UpstreamError('The data service sent companies that could not be read.');
      const companies: Company[] = [];
      for (const record of body.data.data) {
        const company = companySchema.safeParse(record);
        if (company.success) companies.push(company.data);
        else this.options.log?.(`search: a company record could not be read: ${describeIssues(company.error.issues)}`);
      }
      await saveCompanies(
        db,
        companies.map((company) => ({
          id: company.id,
          name: company.displayName || company.name || `Company ${company.id}`,
          country: company.country,
          exchanges: [...new Set(company.tickers.map((ticker) => ticker.exchange))],
        })),
      );
    }
  }

  /**
   * A document type's name (to rank an edited transcript above a raw one), asked once per type: a
   * type the service does not know (404) has no name; one it refuses to look up (400: not an id it
   * accepts) makes the records of that type unreadable, with the service's reason.
   */
  private async typeName(typeId: number): Promise<string | undefined | { refused: string }> {
    if (this.typeNames.has(typeId)) return this.typeNames.get(typeId);
    const key = `document-type/${typeId}`;
    const cached = await getMeta<string | null | { refused: string }>(this.options.db, key);
    if (cached !== undefined) {
      const known = cached ?? undefined;
      this.typeNames.set(typeId, known);
      return known;
    }
    const response = await this.request(`/document-types/${typeId}`, {}, { allowMissing: true, allowRefused: true });
    let name: string | undefined | { refused: string };
    if (response.status === 400) {
      const said = await response.json().catch(() => undefined);
      const message = (said as { message?: unknown } | undefined)?.message;
      // The service's words: a message, or its problems field by field ({ field, message }).
      const items: unknown[] = Array.isArray(message) ? message : message === undefined ? [] : [message];
      const words = items
        .map((item) => (typeof item === 'object' && item !== null && 'message' in item ? String(item.message) : String(item)))
        .join('; ')
        .slice(0, 200);
      name = { refused: `The data service refuses its document type ${typeId} (400${words ? `: ${words}` : ''}).` };
    } else if (response.ok) {
      const body = documentTypeRecord.safeParse(await response.json().catch(() => undefined));
      name = body.success ? (body.data.data.name ?? undefined) : undefined;
    } else {
      await response.body?.cancel().catch(() => {});
    }
    this.typeNames.set(typeId, name);
    await setMeta(this.options.db, key, name ?? null);
    return name;
  }

  // ── requests ────────────────────────────────────────────────────────────────────────────────

  private async loadBudget() {
    const saved = await getMeta<{ day: string; used: number }>(this.options.db, 'budget');
    const today = new Date(this.now()).toISOString().slice(0, 10);
    this.set({ requestsToday: saved?.day === today ? saved.used : 0 });
  }

  private async spend(): Promise<void> {
    const today = new Date(this.now()).toISOString().slice(0, 10);
    const saved = await getMeta<{ day: string; used: number }>(this.options.db, 'budget');
    const used = (saved?.day === today ? saved.used : 0) + 1;
    const limit = this.options.budgetPerDay;
    if (limit !== undefined && used > limit) {
      const resumes = new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString();
      throw new BudgetSpent(`The daily budget of ${limit} requests to the data service is spent; indexing goes on at ${resumes} (SEARCH_REQUEST_BUDGET).`);
    }
    await setMeta(this.options.db, 'budget', { day: today, used });
    this.set({ requestsToday: used });
  }

  /** An API request that succeeded (2xx), waiting out 429s; anything else throws UpstreamError. */
  private async request(
    path: string,
    query: Record<string, string | number | undefined>,
    { allowMissing = false, allowRefused = false } = {},
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      this.checkStopped();
      await this.spend();
      let response: Response;
      try {
        response = await this.options.api(path, query);
      } catch (error) {
        throw new UpstreamError(`The data service could not be reached (${(error as Error).message}).`);
      }
      if (response.status === 429 && attempt < 20) {
        await response.body?.cancel().catch(() => {});
        await this.waitOut(response.headers.get('retry-after'));
        continue;
      }
      if (response.ok || (allowMissing && (response.status === 404 || response.status === 403)) || (allowRefused && response.status === 400)) return response;
      await response.body?.cancel().catch(() => {});
      throw new UpstreamError(describeStatus(response.status, path));
    }
  }

  private async waitOut(retryAfter: string | null) {
    const ms = retryAfterMs(retryAfter, this.now(), 30_000);
    const until = new Date(this.now() + ms).toISOString();
    const before = this.progress.state;
    this.set({ state: 'waiting', detail: `The data service asked to slow down (429); going on at ${until}.` });
    this.options.log?.(`search: 429 from the data service, waiting ${ms} ms`);
    await this.sleep(ms, this.controller.signal);
    this.checkStopped();
    this.set({ state: before, detail: undefined });
  }

  private async json(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new UpstreamError(`The data service sent ${what} as something other than JSON.`);
    }
  }

  // ── transcripts ─────────────────────────────────────────────────────────────────────────────

  private async readDue(): Promise<void> {
    const { db, concurrency } = this.options;
    this.set({ state: 'reading', detail: undefined });
    for (;;) {
      this.checkStopped();
      const due = await duePending(db, new Date(this.now()), 16);
      if (due.length === 0) return;
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          this.checkStopped();
          await this.readOne(due[next++]!);
          await breathe();
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(2, concurrency)) }, worker));
    }
  }

  /**
   * Tidies the index once a sync has stored transcripts: at its end only, since each tidying holds
   * PGlite (and the event loop) for up to a second or two at 5,000 companies (tidying every 10,000
   * transcripts of a first sync stalled the app a dozen times). Statistics are taken again when a
   * tenth of the calls or more are new, as autovacuum's default would, not for a few new calls.
   */
  private async tidy(calls: number): Promise<void> {
    const analyze = this.storedSinceAnalyze + this.storedSinceTidy >= Math.max(1, calls / 10);
    this.storedSinceAnalyze = analyze ? 0 : this.storedSinceAnalyze + this.storedSinceTidy;
    this.storedSinceTidy = 0;
    await tidy(this.options.db, analyze);
  }

  private async readOne(pending: PendingTranscript): Promise<void> {
    const { db } = this.options;
    const outcome = await this.fetchTranscript(pending);
    if (typeof outcome === 'string') {
      const attempts = pending.attempts + 1;
      const retryAt = attempts < this.options.maxAttempts ? new Date(this.now() + this.options.retryBaseMs * 4 ** (attempts - 1)) : undefined;
      await saveFailure(db, pending.id, outcome, attempts, retryAt, new Date(this.now()));
      this.options.log?.(`search: transcript ${pending.id}: ${outcome}${retryAt ? `; trying again at ${retryAt.toISOString()}` : '; giving up'}`);
      return;
    }
    await saveIndexed(db, pending.id, outcome.transcript, outcome.bytes);
    this.storedSinceTidy++;
  }

  /** The transcript read and parsed, or why not (in words). */
  private async fetchTranscript(pending: PendingTranscript) {
    if (!pending.fileUrl) return 'The transcript record has no file.';
    let address: URL;
    try {
      address = new URL(pending.fileUrl);
    } catch {
      return 'The transcript record’s file address is not an address.';
    }
    if (address.protocol !== 'https:' && address.protocol !== 'http:') return 'The transcript record’s file address is not an http(s) address.';
    // Never repeated where a visitor reads the reason: the address's password is someone's secret.
    if (address.username || address.password) return 'The transcript record’s file address carries a user name or password, which the server never sends.';
    const timeout = AbortSignal.timeout(this.options.fileTimeoutMs);
    const signal = AbortSignal.any([timeout, this.controller.signal]);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.options.file(pending.fileUrl, signal);
      } catch (error) {
        this.checkStopped();
        return timeout.aborted
          ? `The file host did not answer within ${this.options.fileTimeoutMs / 1000} s.`
          : `The file could not be read: ${(error as Error).message}`;
      }
      if (response.status === 429 && attempt < 5) {
        await response.body?.cancel().catch(() => {});
        await this.waitOut(response.headers.get('retry-after'));
        continue;
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let message = '';
        try {
          message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
        } catch {
          message = '';
        }
        return `The file host answered ${response.status}${message ? `: ${message}` : ''}.`;
      }
      let text: string | { tooLarge: true };
      try {
        text = await readCapped(response, this.options.maxBytes);
      } catch (error) {
        this.checkStopped();
        return timeout.aborted
          ? `The file did not arrive within ${this.options.fileTimeoutMs / 1000} s.`
          : `The file stopped arriving: ${(error as Error).message}`;
      }
      if (typeof text !== 'string') return `The file is larger than ${megabytes(this.options.maxBytes)} (SEARCH_MAX_TRANSCRIPT_BYTES).`;
      const parsed = parseTranscriptText(text);
      if (!parsed.ok) return parsed.error;
      return { transcript: parsed.transcript, bytes: Buffer.byteLength(text) };
    }
  }
}

export class UpstreamError extends Error {}
class BudgetSpent extends Error {}

function describeStatus(status: number, path: string): string {
  const what = path.startsWith('/companies') ? 'the companies' : path.startsWith('/document-types') ? 'a document type' : 'the transcript list';
  if (status === 401) return `The data service refused the key (401) when asked for ${what}: check API_KEY.`;
  if (status === 403) return `The key's plan does not include ${what} (403).`;
  if (status === 404) return `The data service does not know ${what} (404).`;
  if (status >= 500) return `The data service failed (${status}) when asked for ${what}.`;
  return `The data service answered ${status} when asked for ${what}.`;
}
