import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * A call followed live, on the second sandbox server whose clock runs ten times faster (see
 * playwright.config.ts): a call every 9 s of wall time, about 25 s of streaming, then processing.
 */

const livePort = Number(process.env.E2E_PORT || 4173) + 1;
test.use({ baseURL: `http://127.0.0.1:${livePort}` });

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);

test('follow a call from before it starts to live, listen, go live, then its recording', async ({ page }) => {
  test.setTimeout(150_000);
  // The live record's own id (not its event's).
  const info = (await (await page.request.get('/__sandbox/info')).json()) as { willBeLiveId?: number };
  const liveId = info.willBeLiveId!;
  expect(liveId).toBeTruthy();

  await page.goto(`/live/${liveId}`);
  const badge = page.locator('[data-state]');
  await expect(badge).toHaveText('Starting soon');
  // A countdown to the scheduled start (the service's clock, which runs fast here).
  await expect(page.getByRole('timer')).toHaveText(/\d+ (min|s)/);
  await checkA11y(page, 'before the call');

  // It goes live without a reload, and the change is announced.
  await expect(badge).toHaveText('Live', { timeout: 40_000 });
  await expect(page.getByRole('status').filter({ hasText: /is live\./ })).toHaveCount(1);
  await expect(page.getByText('Went live')).toBeVisible();

  // Listen: the stream plays in the docked player.
  await page.getByRole('button', { name: 'Listen live' }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByText('LIVE', { exact: true })).toBeVisible();
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  const heard = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(heard + 0.5);
  await checkA11y(page, 'listening live');

  // The stream grows ten times faster than it plays: the listener falls behind; "Go live" jumps to the edge.
  const listen = page.getByRole('region', { name: 'Listen' });
  await expect(listen.getByText(/behind live\./)).toBeVisible({ timeout: 20_000 });
  const before = await audioTime(page);
  await listen.getByRole('button', { name: 'Go live' }).click();
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(before + 3);

  // The call ends; the recording becomes available and its page is linked.
  await expect(badge).toHaveText(/Processing|Recording available/, { timeout: 60_000 });
  await expect(badge).toHaveText('Recording available', { timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Open the recording page' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Play the recording' }).click();
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await checkA11y(page, 'recording available');
});

test('/live opens a record by id and remembers it with its last state', async ({ page }) => {
  const info = (await (await page.request.get('/__sandbox/info')).json()) as { liveId?: number };
  await page.goto('/live');
  // Beside the board, the by-number form is folded.
  await page.getByText('Follow a call by its number').click();
  await page.getByRole('textbox', { name: 'Live status number' }).fill(String(info.liveId));
  await page.getByRole('button', { name: 'Show status' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/${info.liveId}$`));
  // The address changes before the board gives way to the record's page: wait for its one state badge.
  await expect(page.locator('[data-state]')).toHaveCount(1);
  await expect(page.locator('[data-state]')).toBeVisible();
  // The page remembers a call once it can name it (its event, type and company have answered).
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^Loading the call/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live' }).click();
  const recent = page.getByRole('region', { name: 'Opened recently' });
  await expect(recent.getByRole('link')).toHaveCount(1);
  await checkA11y(page, '/live with a recent record');
});
