import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/app.ts';
import { ManualClock } from '../../server/sandbox/clock.ts';
import { DEFAULTS } from '../../server/sandbox/config.ts';
import { DOC_TYPE, documentTypeById, isAnnualReportType } from '../../server/sandbox/data/catalog.ts';
import { buildDocumentSpec } from '../../server/sandbox/documents.ts';
import { readFacts } from '../../server/sandbox/media/library.ts';

/**
 * A company's figures say one thing wherever they appear: its segments' annual totals, its annual
 * and quarterly reports, its results releases and press releases, and what its earnings calls
 * say (their script's facts). Checked on the default seed and size, through the API and the
 * served PDFs, as a client reads them.
 */

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
/** A US company of the default dataset, with a 10-K for 2025 and operating income by segment. */
const ULEMONT = 388;

function sandboxWith(clock: ManualClock, mediaDirectory?: string): Sandbox {
  return createSandbox({ seed: DEFAULTS.seed, companies: DEFAULTS.companies, clock, mediaDirectory });
}

async function api(sandbox: Sandbox, path: string): Promise<any> {
  const response = await sandbox.fetch(new Request(`http://sandbox.test/public/v3${path}`, { headers: { 'x-api-key': sandbox.apiKey } }));
  expect(response.status, path).toBe(200);
  return response.json();
}

