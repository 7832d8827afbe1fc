import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSearchConfig } from '../../server/search/config.ts';
import { createSearchService, type SearchService } from '../../server/search/service.ts';
import { getJson as get, sandboxUpstream } from './search-upstream.ts';

/**
 * `word NEAR/n word` on the index, PGlite always and a real PostgreSQL too when DATABASE_URL is set.
 * What it should find is worked out independently: every transcript file read, each paragraph's
 * sentences joined as the index joins them, split into words (runs of letters and digits), each
 * word's position its place in that list (common words count, as the index counts them), and the
 * two sides looked for within n places of each other in either order, from the end of the side
 * said first to the start of the other.
 */

const NOW = '2026-11-21T12:00:00Z';
const sandbox = createSandbox({ seed: 'search-tests', companies: 12, now: NOW, clockRate: 0 });
const upstream = sandboxUpstream(sandbox);

const engines: { name: string; databaseUrl?: string }[] = [{ name: 'PGlite' }];
if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL });

interface Paragraph {
  eventId: number;
  transcriptId: number;
  sentences: string[];
}

const paragraphs: Paragraph[] = [];

async function listAll(path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor = 0;
  for (;;) {
    const page = (await (await upstream.api(path, { limit: 500, cursor })).json()) as any;
    items.push(...page.data);
    if (page.pagination.nextCursor === null || page.data.length === 0) return items;
    cursor = page.pagination.nextCursor;
  }
}

beforeAll(async () => {
  const docs = await listAll('/documents/transcripts');
  const byEvent = new Map<number, any[]>();
  for (const doc of docs) byEvent.set(doc.eventId, [...(byEvent.get(doc.eventId) ?? []), doc]);
  for (const [eventId, list] of byEvent) {
    // The edited transcript (type 15) where a call has both, as the index keeps.
    const chosen = list.find((doc) => doc.typeId === 15) ?? list[0];
    const file = (await (await upstream.file(chosen.fileUrl, new AbortController().signal)).json()) as any;
    for (const paragraph of file.transcript.paragraphs) {
      paragraphs.push({ eventId, transcriptId: chosen.id, sentences: paragraph.sentences.map((s: any) => s.text) });
    }
  }
}, 60_000);

// ── the oracle ────────────────────────────────────────────────────────────────────────────────

interface Word {
  text: string;
  from: number;
  to: number;
}

const wordsOf = (text: string): Word[] =>
  [...text.matchAll(/[A-Za-z0-9]+/g)].map((m) => ({ text: m[0].toLowerCase(), from: m.index, to: m.index + m[0].length }));

/** A side: the forms of each of its words (what English stemming folds together), in order. */
type Side = RegExp[];
const MARGIN: Side = [/^margins?$/];
const PERCENT: Side = [/^percent$/];
const COST: Side = [/^costs?$/];
const GROSS_MARGIN: Side = [/^gross$/, /^margins?$/];
/** Common words PostgreSQL's English configuration drops, among those said in these transcripts. */
const COMMON = new Set('the and our to with from we of that are a is was for in it by as at on than this i'.split(' '));

/** Where a side stands in the words: [first, last] word indexes. */
function places(words: Word[], side: Side): [number, number][] {
  const out: [number, number][] = [];
  for (let at = 0; at + side.length <= words.length; at++) {
    if (side.every((form, i) => form.test(words[at + i]!.text))) out.push([at, at + side.length - 1]);
  }
  return out;
}

/** The words (indexes) of each pair of the sides within n, or none. */
function nearWords(words: Word[], a: Side, b: Side, n: number): Set<number> {
  const found = new Set<number>();
  for (const [aFirst, aLast] of places(words, a)) {
    for (const [bFirst, bLast] of places(words, b)) {
      const gap = aLast < bFirst ? bFirst - aLast : bLast < aFirst ? aFirst - bLast : 0;
      if (gap < 1 || gap > n) continue;
      for (let at = aFirst; at <= aLast; at++) found.add(at);
      for (let at = bFirst; at <= bLast; at++) found.add(at);
    }
  }
  return found;
}

const bodyOf = (p: Paragraph) => p.sentences.join(' ');
const nearParagraphs = (a: Side, b: Side, n: number, words = (p: Paragraph) => wordsOf(bodyOf(p))) =>
  paragraphs.filter((p) => nearWords(words(p), a, b, n).size > 0);
const eventsOf = (list: Paragraph[]) => [...new Set(list.map((p) => p.eventId))].sort((x, y) => x - y);

let sources = 0;
function makeService(engine: { databaseUrl?: string }): SearchService {
  const problems: string[] = [];
  const config = readSearchConfig({ SEARCH_DATA_DIR: 'memory', ...(engine.databaseUrl ? { DATABASE_URL: engine.databaseUrl } : {}) }, false, problems);
  expect(problems).toEqual([]);
  return createSearchService({ config, source: `near-tests-${process.pid}-${++sources}`, ...upstream, log: () => {} });
}

