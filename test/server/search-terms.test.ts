import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSearchConfig } from '../../server/search/config.ts';
import { createSearchService, type SearchService, type SearchServiceOptions } from '../../server/search/service.ts';
import { getJson, sandboxUpstream } from './search-upstream.ts';

/**
 * The term history (GET /api/search/terms): of a company's last calls in the index, how many said
 * each term, a term counted as the search for it in quotation marks finds it.
 *
 * The expected counts are read off the sandbox by hand. With seed "search-tests" (12 companies, at
 * 2026-11-21T12:00Z), company 4's earnings calls (types 26-29: Q1-Q4), newest first, and the
 * recorded call each speaks (server/sandbox/media/calls/call-N/script.json):
 *
 *   event 154  2026-07-20 14:00  call-6 (AI, data center)
 *   event 129  2026-04-20 14:00  call-5 (destocking, inventory)
 *   event 120  2026-02-02 14:00  call-4 (tariffs)
 *   event 105  2025-10-16 14:30  call-3 (buybacks)
 *   event  93  2025-07-17 14:00  call-1 (guidance raised)
 *   event  71  2025-04-15 14:00  call-2 (inventory)
 *   event  62  2025-01-29 14:00  call-5
 *   event  52  2024-10-21 14:00  call-2
 *   event  37  2024-07-22 14:00  call-3
 *   event   5  2024-04-22 14:00  call-5
 * and beside them its AGMs (type 4): event 138 on 2026-05-17 (call-4, tariffs) and event 85 on
 * 2025-06-01 (call-6). Company 5's last eight earnings calls speak call-6, 4, 1, 3, 1, 2, 5, 2.
 * (No company speaks the same call in consecutive quarters: server/sandbox/data/generate.ts, pickCall.)
 *
 * Which recorded calls say what (by reading the scripts): "gross margin" and "free cash flow" every
 * call but call-7; guidance and "operating margin" every call; "data center" call-6; destocking
 * call-5; tariffs call-4; inventory calls 2 and 5; buybacks calls 3 and 7.
 * When the sandbox's calls or their assignment change, these counts are read again the same way.
 */

const NOW = '2026-11-21T12:00:00Z';
const sandbox = createSandbox({ seed: 'search-tests', companies: 12, now: NOW, clockRate: 0 });
const upstream = sandboxUpstream(sandbox);
const EARNINGS = '26,27,28,29';

let sources = 0;
function makeService(overrides: Partial<Omit<SearchServiceOptions, 'config'>> = {}): SearchService {
  const problems: string[] = [];
  const config = readSearchConfig({ SEARCH_DATA_DIR: 'memory', SEARCH_SCOPE_COMPANY_IDS: '4,5' }, false, problems);
  expect(problems).toEqual([]);
  return createSearchService({ config, source: `terms-tests-${process.pid}-${++sources}`, ...upstream, log: () => {}, ...overrides });
}

const terms = (list: string[]) => list.map(encodeURIComponent).join(',');

