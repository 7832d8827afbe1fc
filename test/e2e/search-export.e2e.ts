import { readFile } from 'node:fs/promises';
import { checkA11y, expect, test, waitForSearchIndex } from './fixtures.ts';

/**
 * Exporting a large transcript search in Chromium against the built app: the file holds every call
 * the search found (not only the calls the page has loaded), every passage a row with a link that
 * plays that moment of the call's recording.
 *
 * What the e2e sandbox says (seed "e2e"; its index covers companies 1–40 and 256): "quarter" is said
 * in all 544 indexed calls, 2,654 passages in all; the results page loads 20 calls at a time.
 */

const QUERY = 'quarter';
const CALLS = 544;
const PASSAGES = 2654;

test.beforeAll(async ({ request }) => {
  await waitForSearchIndex(request);
});

/** RFC 4180 read plainly: quoted fields may hold commas and doubled quotation marks; each row is one line. */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .slice(0, -1)
    .map((line) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field]) => (field!.startsWith('"') ? field!.slice(1, -1).replace(/""/g, '"') : field!)),
    );
}

test('export a 544-call search as CSV: every call, every passage, each linked to its moment', async ({ page, baseURL }) => {
  await page.goto(`/search?q=${QUERY}`);
  await expect(page.getByRole('status').filter({ hasText: 'passages in' })).toContainText(`in ${CALLS} calls`);
  // The page has loaded only its first calls.
  expect(await page.getByRole('article').count()).toBeLessThan(CALLS);

  const exportGroup = page.getByRole('group', { name: 'Export' });
  await expect(exportGroup).toHaveAccessibleDescription(`All ${CALLS} calls found, one row per passage, each with a link that plays it.`);
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download'), exportGroup.getByRole('button', { name: 'Export as CSV' }).click()]);
  const took = Date.now() - started;
  await expect(exportGroup.getByRole('status')).toHaveText(`Exported ${CALLS} calls to “Transcript search - ${QUERY}.csv”.`);
  await checkA11y(page, 'search export done');

  expect(download.suggestedFilename()).toBe(`Transcript search - ${QUERY}.csv`);
  const bytes = await readFile((await download.path())!);
  console.log(`search export: ${CALLS} calls, ${PASSAGES} passages, ${bytes.byteLength} bytes in ${took} ms (click to saved file)`);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
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
  expect(rows).toHaveLength(PASSAGES);
  expect(new Set(rows.map((row) => row[0])).size).toBe(CALLS);
  const origin = new URL(baseURL!).origin;
  const moment = new RegExp(`^${origin.replace(/[.]/g, '\\.')}/recordings/\\d+\\?t=\\d+$`);
  expect(rows.filter((row) => !moment.test(row[12]!))).toEqual([]);
  // Each call's rows are as many as its count of passages says.
  const perCall = new Map<string, string[][]>();
  for (const row of rows) perCall.set(row[0]!, [...(perCall.get(row[0]!) ?? []), row]);
  for (const list of perCall.values()) expect(list).toHaveLength(Number(list[0]![6]));

  // The link of the last call's last passage plays that call from that moment.
  const last = rows.at(-1)!;
  const [, minutes, seconds] = /^(\d+):(\d{2})$/.exec(last[10]!)!;
  expect(Number(new URL(last[12]!).searchParams.get('t'))).toBe(Number(minutes) * 60 + Number(seconds));
  await page.goto(last[12]!);
  // The recording page of that company's call: its tab names the company, then the call.
  const company = last[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveTitle(new RegExp(`^${company} — .+ · Earnings Desk$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
