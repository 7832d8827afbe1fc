import type { Page } from '@playwright/test';
import { armFault, checkA11y, clearFaults, expect, test } from './fixtures.ts';

/**
 * What the analyst meets when the data service answers badly, page by page: each failure says what
 * happened and offers the next step, what was already on screen stays there, and once the fault
 * is gone the page recovers. The e2e server runs with PROXY_TIMEOUT_MS=3000 (playwright.config.ts),
 * so a slow answer turns into a 504 quickly.
 */

interface Info {
  companyId: number;
  eventWithAudioAndTranscript: { eventId: number; audioId: number };
  /** A call live now: its live-audio record's own id. */
  liveId: number;
}
let info: Info;

test.beforeAll(async ({ request }) => {
  info = await (await request.get('/__sandbox/info')).json();
});

test.afterEach(async ({ page }) => {
  await clearFaults(page);
});

const rows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr');

test('401: the event page says the key was rejected and where to fix it; Retry recovers', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 401/);
  const { eventId } = info.eventWithAudioAndTranscript;
  await armFault(page, { kind: '401', scope: 'api', match: `/public/v3/events/${eventId}` });
  await page.goto(`/events/${eventId}`);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'The API key is missing or was rejected (401)' })).toBeVisible();
  await expect(alert).toContainText('Check API_KEY in the server environment');
  await checkA11y(page, 'event 401');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/401/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('403: a live record says it is not in the plan; the status already shown stays while polling fails', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 403/);
  await page.goto(`/live/${info.liveId}`);
  const status = page.getByRole('heading', { level: 1 });
  await expect(status).not.toHaveText(/^(Event|Live audio) \d+$|^Loading the call/); // the event's own title has arrived
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  const title = await status.textContent();

  // The next poll is refused: the record on screen stays, with the reason above it.
  await armFault(page, { kind: '403', scope: 'api', match: `/public/v3/live/audio/${info.liveId}` });
  const alert = page.getByRole('alert').filter({ hasText: 'Not included in your plan (403)' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Live audio and documents are licensed separately');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
  await checkA11y(page, 'live 403');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '403' })).toHaveCount(0);
});

