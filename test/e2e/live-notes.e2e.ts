import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * A bookmark made while a call is live, on the second sandbox server whose clock runs ten times
 * faster (see playwright.config.ts: a call every 9 s of wall time, about 25 s of streaming, 4.5 s of
 * processing): from My notes it plays the live stream from its moment; when the call ends the
 * docked player's LIVE badge gives way to "Ended" at the next playlist reload, playback goes on and
 * the bar seeks over the whole call; once the recording is listed, the same bookmark plays it at
 * that moment.
 */

const livePort = Number(process.env.E2E_PORT || 4173) + 1;
test.use({ baseURL: `http://127.0.0.1:${livePort}` });

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? NaN);
const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')?.paused ?? true);
const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

test('a bookmark made live plays from its moment while live and on the recording after; the LIVE badge leaves when the call ends', async ({ page }) => {
  test.setTimeout(120_000);
  const info = (await (await page.request.get('/__sandbox/info')).json()) as { willBeLiveId?: number };
  const liveId = info.willBeLiveId!;
  expect(liveId).toBeTruthy();

  // Listen live as soon as the call goes live.
  await page.goto(`/live/${liveId}`);
  await page.getByRole('button', { name: 'Listen live' }).click({ timeout: 40_000 });
  const dock = page.getByRole('region', { name: 'Player' });
  await expect(dock.getByText('LIVE', { exact: true })).toBeVisible();
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(2);

  // Bookmark the moment, with a note.
  await dock.getByRole('button', { name: 'Bookmark this moment' }).click();
  const markedAt = (await dock.getByRole('form', { name: /^Note for the bookmark at / }).getAttribute('aria-label'))!.replace('Note for the bookmark at ', '');
  const at = seconds(markedAt);
  const note = dock.getByRole('textbox', { name: `Bookmarked ${markedAt}. Note` });
  await note.fill('Said while live');
  await note.press('Enter');
  await expect(dock.getByRole('status').filter({ hasText: `Bookmark kept at ${markedAt} with your note.` })).toBeVisible();

  // My notes, with the player closed: ▶ finds the live stream and plays it from the bookmark.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My notes' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Said while live' });
  await expect(row).toBeVisible();
  await dock.getByRole('button', { name: 'Close player' }).click();
  await expect(dock).toHaveCount(0);
  await row.getByRole('button', { name: `Play from ${markedAt}` }).click();
  await expect(dock.getByText('LIVE', { exact: true })).toBeVisible();
  await expect.poll(() => audioPaused(page), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(at);
  // From the bookmark (kept to a tenth of a second), not from the live edge far ahead.
  expect(await audioTime(page)).toBeLessThan(at + 4);
  await checkA11y(page, 'my notes, a live bookmark playing');

  // The call ends: the playlist is closed, and at its next reload the badge leaves.
  const stream = `/sandbox-files/live/${liveId}/index.m3u8`;
  await expect.poll(async () => (await (await page.request.get(stream)).text()).includes('#EXT-X-ENDLIST'), { timeout: 60_000, intervals: [250] }).toBe(true);
  const closedAt = Date.now();
  await expect(dock.getByText(/^Ended\b/)).toBeVisible({ timeout: 15_000 });
  const lag = Date.now() - closedAt;
  test.info().annotations.push({ type: 'LIVE badge gone after the playlist closed', description: `${lag} ms` });
  console.log(`LIVE badge gone ${lag} ms after the playlist was closed`);
  await expect(dock.getByText('LIVE', { exact: true })).toHaveCount(0);
  await expect(dock.getByRole('button', { name: 'Go live' })).toHaveCount(0);
  // What was streamed plays on...
  const playing = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(playing + 0.5);
  // ...and the bar seeks over the whole call: back to its start.
  await dock.getByRole('slider', { name: 'Seek' }).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeLessThan(3);
  await checkA11y(page, 'the call ended in the player');

  // Once the recording is listed, the same bookmark plays it at that moment (until then ▶ says it is being processed).
  await dock.getByRole('button', { name: 'Close player' }).click();
  await expect(async () => {
    await row.getByRole('button', { name: `Play from ${markedAt}` }).click();
    await expect(dock.getByRole('link', { name: /./ }).first()).toHaveAttribute('href', /^\/recordings\/\d+$/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => audioPaused(page), { timeout: 15_000 }).toBe(false);
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(at);
  expect(await audioTime(page)).toBeLessThan(at + 4);
  await expect(dock.getByText(/^Ended\b/)).toHaveCount(0);
});
