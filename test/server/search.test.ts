import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSearchConfig } from '../../server/search/config.ts';
import { openPgliteHere } from '../../server/search/db.ts';
import { createSearchService, type SearchService, type SearchServiceOptions } from '../../server/search/service.ts';
import { getJson, sandboxUpstream, type Query } from './search-upstream.ts';

/**
 * The transcript search end to end: the ingester reading the sandbox (the faithful stand-in for
 * the data service), the index (PGlite always; a real PostgreSQL too when DATABASE_URL is set) and
 * the HTTP answers. What the search should find is worked out independently, by reading every
 * transcript file and matching plain regular expressions against its sentences.
 */

const NOW = '2026-11-21T12:00:00Z';
const sandbox = createSandbox({ seed: 'search-tests', companies: 12, now: NOW, clockRate: 0 });

const engines: { name: string; databaseUrl?: string }[] = [{ name: 'PGlite' }];
if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL });

const upstream = sandboxUpstream(sandbox);

let sources = 0;
function makeService(
  engine: { databaseUrl?: string },
  env: Record<string, string> = {},
  overrides: Partial<Omit<SearchServiceOptions, 'config'>> = {},
): SearchService {
  const problems: string[] = [];
  const config = readSearchConfig({ SEARCH_DATA_DIR: 'memory', ...(engine.databaseUrl ? { DATABASE_URL: engine.databaseUrl } : {}), ...env }, false, problems);
  expect(problems).toEqual([]);
  // A new source each time: on a shared PostgreSQL database, each service starts from an empty index.
  return createSearchService({ config, source: `tests-${process.pid}-${++sources}`, ...upstream, log: () => {}, ...overrides });
}

const get = getJson;

// ── the oracle: every transcript read by hand ─────────────────────────────────────────────────

interface OracleParagraph {
  eventId: number;
  companyId: number;
  transcriptId: number;
  role: string | null;
  /** The speaker's company in the mapping (an analyst's firm). */
  company: string | null;
  /** The part of the call, by the rule read off the file below. */
  section: 'prepared' | 'qna';
  /** The call's fiscal quarter, "2026-Q3". */
  quarter: string | null;
  /** The call's event type and time. */
  eventTypeId: number | null;
  date: string | null;
  sentences: string[];
  starts: number[];
}

async function listAll(path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor = 0;
  for (;;) {
    const page = (await (await upstream.api(path, { limit: 500, cursor, expand: path.startsWith('/documents') ? 'event' : undefined })).json()) as any;
    items.push(...page.data);
    if (page.pagination.nextCursor === null || page.data.length === 0) return items;
    cursor = page.pagination.nextCursor;
  }
}

const oracle: OracleParagraph[] = [];
let listedTranscripts = 0;
let eventsWithBoth = 0;

beforeAll(async () => {
  const docs = await listAll('/documents/transcripts');
  listedTranscripts = docs.length;
  const byEvent = new Map<number, any[]>();
  for (const doc of docs) byEvent.set(doc.eventId, [...(byEvent.get(doc.eventId) ?? []), doc]);
  for (const [eventId, list] of byEvent) {
    // Type 15 is the edited transcript (with speakers), 22 the machine one.
    if (list.length > 1) eventsWithBoth++;
    const chosen = list.find((doc) => doc.typeId === 15) ?? list[0];
    const file = (await (await upstream.file(chosen.fileUrl, new AbortController().signal)).json()) as any;
    const roles = new Map<number, string | null>((file.speaker_mapping ?? []).map((m: any) => [m.speaker, m.speaker_data?.role ?? null]));
    const companies = new Map<number, string | null>((file.speaker_mapping ?? []).map((m: any) => [m.speaker, m.speaker_data?.company ?? null]));
    const paragraphs: any[] = file.transcript.paragraphs;
    const roleAt = paragraphs.map((paragraph) => roles.get(paragraph.speaker) ?? null);
    // Where the Q&A starts: the first analyst's turn, with the operator's turns just before it; in a
    // file without named speakers, the turn where the operator says "first question". None: -1.
    let qna = -1;
    const firstAnalyst = roleAt.indexOf('Analyst');
    if (firstAnalyst > 0) {
      qna = firstAnalyst;
      while (qna > 0 && roleAt[qna - 1] === 'Operator') qna--;
    } else if (firstAnalyst < 0) {
      const said = (pattern: RegExp) => paragraphs.findIndex((paragraph) => paragraph.sentences.some((s: any) => pattern.test(s.text)));
      const at = said(/\bfirst question\b/i) >= 0 ? said(/\bfirst question\b/i) : said(/question-and-answer/i);
      if (at > 0) qna = at;
    }
    const event = chosen.event;
    for (const [i, paragraph] of paragraphs.entries()) {
      oracle.push({
        eventId,
        companyId: chosen.companyId,
        transcriptId: chosen.id,
        role: roleAt[i]!,
        company: companies.get(paragraph.speaker) ?? null,
        section: qna >= 0 && i >= qna ? 'qna' : 'prepared',
        quarter: event?.fiscalYear && event?.fiscalPeriod ? `${event.fiscalYear}-${event.fiscalPeriod}` : null,
        eventTypeId: event?.typeId ?? null,
        date: event?.date ?? null,
        sentences: paragraph.sentences.map((s: any) => s.text),
        starts: paragraph.sentences.map((s: any) => s.start),
      });
    }
  }
}, 60_000);

const expectedEvents = (match: (text: string) => boolean, keep: (p: OracleParagraph) => boolean = () => true) =>
  [...new Set(oracle.filter((p) => keep(p) && match(p.sentences.join(' '))).map((p) => p.eventId))].sort((a, b) => a - b);

