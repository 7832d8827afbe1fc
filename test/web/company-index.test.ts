import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCompanies } from '../../src/api/companies.ts';
import { CompanyIndex, type FetchCompanyPage, type IndexStatus } from '../../src/features/company-search/company-index.ts';
import { emptyProgress, openIndexStore } from '../../src/features/company-search/company-index-db.ts';
import { sandbox, sandboxJson, SANDBOX_COMPANIES, seenRequests, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

/** A fresh IndexedDB (one per test: what one browser profile would hold). */
function freshDb() {
  return new IDBFactory();
}

interface Harness {
  index: CompanyIndex;
  requests: URLSearchParams[];
  sleeps: number[];
  phases: IndexStatus['phase'][];
}

function makeIndex(
  db: IDBFactory,
  options: { pageSize?: number; now?: () => number; refreshAfterMs?: number; onPage?: (n: number, index: CompanyIndex) => void } = {},
): Harness {
  const requests: URLSearchParams[] = [];
  const sleeps: number[] = [];
  const phases: IndexStatus['phase'][] = [];
  let pages = 0;
  const fetchPage: FetchCompanyPage = async (params, signal) => {
    const page = await fetchCompanies(params, signal);
    requests.push(new URL(seenRequests.at(-1)!).searchParams);
    pages++;
    options.onPage?.(pages, index);
    return page;
  };
  const index: CompanyIndex = new CompanyIndex({
    store: () => openIndexStore(db),
    fetchPage,
    pageSize: options.pageSize ?? 10,
    now: options.now,
    refreshAfterMs: options.refreshAfterMs,
    locks: null,
    channel: () => null,
    // Waits are recorded, not slept: the test checks what the index waited for.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  index.subscribe(() => {
    const phase = index.getStatus().phase;
    if (phases.at(-1) !== phase) phases.push(phase);
  });
  return { index, requests, sleeps, phases };
}

const restore: (() => void)[] = [];
afterEach(() => {
  while (restore.length) restore.pop()!();
});

describe('company index: fill', () => {
  it('pages through endpoint 1 at the page size it asks for, until the last page, and searches every company', async () => {
    const { index, requests } = makeIndex(freshDb(), { pageSize: 10 });
    await index.start();
    const status = index.getStatus();
    expect(status.phase).toBe('ready');
    expect(status.complete).toBe(true);
    expect(status.count).toBe(SANDBOX_COMPANIES);
    expect(requests).toHaveLength(Math.ceil(SANDBOX_COMPANIES / 10));
    expect(requests.every((q) => q.get('limit') === '10')).toBe(true);
    // Every cursor was one the service handed out (the first page sends none).
    expect(requests[0]!.get('cursor')).toBeNull();

    const some = sandbox.store.companies[37]!;
    expect(index.search(some.displayName).hits[0]!.company.id).toBe(some.id);
    expect(index.search(some.isins[0]!).hits[0]!.company.id).toBe(some.id);
  });

  it('asks for the largest page the contract allows by default', async () => {
    const db = freshDb();
    const requests: string[] = [];
    const index = new CompanyIndex({
      store: () => openIndexStore(db),
      locks: null,
      channel: () => null,
      fetchPage: (params, signal) => {
        requests.push(String(params.limit));
        return fetchCompanies(params, signal);
      },
    });
    await index.start();
    expect(requests).toEqual(['500']);
    expect(index.size).toBe(SANDBOX_COMPANIES);
  });

  it('keeps the index in IndexedDB: a new visit searches at once without asking the service again', async () => {
    const db = freshDb();
    await makeIndex(db).index.start();
    const again = makeIndex(db, { refreshAfterMs: 60 * 60_000 });
    await again.index.start();
    expect(again.requests).toHaveLength(0);
    expect(again.index.getStatus()).toMatchObject({ phase: 'ready', complete: true, count: SANDBOX_COMPANIES });
  });
});

describe('company index: resume', () => {
  it('a closed tab resumes after the last stored page instead of starting over', async () => {
    const db = freshDb();
    // The first visit ends (tab closed) after three pages.
    const first = makeIndex(db, { onPage: (n, index) => n === 3 && index.stop() });
    await first.index.start();
    expect(first.requests).toHaveLength(3);
    expect(first.index.getStatus().complete).toBe(false);

    const second = makeIndex(db);
    await second.index.start();
    // It starts with the companies already stored and asks only for the pages it lacks.
    expect(second.requests[0]!.get('cursor')).not.toBeNull();
    // No page is fetched twice: together the two visits made exactly the requests of one fill.
    const cursors = [...first.requests, ...second.requests].map((q) => q.get('cursor'));
    expect(new Set(cursors).size).toBe(cursors.length);
    expect(cursors).toHaveLength(Math.ceil(SANDBOX_COMPANIES / 10));
    expect(second.index.getStatus()).toMatchObject({ phase: 'ready', complete: true, count: SANDBOX_COMPANIES });
  });

  it('a 429 waits out Retry-After, shows that it waits, then carries on from the same page', async () => {
    sandbox.faults.add({ kind: '429', scope: 'api', match: '/companies', times: 1, retryAfter: 3 });
    const { index, sleeps, phases, requests } = makeIndex(freshDb());
    await index.start();
    expect(sleeps).toEqual([3_000]);
    expect(phases).toContain('waiting');
    expect(index.getStatus()).toMatchObject({ phase: 'ready', complete: true, count: SANDBOX_COMPANIES });
    expect(requests).toHaveLength(Math.ceil(SANDBOX_COMPANIES / 10));
  });

  it('backs off on server errors, and after a few failures stops with an error that Retry resumes', async () => {
    sandbox.faults.add({ kind: '503', scope: 'api', match: '/companies', times: 5 });
    const db = freshDb();
    const { index, sleeps } = makeIndex(db);
    await index.start();
    expect(sleeps).toEqual([1_000, 2_000, 4_000, 8_000]);
    const status = index.getStatus();
    expect(status.phase).toBe('error');
    expect(status.count).toBe(0);

    // The fault is used up: Retry fills the index.
    await index.refresh();
    expect(index.getStatus()).toMatchObject({ phase: 'ready', complete: true, count: SANDBOX_COMPANIES });
  });

  it('does not retry what retrying cannot fix (401)', async () => {
    sandbox.faults.add({ kind: '401', scope: 'api', match: '/companies', times: 1 });
    const { index, sleeps } = makeIndex(freshDb());
    await index.start();
    expect(sleeps).toEqual([]);
    expect(index.getStatus().phase).toBe('error');
  });
});

describe('company index: a key that gets small pages', () => {
  it("pauses after a few small pages instead of spending a demo key's daily requests, and goes on when asked", async () => {
    // The service answers 2 per page whatever limit says; the index asked for 10.
    const db = freshDb();
    const requests: number[] = [];
    const index = new CompanyIndex({
      store: () => openIndexStore(db),
      locks: null,
      channel: () => null,
      pageSize: 10,
      fetchPage: (params, signal) => {
        requests.push(params.cursor ?? 0);
        return fetchCompanies({ ...params, limit: 2 }, signal);
      },
    });
    await index.start();
    // 20 pages (as the README promises), then it asks.
    expect(index.getStatus()).toMatchObject({ phase: 'limited', count: 40, complete: false });
    expect(requests).toHaveLength(20);

    await index.continueWithSmallPages();
    expect(index.getStatus()).toMatchObject({ phase: 'ready', complete: true, count: SANDBOX_COMPANIES });
    expect(requests).toHaveLength(SANDBOX_COMPANIES / 2);
  });
});

describe('company index: incremental refresh', () => {
  it('asks only for companies updated since the newest one it holds, and picks up their changes', async () => {
    const db = freshDb();
    let now = Date.parse('2026-11-21T12:00:00Z');
    await makeIndex(db, { now: () => now }).index.start();

    // Upstream, a company is renamed.
    const company = sandbox.store.companies[11]!;
    const before = { displayName: company.displayName, updatedAt: company.updatedAt };
    restore.push(() => Object.assign(company, before));
    const newest = Math.max(...sandbox.store.companies.map((c) => c.updatedAt));
    Object.assign(company, { displayName: 'Zephyrine Quantum Holdings', updatedAt: newest + 60_000 });

    now += 10 * 60_000; // later than the refresh interval
    const { index, requests } = makeIndex(db, { now: () => now, refreshAfterMs: 5 * 60_000 });
    await index.start();
    expect(requests).toHaveLength(1);
    const after = requests[0]!.get('updatedAfter');
    expect(after).not.toBeNull();
    // The bound is the newest updatedAt seen (with a second of overlap), not the start of time.
    expect(Date.parse(after!)).toBe(newest - 1_000);
    expect(index.search('zephyrine').hits[0]!.company.id).toBe(company.id);
    expect(index.size).toBe(SANDBOX_COMPANIES);
  });

  it('does not ask again while the index is fresh', async () => {
    const db = freshDb();
    const now = Date.parse('2026-11-21T12:00:00Z');
    await makeIndex(db, { now: () => now }).index.start();
    const { index, requests } = makeIndex(db, { now: () => now + 60_000, refreshAfterMs: 5 * 60_000 });
    await index.start();
    expect(requests).toHaveLength(0);
  });
});

describe('company index: what the sandbox serves', () => {
  it('matches the service: the index holds exactly the companies endpoint 1 lists', async () => {
    const { index } = makeIndex(freshDb(), { pageSize: 25 });
    await index.start();
    const listed = await sandboxJson<{ data: { id: number }[] }>('/companies?limit=500');
    const ids = listed.data.map((c) => c.id).sort((a, b) => a - b);
    const found = ids.filter((id) => index.search(String(sandbox.store.companies[id - 1]!.isins[0])).hits[0]?.company.id === id);
    expect(found).toEqual(ids);
  });
});

describe('company index: storage', () => {
  it('stores a page larger than one write slice whole, with its cursor, and a new visit loads all of it', async () => {
    const db = freshDb();
    const page = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      name: `Company ${i + 1}`,
      displayName: `Company ${i + 1}`,
      country: 'NO',
      tickers: [{ ticker: `C${i + 1}`, exchange: 'XOSL' }],
      isins: [],
      updatedAt: '2026-11-01T00:00:00.000Z',
    }));
    const store = (await openIndexStore(db))!;
    await store.save(page, { ...emptyProgress(), fillCursor: 250 });
    store.close();

    const reopened = (await openIndexStore(db))!;
    const { companies, progress } = await reopened.load();
    expect(companies).toHaveLength(250);
    expect(companies[0]).toEqual(page[0]);
    expect(companies[249]).toMatchObject({ id: 250, name: 'Company 250', tickers: [{ ticker: 'C250', exchange: 'XOSL' }] });
    expect(progress.fillCursor).toBe(250);
    reopened.close();
  });
});

describe('company index: in the background', () => {
  it("asks for its pages at low priority, so a page's own reads go first; other reads keep the browser's default", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    restore.push(() => fetchSpy.mockRestore());
    const index = new CompanyIndex({ store: () => openIndexStore(freshDb()), locks: null, channel: () => null });
    await index.start();
    await fetchCompanies({ limit: 5 });

    const calls = fetchSpy.mock.calls.map(([input, init]) => ({ url: String(input), priority: init?.priority }));
    expect(calls).toEqual([
      { url: expect.stringContaining('/public/v3/companies?limit=500&direction=asc'), priority: 'low' },
      { url: expect.stringContaining('/public/v3/companies?limit=5'), priority: undefined },
    ]);
    expect(index.size).toBe(SANDBOX_COMPANIES);
  });
});
