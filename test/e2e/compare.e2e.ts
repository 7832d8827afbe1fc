import { readFile } from 'node:fs/promises';
import { checkA11y, expect, test, waitForSearchIndex } from './fixtures.ts';

/**
 * What changed since last quarter: a company's latest earnings call compared with its previous one,
 * one click from the call's page ("Compare with the previous call"): the numbers that moved, new and
 * dropped terms, the changed sentences; ▶ on a changed sentence plays that call from there; the
 * Markdown export holds what the page shows.
 *
 * What the e2e sandbox says (seed "e2e"): Bryrite (256)'s latest earnings call with a recording is
 * its Q2 2026 call (event 6778, recording 6281), which speaks recorded call 6 (AI and data center
 * demand); its previous earnings call, Q1 2026 (event 5687, recording 5215), speaks call 4 (tariffs).
 * Their figures, read off scripts/media/calls/call-6.txt and call-4.txt: revenue growth 9% against
 * 5%, gross margin 41.9% against 39.8% (said at 1:09 and 1:11), operating margin 16.8% against
 * 14.6%, full-year revenue growth guidance 4–6% against 6–8%. "data center" is said in 1 of
 * Bryrite's last 8 earnings calls in the index, "tariffs" only by the Q1 call of the pair.
 */

let companyId: number;

test.beforeAll(async ({ request }) => {
  companyId = (await (await request.get('/__sandbox/info')).json()).companyId;
  // "Said in X of the last N calls" comes from the transcript index, built when the server starts.
  await waitForSearchIndex(request);
});

/** The company's latest earnings call, opened as an analyst opens it: its page's "Latest earnings call" card. */
async function openLatestCall(page: import('@playwright/test').Page): Promise<void> {
  await page.goto(`/companies/${companyId}`);
  const card = page.getByRole('region', { name: 'Latest earnings call' });
  await card.getByRole('link', { name: /earnings call$/ }).click();
  await expect(page).toHaveURL(/\/recordings\/6281$/);
  // The tab names the call, so tabs and history tell calls apart.
  await expect(page).toHaveTitle('Bryrite — Q2 2026 earnings call · Earnings Desk');
}

test('compare the latest earnings call with the previous one in one click: numbers, terms, changed sentences, ▶ and the export', async ({ page }) => {
  // The longest journey of the suite (two pages, a worker, playback, a download): more than the default 30 s on a busy machine.
  test.slow();
  await openLatestCall(page);
  // The comparison is computed in a worker, off the page's thread.
  const worker = page.waitForEvent('worker');
  await page.getByRole('navigation', { name: 'Calls of this company' }).getByRole('link', { name: 'Compare with the previous call' }).click();
  await expect(page).toHaveURL(/\/compare\?call=6778&with=5687$/);
  expect((await worker).url()).toMatch(/\/assets\/compare\.worker-[\w-]+\.js$/);
  const title = page.getByRole('heading', { level: 1, name: 'Q2 2026 earnings call compared with Q1 2026 earnings call' });
  await expect(title).toBeVisible();
  await expect(page).toHaveTitle('Bryrite — Q2 2026 earnings call compared with Q1 2026 earnings call · Earnings Desk');

  const numbers = page.getByRole('list', { name: 'Numbers that moved' });
  // Guidance first, then the moves.
  await expect(numbers.getByRole('listitem').first()).toContainText('Revenue growth guidance 4–6% (was 6–8%)', { timeout: 15_000 });
  await expect(numbers).toContainText('Gross margin 41.9% (was 39.8%, +2.1 pts)');
  await expect(numbers).toContainText('Operating margin 16.8% (was 14.6%, +2.2 pts)');
  await expect(numbers).toContainText('Revenue growth +9% (was +5%, +4 pts)');
  const added = page.getByRole('region', { name: 'New this quarter' });
  await expect(added.getByRole('listitem').filter({ hasText: /^data center/ })).toContainText('said in 1 of the last 8 calls');
  await expect(
    page
      .getByRole('region', { name: 'Dropped since last quarter' })
      .getByRole('listitem')
      .filter({ hasText: /^tariffs/ }),
  ).toBeVisible();
  // Two regular analysts ask in both calls; Ravi Menon is new this quarter, Nadia Ferreira asked only last quarter.
  const questions = page.getByRole('region', { name: 'Questions' });
  const thisQuarter = questions.getByRole('list', { name: 'Q2 2026 earnings call' }).getByRole('listitem');
  await expect(thisQuarter).toHaveCount(3);
  await expect(thisQuarter.filter({ hasText: 'Ravi Menon' })).toContainText('Silverline Equity Research New this quarter');
  await expect(thisQuarter.filter({ hasText: 'Priya Raman' })).not.toContainText('New this quarter');
  await expect(questions.getByRole('list', { name: 'Q1 2026 earnings call' }).getByRole('listitem').filter({ hasText: 'Nadia Ferreira' })).toContainText(
    'Not this quarter',
  );
  const sentences = page.getByRole('region', { name: 'Sentence by sentence' });
  // The gross margin sentence, said at 1:09 in Q2 and 1:11 in Q1, changed ("forty one point nine" for "thirty nine point eight").
  const margin = sentences
    .getByRole('listitem')
    .filter({ hasText: /^Changed/ })
    .filter({ has: page.getByRole('button', { name: 'Play from 1:09 in the Q2 call' }) });
  await expect(margin).toContainText('forty one point');
  await expect(margin).toContainText('thirty');
  await expect(margin).toBeVisible();
  await checkA11y(page, 'comparison, desktop');

  // ▶ on this quarter's side of the changed sentence plays the Q2 call from 1:09 (69.009 s).
  await margin.getByRole('button', { name: 'Play from 1:09 in the Q2 call' }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText(/Q2 2026 earnings call/i);
  await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeGreaterThanOrEqual(69);
  expect(await page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeLessThan(74);

  // The export holds what the page shows: the pair, the numbers, the terms, a link to each moment.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Markdown' }).click()]);
  expect(download.suggestedFilename()).toMatch(/ compared with .*\.md$/);
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toMatch(/^# Bryrite: Q2 2026 earnings call.* compared with Q1 2026 earnings call/);
  for (const line of [
    '## Numbers that moved',
    '## New this quarter',
    '## Dropped since last quarter',
    'Gross margin 41.9% (was 39.8%, +2.1 pts)',
    'data center',
    'tariffs',
  ]) {
    expect(markdown).toContain(line);
  }
  expect(markdown).toContain('/recordings/6281?t=69');
  expect(markdown).toContain('/recordings/5215?t=71');
});

test('the comparison at phone width: one column, no sideways scroll, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/compare?call=6778');
  await expect(page.getByRole('heading', { level: 1, name: /compared with/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sentence by sentence' }).getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page, 'comparison, phone', { tapTargets: true });
  // "Only changes" off shows the sentences that stayed the same too.
  await page.getByRole('checkbox', { name: 'Only changes' }).uncheck();
  await expect(page.getByRole('region', { name: 'Sentence by sentence' }).getByRole('listitem').filter({ hasText: /^Same/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
