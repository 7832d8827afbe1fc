import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Against an upstream that keeps to the 13 endpoints of the contract (SANDBOX_CONTRACT=strict on
 * E2E_PORT + 3): the list extensions answer 404. Every page works as before, says once and calmly
 * what this data source does not offer, shows no error panel, and asks for a missing list once.
 */

const strictOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT || 4173) + 3}`;
test.use({ baseURL: strictOrigin });

const EXTENSIONS = /\/public\/v3\/(events|live\/audio|documents|event-types|document-types)(\?|$)/;

test('without the extensions, pages work, say once what is missing, and never ask twice', async ({ page, expectConsoleError }) => {
  // The browser logs each 404 it receives; those are the answers the app expects here.
  expectConsoleError(/status of 404/);
  const asked = new Map<string, number>();
  const liveRecordsAsked: string[] = [];
  page.on('request', (request) => {
    if (/\/public\/v3\/live\/audio\/\d+/.test(request.url())) liveRecordsAsked.push(new URL(request.url()).pathname);
    const match = EXTENSIONS.exec(new URL(request.url()).pathname + (new URL(request.url()).search ? '?' : ''));
    if (match) asked.set(match[1]!, (asked.get(match[1]!) ?? 0) + 1);
  });
  const info = await (await page.request.get('/__sandbox/info')).json();
  const { eventId } = info.eventWithAudioAndTranscript;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest from earnings season' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Today' }).getByRole('note')).toContainText('which this data source does not offer');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkA11y(page, 'home, strict');

  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page.getByRole('note')).toHaveText(/^The calendar needs the list of events, which this data source does not offer\./);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkA11y(page, 'calendar, strict');

  await page.getByRole('link', { name: 'Live', exact: true }).click();
  await expect(page.getByRole('note')).toContainText('which this data source does not offer');
  // The by-number form is open, as the way to follow a call here.
  await expect(page.getByRole('textbox', { name: /Live status number|Event number/ }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkA11y(page, 'live, strict');

  await page.goto(`/companies/${info.companyId}`);
  await expect(page.getByRole('region', { name: 'Recordings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('note')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('note')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkA11y(page, 'company, strict');

  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('region', { name: 'Transcript' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('note')).toBeVisible();
  // A live record has an id of its own: without the list of live calls, the event's cannot be found.
  await expect(page.getByRole('region', { name: 'Live status' }).getByRole('note')).toHaveText(
    'Live status needs the list of live calls, which this data source does not offer.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/transcripts');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The companies list without its "Next earnings call" column, and without a word about it.
  await page.goto('/companies');
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByRole('row').nth(1)).toBeVisible();
  await expect(companies.getByRole('columnheader', { name: 'Exchange' })).toBeVisible();
  await expect(companies.getByRole('columnheader', { name: 'Next earnings call' })).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Each missing list was asked for once in the whole visit (the answer is kept for the tab's session).
  expect(Object.fromEntries(asked)).toEqual({ events: 1, 'live/audio': 1, documents: 1, 'event-types': 1, 'document-types': 1 });
  // No event's id was asked as if it were a live record's.
  expect(liveRecordsAsked).toEqual([]);
});
