import { fetchCompanies, type CompanyListParams } from '../../api/companies.ts';
import { ApiError, isApiError } from '../../api/api-error.ts';
import { nextCursorOf } from '../../api/pagination.ts';
import type { Company, Page } from '../../api/schemas.ts';
import { emptyProgress, memoryIndexStore, openIndexStore, type IndexProgress, type IndexStore } from './company-index-db.ts';
import { rank, toEntry, type IndexedCompany, type SearchEntry, type SearchResult } from './rank.ts';
import { companyLabel } from '../../lib/format.ts';

/**
 * The local company index: every company (names, tickers with exchanges, ISINs), filled by paging
 * endpoint 1 at the largest page size, kept in IndexedDB, and refreshed with `updatedAfter`.
 *
 * - Resumable: each page is stored with the cursor after it, so a reload or a closed tab carries on
 *   from the last stored page instead of starting over.
 * - Patient: a 429 waits out Retry-After and carries on; network and 5xx failures back off and
 *   retry a few times, then stop with an error the user can retry.
 * - One tab at a time fills (Web Locks where the browser has them); other tabs pick up its pages.
 */

export type IndexPhase = 'idle' | 'loading' | 'filling' | 'refreshing' | 'waiting' | 'ready' | 'error' | 'limited';

export interface IndexStatus {
  phase: IndexPhase;
  /** Companies in the index now. */
  count: number;
  /** True once a full fill has finished (searches cover every company). */
  complete: boolean;
  /** While waiting: when the next attempt starts (epoch ms). */
  retryAt: number | null;
  /** Why it waits or stopped. */
  error: unknown;
  /** When the index last caught up with the service (epoch ms). */
  syncedAt: number | null;
  /** True while another tab does the filling. */
  elsewhere: boolean;
}

/**
 * A key that gets small pages whatever `limit` says (a demo key: 10 per page, 200 requests a day)
 * would spend its whole day filling the index. The fill pauses after this many such pages and
 * asks before going on.
 */
export const SMALL_PAGE_ALLOWANCE = 20;

export type FetchCompanyPage = (params: CompanyListParams, signal: AbortSignal) => Promise<Page<Company>>;

export interface CompanyIndexOptions {
  /** Where to keep the index; default IndexedDB, or memory where IndexedDB cannot open. */
  store?: () => Promise<IndexStore | null>;
  fetchPage?: FetchCompanyPage;
  /** Largest page the contract allows. */
  pageSize?: number;
  /** A complete index older than this refreshes on start. */
  refreshAfterMs?: number;
  /** Network/5xx retries per page before giving up. */
  maxRetries?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Cross-tab coordination; default navigator.locks and BroadcastChannel where present. */
  locks?: LockManager | null;
  channel?: () => BroadcastChannel | null;
}

export const MAX_PAGE_SIZE = 500;
const DEFAULT_REFRESH_AFTER_MS = 5 * 60_000;
/** Overlap for incremental refreshes: records stamped within this of the high-water mark are fetched again. */
const REFRESH_OVERLAP_MS = 1_000;
const LOCK_NAME = 'earnings-desk-company-index';
const CHANNEL_NAME = 'earnings-desk-company-index';

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Only what search needs: the index stays small however much a company record carries. */
export function pickIndexed(company: Company): IndexedCompany {
  return {
    id: company.id,
    name: company.name ?? '',
    displayName: companyLabel(company),
    country: company.country ?? '',
    tickers: company.tickers.map(({ ticker, exchange }) => ({ ticker, exchange })),
    isins: [...company.isins],
    updatedAt: company.updatedAt ?? '',
  };
}

