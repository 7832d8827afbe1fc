import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/** The live board on the normal sandbox (frozen at 12:00 UTC, a call every 90 seconds). */

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);

test('the live board: live now, starting soon, just ended; Listen plays; axe on desktop and phone', async ({ page }) => {
  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live calls' })).toBeVisible();
  const live = page.getByRole('region', { name: 'Live now' });
  const soon = page.getByRole('region', { name: 'Starting soon' });
  const ended = page.getByRole('region', { name: 'Just ended' });
  await expect(live.getByRole('listitem').first()).toBeVisible();
  await expect(soon.getByRole('listitem').first()).toContainText(/in \d+/);
  await expect(ended.getByRole('listitem').first()).toBeVisible();
  await checkA11y(page, 'live board, desktop');

  await live
    .getByRole('button', { name: /^Listen live: / })
    .first()
    .click();
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'live board, phone');
});

test('a company page with its upcoming events and documents, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/companies/256');
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('link').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'company, phone');
});
