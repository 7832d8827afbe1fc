/**
 * Contract: the sandbox's catalog is the real service's (README, "The sandbox"), so clients that filter with the service's type ids (`typeIds=15,22`, the earnings-call
 * types) get the same answers here. Every expectation is written out from the facts.
 */
import { describe, expect, it } from 'vitest';
import { call, collectAll, get, getData, makeSandbox, V3, type Rec } from './contract-helpers.ts';

const { sandbox } = makeSandbox({ seed: 'contract', companies: 300 });

const EVENT_TYPES: [number, string, string][] = [
  [26, 'Q1', 'Earnings Call'],
  [27, 'Q2', 'Earnings Call'],
  [28, 'Q3', 'Earnings Call'],
  [29, 'Q4', 'Earnings Call'],
  [35, 'H1', 'Earnings Call'],
  [36, 'H2', 'Earnings Call'],
  [4, 'AGM', 'Annual General Meeting'],
  [284, 'Scheme Meeting', 'Annual General Meeting'],
  [6, 'EGM', 'Extraordinary General Meeting'],
  [2, 'CMD', 'Capital Markets Day'],
  [31, 'Investor Day', 'Investor Day'],
  [33, 'Analyst Day', 'Analyst Day'],
  [237, 'Conference', 'Conference'],
  [12, 'Fireside Chat', 'Fireside Chat'],
  [14, 'CEO Sitdown', 'C-level Sitdown'],
  [17, 'M&A Announcement', 'M&A Announcement'],
  [18, 'Capital Raise', 'Capital Raise'],
  [19, 'FDA Announcement', 'FDA Announcement'],
  [8, 'Guidance', 'Outlook / Guidance Update'],
  [10, 'Partnership', 'Partnerships / Collaborations'],
  [11, 'Collaboration', 'Partnerships / Collaborations'],
  [202, 'Trading Update', 'Trading Update'],
  [21, 'Status Update', 'Update / Briefing'],
  [239, 'Investor Update', 'Update / Briefing'],
  [240, 'ESG Update', 'Update / Briefing'],
  [280, 'Study Update', 'Update / Briefing'],
  [281, 'Study Result', 'Update / Briefing'],
  [285, 'KOL Event', 'Update / Briefing'],
  [32, 'Business Combination', 'Business Combination'],
  [275, 'Investor Presentation', 'Slides'],
  [279, 'Corporate Presentation', 'Slides'],
  [283, 'Company Presentation', 'Slides'],
];

const DOCUMENT_TYPES: [number, string, string][] = [
  [5, 'Slides', 'Slides'],
  [6, 'Report', 'Report'],
  [7, 'Quarterly report', '10-Q'],
  [10, 'Earnings release', '8-K'],
  [11, 'Annual report', '10-K'],
  [12, 'Annual report', 'Annual report'],
  [13, 'Annual report', '20-F'],
  [14, 'Earnings release', '6-K'],
  [15, 'Transcript', 'Transcript'],
  [17, 'Interim report', 'Interim report'],
  [18, 'Annual report', '40-F'],
  [19, 'Press release', 'Press release'],
  [20, 'Earnings release', 'Earnings release'],
  [22, 'In-house transcript', 'In-house transcript'],
];

describe('the real catalog', () => {
  it.each(EVENT_TYPES)('event type %i is %s under %s', async (id, name, parent) => {
    const type = await getData(sandbox, `/event-types/${id}`);
    expect({ id: type.id, name: type.name, parent: type.parent }).toEqual({ id, name, parent });
  });

  it.each(DOCUMENT_TYPES)('document type %i is %s (form %s)', async (id, name, form) => {
    const type = await getData(sandbox, `/document-types/${id}`);
    expect({ id: type.id, name: type.name, form: type.form }).toEqual({ id, name, form });
  });

  it('has no invented ids: 1, 3, 9 and 16 are not types', async () => {
    for (const id of [1, 3, 9]) expect((await call(sandbox, `${V3}/event-types/${id}`)).status, `event type ${id}`).toBe(404);
    for (const id of [1, 3, 16]) expect((await call(sandbox, `${V3}/document-types/${id}`)).status, `document type ${id}`).toBe(404);
  });
});

describe('the generated data uses it', () => {
  it('transcripts are types 15 (edited, with speakers) and 22 (in-house), and typeIds=15,22 returns all of them', async () => {
    const all = await collectAll(sandbox, '/documents/transcripts');
    expect(new Set(all.map((d) => d.typeId))).toEqual(new Set([15, 22]));
    const filtered = await collectAll(sandbox, '/documents/transcripts', { typeIds: '15,22' });
    expect(filtered.map((d) => d.id)).toEqual(all.map((d) => d.id));
  });

  it('quarterly calls carry the quarter type: a Q3 call is type 28, and every earnings call is 26–29', async () => {
    const audio = await collectAll(sandbox, '/audio', { expand: 'event' });
    const calls = audio.map((a) => a.event as Rec).filter((e) => /Earnings Call$/.test(e.title));
    expect(calls.length).toBeGreaterThan(100);
    const quarterType: Record<string, number> = { Q1: 26, Q2: 27, Q3: 28, Q4: 29 };
    for (const e of calls) expect(e.typeId, e.title).toBe(quarterType[e.fiscalPeriod]);
  });

  it("a US company's annual report is a 10-K (11), a Swedish one's an annual report (12)", async () => {
    const companies = await collectAll(sandbox, '/companies', { countries: 'US,SE' });
    const country = new Map(companies.map((c) => [c.id as number, c.country as string]));
    const annual = new Map<string, Set<number>>([
      ['US', new Set()],
      ['SE', new Set()],
    ]);
    for (const id of [11, 12, 13, 18]) {
      const body = await get(sandbox, '/documents/transcripts', { typeIds: String(id), limit: 1 });
      expect(body.data, 'the transcript endpoints serve only transcripts').toEqual([]);
    }
    // Walk the documents of the companies' events by id (endpoint 10) until both kinds are seen.
    for (let id = 1; id < 20_000 && (annual.get('US')!.size === 0 || annual.get('SE')!.size === 0); id++) {
      const res = await call(sandbox, `${V3}/documents/${id}`);
      if (res.status !== 200) break;
      const d = res.json.data as Rec;
      const c = country.get(d.companyId);
      if (c && [11, 12, 13, 18].includes(d.typeId)) annual.get(c)!.add(d.typeId);
    }
    expect([...annual.get('US')!]).toEqual([11]);
    expect([...annual.get('SE')!]).toEqual([12]);
  });

  it('base listings carry BASE beside the real listing of the same ticker', async () => {
    const companies = await collectAll(sandbox, '/companies', { limit: 50 });
    for (const c of companies.slice(0, 50)) {
      const base = (c.tickers as Rec[]).filter((t) => t.exchange === 'BASE');
      expect(base.length, `${c.name} has a base listing`).toBe(1);
      const real = (c.tickers as Rec[]).filter((t) => t.exchange !== 'BASE').map((t) => t.ticker);
      expect(real, `${c.name}'s base ticker is one of its real tickers`).toContain(base[0]!.ticker);
    }
  });
});
