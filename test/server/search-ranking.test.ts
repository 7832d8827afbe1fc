import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSearchConfig } from '../../server/search/config.ts';
import { createSearchService, type SearchService, type SearchServiceOptions } from '../../server/search/service.ts';
import { getJson, sandboxUpstream, type Query } from './search-upstream.ts';

/**
 * What the transcript search promises about order, date bounds and waiting, checked against a
 * small sandbox read by hand (as in search.test.ts): relevance is the number of matching passages,
 * most first across every page; `from`/`to` bounds hold to the millisecond; a 429's Retry-After
 * given as a date is waited exactly, on the service's injected clock.
 */

const NOW = '2026-11-21T12:00:00Z';
const sandbox = createSandbox({ seed: 'search-ranking', companies: 6, now: NOW, clockRate: 0 });

const upstream = sandboxUpstream(sandbox);

let sources = 0;
function makeService(overrides: Partial<Omit<SearchServiceOptions, 'config'>> = {}, env: Record<string, string> = {}): SearchService {
  const problems: string[] = [];
  const config = readSearchConfig({ SEARCH_DATA_DIR: 'memory', ...env }, false, problems);
  expect(problems).toEqual([]);
  return createSearchService({ config, source: `ranking-${process.pid}-${++sources}`, ...upstream, log: () => {}, ...overrides });
}

const get = getJson;

async function listAll(path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor = 0;
  for (;;) {
    const page = (await (await upstream.api(path, { limit: 500, cursor, expand: 'event' })).json()) as any;
    items.push(...page.data);
    if (page.pagination.nextCursor === null || page.data.length === 0) return items;
    cursor = page.pagination.nextCursor;
  }
}

/** Every call's paragraphs, read from its transcript file (the edited one where a call has both). */
const paragraphsByEvent = new Map<number, string[]>();
/** Every call's date as the search reads it (the two on the edge moved there), and the transcript it is searched by. */
const dateByEvent = new Map<number, string>();
const transcriptByEvent = new Map<number, number>();

/** Two calls the data service is made to date exactly on a day's edge (see `edges`). */
const EDGE_BEFORE = '2026-09-30T23:59:59.999Z';
const EDGE_AT = '2026-10-01T00:00:00.000Z';
let before = 0;
let at = 0;