test('404: a recording that is gone says so and leads back to the list', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 404/);
  const { audioId } = info.eventWithAudioAndTranscript;
  await armFault(page, { kind: '404', scope: 'api', match: `/public/v3/audio/${audioId}` });
  await page.goto(`/recordings/${audioId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Recording not found' })).toBeVisible();
  await checkA11y(page, 'recording 404');
  await page.getByRole('link', { name: 'All recordings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible();
  await expect(rows(page, 'Recordings, newest published first').first()).toBeVisible();
});

test('429 on the next page: the rows stay, the wait is shown, and the page arrives without a second click', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 429/);
  await page.goto('/recordings');
  const table = rows(page, 'Recordings, newest published first');
  await expect(table).toHaveCount(50);
  // The first row's recording, by its link (its name changes once the type records arrive, which is
  // not what this journey is about).
  const firstCall = table.first().locator('td').nth(1).getByRole('link');
  const first = await firstCall.getAttribute('href');
  expect(first).toMatch(/^\/recordings\/\d+$/);

  await armFault(page, { kind: '429', scope: 'api', match: '/public/v3/audio', times: 1, retryAfter: 2 });
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Too many requests (429): retrying in 2 s' })).toBeVisible();
  await expect(table).toHaveCount(50);
  await expect(table).toHaveCount(100, { timeout: 15_000 });
  await expect(firstCall).toHaveAttribute('href', first ?? '');
  await expect(page.getByText(/Too many requests/)).toHaveCount(0);
});

test('500: a company whose segments fail keeps its header and the rest of the page; Retry brings them', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 500/);
  await armFault(page, { kind: '500', scope: 'api', match: `/public/v3/companies/${info.companyId}/segments` });
  await page.goto(`/companies/${info.companyId}`);
  const header = page.getByRole('heading', { level: 1 });
  await expect(header).toBeVisible();
  const segments = page.getByRole('region', { name: 'Segments' });
  // 5xx is retried with backoff first, then the panel says what failed.
  const alert = segments.getByRole('alert');
  await expect(alert).toContainText('The data service failed (500)', { timeout: 20_000 });
  await expect(alert).toContainText('Retry in a moment');
  await expect(header).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recordings' }).getByRole('link').first()).toBeVisible();
  await checkA11y(page, 'company with failed segments');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(segments.getByRole('table').first()).toBeVisible();
  await expect(segments.getByRole('alert')).toHaveCount(0);
});

test('a slow service: the proxy gives up, the page says it did not answer in time; Retry recovers', async ({ page, expectConsoleError }) => {
  test.setTimeout(60_000);
  expectConsoleError(/status of 504/);
  await armFault(page, { kind: 'slow', scope: 'api', match: '/public/v3/documents/transcripts', delayMs: 60_000 });
  await page.goto('/transcripts');
  await expect(page.getByRole('heading', { level: 1, name: 'Transcripts' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The data service did not answer in time', { timeout: 40_000 });
  await checkA11y(page, 'transcripts timeout');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page, 'Transcripts, newest published first').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a malformed body: the page says the answer could not be read, and the other panel still works', async ({ page }) => {
  // One row per call: the latest ten transcripts are this many calls (a call's raw and edited share a row).
  const latest = (await (await page.request.get('/public/v3/documents/transcripts?limit=10&direction=desc')).json()).data as { eventId: number }[];
  const latestCalls = new Set(latest.map((doc) => doc.eventId)).size;
  await armFault(page, { kind: 'malformed', scope: 'api', match: '/public/v3/audio' });
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The data service sent something we could not read');
  await expect(alert).toContainText('Its answer was cut off or garbled');
  await expect(rows(page, 'Latest transcripts, newest published first')).toHaveCount(latestCalls);
  await checkA11y(page, 'home malformed');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page, 'Latest recordings, newest published first')).toHaveCount(10);
});

async function transcriptPages(page: Page) {
  // The list shows one row per call: the first page of 50 transcripts is this many calls.
  const firstPage = (await (await page.request.get('/public/v3/documents/transcripts?limit=50&direction=desc')).json()).data as { eventId: number }[];
  const twoPages = (await (await page.request.get('/public/v3/documents/transcripts?limit=100&direction=desc')).json()).data as { eventId: number }[];
  const calls = (docs: { eventId: number }[]) => new Set(docs.map((doc) => doc.eventId)).size;
  return { one: calls(firstPage), two: calls(twoPages) };
}

test('the service breaking off its answer on the next page: loaded rows stay, the page says the service failed, Retry continues', async ({
  page,
  expectConsoleError,
}) => {
  test.setTimeout(60_000);
  expectConsoleError(/Failed to load resource|502/);
  const calls = await transcriptPages(page);
  await page.goto('/transcripts');
  const table = rows(page, 'Transcripts, newest published first');
  await expect(table).toHaveCount(calls.one);

  // The sandbox ends its answer mid-body; the server, which reads it whole to compress it, answers 502 instead of a broken body.
  await armFault(page, { kind: 'drop', scope: 'api', match: '/public/v3/documents/transcripts' });
  await page.getByRole('button', { name: 'Load more' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The data service failed (502)', { timeout: 30_000 });
  await expect(table).toHaveCount(calls.one);
  await checkA11y(page, 'transcripts next page broken off');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(table).toHaveCount(calls.two);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a dropped connection on the next page: loaded rows stay, the page says the connection dropped, Retry continues', async ({ page, expectConsoleError }) => {
  test.setTimeout(60_000);
  expectConsoleError(/Failed to load resource|ERR_/);
  const calls = await transcriptPages(page);
  await page.goto('/transcripts');
  const table = rows(page, 'Transcripts, newest published first');
  await expect(table).toHaveCount(calls.one);

  // The browser's own connection is reset (the network fails, not the server): Chromium's network layer drops the next page's request.
  let dropping = true;
  await page.route(/\/public\/v3\/documents\/transcripts\?/, (route) => (dropping ? route.abort('connectionreset') : route.continue()));
  await page.getByRole('button', { name: 'Load more' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not reach the server', { timeout: 30_000 });
  await expect(alert).toContainText('The connection dropped');
  await expect(table).toHaveCount(calls.one);
  await checkA11y(page, 'transcripts next page dropped');

  dropping = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(table).toHaveCount(calls.two);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