async function allEvents(service: SearchService, q: string): Promise<number[]> {
  const events: number[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get(service, `/api/search?q=${encodeURIComponent(q)}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    events.push(...body.calls.map((call: any) => call.eventId));
    cursor = body.nextCursor;
  } while (cursor);
  return events.sort((a, b) => a - b);
}

describe.each(engines)('NEAR on $name', (engine) => {
  let service: SearchService;
  beforeAll(async () => {
    service = makeService(engine);
    await service.whenSynced();
  }, 120_000);
  afterAll(() => service?.close());

  it('reads transcripts whose words the plain split places as the index does', () => {
    // No hyphenated word, decimal or dotted abbreviation, where the index counts differently from a plain split.
    expect(paragraphs.length).toBeGreaterThan(1000);
    expect(paragraphs.filter((p) => /[A-Za-z0-9][-./][A-Za-z0-9]/.test(bodyOf(p)))).toEqual([]);
  });

  it('finds the passages with both words within n, at each n, in either order, common words counting', async () => {
    const counts: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const expected = nearParagraphs(MARGIN, PERCENT, n);
      const { status, body } = await get(service, `/api/search?q=${encodeURIComponent(`margin NEAR/${n} percent`)}`);
      expect(status).toBe(200);
      expect(body.totals.hits).toBe(expected.length);
      expect(body.totals.calls).toBe(eventsOf(expected).length);
      counts.push(expected.length);
    }
    // Each n finds more than the one before: the boundary is where it is said to be.
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
    expect(await allEvents(service, 'margin NEAR/4 percent')).toEqual(eventsOf(nearParagraphs(MARGIN, PERCENT, 4)));

    // Both orders are among what NEAR/5 finds, and percent NEAR/5 margin finds the same.
    const found = nearParagraphs(MARGIN, PERCENT, 5);
    const marginFirst = found.filter((p) => /margins?\W+(\w+\W+){0,4}percent/i.test(bodyOf(p)));
    const percentFirst = found.filter((p) => /percent\W+(\w+\W+){0,4}margins?\b/i.test(bodyOf(p)));
    expect(marginFirst.length).toBeGreaterThan(10);
    expect(percentFirst.length).toBeGreaterThan(10);
    expect((await get(service, '/api/search?q=percent+NEAR%2F5+margin')).body.totals.hits).toBe(found.length);

    // Were common words not counted, NEAR/3 would find more: the index counts them, and so does the rule.
    const withoutCommon = nearParagraphs(MARGIN, PERCENT, 3, (p) => wordsOf(bodyOf(p)).filter((word) => !COMMON.has(word.text)));
    expect(withoutCommon.length).toBeGreaterThan(nearParagraphs(MARGIN, PERCENT, 3).length);
  });

  it('reads NEAR alone as NEAR/10', async () => {
    const expected = nearParagraphs(MARGIN, COST, 10);
    // Nine finds fewer, fourteen more: the search below can only be NEAR/10 (or 11 to 13, which find as many).
    expect(nearParagraphs(MARGIN, COST, 9).length).toBeLessThan(expected.length);
    expect(nearParagraphs(MARGIN, COST, 14).length).toBeGreaterThan(expected.length);
    expect((await get(service, '/api/search?q=margin+NEAR+cost')).body.totals.hits).toBe(expected.length);
  });

  it('takes a "phrase" and a word* as sides', async () => {
    const expected = nearParagraphs(GROSS_MARGIN, PERCENT, 4);
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(nearParagraphs(MARGIN, PERCENT, 4).length);
    expect((await get(service, `/api/search?q=${encodeURIComponent('"gross margin" NEAR/4 percen*')}`)).body.totals.hits).toBe(expected.length);
    expect(await allEvents(service, '"gross margin" NEAR/4 percen*')).toEqual(eventsOf(expected));
  });

  it('marks both sides where they stand near each other, and only those', async () => {
    const { body } = await get(service, `/api/search?q=${encodeURIComponent('margin NEAR/3 percent')}&hits=50&limit=50`);
    let checked = 0;
    for (const call of body.calls) {
      const ours = paragraphs.filter((p) => p.transcriptId === call.transcriptId);
      for (const match of call.matches) {
        const paragraph = ours[match.paragraph]!;
        const body = bodyOf(paragraph);
        const words = wordsOf(body);
        const near = nearWords(words, MARGIN, PERCENT, 3);
        for (const sentence of match.sentences) {
          const text = sentence.segments.map((segment: any) => segment.text).join('');
          const offset = body.indexOf(text);
          expect(offset).toBeGreaterThanOrEqual(0);
          const expected = words.filter((word, i) => near.has(i) && word.from >= offset && word.to <= offset + text.length).map((word) => word.text);
          const marked = sentence.segments.filter((segment: any) => segment.marked).map((segment: any) => segment.text.toLowerCase());
          expect(marked).toEqual(expected);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('counts the same in the summary', async () => {
    const expected = nearParagraphs(MARGIN, PERCENT, 3).length;
    const { status, body } = await get(service, '/api/search/summary?q=margin+NEAR%2F3+percent');
    expect(status).toBe(200);
    expect(body.totals.hits).toBe(expected);
  });

  it.each([
    ['margin NEAR/0 percent', 'NEAR/0 is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.'],
    ['margin NEAR', 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.'],
    [
      'margin NEAR/3 the',
      '“the” beside NEAR has only common words (such as the, and, of), which are not indexed: put a word that carries meaning on each side of NEAR.',
    ],
  ])('refuses %j with a 400 naming q', async (q, message) => {
    for (const path of ['/api/search', '/api/search/summary']) {
      const { status, body } = await get(service, `${path}?q=${encodeURIComponent(q)}`);
      expect(status).toBe(400);
      expect(body.message).toEqual([{ field: 'q', message }]);
    }
  });
});
