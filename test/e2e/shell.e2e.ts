import { armFault, checkA11y, clearFaults, expect, test } from './fixtures.ts';

test.afterEach(async ({ page }) => {
  await clearFaults(page);
});

test('home shows the latest recordings and transcripts from the sandbox', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeVisible();
  await expect(page.getByText('Sandbox data')).toBeVisible();

  const recordings = page.getByRole('table', { name: 'Latest recordings, newest published first' });
  await expect(recordings.getByRole('row')).toHaveCount(11); // header + 10
  await expect(recordings.getByRole('row').nth(1)).toContainText(/earnings call|Conference|Day|Update|Meeting/i);
  // One row per call: the latest ten transcripts are this many calls (a call's raw and edited share a row).
  const latest = (await (await page.request.get('/public/v3/documents/transcripts?limit=10&direction=desc')).json()).data as { eventId: number }[];
  const latestCalls = new Set(latest.map((doc) => doc.eventId)).size;
  const transcripts = page.getByRole('table', { name: 'Latest transcripts, newest published first' });
  await expect(transcripts.getByRole('row')).toHaveCount(latestCalls + 1);
  await expect(transcripts.getByRole('row').nth(1)).toContainText(/transcript/i);

  // Newest first: the dates in the recordings table never increase down the list.
  const stamps = await recordings.locator('time').evaluateAll((nodes) => nodes.map((n) => Date.parse(n.getAttribute('datetime') ?? '')));
  expect(stamps.length).toBe(10);
  expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
  await checkA11y(page, 'home (light)');
});

test('navigation reaches each section by keyboard, and the theme toggle works and is remembered', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, heading] of [
    ['Companies', 'Companies'],
    ['Recordings', 'Recordings'],
    ['Transcripts', 'Transcripts'],
    ['Documents', 'Documents'],
    ['Live', 'Live calls'],
  ] as const) {
    await nav.getByRole('link', { name: label }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }
  await expect(page.getByRole('table', { name: 'Transcripts, newest published first' })).toHaveCount(0);
  // On a 1366 px laptop the eight items, the company search and the theme toggle keep to one row.
  await page.setViewportSize({ width: 1366, height: 800 });
  const top = async (locator: typeof nav) => (await locator.boundingBox())!.y;
  expect(await top(page.getByRole('button', { name: 'Dark theme' }))).toBe(await top(nav.getByRole('link', { name: 'My notes' })));
  expect(await top(page.getByRole('search', { name: 'Companies' }))).toBe(await top(nav.getByRole('link', { name: 'Calendar' })));

  const toggle = page.getByRole('button', { name: 'Dark theme' });
  const wasDark = (await toggle.getAttribute('aria-pressed')) === 'true';
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(!wasDark));
  await expect(page.locator('html')).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', String(!wasDark));
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Latest recordings, newest published first' }).getByRole('row')).toHaveCount(11);
  await checkA11y(page, 'home (toggled theme)');
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeVisible();
  await checkA11y(page, 'not found');
});

test('a list whose data cannot be read says what failed and recovers with Retry', async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of 401/);
  await armFault(page, { kind: '401', scope: 'api', match: '/public/v3/documents/transcripts' });
  await page.goto('/transcripts');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API key is missing or was rejected (401)');
  await checkA11y(page, 'error state');
  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Transcripts, newest published first' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the API key reaches nothing the browser receives', async ({ page }) => {
  const key = process.env.E2E_SANDBOX_KEY ?? 'e2e-secret-key-7f3a9c';
  // Each response is read asynchronously: keep every check's promise and wait for all of them
  // before asserting, so a leak found late is not missed.
  const checks: Promise<string | undefined>[] = [];
  page.on('response', (response) => {
    checks.push(
      (async () => {
        const headers = JSON.stringify(await response.allHeaders());
        let body = '';
        try {
          body = (await response.body()).toString('latin1');
        } catch {
          // Redirects and aborted responses have no body.
        }
        return headers.includes(key) || body.includes(key) ? response.url() : undefined;
      })(),
    );
  });
  for (const path of ['/', '/recordings', '/transcripts', '/companies', '/app-config.json']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const html = await page.content();
  expect(html).not.toContain(key);
  const leaks = (await Promise.all(checks)).filter((url) => url !== undefined);
  expect(checks.length).toBeGreaterThan(10);
  expect(leaks).toEqual([]);
  // And the browser never sends one: requests go to the app's own origin without a key header.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['x-api-key']) sent.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(sent).toEqual([]);
});

test('a 429 is waited out and retried without a click', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 429/);
  await armFault(page, { kind: '429', scope: 'api', match: '/public/v3/audio', times: 1, retryAfter: 2 });
  await page.goto('/recordings');
  await expect(page.getByRole('status').filter({ hasText: 'Too many requests (429): retrying in 2 s' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recordings, newest published first' }).getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Too many requests/)).toHaveCount(0);
});
