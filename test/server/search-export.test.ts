import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { EXPORT_PAGE } from '../../server/search/export.ts';
import { createSandbox } from '../../server/sandbox/app.ts';
import { serveApp } from './helpers.ts';
import { readEveryTranscript, sandboxUpstream, type FileParagraph } from './search-upstream.ts';

/**
 * GET /api/search/export: the whole result of a search as a file, streamed from the server app as
 * `npm start` serves it. What it should hold is worked out independently: every transcript file
 * read by hand, matched with plain regular expressions, and the recordings listed by the sandbox.
 */

const NOW = '2026-11-21T12:00:00Z';
const env = {
  SANDBOX_NOW: NOW,
  SANDBOX_SEED: 'search-tests',
  SANDBOX_COMPANIES: '12',
  SEARCH_DATA_DIR: 'memory',
  PUBLIC_BASE_URL: 'https://desk.example.com',
};
const sandbox = createSandbox({ seed: 'search-tests', companies: 12, now: NOW, clockRate: 0 });
const upstream = sandboxUpstream(sandbox);

let app: ServerApp;
let server: { origin: string; close(): Promise<void> };
let paragraphs: FileParagraph[] = [];
/** Recording id → its event, as the data service lists them. */
const eventOfRecording = new Map<number, number>();

beforeAll(async () => {
  app = createServerApp(readServerConfig(env));
  server = await serveApp(app);
  paragraphs = await readEveryTranscript(upstream);
  for (let cursor = 0; ;) {
    const page = (await (await upstream.api('/audio', { limit: 500, cursor })).json()) as any;
    for (const audio of page.data) eventOfRecording.set(audio.id, audio.eventId);
    if (page.pagination.nextCursor === null || page.data.length === 0) break;
    cursor = page.pagination.nextCursor;
  }
  await app.search.whenSynced();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.search.close();
});

/** RFC 4180 read plainly: quoted fields may hold commas and doubled quotation marks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').slice(0, -1)) {
    const fields: string[] = [];
    let at = 0;
    while (at <= line.length) {
      if (line[at] === '"') {
        let value = '';
        at++;
        for (;;) {
          const quote = line.indexOf('"', at);
          value += line.slice(at, quote);
          if (line[quote + 1] === '"') {
            value += '"';
            at = quote + 2;
          } else {
            at = quote + 2;
            break;
          }
        }
        fields.push(value);
      } else {
        const comma = line.indexOf(',', at);
        const end = comma < 0 ? line.length : comma;
        fields.push(line.slice(at, end));
        at = end + 1;
      }
    }
    rows.push(fields);
  }
  return rows;
}

const exportUrl = (query: string) => `${server.origin}/api/search/export?${query}`;

/** The paragraphs that say it, by event. */
function expectedByEvent(pattern: RegExp): Map<number, FileParagraph[]> {
  const out = new Map<number, FileParagraph[]>();
  for (const paragraph of paragraphs) {
    if (!pattern.test(paragraph.sentences.join(' '))) continue;
    out.set(paragraph.eventId, [...(out.get(paragraph.eventId) ?? []), paragraph]);
  }
  return out;
}

/** The event a row's link plays: its recording's event, or the event page it links to. */
function eventOfLink(link: string): number {
  const moment = /^https:\/\/desk\.example\.com\/recordings\/(\d+)\?t=(\d+)$/.exec(link);
  if (moment) return eventOfRecording.get(Number(moment[1]))!;
  const page = /^https:\/\/desk\.example\.com\/events\/(\d+)$/.exec(link);
  expect(page, link).not.toBeNull();
  return Number(page![1]);
}

