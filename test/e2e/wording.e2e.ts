import { expect, test } from './fixtures.ts';

/**
 * Every page speaks the analyst's language: no raw ids ("Recording 6636"), no API parameter names
 * ("companyIds", "updatedAfter"), no mime types or encodings ("audio/mpeg", "7bit"), no "live
 * record", no polling cadence ("every 5 s while this tab is visible") and no engineering words
 * ("endpoint", "cursor", "Status checked", "not valid JSON", "HTTP 502", "this record"). Each route is opened with every fold (filters, More filters, facts) open, and its visible
 * text is read.
 */

const FORBIDDEN: [string, RegExp][] = [
  ['a record named by its number', /\b(?:Recording|Event|Company|Transcript|Document|Type|Group|Live audio) \d+\b/],
  ['the word "id" or "ids"', /\bids?\b/i],
  ['an API parameter name', /\b(?:companyIds|eventIds|typeIds|documentGroupIds|updatedAfter|updatedBefore|startDate|endDate)\b/],
  ['a mime type or encoding', /audio\/mpeg|application\/json|\b7bit\b/i],
  ['"live record"', /live record/i],
  ['how often the app asks', /\bevery \d+ ?s\b|while this tab is visible/i],
  ['engineering words', /\b(?:endpoints?|cursors?|status checked|valid JSON|HTTP \d{3})\b|\b(?:this|the) record\b/i],
];

let routes: [string, string][];

test.beforeAll(async ({ request }) => {
  const info = await (await request.get('/__sandbox/info')).json();
  const sample = info.eventWithAudioAndTranscript;
  routes = [
    ['home', '/'],
    ['companies', '/companies'],
    ['a company', `/companies/${info.companyId}`],
    ['a company that does not exist', '/companies/999999'],
    ['recordings', '/recordings'],
    ['a recording', `/recordings/${sample.audioId}`],
    ['transcripts', '/transcripts'],
    ['documents', '/documents'],
    ['a transcript', `/documents/${sample.transcriptId}?kind=transcript`],
    ['a PDF document', `/documents/${info.pdfDocumentId}`],
    ['an event', `/events/${sample.eventId}`],
    ['live calls', '/live'],
    ['a live status', `/live/${info.liveId}`],
    ['a filtered list from an event page', `/recordings?eventIds=${sample.eventId}&companyIds=${info.companyId}&updatedAfter=2020-01-01`],
  ];
});

test('no page shows raw ids, parameter names, mime types or "live record"', async ({ page, expectConsoleError }) => {
  test.setTimeout(120_000);
  // The company that does not exist answers 404 (its page says so in words).
  expectConsoleError(/status of 404/);
  const found: string[] = [];
  for (const [name, path] of routes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The page's lists and names have arrived: nothing asked for in the last half second, nothing shown as loading.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // Every fold opened, and what opening it renders rendered (its toggle event handled, then two frames).
    await page.evaluate(async () => {
      const closed = [...document.querySelectorAll('details')].filter((details) => !details.open);
      const toggled = closed.map((details) => new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true })));
      for (const details of closed) details.open = true;
      await Promise.all(toggled);
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const text = await page.evaluate(() => document.body.innerText);
    for (const [what, pattern] of FORBIDDEN) {
      const match = pattern.exec(text);
      if (match)
        found.push(`${name} (${path}) shows ${what}: "${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40).replace(/\s+/g, ' ')}"`);
    }
  }
  expect(found).toEqual([]);
});