/** The transcript list with the two chosen calls moved onto the edge of 1 October 2026 (UTC). */
async function withEdges(path: string, query: Query): Promise<Response> {
  const response = await upstream.api(path, query);
  if (path !== '/documents/transcripts' || !response.ok) return response;
  const body = (await response.json()) as any;
  for (const doc of body.data) {
    if (doc.eventId === before) doc.event.date = EDGE_BEFORE;
    if (doc.eventId === at) doc.event.date = EDGE_AT;
  }
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let service: SearchService;

beforeAll(async () => {
  const docs = await listAll('/documents/transcripts');
  const byEvent = new Map<number, any[]>();
  for (const doc of docs) byEvent.set(doc.eventId, [...(byEvent.get(doc.eventId) ?? []), doc]);
  for (const doc of docs) dateByEvent.set(doc.eventId, new Date(doc.event.date).toISOString());
  for (const [eventId, list] of byEvent) {
    const chosen = list.find((doc) => doc.typeId === 15) ?? list[0];
    transcriptByEvent.set(eventId, chosen.id);
    const file = (await (await upstream.file(chosen.fileUrl, new AbortController().signal)).json()) as any;
    paragraphsByEvent.set(
      eventId,
      file.transcript.paragraphs.map((paragraph: any) => paragraph.sentences.map((sentence: any) => sentence.text).join(' ')),
    );
  }
  // The two calls on the edge: the lowest event ids that say "margin", so both match the searches below.
  const saying = [...paragraphsByEvent].filter(([, paragraphs]) => paragraphs.some((text) => /\bmargins?\b/i.test(text))).map(([id]) => id);
  saying.sort((a, b) => a - b);
  expect(saying.length).toBeGreaterThan(1);
  before = saying[0]!;
  at = saying[1]!;
  dateByEvent.set(before, EDGE_BEFORE);
  dateByEvent.set(at, EDGE_AT);
  service = makeService({ api: withEdges });
  await service.whenSynced();
}, 120_000);
afterAll(() => service?.close());

/** Passages (paragraphs) that say margin or margins, per call: what relevance counts. */
function marginCounts(): Map<number, number> {
  const counts = new Map<number, number>();
  for (const [eventId, paragraphs] of paragraphsByEvent) {
    const count = paragraphs.filter((text) => /\bmargins?\b/i.test(text)).length;
    if (count > 0) counts.set(eventId, count);
  }
  return counts;
}

describe('search by relevance', () => {
  it('puts the calls with the most matching passages first, within a page and across pages', async () => {
    const counts = marginCounts();
    const expected = [...counts.values()].sort((a, b) => b - a);
    // Enough calls over several pages, and counts that differ, so an order can be wrong.
    expect(counts.size).toBeGreaterThan(9);
    expect(new Set(expected).size).toBeGreaterThan(2);

    const seen: { eventId: number; hits: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await get(service, `/api/search?q=margin&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      seen.push(...body.calls.map((call: any) => ({ eventId: call.eventId, hits: call.hits })));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(3);
    // Each call's count is the one read by hand, and the counts never rise from first to last.
    for (const { eventId, hits } of seen) expect({ eventId, hits }).toEqual({ eventId, hits: counts.get(eventId) });
    expect(seen.map((call) => call.hits)).toEqual(expected);
  });
});

describe('the index status', () => {
  it('counts the bytes of every month of the passages table, besides the other tables', async () => {
    const { body } = await get(service, '/api/search/status');
    // The months' partitions, read from the catalog on their own.
    const [months] = await service.db!.query<{ bytes: string; n: string }>(
      `select sum(pg_total_relation_size(i.inhrelid))::text as bytes, count(*)::text as n from pg_inherits i where i.inhparent = 'search_matches'::regclass`,
    );
    const [paragraphs] = await service.db!.query<{ bytes: string }>(`select pg_total_relation_size('search_paragraphs')::text as bytes`);
    expect(Number(months!.n)).toBeGreaterThan(10);
    expect(body.bytes).toBeGreaterThan(Number(months!.bytes) + Number(paragraphs!.bytes));
  });
});

describe('search dates: `from` and `to`', () => {
  const found = async (query: string) => {
    const { status, body } = await get(service, `/api/search?q=margin&eventIds=${before},${at}&${query}`);
    expect(status).toBe(200);
    return body.calls.map((call: any) => call.eventId).sort((a: number, b: number) => a - b);
  };

  it('a day includes all of that day (UTC) and nothing of the next, at either end', async () => {
    expect(before).toBeLessThan(at);
    expect(await found('')).toEqual([before, at]);
    // One call at 23:59:59.999 on 30 September, one at 00:00:00.000 on 1 October.
    expect(await found('to=2026-09-30')).toEqual([before]);
    expect(await found('to=2026-10-01')).toEqual([before, at]);
    expect(await found('from=2026-10-01')).toEqual([at]);
    expect(await found('from=2026-09-30&to=2026-09-30')).toEqual([before]);
    expect(await found('from=2026-10-01&to=2026-10-01')).toEqual([at]);
  });

  it('a time is a bound to the millisecond: `from` includes it, `to` does not', async () => {
    expect(await found('to=2026-10-01T00:00:00Z')).toEqual([before]);
    expect(await found('to=2026-10-01T00:00:00.001Z')).toEqual([before, at]);
    expect(await found('from=2026-10-01T00:00:00Z')).toEqual([at]);
    expect(await found('from=2026-09-30T23:59:59.999Z')).toEqual([before, at]);
    expect(await found('from=2026-10-01T02:00:00%2B02:00')).toEqual([at]);
  });
});

describe('a 429 whose Retry-After is a date', () => {
  it('waits exactly until that time on the service clock', async () => {
    const waits: number[] = [];
    let limited = 0;
    const waiting = makeService(
      {
        // 15:20:00.250 on the service's clock; the data service says: not before 15:20:42.
        now: () => Date.parse('2026-11-23T15:20:00.250Z'),
        api: (path, query) => {
          if (path === '/documents/transcripts' && limited++ === 0) {
            return Promise.resolve(
              new Response('{"statusCode":429,"message":"Too Many Requests"}', { status: 429, headers: { 'retry-after': 'Mon, 23 Nov 2026 15:20:42 GMT' } }),
            );
          }
          return upstream.api(path, query);
        },
        ingest: {
          sleep: (ms) => {
            waits.push(ms);
            return Promise.resolve();
          },
        },
      },
      { SEARCH_SCOPE_COMPANY_IDS: '2' },
    );
    await waiting.whenSynced();
    expect(waits[0]).toBe(41_750);
    const { body } = await get(waiting, '/api/search/status');
    expect(body.state).toBe('idle');
    expect(body.transcripts.indexed).toBeGreaterThan(0);
    await waiting.close();
  });
});

describe('a word said in most calls: the newest months are counted, and say so', () => {
  // A cap of 50 passages: "margin" is said in more, so a page counts the newest months until it
  // has read 50 passages or a quarter of 50 in calls (the newest month first, then as many months
  // as it expects to need at the rate found so far), and ranks those calls.
  let capped: SearchService;
  beforeAll(async () => {
    capped = makeService({ api: withEdges }, { SEARCH_READ_CAP: '50' });
    await capped.whenSynced();
  }, 120_000);
  afterAll(() => capped?.close());

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  // What a page counts here: November (32 passages), then October and September together (6 and
  // 6), where the calls read pass a quarter of the cap (12.5); 44 passages since 1 September.
  const SINCE = '2026-09-01T00:00:00.000Z';
  const HITS = 44;

  it('ranks the calls since the month it stopped at, and says the totals are at least these', async () => {
    const counts = marginCounts();
    // Pages of 5, as a narrow list asks: every page ranks the same calls.
    const ranked: [number, number][] = [];
    const totals: unknown[] = [];
    let cursor: string | null = null;
    do {
      const { status, body }: { status: number; body: any } = await get(capped, `/api/search?q=margin&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      ranked.push(...body.calls.map((call: any): [number, number] => [call.eventId, call.hits]));
      totals.push(body.totals);
      cursor = body.nextCursor;
    } while (cursor);
    const counted = [...counts].filter(([eventId]) => dateByEvent.get(eventId)! >= SINCE);
    expect(sum(counted.map(([, hits]) => hits))).toBe(HITS);
    for (const each of totals) expect(each).toEqual({ calls: counted.length, hits: HITS, complete: false, since: SINCE });
    // The calls of those months, most mentions first, each with the count read by hand.
    expect([...ranked].sort()).toEqual(counted.sort());
    const hits = ranked.map(([, count]) => count);
    expect(hits).toEqual([...hits].sort((a, b) => b - a));
    // Older calls say it too, and are not ranked.
    expect(counts.size).toBeGreaterThan(counted.length);
  });

  it('counts every call when asked (totals=all), as a saved search does', async () => {
    const counts = marginCounts();
    const { body } = await get(capped, '/api/search?q=margin&limit=1&totals=all');
    expect(body.totals).toEqual({ calls: counts.size, hits: sum([...counts.values()]), complete: true });
  });

  it('newest first, pages go on past the months counted, to the oldest call', async () => {
    const counts = marginCounts();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { status, body }: { status: number; body: any } = await get(capped, `/api/search?q=margin&sort=date&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      seen.push(...body.calls.map((call: any) => call.eventId));
      cursor = body.nextCursor;
    } while (cursor);
    const newestFirst = [...counts.keys()].sort(
      (a, b) => dateByEvent.get(b)!.localeCompare(dateByEvent.get(a)!) || transcriptByEvent.get(b)! - transcriptByEvent.get(a)!,
    );
    expect(seen).toEqual(newestFirst);
  });

  it('a cursor of the counted reading is refused by the reading of every match', async () => {
    const { body } = await get(capped, '/api/search?q=margin&sort=date&limit=5');
    const { status, body: refused } = await get(capped, `/api/search?q=margin&sort=date&limit=5&totals=all&cursor=${body.nextCursor}`);
    expect(status).toBe(400);
    expect(JSON.stringify(refused)).toContain('cursor');
    const { status: bad, body: unknown } = await get(capped, '/api/search?q=margin&totals=some');
    expect(bad).toBe(400);
    expect(JSON.stringify(unknown)).toContain('totals must be all');
  });

  it('a filter by company counts every match: a company says it in few calls', async () => {
    const { body } = await get(capped, `/api/search?q=margin&companyIds=1,2,3,4,5,6&limit=1`);
    expect(body.totals.complete).toBe(true);
    expect(body.totals.calls).toBe(marginCounts().size);
  });
});