describe('the search export', () => {
  it('holds every call the search finds, every passage of each, as a CSV attachment named for the search', async () => {
    const expected = expectedByEvent(/\bmargins?\b/i);
    const passages = [...expected.values()].reduce((sum, list) => sum + list.length, 0);
    // More calls than a page of the index (50) and of the results page (20).
    expect(expected.size).toBeGreaterThan(50);

    const response = await fetch(exportUrl('q=margin&format=csv'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Transcript search - margin.csv"; filename*=UTF-8''Transcript%20search%20-%20margin.csv`,
    );
    expect(response.headers.get('x-export-calls')).toBe(String(expected.size));
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte order mark first, so spreadsheet programs read it as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
    expect(header).toEqual([
      'Call',
      'Company',
      'Event',
      'Period',
      'Date (UTC)',
      'Transcript',
      'Passages in call',
      'Speaker',
      'Role',
      'Section',
      'Time',
      'Passage',
      'Link',
    ]);
    expect(rows.length).toBe(passages);

    const perEvent = new Map<number, string[][]>();
    for (const row of rows) {
      const event = eventOfLink(row[12]!);
      perEvent.set(event, [...(perEvent.get(event) ?? []), row]);
    }
    expect([...perEvent.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    const ranks = [...new Set(rows.map((row) => Number(row[0])))];
    expect(ranks).toEqual(Array.from({ length: expected.size }, (_, i) => i + 1));
    for (const [event, list] of perEvent) {
      // The call's count of passages is on each of its rows, and is its number of rows.
      expect(list.map((row) => row[6])).toEqual(list.map(() => String(expected.get(event)!.length)));
    }
  });

  it('links each passage to the moment it was said: the recording at the start of its first matched sentence', async () => {
    const expected = expectedByEvent(/\bgross margins?\b/i);
    const text = await (await fetch(exportUrl('q=%22gross+margin%22&format=csv'))).text();
    const rows = parseCsv(text).slice(1);
    let moments = 0;
    for (const row of rows) {
      const link = /\/recordings\/(\d+)\?t=(\d+)$/.exec(row[12]!);
      if (!link) continue;
      const event = eventOfRecording.get(Number(link[1]))!;
      // The sentence the passage starts with, in the file: its start is the moment.
      const starts = expected
        .get(event)!
        .flatMap((paragraph) => paragraph.sentences.map((sentence, i) => ({ sentence, start: paragraph.starts[i]! })))
        .filter(({ sentence }) => row[11]!.startsWith(sentence.replace(/\s+/g, ' ').trim()))
        .map(({ start }) => Math.floor(start));
      expect(starts).toContain(Number(link[2]));
      expect(row[10]).toMatch(/^\d+:\d{2}(:\d{2})?$/);
      moments++;
    }
    expect(moments).toBeGreaterThan(5);
  });

  it('writes Markdown: a section per call with its passage count, each passage a ▶ link to its moment', async () => {
    const expected = expectedByEvent(/\bgross margins?\b/i);
    const passages = [...expected.values()].reduce((sum, list) => sum + list.length, 0);
    const response = await fetch(exportUrl('q=%22gross+margin%22&format=md'));
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    expect(text.split('\n')[0]).toBe('# Transcript search: "gross margin"');
    expect(text).toContain(`${passages} passages in ${expected.size} calls.`);
    expect(text.match(/^## \d+\. /gm)?.length).toBe(expected.size);
    expect(text.match(/^\| \[▶ \d+:\d{2}(:\d{2})?\]\(https:\/\/desk\.example\.com\/(recordings\/\d+\?t=\d+|events\/\d+)\) \|/gm)?.length).toBe(passages);
  });

  it.each([
    ['q=margin', 'format', 'format must be csv or md'],
    ['q=margin&format=pdf', 'format', 'format must be csv or md'],
    ['format=csv', 'q', 'Give what to search for as q'],
    ['q=margin&format=csv&cursor=abc', 'cursor', 'property cursor should not exist'],
    ['q=margin&format=csv&companyIds=x', 'companyIds', 'companyIds must be whole numbers separated by commas; "x" is not one'],
  ])('refuses %s with a 400 naming %s', async (query, field, message) => {
    const response = await fetch(exportUrl(query));
    expect(response.status).toBe(400);
    const body = (await response.json()) as any;
    expect(JSON.stringify(body)).toContain(field);
    expect(JSON.stringify(body)).toContain(message.replace(/"/g, '\\"'));
  });

  /** Counts the pages of calls an export reads: one query that counts the calls, EXPORT_PAGE (50) at a time. */
  function countPages(): { pages: () => number; restore: () => void } {
    const db = app.search.db!;
    const original = db.query;
    let pages = 0;
    db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('total_calls') && params?.at(-2) === EXPORT_PAGE) pages++;
      return original.call(db, sql, params);
    }) as typeof db.query;
    return { pages: () => pages, restore: () => (db.query = original) };
  }

  /** Searches one at a time: each waits for the index behind anything the export asks meanwhile. */
  async function searchesMeanwhile(count: number) {
    for (let i = 0; i < count; i++) expect((await app.fetch(new Request('http://127.0.0.1/api/search?q=margin'))).status).toBe(200);
  }

  it('reads the index only as fast as the client reads the file, and stops when it cancels', async () => {
    const counter = countPages();
    try {
      const response = await app.fetch(new Request('http://127.0.0.1/api/search/export?q=quarter+OR+year+OR+business&format=csv'));
      // Reading it all takes three pages of 50 calls.
      expect(EXPORT_PAGE).toBe(50);
      expect(response.headers.get('x-export-calls')).toBe('126');
      const reader = response.body!.getReader();
      await reader.read();
      await searchesMeanwhile(8);
      // The first page and at most one read ahead, while the client reads nothing.
      expect(counter.pages()).toBeLessThanOrEqual(2);
      const before = counter.pages();
      await reader.cancel();
      await searchesMeanwhile(8);
      expect(counter.pages()).toBe(before);
    } finally {
      counter.restore();
    }
  });

  it('stops reading the index when the client goes away', async () => {
    const counter = countPages();
    try {
      const controller = new AbortController();
      const response = await fetch(exportUrl('q=quarter+OR+year+OR+business&format=csv'), { signal: controller.signal });
      expect(response.headers.get('x-export-calls')).toBe('126');
      await response.body!.getReader().read();
      controller.abort();
      await searchesMeanwhile(8);
      const after = counter.pages();
      expect(after).toBeLessThan(3);
      await searchesMeanwhile(8);
      expect(counter.pages()).toBe(after);
    } finally {
      counter.restore();
    }
  });

  it('writes at most two exports at once: a third is turned away with a 503 and Retry-After until one ends', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const query = exportUrl('q=quarter+OR+year+OR+business&format=md');
    for (const controller of [first, second]) {
      const response = await fetch(query, { signal: controller.signal });
      expect(response.status).toBe(200);
      await response.body!.getReader().read();
    }
    const third = await fetch(query);
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('30');
    expect(JSON.stringify(await third.json())).toContain('2 exports are being written, the most this server writes at once: try again in a minute.');

    first.abort();
    await expect
      .poll(async () => {
        const response = await fetch(exportUrl('q=margin&companyIds=4&format=csv'));
        await response.arrayBuffer();
        return response.status;
      })
      .toBe(200);
    second.abort();
  });
});