describe('the term history', () => {
  let service: SearchService;
  beforeAll(async () => {
    service = makeService();
    await service.whenSynced();
  }, 60_000);
  afterAll(() => service?.close());

  it("counts the company's last eight calls of the kind that said each term, as its search in quotation marks finds them", async () => {
    const { status, body } = await getJson(
      service,
      `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&terms=${terms(['gross margin', 'operating margin', 'Data Center', 'destocking', 'tariffs', 'guidance', 'inventories', 'buyback', 'free cash flow'])}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      calls: 8,
      terms: [
        { term: 'gross margin', calls: 8 },
        { term: 'operating margin', calls: 8 },
        { term: 'Data Center', calls: 1 },
        { term: 'destocking', calls: 2 },
        { term: 'tariffs', calls: 1 },
        { term: 'guidance', calls: 8 },
        { term: 'inventories', calls: 4 },
        { term: 'buyback', calls: 1 },
        { term: 'free cash flow', calls: 8 },
      ],
    });
  });

  it('agrees with the search for each term in quotation marks over the same calls', async () => {
    // The last eight earnings calls run from event 52 (2024-10-21) to event 154.
    const history = await getJson(
      service,
      `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&terms=${terms(['operating margin', 'inventories', 'data center'])}`,
    );
    for (const [q, term] of [
      ['"operating margin"', 'operating margin'],
      ['"inventories"', 'inventories'],
      ['"data center"', 'data center'],
    ]) {
      const search = await getJson(service, `/api/search?q=${encodeURIComponent(q!)}&companyIds=4&typeIds=${EARNINGS}&from=2024-10-21`);
      expect(history.body.terms.find((entry: { term: string }) => entry.term === term).calls).toBe(search.body.totals.calls);
    }
  });

  it('answers with the search answers’ Cache-Control', async () => {
    const response = await service.handle(new Request(`http://app.test/api/search/terms?companyId=4&terms=tariffs`));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('counts only calls on or before until: a bare date takes in that whole day, a time everything up to it', async () => {
    const ask = async (until: string) =>
      (await getJson(service, `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&calls=3&until=${encodeURIComponent(until)}&terms=tariffs,inventory`)).body;
    // Events 120, 105, 93: call-4, call-3, call-1.
    const throughTheDay = {
      calls: 3,
      terms: [
        { term: 'tariffs', calls: 1 },
        { term: 'inventory', calls: 0 },
      ],
    };
    expect(await ask('2026-02-02')).toEqual(throughTheDay);
    expect(await ask('2026-02-02T14:00:00Z')).toEqual(throughTheDay);
    // A second before event 120: events 105, 93, 71 (call-3, call-1, call-2).
    expect(await ask('2026-02-02T13:59:59Z')).toEqual({
      calls: 3,
      terms: [
        { term: 'tariffs', calls: 0 },
        { term: 'inventory', calls: 1 },
      ],
    });
  });

  it('counts every kind of call without eventTypes, and no more calls than the index holds', async () => {
    // Events 154, 138 (AGM, call-4), 129, 120, 105, 93, 85 (AGM, call-6), 71.
    const all = await getJson(service, `/api/search/terms?companyId=4&until=2026-07-20&terms=tariffs,${terms(['data center'])},destocking`);
    expect(all.body).toEqual({
      calls: 8,
      terms: [
        { term: 'tariffs', calls: 2 },
        { term: 'data center', calls: 2 },
        { term: 'destocking', calls: 1 },
      ],
    });
    // Company 4 has ten earnings calls.
    const twenty = await getJson(service, `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&calls=20&terms=destocking,${terms(['data center'])}`);
    expect(twenty.body).toEqual({
      calls: 10,
      terms: [
        { term: 'destocking', calls: 3 },
        { term: 'data center', calls: 1 },
      ],
    });
  });

  it("counts only the company's own calls", async () => {
    const { body } = await getJson(service, `/api/search/terms?companyId=5&eventTypes=${EARNINGS}&terms=tariffs,${terms(['data center'])},inventory`);
    expect(body).toEqual({
      calls: 8,
      terms: [
        { term: 'tariffs', calls: 1 },
        { term: 'data center', calls: 1 },
        { term: 'inventory', calls: 3 },
      ],
    });
    const none = await getJson(service, '/api/search/terms?companyId=999&terms=tariffs');
    expect(none.body).toEqual({ calls: 0, terms: [{ term: 'tariffs', calls: 0 }] });
  });

  it('answers each term once, trimmed, and leaves out a term of only common words, which no search can find', async () => {
    const { body } = await getJson(service, `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&terms=${terms([' tariffs ', 'the', 'tariffs', 'of the'])}`);
    expect(body).toEqual({ calls: 8, terms: [{ term: 'tariffs', calls: 1 }] });
  });

  it.each([
    ['terms=tariffs', 'companyId', 'Give the company as companyId'],
    ['companyId=0&terms=tariffs', 'companyId', 'companyId must be a company id (a whole number from 1); "0" is not one'],
    ['companyId=4,5&terms=tariffs', 'companyId', 'companyId must be a company id (a whole number from 1); "4,5" is not one'],
    ['companyId=4', 'terms', 'Give the terms to count as terms: words or phrases separated by commas'],
    ['companyId=4&terms=', 'terms', 'Give the terms to count as terms: words or phrases separated by commas'],
    ['companyId=4&terms=tariffs,,guidance', 'terms', 'terms must each be 1 to 60 characters; term 2 is empty'],
    [`companyId=4&terms=${'a'.repeat(61)}`, 'terms', `terms must each be 1 to 60 characters; “${'a'.repeat(40)}…” has 61`],
    [`companyId=4&terms=${Array.from({ length: 51 }, (_, i) => `w${i}`).join(',')}`, 'terms', 'terms takes at most 50 terms; 51 were given'],
    ['companyId=4&terms=%22gross%20margin%22', 'terms', '“"gross margin"” is not a term: a term is words as said, without quotation marks or *.'],
    ['companyId=4&terms=guid*', 'terms', '“guid*” is not a term: a term is words as said, without quotation marks or *.'],
    ['companyId=4&terms=%25', 'terms', '“%” is not a term: it has no word in it.'],
    [
      `companyId=4&terms=${encodeURIComponent("margin'; drop table search_matches; --")}`,
      'terms',
      '“;” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.',
    ],
    [
      'companyId=4&terms=tariffs&eventTypes=earnings',
      'eventTypes',
      'eventTypes must be whole numbers from 1 to 2147483647 separated by commas; "earnings" is not one',
    ],
    ['companyId=4&terms=tariffs&until=last+quarter', 'until', 'until must be a date such as 2026-10-01 or a time such as 2026-10-01T09:00:00Z'],
    ['companyId=4&terms=tariffs&until=9999-12-31', 'until', 'until must be between 1900-01-01 and 2199-12-31'],
    ['companyId=4&terms=tariffs&calls=21', 'calls', 'calls must be a whole number from 1 to 20'],
    ['companyId=4&terms=tariffs&calls=0', 'calls', 'calls must be a whole number from 1 to 20'],
    ['companyId=4&terms=tariffs&q=margin', 'q', 'property q should not exist'],
  ])('answers 400 naming the parameter: %s', async (query, field, message) => {
    const response = await service.handle(new Request(`http://app.test/api/search/terms?${query}`));
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: [{ field, message }] });
  });

  it('still has its tables after a term full of SQL', async () => {
    await getJson(service, `/api/search/terms?companyId=4&terms=${encodeURIComponent("tariffs' or 1=1")}`);
    const { body } = await getJson(service, `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&terms=tariffs`);
    expect(body).toEqual({ calls: 8, terms: [{ term: 'tariffs', calls: 1 }] });
  });
});

describe('the term history before the index holds every call', () => {
  it('answers 503 with Retry-After until the first sync has ended, then counts', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const service = makeService({ file: async (url, signal) => (await held, upstream.file(url, signal)) });
    const early = await service.handle(new Request(`http://app.test/api/search/terms?companyId=4&eventTypes=${EARNINGS}&terms=tariffs`));
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('10');
    expect(early.headers.get('cache-control')).toBe('no-store');
    expect(await early.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The search index is still being built: how often a term was said is counted once it holds every call. Try again in a moment.',
    });
    release();
    await service.whenSynced();
    const { status, body } = await getJson(service, `/api/search/terms?companyId=4&eventTypes=${EARNINGS}&terms=destocking`);
    expect(status).toBe(200);
    expect(body).toEqual({ calls: 8, terms: [{ term: 'destocking', calls: 2 }] });
    await service.close();
  }, 60_000);
});
