import { readFile } from 'node:fs/promises';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * What changed since last quarter: a company's latest earnings call compared with its previous one
 * (`/compare?call=…`): the numbers that moved, new and dropped terms, the changed sentences; ▶ on a
 * changed sentence plays that call from there; the Markdown export holds what the page shows.
 *
 * Structural for now: the sandbox's recorded calls are being rewritten as one management team's
 * consecutive quarters, so the figures, terms and sentences are pinned once they are.
 */

let companyId: number;

test.beforeAll(async ({ request }) => {
  companyId = (await (await request.get('/__sandbox/info')).json()).companyId;
});

/** The company's latest earnings call, found as an analyst finds it: its page's "Latest earnings call" card. */
async function latestCall(page: import('@playwright/test').Page): Promise<number> {
  await page.goto(`/companies/${companyId}`);
  const card = page.getByRole('region', { name: 'Latest earnings call' });
  const href = await card.getByRole('link', { name: /earnings call$/ }).getAttribute('href');
  const audioId = Number(/^\/recordings\/(\d+)$/.exec(href ?? '')?.[1]);
  expect(audioId).toBeGreaterThan(0);
  const audio = (await (await page.request.get(`/public/v3/audio/${audioId}`)).json()) as { data: { eventId: number } };
  return audio.data.eventId;
}

/** "12:34" or "1:02:03" in seconds. */
const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

test('compare the latest earnings call with the previous one: numbers, terms, changed sentences, ▶ and the export', async ({ page }) => {
  const eventId = await latestCall(page);
  // "Compare with the previous call" on the call's pages opens this address. The comparison is
  // computed in a worker, off the page's thread.
  const worker = page.waitForEvent('worker');
  await page.goto(`/compare?call=${eventId}`);
  expect((await worker).url()).toMatch(/\/assets\/compare\.worker-[\w-]+\.js$/);
  const title = page.getByRole('heading', { level: 1, name: /^Q[1-4] \d{4} earnings call compared with Q[1-4] \d{4} earnings call$/ });
  await expect(title).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Compared with' })).toHaveValue(/^\d+$/);

  const numbers = page.getByRole('list', { name: 'Numbers that moved' });
  await expect(numbers.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'New this quarter' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dropped since last quarter' }).getByRole('listitem').first()).toBeVisible();
  const sentences = page.getByRole('region', { name: 'Sentence by sentence' });
  const changed = sentences.getByRole('listitem').filter({ hasText: /^Changed/ });
  await expect(changed.first()).toBeVisible();
  await checkA11y(page, 'comparison, desktop');

  // ▶ on this quarter's side of a changed sentence (one said after the opening) plays this call from that sentence.
  const thisQuarter = /^(Q[1-4]) /.exec((await title.textContent()) ?? '')![1]!;
  const plays = changed.getByRole('button', { name: new RegExp(`^Play from \\d+:\\d{2} in the ${thisQuarter}( \\d{4})? call$`) });
  const names = await plays.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  const index = names.findIndex((label) => seconds(/from ([\d:]+) in/.exec(label)![1]!) >= 20);
  expect(index).toBeGreaterThanOrEqual(0);
  const play = plays.nth(index);
  const from = seconds(/from ([\d:]+) in/.exec(names[index]!)![1]!);
  await play.click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText(new RegExp(`${thisQuarter} \\d{4} earnings call`, 'i'));
  await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeGreaterThanOrEqual(from);
  expect(await page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeLessThan(from + 5);

  // The export holds what the page shows: the pair, the headings, a link to a moment of each call.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Markdown' }).click()]);
  expect(download.suggestedFilename()).toMatch(/ compared with .*\.md$/);
  const markdown = await readFile((await download.path())!, 'utf8');
  for (const heading of ['Numbers that moved', 'New this quarter', 'Dropped since last quarter']) expect(markdown).toContain(heading);
  expect(markdown).toMatch(/\/recordings\/\d+\?t=\d+/);
  const firstFigure = ((await numbers.getByRole('listitem').first().textContent()) ?? '').replace(/^Guidance\s*/, '').replace(/▶.*$/, '');
  expect(markdown).toContain(firstFigure.trim());
});

test('the comparison at phone width: one column, no sideways scroll, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const eventId = await latestCall(page);
  await page.goto(`/compare?call=${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: /compared with/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sentence by sentence' }).getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y(page, 'comparison, phone', { tapTargets: true });
  // "Only changes" off shows the sentences that stayed the same too.
  await page.getByRole('checkbox', { name: 'Only changes' }).uncheck();
  await expect(page.getByRole('region', { name: 'Sentence by sentence' }).getByRole('listitem').filter({ hasText: /^Same/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