/** Later of two updatedAt values; a value that is not a time, or lies more than a day ahead, is ignored (it would stop refreshes). */
function laterOf(a: string | null, b: string, now: number): string | null {
  const time = Date.parse(b);
  if (Number.isNaN(time) || time > now + 86_400_000) return a;
  if (a === null) return b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

export class CompanyIndex {
  private readonly entries = new Map<number, SearchEntry>();
  private list: SearchEntry[] = [];
  private listDirty = false;
  private progress: IndexProgress = emptyProgress();
  private status: IndexStatus = { phase: 'idle', count: 0, complete: false, retryAt: null, error: null, syncedAt: null, elsewhere: false };
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private running: Promise<void> | null = null;
  private store: IndexStore | null = null;
  private smallPagesAllowed = false;
  private channel: BroadcastChannel | null = null;
  private readonly options: Required<Omit<CompanyIndexOptions, 'locks' | 'channel'>> & Pick<CompanyIndexOptions, 'locks' | 'channel'>;

  constructor(options: CompanyIndexOptions = {}) {
    this.options = {
      store: options.store ?? (() => openIndexStore()),
      // Background work: the page's own reads go first on a slow connection.
      fetchPage: options.fetchPage ?? ((params, signal) => fetchCompanies(params, signal, { priority: 'low' })),
      pageSize: options.pageSize ?? MAX_PAGE_SIZE,
      refreshAfterMs: options.refreshAfterMs ?? DEFAULT_REFRESH_AFTER_MS,
      maxRetries: options.maxRetries ?? 4,
      now: options.now ?? Date.now,
      sleep: options.sleep ?? defaultSleep,
      locks: options.locks,
      channel: options.channel,
    };
  }

  // ---- reading -------------------------------------------------------------------------------

  getStatus = (): IndexStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Ranked matches for what the user typed. Records its own duration as a performance measure. */
  search(query: string, limit = 20): SearchResult {
    const started = performance.now();
    if (this.listDirty) {
      this.list = [...this.entries.values()];
      this.listDirty = false;
    }
    const result = rank(this.list, query, limit);
    recordSearchTime(started, performance.now(), this.list.length);
    return result;
  }

  /** The countries and exchanges of the indexed companies, sorted, for filter suggestions. */
  facets(): { countries: string[]; exchanges: string[] } {
    if (this.facetCache && this.facetCache.count === this.entries.size) return this.facetCache.value;
    const countries = new Set<string>();
    const exchanges = new Set<string>();
    for (const { company } of this.entries.values()) {
      if (company.country) countries.add(company.country);
      for (const t of company.tickers) if (t.exchange) exchanges.add(t.exchange);
    }
    const value = { countries: [...countries].sort(), exchanges: [...exchanges].sort((a, b) => a.localeCompare(b)) };
    this.facetCache = { count: this.entries.size, value };
    return value;
  }
  private facetCache: { count: number; value: { countries: string[]; exchanges: string[] } } | null = null;

  get size(): number {
    return this.entries.size;
  }

  // ---- running -------------------------------------------------------------------------------

  /** Loads what is stored and brings it up to date. Safe to call again: it joins the running sync. */
  start(): Promise<void> {
    if (this.running) return this.running;
    const controller = new AbortController();
    this.controller = controller;
    this.running = this.run(controller.signal).finally(() => {
      if (this.controller === controller) {
        this.controller = null;
        this.running = null;
      }
    });
    return this.running;
  }

  /** Stops fetching (the stored progress stays, so the next start resumes). */
  stop(): void {
    this.controller?.abort(new DOMException('Company index stopped', 'AbortError'));
    this.controller = null;
    this.running = null;
    this.channel?.close();
    this.channel = null;
    if (this.status.phase !== 'ready' && this.status.phase !== 'error') this.setStatus({ phase: 'idle', retryAt: null });
  }

  /** Starts again after an error, or brings a ready index up to date now. */
  refresh(): Promise<void> {
    if (this.running) return this.running;
    this.progress = { ...this.progress, syncedAt: null };
    return this.start();
  }

  /** Goes on filling with a key that gets small pages, after the analyst agreed. */
  continueWithSmallPages(): Promise<void> {
    this.smallPagesAllowed = true;
    return this.start();
  }

  /** Forgets everything stored and fills from the first page. */
  async rebuild(): Promise<void> {
    this.stop();
    const store = await this.openStore();
    await store.clear();
    this.entries.clear();
    this.listDirty = true;
    this.progress = emptyProgress();
    this.setStatus({ count: 0, complete: false, syncedAt: null, error: null });
    await this.start();
  }

  private async openStore(): Promise<IndexStore> {
    if (!this.store) this.store = (await this.options.store()) ?? memoryIndexStore();
    return this.store;
  }

  private async run(signal: AbortSignal): Promise<void> {
    try {
      this.setStatus({ phase: 'loading', error: null, retryAt: null });
      const store = await this.openStore();
      await this.reload(store);
      this.listen(store);
      const locks = this.options.locks === undefined ? (globalThis.navigator?.locks ?? null) : this.options.locks;
      if (!locks) {
        await this.sync(store, signal);
      } else {
        // Another tab holds the lock while it fills: wait for it, taking its pages as they land.
        const gotLock = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
          if (!lock) return false;
          await this.sync(store, signal);
          return true;
        });
        if (!gotLock) {
          this.setStatus({ phase: 'filling', elsewhere: true });
          await locks.request(LOCK_NAME, { signal }, async () => {
            this.setStatus({ elsewhere: false });
            await this.reload(store);
            await this.sync(store, signal);
          });
        }
      }
      this.setStatus({ phase: 'ready', retryAt: null, error: null, elsewhere: false });
    } catch (error) {
      if (isAbort(error, signal)) return;
      if (error instanceof SmallPagesPause) {
        this.setStatus({ phase: 'limited', error: null, retryAt: null, elsewhere: false });
        return;
      }
      this.setStatus({ phase: 'error', error, retryAt: null, elsewhere: false });
    }
  }

  private async reload(store: IndexStore): Promise<void> {
    const { companies, progress } = await store.load();
    this.progress = progress;
    this.upsert(companies);
    this.setStatus({ complete: progress.complete, syncedAt: progress.syncedAt });
  }

  /** Listens for pages stored by another tab. */
  private listen(store: IndexStore): void {
    if (this.channel) return;
    const make = this.options.channel ?? (() => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME)));
    this.channel = make();
    if (!this.channel) return;
    let pending = false;
    this.channel.onmessage = () => {
      if (pending) return;
      pending = true;
      // Coalesce a burst of pages into one reload.
      setTimeout(() => {
        pending = false;
        void this.reload(store).catch(() => {});
      }, 500);
    };
  }

  private async sync(store: IndexStore, signal: AbortSignal): Promise<void> {
    if (!this.progress.complete) {
      await this.fill(store, signal);
      return;
    }
    const syncedAt = this.progress.syncedAt ?? 0;
    if (this.progress.refresh || this.options.now() - syncedAt >= this.options.refreshAfterMs) await this.catchUp(store, signal);
  }

  /** The first full fill, from the stored cursor (0 on a fresh start). */
  private async fill(store: IndexStore, signal: AbortSignal): Promise<void> {
    mark('company-index-fill-start', this.entries.size);
    let cursor = this.progress.fillCursor ?? 0;
    const sent: number[] = [];
    let smallPages = 0;
    for (;;) {
      if (smallPages >= SMALL_PAGE_ALLOWANCE && !this.smallPagesAllowed) throw new SmallPagesPause();
      this.setStatus({ phase: 'filling', retryAt: null });
      let page: Page<Company>;
      try {
        page = await this.fetchPatiently({ limit: this.options.pageSize, direction: 'asc', cursor }, signal);
      } catch (error) {
        // A stored cursor the service no longer accepts: start the walk again (stored companies stay).
        if (cursor !== 0 && isApiError(error) && error.kind === 'bad-request') {
          cursor = 0;
          sent.length = 0;
          continue;
        }
        throw error;
      }
      const next = nextCursorOf(page, cursor, sent);
      sent.push(cursor);
      if (next !== undefined && page.data.length < this.options.pageSize) smallPages++;
      const records = page.data.map(pickIndexed);
      const now = this.options.now();
      const highWater = records.reduce<string | null>((max, c) => laterOf(max, c.updatedAt, now), this.progress.highWater);
      const finished = next === undefined;
      const progress: IndexProgress = {
        ...this.progress,
        fillCursor: finished ? null : next,
        complete: finished,
        highWater,
        syncedAt: finished ? this.options.now() : this.progress.syncedAt,
      };
      await this.commit(store, records, progress);
      if (finished) {
        mark('company-index-fill-end', this.entries.size);
        return;
      }
      cursor = next;
    }
  }

  /** An incremental refresh: companies updated after the newest one seen. */
  private async catchUp(store: IndexStore, signal: AbortSignal): Promise<void> {
    const resume = this.progress.refresh;
    const after = resume?.after ?? new Date(Date.parse(this.progress.highWater ?? '1970-01-01T00:00:00.000Z') - REFRESH_OVERLAP_MS).toISOString();
    let cursor = resume?.cursor ?? 0;
    const sent: number[] = [];
    for (;;) {
      this.setStatus({ phase: 'refreshing', retryAt: null });
      const page = await this.fetchPatiently({ limit: this.options.pageSize, direction: 'asc', updatedAfter: after, cursor }, signal);
      const next = nextCursorOf(page, cursor, sent);
      sent.push(cursor);
      const records = page.data.map(pickIndexed);
      const now = this.options.now();
      const highWater = records.reduce<string | null>((max, c) => laterOf(max, c.updatedAt, now), this.progress.highWater);
      const finished = next === undefined;
      const progress: IndexProgress = {
        ...this.progress,
        highWater,
        refresh: finished ? null : { after, cursor: next },
        syncedAt: finished ? this.options.now() : this.progress.syncedAt,
      };
      await this.commit(store, records, progress);
      if (finished) return;
      cursor = next;
    }
  }

  private async commit(store: IndexStore, records: IndexedCompany[], progress: IndexProgress): Promise<void> {
    await store.save(records, progress);
    this.progress = progress;
    this.upsert(records);
    this.setStatus({ complete: progress.complete, syncedAt: progress.syncedAt });
    this.channel?.postMessage({ type: 'stored', count: this.entries.size });
  }

  /** One page, waiting out 429s and backing off on network and server failures. */
  private async fetchPatiently(params: CompanyListParams, signal: AbortSignal): Promise<Page<Company>> {
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      signal.throwIfAborted();
      try {
        return await this.options.fetchPage(params, signal);
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        if (!(error instanceof ApiError)) throw error;
        let waitMs: number;
        if (error.kind === 'rate-limited') {
          // The service says how long; without a header wait a little longer each time.
          waitMs = error.retryAfter !== undefined ? error.retryAfter * 1000 : Math.min(60_000, 2_000 * 2 ** rateLimited);
          rateLimited++;
          if (rateLimited > 30) throw error;
        } else if (error.kind === 'network' || error.kind === 'server' || error.kind === 'timeout' || error.kind === 'malformed') {
          if (failures >= this.options.maxRetries) throw error;
          waitMs = Math.min(30_000, 1_000 * 2 ** failures);
          failures++;
        } else {
          throw error;
        }
        this.setStatus({ phase: 'waiting', retryAt: this.options.now() + waitMs, error });
        await this.options.sleep(waitMs, signal);
      }
    }
  }

  private upsert(companies: readonly IndexedCompany[]): void {
    if (companies.length === 0) return;
    for (const company of companies) this.entries.set(company.id, toEntry(company));
    this.listDirty = true;
    this.setStatus({ count: this.entries.size });
  }

  private setStatus(patch: Partial<IndexStatus>): void {
    const next = { ...this.status, ...patch };
    const changed = (Object.keys(patch) as (keyof IndexStatus)[]).some((key) => next[key] !== this.status[key]);
    if (!changed) return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }
}

class SmallPagesPause extends Error {}

/** Search durations, for `npm run bench`: the last few hundred, as performance measures. */
const SEARCH_MEASURE = 'company-search';
let measures = 0;
function recordSearchTime(start: number, end: number, size: number): void {
  if (typeof performance.measure !== 'function') return;
  if (++measures > 500) {
    performance.clearMeasures(SEARCH_MEASURE);
    measures = 1;
  }
  try {
    performance.measure(SEARCH_MEASURE, { start, end, detail: { size } });
  } catch {
    // Older engines without the options form: the figure is only for benchmarks.
  }
}

/** Marks on the performance timeline, for `npm run bench`. */
function mark(name: string, count: number): void {
  try {
    performance.mark(name, { detail: { count } });
  } catch {
    // Engines without mark options: the figure is only for benchmarks.
  }
}

let appIndex: CompanyIndex | null = null;

/** The app's one index (created on first use). */
export function getCompanyIndex(): CompanyIndex {
  appIndex ??= new CompanyIndex();
  return appIndex;
}