async function allEvents(service: SearchService, query: string): Promise<number[]> {
  const events: number[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get(service, `/api/search?${query}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    events.push(...body.calls.map((call: any) => call.eventId));
    cursor = body.nextCursor;
  } while (cursor);
  return events.sort((a, b) => a - b);
}

describe.each(engines)('transcript search on $name', (engine) => {
  let service: SearchService;
  beforeAll(async () => {
    service = makeService(engine);
    await service.whenSynced();
  }, 120_000);
  afterAll(() => service?.close());

  it('indexes every listed transcript, one per call: the edited one where a call has both', async () => {
    const { status, body } = await get(service, '/api/search/status');
    expect(status).toBe(200);
    expect(body.state).toBe('idle');
    expect(body.engine).toBe(engine.databaseUrl ? 'postgresql' : 'pglite');
    expect(body.transcripts.listed).toBe(listedTranscripts);
    expect(body.transcripts.indexed + body.transcripts.superseded).toBe(listedTranscripts);
    expect(body.transcripts.superseded).toBe(eventsWithBoth);
    expect(body.transcripts.failed).toBe(0);
    expect(body.calls).toBe(new Set(oracle.map((p) => p.eventId)).size);
    expect(body.paragraphs).toBe(oracle.length);
    expect(body.failures).toEqual([]);
    expect(listedTranscripts).toBeGreaterThan(100);
    expect(eventsWithBoth).toBeGreaterThan(20);
  });

  it('finds an exact phrase in exactly the calls that say it, the edited transcript with named speakers', async () => {
    const expected = expectedEvents((text) => /\bgross margins?\b/i.test(text));
    expect(expected.length).toBeGreaterThan(5);
    expect(await allEvents(service, 'q=%22gross+margin%22')).toEqual(expected);

    const { body } = await get(service, '/api/search?q=%22gross+margin%22&hits=50');
    const call = body.calls[0];
    const ours = oracle.filter((p) => p.eventId === call.eventId);
    expect(call.transcriptId).toBe(ours[0]!.transcriptId);
    const edited = ours.some((p) => p.role !== null);
    expect(call.edited).toBe(edited);
    const match = call.matches[0];
    const marked = match.sentences[0].segments.filter((s: any) => s.marked).map((s: any) => s.text.toLowerCase());
    expect(marked[0]).toMatch(/^gross margins?$/);
    // The sentence's start is that sentence's start in the file: what ▶ plays from.
    const paragraph = ours[match.paragraph]!;
    const sentenceText = match.sentences[0].segments.map((s: any) => s.text).join('');
    const at = paragraph.sentences.indexOf(sentenceText);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(match.sentences[0].start).toBeCloseTo(paragraph.starts[at]!, 3);
  });

  it.each([
    ['"joining me are our chief"', /joining me are our chief/i, 'Joining me are our Chief'],
    ['"ahead of the supply"', /\bahead of the supply\b/i, 'ahead of the supply'],
    ['"is on track"', /\bis on track\b/i, 'is on track'],
  ])('marks a phrase with common words in it, and plays from the sentence that holds it: %s', async (phrase, pattern, written) => {
    const expected = expectedEvents((text) => pattern.test(text));
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await get(service, `/api/search?q=${encodeURIComponent(phrase)}&hits=50&limit=50`);
    expect(status).toBe(200);
    let checked = 0;
    for (const call of body.calls) {
      for (const match of call.matches) {
        const paragraph = oracle.find(
          (p) =>
            p.eventId === call.eventId &&
            p.transcriptId === call.transcriptId &&
            p === oracle.filter((o) => o.transcriptId === call.transcriptId)[match.paragraph],
        )!;
        const holding = paragraph.sentences.findIndex((sentence) => pattern.test(sentence));
        if (holding < 0) continue; // the phrase runs across two sentences
        const first = match.sentences[0];
        expect(first.segments.map((segment: any) => segment.text).join('')).toBe(paragraph.sentences[holding]);
        expect(first.start).toBeCloseTo(paragraph.starts[holding]!, 3);
        expect(first.segments.filter((segment: any) => segment.marked).map((segment: any) => segment.text.toLowerCase())).toContain(written.toLowerCase());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('says that leaving out common words leaves nothing out, and finds what it would without them', async () => {
    const plain = await get(service, '/api/search?q=margin');
    const left = await get(service, `/api/search?q=${encodeURIComponent('margin -our -"in the" -europe')}`);
    expect(left.status).toBe(200);
    expect(left.body.notices).toEqual([
      '-our leaves nothing out: it has only common words (such as the, and, of), which are not indexed.',
      '-"in the" leaves nothing out: it has only common words (such as the, and, of), which are not indexed.',
    ]);
    expect(left.body.totals.calls).toBe(expectedEvents((text) => /\bmargins?\b/i.test(text) && !/\beurope\b/i.test(text)).length);
    expect(plain.body.notices).toBeUndefined();
  });

  it('stems words: "priced" finds price, prices and pricing', async () => {
    const expected = expectedEvents((text) => /\bpric(e|es|ed|ing)\b/i.test(text));
    expect(expected.length).toBeGreaterThan(5);
    expect(await allEvents(service, 'q=priced')).toEqual(expected);
  });

  it('leaves out calls that mention an excluded word, and finds words by their start', async () => {
    // Exclusion is per paragraph: the passages about demand that do not mention Europe.
    const demand = oracle.filter((p) => /\bdemands?\b/i.test(p.sentences.join(' ')));
    const withoutEurope = demand.filter((p) => !/\beurope\b/i.test(p.sentences.join(' ')));
    expect(withoutEurope.length).toBeGreaterThan(3);
    expect(withoutEurope.length).toBeLessThan(demand.length);
    expect((await get(service, '/api/search?q=demand')).body.totals.hits).toBe(demand.length);
    const { body } = await get(service, '/api/search?q=demand+-europe&hits=50&limit=50');
    expect(body.totals.hits).toBe(withoutEurope.length);
    for (const call of body.calls) for (const match of call.matches) expect(JSON.stringify(match.sentences)).not.toMatch(/\beurope\b/i);

    const guid = expectedEvents((text) => /\bguid\w*/i.test(text));
    expect(guid.length).toBeGreaterThan(3);
    expect(await allEvents(service, 'q=guid*')).toEqual(guid);
  });

  it('OR finds either word', async () => {
    const expected = expectedEvents((text) => /\bbuybacks?\b/i.test(text) || /\bdividends?\b/i.test(text));
    expect(await allEvents(service, 'q=buyback+OR+dividend')).toEqual(expected);
  });

  it('filters by company, speaker side, date and fiscal period', async () => {
    const company = oracle[0]!.companyId;
    const forCompany = expectedEvents(
      (text) => /\bmargins?\b/i.test(text),
      (p) => p.companyId === company,
    );
    expect(forCompany.length).toBeGreaterThan(0);
    expect(await allEvents(service, `q=margin&companyIds=${company}`)).toEqual(forCompany);

    const analysts = expectedEvents(
      (text) => /\bmargins?\b/i.test(text),
      (p) => p.role === 'Analyst',
    );
    expect(analysts.length).toBeGreaterThan(0);
    expect(await allEvents(service, 'q=margin&speakers=analyst')).toEqual(analysts);
    const { body } = await get(service, '/api/search?q=margin&speakers=analyst&hits=50');
    for (const call of body.calls) for (const match of call.matches) expect(match.speaker.kind).toBe('analyst');

    const events = (await listAll('/events')).filter((event) => event.date >= '2026-01-01' && event.date < '2026-07-01').map((event) => event.id);
    const inWindow = new Set(events);
    const expected = expectedEvents(
      (text) => /\bmargins?\b/i.test(text),
      (p) => inWindow.has(p.eventId),
    );
    expect(await allEvents(service, 'q=margin&from=2026-01-01&to=2026-06-30')).toEqual(expected);
  });

  const margin = (text: string) => /\bmargins?\b/i.test(text);
  const hitsOf = (keep: (p: OracleParagraph) => boolean) => oracle.filter((p) => keep(p) && margin(p.sentences.join(' '))).length;

  it('filters by speaker role as the mapping names it: the CFO, the analysts, the CEO or the CFO', async () => {
    const cfo = (p: OracleParagraph) => p.role === 'Chief Financial Officer';
    const expected = expectedEvents(margin, cfo);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(expectedEvents(margin).length);
    expect(await allEvents(service, 'q=margin&roles=cfo')).toEqual(expected);
    const { body } = await get(service, '/api/search?q=margin&roles=cfo&hits=50&limit=50');
    expect(body.totals.hits).toBe(hitsOf(cfo));
    for (const call of body.calls) {
      for (const match of call.matches) {
        expect(match.speaker.roles).toEqual(['cfo']);
        expect(match.speaker.kind).toBe('executive');
        expect(match.speaker.company).toBe(oracle.find((p) => p.transcriptId === call.transcriptId && cfo(p))!.company);
      }
    }

    const analyst = (p: OracleParagraph) => p.role === 'Analyst';
    expect(await allEvents(service, 'q=margin&roles=analyst')).toEqual(expectedEvents(margin, analyst));
    const analysts = await get(service, '/api/search?q=margin&roles=analyst&hits=50&limit=50');
    expect(analysts.body.totals.hits).toBe(hitsOf(analyst));
    const firms = new Set(oracle.filter(analyst).map((p) => p.company));
    for (const call of analysts.body.calls) {
      for (const match of call.matches) {
        expect(match.speaker.roles).toEqual(['analyst']);
        expect(firms.has(match.speaker.company)).toBe(true);
      }
    }

    const either = (p: OracleParagraph) => p.role === 'Chief Executive Officer' || p.role === 'Chief Financial Officer';
    expect(await allEvents(service, 'q=margin&roles=ceo,cfo')).toEqual(expectedEvents(margin, either));
    // A machine transcript names no one: its speakers are "other".
    const unnamed = (p: OracleParagraph) => p.role === null;
    expect((await get(service, '/api/search?q=margin&roles=other')).body.totals.hits).toBe(hitsOf(unnamed));
  });

  it('filters by part of the call: the Q&A, the prepared remarks', async () => {
    const inQna = (p: OracleParagraph) => p.section === 'qna';
    const prepared = (p: OracleParagraph) => p.section === 'prepared';
    expect(hitsOf(inQna)).toBeGreaterThan(5);
    expect(hitsOf(prepared)).toBeGreaterThan(5);
    // Machine transcripts too: their Q&A is found by the operator's words.
    expect(oracle.some((p) => p.role === null && inQna(p))).toBe(true);
    expect(await allEvents(service, 'q=margin&sections=qna')).toEqual(expectedEvents(margin, inQna));
    expect(await allEvents(service, 'q=margin&sections=prepared')).toEqual(expectedEvents(margin, prepared));
    const { body } = await get(service, '/api/search?q=margin&sections=qna&hits=50&limit=50');
    expect(body.totals.hits).toBe(hitsOf(inQna));
    for (const call of body.calls) for (const match of call.matches) expect(match.section).toBe('qna');
    const both = await get(service, '/api/search?q=margin&sections=prepared,qna');
    expect(both.body.totals.hits).toBe(hitsOf(() => true));
  });

  it('filters by fiscal quarter, each a year with its period', async () => {
    const byQuarter = new Map<string, number>();
    for (const p of oracle) if (p.quarter) byQuarter.set(p.quarter, (byQuarter.get(p.quarter) ?? 0) + 1);
    // Two quarters of different years and periods: as pairs they are not the four that the years
    // and periods would make crossed.
    const [first, second] = ['2025-Q2', '2026-Q3'];
    expect(byQuarter.get(first)).toBeGreaterThan(0);
    expect(byQuarter.get(second)).toBeGreaterThan(0);
    const chosen = (p: OracleParagraph) => p.quarter === first || p.quarter === second;
    const crossed = (p: OracleParagraph) => ['2025-Q2', '2025-Q3', '2026-Q2', '2026-Q3'].includes(p.quarter ?? '');
    expect(expectedEvents(margin, crossed).length).toBeGreaterThan(expectedEvents(margin, chosen).length);
    expect(await allEvents(service, `q=margin&quarters=${first},${second}`)).toEqual(expectedEvents(margin, chosen));
    expect(await allEvents(service, 'q=margin&quarters=2026-q3')).toEqual(expectedEvents(margin, (p) => p.quarter === '2026-Q3'));
    const { body } = await get(service, `/api/search/summary?q=margin&quarters=${first},${second}`);
    expect(body.quarters.map((q: any) => `${q.fiscalYear}-${q.fiscalPeriod}`)).toEqual([first, second]);
  });

  it('answers "the CFO on margins in the Q&A" of chosen quarters, in the results and the summary', async () => {
    const quarters = ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4'];
    const keep = (p: OracleParagraph) => p.role === 'Chief Financial Officer' && p.section === 'qna' && quarters.includes(p.quarter ?? '');
    const expected = expectedEvents(margin, keep);
    expect(expected.length).toBeGreaterThan(0);
    const query = `q=margin&roles=cfo&sections=qna&quarters=${quarters.join(',')}`;
    expect(await allEvents(service, query)).toEqual(expected);
    const { body: page } = await get(service, `/api/search?${query}`);
    expect(page.totals.hits).toBe(hitsOf(keep));

    const { status, body: summary } = await get(service, `/api/search/summary?${query}`);
    expect(status).toBe(200);
    expect(summary.totals.hits).toBe(hitsOf(keep));
    // Per quarter: the hits of the CFO in the Q&A; "searched" is every call of that quarter, whoever
    // speaks in it and wherever its Q&A starts (the role and the part choose passages, not calls).
    const callsOf = (quarter: string) => new Set(oracle.filter((p) => p.quarter === quarter).map((p) => p.eventId)).size;
    expect(summary.quarters.map((q: any) => [`${q.fiscalYear}-${q.fiscalPeriod}`, q.hits, q.searched])).toEqual(
      quarters.filter((quarter) => callsOf(quarter) > 0).map((quarter) => [quarter, hitsOf((p) => keep(p) && p.quarter === quarter), callsOf(quarter)]),
    );
  });

  // [period, passages that say margin, calls they are in, calls searched] per fiscal period, from the
  // files; both sides in the order of their names (the chart's own order is checked above).
  const marginChart = (keep: (p: OracleParagraph) => boolean) => {
    const quarters = [...new Set(oracle.filter((p) => keep(p) && p.quarter).map((p) => p.quarter!))];
    return quarters.sort().map((quarter) => {
      const of = oracle.filter((p) => keep(p) && p.quarter === quarter);
      const saying = of.filter((p) => margin(p.sentences.join(' ')));
      return [quarter, saying.length, new Set(saying.map((p) => p.eventId)).size, new Set(of.map((p) => p.eventId)).size];
    });
  };
  const chartOf = (summary: any) =>
    summary.quarters
      .map((q: any) => [`${q.fiscalYear}-${q.fiscalPeriod}`, q.hits, q.calls, q.searched])
      .sort((a: string[], b: string[]) => (a[0]! < b[0]! ? -1 : 1));

  it('charts one word from the counts kept per period, as the files say it: with no filter, by event type, by quarter', async () => {
    const all = marginChart(() => true);
    expect(all.length).toBeGreaterThan(6);
    const { status, body } = await get(service, '/api/search/summary?q=margins');
    expect(status).toBe(200);
    expect(chartOf(body)).toEqual(all);
    expect(body.totals.hits).toBe(hitsOf(() => true));
    expect(body).not.toHaveProperty('companiesSince');
    // The companies, counted from the passages themselves.
    const byCompany = new Map<number, number>();
    for (const p of oracle) if (margin(p.sentences.join(' '))) byCompany.set(p.companyId, (byCompany.get(p.companyId) ?? 0) + 1);
    expect(body.companies.map((c: any) => [c.companyId, c.hits])).toEqual(
      [...byCompany]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, body.companies.length)
        .map(([id]) => [id, byCompany.get(id)]),
    );

    const types = [...new Set(oracle.map((p) => p.eventTypeId))];
    expect(types.length).toBeGreaterThan(1);
    const type = types.find((id) => id !== null)!;
    const { body: byType } = await get(service, `/api/search/summary?q=margin&typeIds=${type}`);
    expect(chartOf(byType)).toEqual(marginChart((p) => p.eventTypeId === type));
    expect(chartOf(byType)).not.toEqual(all);

    const { body: byQuarter } = await get(service, '/api/search/summary?q=margin&quarters=2026-Q2,2025-Q3&fiscalYears=2026,2025');
    expect(chartOf(byQuarter)).toEqual(marginChart((p) => p.quarter === '2025-Q3' || p.quarter === '2026-Q2'));
  });

  it('charts one word the same whichever way it counts: a country filter reads the passages', async () => {
    // A country is not kept in the counts, so this summary reads every passage; with every country
    // of the index chosen it must equal the counted chart.
    const { body: status } = await get(service, '/api/search/status');
    expect(status.calls).toBeGreaterThan(0);
    const companies = await listAll('/companies');
    const countries = [...new Set(companies.map((company: any) => company.country).filter(Boolean))].join(',');
    const { body: counted } = await get(service, '/api/search/summary?q=margin');
    const { body: read } = await get(service, `/api/search/summary?q=margin&countries=${countries}`);
    expect(chartOf(read)).toEqual(marginChart(() => true));
    expect(chartOf(read)).toEqual(chartOf(counted));
    expect(read.companies).toEqual(counted.companies);
  });

  it('sums hits per fiscal quarter and per company the same as the results', async () => {
    const { body: summary } = await get(service, '/api/search/summary?q=%22gross+margin%22');
    const perQuarter = summary.quarters.reduce((sum: number, quarter: any) => sum + quarter.hits, 0);
    const { body: page } = await get(service, '/api/search?q=%22gross+margin%22');
    expect(perQuarter).toBe(page.totals.hits);
    expect(summary.totals.hits).toBe(page.totals.hits);
    const paragraphs = oracle.filter((p) => /\bgross margins?\b/i.test(p.sentences.join(' ')));
    expect(page.totals.hits).toBe(paragraphs.length);
    const top = summary.companies[0];
    expect(top.hits).toBe(paragraphs.filter((p) => p.companyId === top.companyId).length);
    for (const quarter of summary.quarters) expect(quarter.calls).toBeLessThanOrEqual(quarter.searched);
  });

  it('pages calls with a cursor that belongs to its search', async () => {
    const first = await get(service, '/api/search?q=margin&limit=3&sort=date');
    expect(first.body.calls).toHaveLength(3);
    const dates = first.body.calls.map((call: any) => call.event.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await get(service, `/api/search?q=margin&limit=3&sort=date&cursor=${first.body.nextCursor}`);
    expect(second.body.calls[0].eventId).not.toBe(first.body.calls[0].eventId);
    const other = await get(service, `/api/search?q=pricing&limit=3&sort=date&cursor=${first.body.nextCursor}`);
    expect(other.status).toBe(400);
    expect(other.body.message).toEqual([{ field: 'cursor', message: 'cursor belongs to another search: start again without it' }]);
  });

  it.each([
    ['q=%22gross+margin', 'q', 'A quotation mark is not closed: end the phrase with " or remove it.'],
    [`q=${'a'.repeat(2000)}`.slice(0, 2002), 'q', 'The search is 2,000 characters long; at most 500 are searched. Shorten it.'],
    ['q=the+and+of', 'q', '“the and of” has only common words (such as the, and, of), which are not indexed: add a word that carries meaning.'],
    [
      `q=${encodeURIComponent("margin'; drop table search_paragraphs; --")}`,
      'q',
      '“;” has no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.',
    ],
    ['q=-europe', 'q', 'Say what to find as well: -word only leaves out what mentions it.'],
    ['q=OR+margin', 'q', 'OR needs a word or a phrase on each side: tariffs OR duties.'],
    ['q=margin&companyIds=1,abc', 'companyIds', 'companyIds must be whole numbers separated by commas; "abc" is not one'],
    ['q=margin&speakers=ceo', 'speakers', 'speakers must be speaker sides (executive, analyst, operator, unknown) separated by commas; "ceo" is not one'],
    [
      'q=margin&roles=cfo,chairman',
      'roles',
      'roles must be speaker roles (ceo, cfo, coo, president, ir, analyst, operator, other) separated by commas; "chairman" is not one',
    ],
    ['q=margin&sections=intro', 'sections', 'sections must be parts of the call (prepared, qna) separated by commas; "intro" is not one'],
    [
      'q=margin&quarters=2026Q3',
      'quarters',
      'quarters must be fiscal years from 1900 to 2199 with a period, such as 2026-Q3, separated by commas; "2026Q3" is not one',
    ],
    ['q=margin&from=yesterday', 'from', 'from must be a date such as 2026-10-01 or a time such as 2026-10-01T09:00:00Z'],
    ['q=margin&sort=popular', 'sort', 'sort must be relevance or date'],
    ['q=margin&limit=500', 'limit', 'limit must be a whole number from 1 to 50'],
    ['q=margin&company=1', 'company', 'property company should not exist'],
    ['', 'q', 'Give what to search for as q'],
  ])('answers 400 naming the problem: %#', async (query, field, message) => {
    const { status, body } = await get(service, `/api/search?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: [{ field, message }] });
  });

  describe.each(['/api/search', '/api/search/summary'])('%s with a value the index cannot hold', (path) => {
    it.each([
      ['from=0000-01-01', 'from', 'from must be between 1900-01-01 and 2199-12-31'],
      ['to=9999-12-31', 'to', 'to must be between 1900-01-01 and 2199-12-31'],
      ['from=1899-12-31T23:59:59Z', 'from', 'from must be between 1900-01-01 and 2199-12-31'],
      ['from=2026-02-30', 'from', 'from must be a date such as 2026-10-01 or a time such as 2026-10-01T09:00:00Z'],
      ['fiscalYears=2147483648', 'fiscalYears', 'fiscalYears must be years from 1900 to 2199 separated by commas; "2147483648" is not one'],
      ['fiscalYears=2026,99999', 'fiscalYears', 'fiscalYears must be years from 1900 to 2199 separated by commas; "99999" is not one'],
      ['typeIds=99999999999', 'typeIds', 'typeIds must be whole numbers from 1 to 2147483647 separated by commas; "99999999999" is not one'],
      ['typeIds=2147483648', 'typeIds', 'typeIds must be whole numbers from 1 to 2147483647 separated by commas; "2147483648" is not one'],
      [
        'quarters=2026-Q3,1899-Q4',
        'quarters',
        'quarters must be fiscal years from 1900 to 2199 with a period, such as 2026-Q3, separated by commas; "1899-Q4" is not one',
      ],
      [
        'quarters=2026-Q3;drop',
        'quarters',
        'quarters must be fiscal years from 1900 to 2199 with a period, such as 2026-Q3, separated by commas; "2026-Q3;drop" is not one',
      ],
      [`quarters=${Array.from({ length: 41 }, (_, i) => `${1990 + i}-Q1`).join(',')}`, 'quarters', 'quarters takes at most 40 values'],
      ['roles=CFO', 'roles', 'roles must be speaker roles (ceo, cfo, coo, president, ir, analyst, operator, other) separated by commas; "CFO" is not one'],
      ['sections=qa', 'sections', 'sections must be parts of the call (prepared, qna) separated by commas; "qa" is not one'],
    ])('answers 400 naming the parameter: %s', async (query, field, message) => {
      const { status, body } = await get(service, `${path}?q=margin&${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: [{ field, message }] });
    });

    it('searches with the largest values it holds', async () => {
      const { status } = await get(
        service,
        `${path}?q=margin&from=1900-01-01&to=2199-12-31&fiscalYears=2199&typeIds=2147483647&quarters=1900-Q1,2199-FY&roles=other&sections=qna`,
      );
      expect(status).toBe(200);
    });
  });

  it('still has its tables after a query full of SQL', async () => {
    await get(service, `/api/search?q=${encodeURIComponent('"margin\'); drop table search_paragraphs; --"')}`);
    const { body } = await get(service, '/api/search/status');
    expect(body.paragraphs).toBe(oracle.length);
  });
});

describe.each(engines)('the ingester on $name', (engine) => {
  it('lists a transcript it cannot read with its reason after its tries, and reads the rest', async () => {
    const docs = await listAll('/documents/transcripts');
    const broken = docs.find((doc) => doc.typeId === 22 && !docs.some((other) => other.eventId === doc.eventId && other.id !== doc.id))!;
    expect(broken).toBeDefined();
    let tries = 0;
    const service = makeService(
      engine,
      { SEARCH_SCOPE_COMPANY_IDS: String(broken.companyId) },
      {
        file: (url, signal) => {
          if (url === broken.fileUrl) {
            tries++;
            return Promise.resolve(new Response('{"statusCode":503,"message":"maintenance"}', { status: 503 }));
          }
          return upstream.file(url, signal);
        },
        ingest: { retryBaseMs: 0, maxAttempts: 3 },
      },
    );
    await service.whenSynced();
    const { body } = await get(service, '/api/search/status');
    expect(tries).toBe(3);
    expect(body.transcripts.failed).toBe(1);
    expect(body.failures).toEqual([
      {
        transcriptId: broken.id,
        eventId: broken.eventId,
        companyId: broken.companyId,
        reason: 'The file host answered 503: maintenance.',
        attempts: 3,
        at: expect.any(String),
        retryAt: null,
      },
    ]);
    expect(body.transcripts.indexed).toBe(new Set(docs.filter((doc) => doc.companyId === broken.companyId).map((doc) => doc.eventId)).size - 1);
    await service.close();
  });

  it('lists a record of the list it cannot read or store with its reason, and indexes the rest', async () => {
    const companyId = 5;
    const docs = (await listAll('/documents/transcripts')).filter((doc) => doc.companyId === companyId);
    expect(docs.length).toBeGreaterThan(3);
    const [refusedType, impossibleTime, wrongType] = docs as [any, any, any];
    // The data service's list, with three records as a hostile service writes them.
    const api = async (path: string, query: Query) => {
      const response = await upstream.api(path, query);
      if (path !== '/documents/transcripts') return response;
      const body = (await response.json()) as any;
      for (const doc of body.data) {
        if (doc.id === refusedType.id) doc.typeId = -1;
        if (doc.id === impossibleTime.id) doc.updatedAt = '2026-02-30T25:61:00.000Z';
        if (doc.id === wrongType.id) doc.typeId = 'fifteen';
      }
      return Response.json(body);
    };
    const service = makeService(engine, { SEARCH_SCOPE_COMPANY_IDS: String(companyId) }, { api });
    await service.whenSynced();
    const status = await service.status();
    expect(status.state).toBe('idle');
    expect(status.transcripts.listed).toBe(docs.length);
    expect(status.transcripts.failed).toBe(3);
    expect(status.transcripts.indexed + status.transcripts.superseded).toBe(docs.length - 3);
    const reasons = Object.fromEntries(status.failures.map((failure) => [failure.transcriptId, failure.reason]));
    expect(reasons).toEqual({
      [refusedType.id]: 'The data service refuses its document type -1 (400: id must be a positive integer, got "-1").',
      [impossibleTime.id]: 'The transcript record could not be stored: date/time field value out of range: "2026-02-30T25:61:00.000Z".',
      [wrongType.id]: 'The transcript record could not be read: typeId: expected number, received string.',
    });
    const { body } = await get(service, '/api/search?q=margin');
    const found = new Set(body.calls.map((call: any) => call.transcriptId));
    expect(found.has(refusedType.id) || found.has(impossibleTime.id) || found.has(wrongType.id)).toBe(false);
    expect(body.totals.calls).toBeGreaterThan(0);
    await service.close();
  }, 60_000);

  it('indexes the hostile dataset to the end: every record listed, each it cannot read with its reason', async () => {
    const hostile = createSandbox({ seed: 'search-tests', companies: 2, now: NOW, clockRate: 0, dataset: 'hostile' });
    const { api, file } = sandboxUpstream(hostile);
    const listed = (await (await api('/documents/transcripts', { limit: 500, companyIds: 1 })).json()) as any;
    const service = makeService(engine, { SEARCH_SCOPE_COMPANY_IDS: '1' }, { api, file, ingest: { maxAttempts: 1 } });
    await service.whenSynced();
    const status = await service.status();
    expect(status.state).toBe('idle');
    expect(status.lastError).toBeUndefined();
    expect(status.transcripts.listed).toBe(listed.data.length);
    expect(listed.data.length).toBeLessThanOrEqual(50); // the status lists 50 failures
    // No transcript file of the hostile dataset is at an address the server may read.
    expect(status.transcripts.failed).toBe(listed.data.length);
    const reasons = new Set(status.failures.map((failure) => failure.reason));
    expect(reasons).toContain('The data service refuses its document type -1 (400: id must be a positive integer, got "-1").');
    expect(reasons).toContain('The transcript record could not be stored: date/time field value out of range: "2026-02-30T25:61:00.000Z".');
    expect(reasons).toContain('The transcript record’s file address is not an http(s) address.');
    expect(reasons).toContain('The transcript record’s file address carries a user name or password, which the server never sends.');
    expect([...reasons].join(' ')).not.toContain('secret');
    await service.close();
  }, 60_000);

  it('waits as long as a 429 says before asking again', async () => {
    const waits: number[] = [];
    let limited = 0;
    const service = makeService(
      engine,
      { SEARCH_SCOPE_COMPANY_IDS: '3' },
      {
        api: (path, query) => {
          if (path === '/documents/transcripts' && limited++ === 0) {
            return Promise.resolve(new Response('{"statusCode":429,"message":"Too Many Requests"}', { status: 429, headers: { 'retry-after': '7' } }));
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
    );
    await service.whenSynced();
    expect(waits[0]).toBe(7_000);
    const { body } = await get(service, '/api/search/status');
    expect(body.state).toBe('idle');
    expect(body.transcripts.indexed).toBeGreaterThan(0);
    await service.close();
  });

  it('stops at its daily request budget and says when it goes on', async () => {
    // The clock is the service's, injected: the budget's day is 2026-11-23 whatever day the suite runs.
    const now = () => Date.parse('2026-11-23T15:20:00.000Z');
    const service = makeService(engine, { SEARCH_REQUEST_BUDGET: '2' }, { ingest: { pageSize: 5 }, now });
    await service.whenSynced();
    const { body } = await get(service, '/api/search/status');
    expect(body.state).toBe('paused');
    expect(body.detail).toBe(
      'The daily budget of 2 requests to the data service is spent; indexing goes on at 2026-11-24T00:00:00.000Z (SEARCH_REQUEST_BUDGET).',
    );
    expect(body.requestsToday).toBe(2);
    expect(body.budgetPerDay).toBe(2);
    await service.close();
  });
});

describe('the summary of a common word', () => {
  const margin = (text: string) => /\bmargins?\b/i.test(text);

  it('counts its companies over the newest months read, and says since when; its chart counts every call', async () => {
    // 60 passages read (SEARCH_READ_CAP), as a page of results would: the companies of "margin" are
    // those of the newest months until then.
    // Four companies' calls (about 70) are enough months to stop in.
    const service = makeService(engines[0]!, { SEARCH_READ_CAP: '60', SEARCH_SCOPE_COMPANY_IDS: '1,2,3,4' });
    const ours = oracle.filter((p) => p.companyId <= 4 && margin(p.sentences.join(' ')));
    try {
      await service.whenSynced();
      const { status, body } = await get(service, '/api/search/summary?q=margin&top=50');
      expect(status).toBe(200);
      expect(body.companiesSince).toMatch(/^20\d\d-\d\d-01T00:00:00\.000Z$/);
      const since = Date.parse(body.companiesSince);
      const recent = ours.filter((p) => p.date !== null && Date.parse(p.date) >= since);
      // It stops at 60 passages or at a quarter of that in calls (15), whichever comes first.
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.length).toBeLessThan(ours.length);
      const byCompany = new Map<number, number>();
      for (const p of recent) byCompany.set(p.companyId, (byCompany.get(p.companyId) ?? 0) + 1);
      expect(new Map(body.companies.map((c: any) => [c.companyId, c.hits]))).toEqual(byCompany);
      // The chart is every call's, read from the counts.
      expect(body.totals.hits).toBe(ours.filter((p) => p.quarter).length);
    } finally {
      await service.close();
    }
  }, 120_000);

  it('brings an index of the previous version forward in place, and keeps its counts as calls are read again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-upgrade-'));
    const env = { SEARCH_DATA_DIR: dir, SEARCH_SCOPE_COMPANY_IDS: '1,2' };
    const logged: string[] = [];
    let read = 0;
    const service = (changed = false) =>
      createSearchService({
        config: readSearchConfig(env, false, []),
        source: 'upgrade',
        ...upstream,
        // Changed: every transcript record of the list says it was updated an hour later, so each
        // call's transcript is read and stored again (its words taken from the counts, then added).
        api: async (path, query) => {
          if (!changed || path !== '/documents/transcripts') return upstream.api(path, query);
          const page = (await (await upstream.api(path, { ...query, updatedAfter: undefined })).json()) as any;
          for (const doc of page.data) doc.updatedAt = new Date(Date.parse(doc.updatedAt) + 3_600_000).toISOString();
          return Response.json(page);
        },
        file: (url, signal) => {
          read++;
          return upstream.file(url, signal);
        },
        log: (line) => logged.push(line),
      });
    try {
      const first = service();
      await first.whenSynced();
      const { body: before } = await get(first, '/api/search/summary?q=margin');
      await first.close();
      // What version 4 held: everything but the counts.
      const db = await openPgliteHere(dir, 16);
      await db.exec(`drop table search_word_periods; update search_meta set value = jsonb_set(value, '{version}', '4') where key = 'schema'`);
      await db.close();

      read = 0;
      const second = service(true);
      await second.whenSynced();
      expect(logged.filter((line) => /brought forward from version 4/.test(line))).toHaveLength(1);
      expect(logged.filter((line) => /building it afresh/.test(line))).toEqual([]);
      const calls = new Set(oracle.filter((p) => p.companyId === 1 || p.companyId === 2).map((p) => p.eventId)).size;
      expect(read).toBeGreaterThanOrEqual(calls);
      const { body: after } = await get(second, '/api/search/summary?q=margin');
      const ours = oracle.filter((p) => (p.companyId === 1 || p.companyId === 2) && p.quarter && margin(p.sentences.join(' ')));
      expect(ours.length).toBeGreaterThan(10);
      expect(after.totals.hits).toBe(ours.length);
      expect(after).toEqual(before);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a restart', () => {
  it('carries on from the page it stopped at, then asks only what changed since', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-resume-'));
    const asked: string[] = [];
    const api = (path: string, query: Query) => {
      if (path === '/documents/transcripts') asked.push(`${query.cursor}|${query.updatedAfter ?? ''}`);
      return upstream.api(path, query);
    };
    const env = { SEARCH_DATA_DIR: dir, SEARCH_SCOPE_COMPANY_IDS: '1,2' };
    const problems: string[] = [];
    const config = readSearchConfig(env, false, problems);
    // The first run stops after its second page.
    let pages = 0;
    let stopFirst: () => void = () => {};
    const stopped = new Promise<void>((resolve) => (stopFirst = resolve));
    const first = createSearchService({
      config,
      source: 'resume',
      ...upstream,
      api: async (path, query) => {
        const response = await api(path, query);
        if (path === '/documents/transcripts' && ++pages === 2) stopFirst();
        return response;
      },
      log: () => {},
      ingest: { pageSize: 10 },
    });
    await first.start();
    await stopped;
    await first.close();
    const askedFirst = asked.length;
    expect(askedFirst).toBe(2);

    const second = createSearchService({ config, source: 'resume', ...upstream, api, log: () => {}, ingest: { pageSize: 10 } });
    await second.whenSynced();
    // It resumed at the cursor the second page gave, not from 0.
    expect(asked[askedFirst]).not.toMatch(/^0\|/);
    const status = (await (await second.handle(new Request('http://app.test/api/search/status'))).json()) as any;
    const docs = (await listAll('/documents/transcripts')).filter((doc) => doc.companyId === 1 || doc.companyId === 2);
    expect(status.transcripts.listed).toBe(docs.length);
    expect(status.transcripts.pending).toBe(0);
    await second.close();

    // A third start asks what changed since the walk began (less the overlap), from the first page.
    asked.length = 0;
    const third = createSearchService({ config, source: 'resume', ...upstream, api, log: () => {}, ingest: { pageSize: 10 } });
    await third.whenSynced();
    expect(asked[0]).toBe('0|2026-11-21T11:50:00.000Z');
    await third.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('the search in the server app', () => {
  const env = { SANDBOX_NOW: NOW, SANDBOX_SEED: 'search-tests', SANDBOX_COMPANIES: '12', SEARCH_DATA_DIR: 'memory', SEARCH_SCOPE_COMPANY_IDS: '4' };

  it('reads the sandbox through the API proxy and the file route, and answers on /api/search', async () => {
    const app = createServerApp(readServerConfig(env));
    await app.search.whenSynced();
    const response = await app.fetch(new Request('http://127.0.0.1/api/search?q=margin&companyIds=4'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as any;
    const expected = expectedEvents(
      (text) => /\bmargins?\b/i.test(text),
      (p) => p.companyId === 4,
    );
    expect(body.totals.calls).toBe(expected.length);
    const status = (await (await app.fetch(new Request('http://127.0.0.1/api/search/status'))).json()) as any;
    expect(status.scope).toEqual({ companyIds: [4], countries: [] });
    expect(status.transcripts.failed).toBe(0);
    await app.search.close();
  });

  it('reads transcript files only from allowed hosts: another host is listed as failed, with the reason', async () => {
    // The data service on a real socket, writing its file URLs on another origin that is not allowed.
    const upstreamSandbox = createSandbox({
      seed: 'search-tests',
      companies: 12,
      now: NOW,
      clockRate: 0,
      apiKey: 'k-123',
      publicUrl: 'http://files.not-allowed.test',
    });
    const server = serve({ fetch: upstreamSandbox.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const app = createServerApp(
      readServerConfig({
        API_KEY: 'k-123',
        API_BASE_URL: `http://127.0.0.1:${port}`,
        SEARCH_DATA_DIR: 'memory',
        SEARCH_SCOPE_COMPANY_IDS: '4',
        SEARCH_REQUEST_BUDGET: '50',
      }),
    );
    await app.search.whenSynced();
    const status = await app.search.status();
    expect(status.transcripts.indexed).toBe(0);
    expect(status.transcripts.listed).toBeGreaterThan(0);
    expect(status.transcripts.retrying).toBe(status.transcripts.listed);
    expect(status.failures[0]!.reason).toBe(
      'The file host answered 403: Files from files.not-allowed.test are not served: the host is not on the allowlist (FILE_HOSTS).',
    );
    expect(status.budgetPerDay).toBe(50);
    await app.search.close();
    server.close();
  });

  it('is off with SEARCH_INDEX=off: a 503 that says so, and a status that says so', async () => {
    const app = createServerApp(readServerConfig({ ...env, SEARCH_INDEX: 'off' }));
    const response = await app.fetch(new Request('http://127.0.0.1/api/search?q=margin'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Transcript search is turned off on this server (SEARCH_INDEX=off).',
    });
    const status = (await (await app.fetch(new Request('http://127.0.0.1/api/search/status'))).json()) as any;
    expect(status).toMatchObject({ enabled: false, state: 'off' });
    expect(app.search.db).toBeUndefined();
  });

  it('refuses anything but GET and HEAD', async () => {
    const app = createServerApp(readServerConfig({ ...env, SEARCH_INDEX: 'off' }));
    const response = await app.fetch(new Request('http://127.0.0.1/api/search?q=margin', { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('two servers on one data directory', () => {
  it('lets the first keep the directory and the second keep its index in memory, both searching', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-shared-'));
    const lines: string[] = [];
    const config = readSearchConfig({ SEARCH_DATA_DIR: join(dir, 'search'), SEARCH_SCOPE_COMPANY_IDS: '5' }, false, []);
    const first = createSearchService({ config, source: 'shared', ...upstream, log: () => {} });
    const second = createSearchService({ config, source: 'shared', ...upstream, log: (line) => lines.push(line) });
    await first.whenSynced();
    await second.whenSynced();
    expect(lines).toContain(`search: ${join(dir, 'search')} is in use by another server in this process; this server keeps its index in memory`);
    const a = (await (await first.handle(new Request('http://app.test/api/search?q=margin'))).json()) as any;
    const b = (await (await second.handle(new Request('http://app.test/api/search?q=margin'))).json()) as any;
    expect(b.totals).toEqual(a.totals);
    expect(a.totals.calls).toBeGreaterThan(0);
    await first.close();
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