/** The text of a company's document of a type for a fiscal period, read from the served PDF. */
async function documentText(sandbox: Sandbox, companyId: number, typeId: number, fiscalYear: number, fiscalPeriod: string): Promise<string> {
  const { data } = await api(sandbox, `/documents?companyIds=${companyId}&typeIds=${typeId}&expand=event&limit=100`);
  const matches = (data as any[]).filter((d) => d.event.fiscalYear === fiscalYear && d.event.fiscalPeriod === fiscalPeriod);
  expect(matches, `company ${companyId}: one document of type ${typeId} for ${fiscalPeriod} ${fiscalYear}`).toHaveLength(1);
  const response = await sandbox.fetch(new Request(matches[0].fileUrl));
  const pdf = await getDocument({
    data: new Uint8Array(await response.arrayBuffer()),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  let text = '';
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
  }
  return text.replace(/\s+/g, ' ');
}

async function segments(sandbox: Sandbox, companyId: number, fiscalYear: number): Promise<Record<string, number>> {
  const { data } = await api(sandbox, `/companies/${companyId}/segments?limit=100`);
  return Object.fromEntries((data as any[]).filter((s) => s.fiscalYear === fiscalYear).map((s) => [`${s.segmentItem} / ${s.segmentCategory}`, s.total]));
}

describe("a company's figures, with the recorded calls as committed (facts or none)", () => {
  const sandbox = sandboxWith(new ManualClock(NOW));

  it("FY2025: the segments' revenue totals, the annual report and the general meeting's press release say the same revenue", async () => {
    const totals = await segments(sandbox, ULEMONT, 2025);
    expect(totals['Revenue / Business Segments']).toBe(26_429.8);
    expect(totals['Revenue / Geographic Segments']).toBe(26_429.8);
    const report = await documentText(sandbox, ULEMONT, DOC_TYPE.annualReport10K, 2025, 'Q4');
    expect(report).toContain('closed the fiscal year 2025 with revenue of USD 26,429.8 million');
    expect(report).toContain('Income statement USD million fiscal year 2025 Revenue 26,429.8 ');
    expect(report).toContain('Revenue by business segment, fiscal 2025');
    expect(report).toContain('Total 26,429.8');
    const press = await documentText(sandbox, ULEMONT, DOC_TYPE.pressRelease, 2025, 'FY');
    expect(press).toContain("The company's revenue in fiscal 2025 was USD 26,429.8 million.");
  });

  it('no company of the default dataset has an FY2025 annual report whose revenue differs from its segments', () => {
    const { store } = sandbox;
    const ctx = { origin: 'http://sandbox.test', now: NOW, store, media: sandbox.media };
    let compared = 0;
    const differing: string[] = [];
    for (let id = 1; id <= store.dataset.documents.count; id++) {
      const document = store.document(id, NOW)!;
      const event = store.event(document.eventId, NOW)!;
      if (!isAnnualReportType(document.typeId) || event.fiscalYear !== 2025) continue;
      const total = store.segments(document.company).find((s) => s.fiscalYear === 2025 && s.segmentItem === 'Revenue')?.total;
      const income = buildDocumentSpec(document, event, documentTypeById(document.typeId), ctx).sections.find((s) => s.heading === 'Income statement');
      const revenue = income?.table?.rows.find((row) => row[0] === 'Revenue')?.[1];
      compared++;
      if (total === undefined || revenue !== total.toLocaleString('en-US', { minimumFractionDigits: 1 }))
        differing.push(`${document.company.displayName}: ${total} vs ${revenue}`);
    }
    expect(compared).toBe(500);
    expect(differing).toEqual([]);
  });
});

/** Facts as the rewritten scripts state them; the eighth call states none. */
const FACTS = [
  { revenueGrowth: 12, grossMargin: 42.6, operatingMargin: 17.4, guidanceLow: 9, guidanceHigh: 11, guidance: 'raised' },
  { revenueGrowth: -2, grossMargin: 40.1, operatingMargin: 13.2, guidanceLow: 4, guidanceHigh: 6, guidance: 'cut' },
  { revenueGrowth: 7, grossMargin: 41.4, operatingMargin: 15, guidanceLow: 6, guidanceHigh: 8, guidance: 'raised' },
  { revenueGrowth: 5, grossMargin: 39.8, operatingMargin: 14.6, guidanceLow: 6, guidanceHigh: 8, guidance: 'kept' },
  { revenueGrowth: -6, grossMargin: 37.2, operatingMargin: 12.1, guidanceLow: 1, guidanceHigh: 3, guidance: 'cut' },
  { revenueGrowth: 9, grossMargin: 41.9, operatingMargin: 16.8, guidanceLow: 4, guidanceHigh: 6, guidance: 'raised' },
  { revenueGrowth: 4, operatingMargin: 34, guidanceLow: 4, guidanceHigh: 6, guidance: 'kept' },
  undefined,
];

describe("a company's figures, with calls that state facts", () => {
  // A media library of eight calls with the facts above (no audio: documents need none).
  const directory = mkdtempSync(join(tmpdir(), 'sandbox-facts-'));
  FACTS.forEach((facts, i) => {
    mkdirSync(join(directory, `call-${i + 1}`));
    const script = {
      id: i + 1,
      title: `Call ${i + 1}`,
      duration: 1500 + 60 * i,
      mp3Bytes: 0,
      segments: [],
      speakers: [],
      qna: 600,
      chapters: [],
      paragraphs: [],
      facts,
    };
    writeFileSync(join(directory, `call-${i + 1}`, 'script.json'), JSON.stringify(script));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const clock = new ManualClock(NOW);
  const sandbox = sandboxWith(clock, directory);

  it("a quarter's release and report say the growth, margins and guidance its call says", async () => {
    // Ulemont's Q1 2026 call plays the fourth recorded call: revenue up 5%, gross margin 39.8%,
    // operating margin 14.6%, full-year guidance of 6% to 8% kept.
    expect(sandbox.store.event(5551, NOW)?.title).toBe('Ulemont Communications Q1 2026 Earnings Call');
    expect(sandbox.store.event(5551, NOW)?.callIndex).toBe(3);
    const release = await documentText(sandbox, ULEMONT, DOC_TYPE.earningsRelease8K, 2026, 'Q1');
    expect(release).toContain('Revenue of USD 6,560.2 million, +5.0% year over year.');
    expect(release).toContain('Gross margin 39.8%; operating margin 14.6%');
    expect(release).toContain('Revenue 6,560.2 6,247.8 +5.0%');
    expect(release).toContain('Ulemont Communications reaffirms its full-year guidance of revenue growth of 6% to 8%.');
    const report = await documentText(sandbox, ULEMONT, DOC_TYPE.quarterlyReport10Q, 2026, 'Q1');
    expect(report).toContain('closed the first quarter 2026 with revenue of USD 6,560.2 million');
    expect(report).toContain('Gross margin 39.8%');
    expect(report).toContain('Operating margin 14.6%');

    // A year earlier, the third recorded call: revenue up 7%, margins 41.4% and 15.0%, guidance
    // raised to 6-8%. Its revenue is the prior-year column above.
    const yearBefore = await documentText(sandbox, ULEMONT, DOC_TYPE.earningsRelease8K, 2025, 'Q1');
    expect(yearBefore).toContain('Revenue of USD 6,247.8 million, +7.0% year over year.');
    expect(yearBefore).toContain('Gross margin 41.4%; operating margin 15.0%');
    expect(yearBefore).toContain('Ulemont Communications raises its full-year guidance: it now expects revenue growth of 6% to 8%.');
    // Q2 2025, the second recorded call: down 2%, guidance cut to 4-6%.
    const cut = await documentText(sandbox, ULEMONT, DOC_TYPE.earningsRelease8K, 2025, 'Q2');
    expect(cut).toContain('Revenue of USD 6,740.9 million, -2.0% year over year.');
    expect(cut).toContain('Gross margin 40.1%; operating margin 13.2%');
    expect(cut).toContain('Ulemont Communications lowers its full-year guidance: it now expects revenue growth of 4% to 6%.');
  });

  it("the live schedule's release of the latest quarter says what its call says", async () => {
    // Q3 2026 is reported live, with the sixth recorded call: up 9%, 41.9% and 16.8%, guidance raised to 4-6%.
    clock.set(NOW + 13 * 3_600_000);
    expect(sandbox.store.event(7522, clock.now())?.callIndex).toBe(5);
    const release = await documentText(sandbox, ULEMONT, DOC_TYPE.earningsRelease8K, 2026, 'Q3');
    expect(release).toContain('Revenue of USD 6,934.6 million, +9.0% year over year.');
    expect(release).toContain('Gross margin 41.9%; operating margin 16.8%');
    expect(release).toContain('Ulemont Communications raises its full-year guidance: it now expects revenue growth of 4% to 6%.');
  });

  it("FY2025: the year is its four quarters, and the segments' operating income is the annual report's", async () => {
    const quarters = ['Q1', 'Q2', 'Q3', 'Q4'];
    const revenues: string[] = [];
    for (const quarter of quarters) {
      const release = await documentText(sandbox, ULEMONT, DOC_TYPE.earningsRelease8K, 2025, quarter);
      revenues.push(/Revenue of USD ([\d,.]+) million/.exec(release)?.[1] ?? '');
    }
    // 6,247.8 + 6,740.9 + 6,362.0 + 7,079.1 = 26,429.8
    expect(revenues).toEqual(['6,247.8', '6,740.9', '6,362.0', '7,079.1']);
    const totals = await segments(sandbox, ULEMONT, 2025);
    expect(totals).toEqual({
      'Revenue / Business Segments': 26_429.8,
      'Revenue / Geographic Segments': 26_429.8,
      'Operating Income / Business Segments': 4_123.2,
    });
    const report = await documentText(sandbox, ULEMONT, DOC_TYPE.annualReport10K, 2025, 'Q4');
    expect(report).toContain('closed the fiscal year 2025 with revenue of USD 26,429.8 million and operating income of USD 4,123.2 million.');
    expect(report).toContain('Revenue 26,429.8 24,892.5 +6.2%');
  });
});

describe('readFacts', () => {
  it('keeps the well-formed facts of a script and answers undefined for none', () => {
    expect(readFacts(undefined)).toBeUndefined();
    expect(readFacts({})).toBeUndefined();
    expect(readFacts({ revenueGrowth: 'twelve', guidance: 'doubled' })).toBeUndefined();
    expect(
      readFacts({ revenueGrowth: -2, grossMargin: 40.1, operatingMargin: Number.NaN, guidanceLow: 4, guidanceHigh: 6, guidance: 'cut', extra: 1 }),
    ).toEqual({
      revenueGrowth: -2,
      grossMargin: 40.1,
      guidanceLow: 4,
      guidanceHigh: 6,
      guidance: 'cut',
    });
  });
});
