import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Alerts on what is said, on the normal sandbox (its clock runs from 12:00 UTC; calls live since
 * 11:56:30, 11:58 and 11:59:30 say their words in step with their audio): a watched term raises an alert in
 * the header's tray; one click plays the call from the sentence and opens its live page.
 */

// The live journeys' own server at real time (playwright.config.ts): no other journey arms faults there.
test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT || 4173) + 4}` });

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);

/** The open tray is wholly on screen (the header may put its button at the left or the right). */
async function expectOnScreen(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const box = (await dialog.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

test('a watched term said in a live call raises an alert whose click plays from that sentence', async ({ page }) => {
  await page.goto('/live');
  const panel = page.getByRole('region', { name: 'Watched terms' });
  // Said in every earnings call, so one of the live calls says it within its first minutes.
  await panel.getByRole('textbox', { name: 'Word or "phrase" to watch' }).fill('quarter');
  await panel.getByRole('combobox', { name: 'Listen in' }).selectOption('Every live call');
  await panel.getByRole('button', { name: 'Watch' }).click();
  await expect(panel.getByRole('list', { name: 'Watched terms' })).toContainText('quarter');

  const tray = page.getByRole('button', { name: /^Alerts, \d+ new$/ });
  await expect(tray).toBeVisible({ timeout: 25_000 });
  // The board's row of that call shows its latest alert too.
  await expect(
    page
      .getByRole('region', { name: 'Live now' })
      .getByText(/^Latest alert at \d+:\d\d, “quarter”/)
      .first(),
  ).toBeVisible();
  await tray.click();
  const dialog = page.getByRole('dialog', { name: 'Alerts on what is said' });
  await expectOnScreen(page, dialog);
  // The oldest alert (the newest first): said a while ago, well behind the live edge.
  const alert = dialog.getByRole('listitem').last();
  await expect(alert.locator('mark').first()).toHaveText(/^quarters?$/i);
  await expect(alert).toContainText(/: Q\d \d{4} earnings call · “quarter” at \d+:\d\d/);
  await checkA11y(page, 'alert tray open');
  const at = seconds(/Play from (\d+:\d\d)/.exec((await alert.textContent()) ?? '')![1]!);

  await alert.getByRole('button').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/live\/\d+$/);
  // Playing from the sentence (its start is within the second it shows), not from the live edge.
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(at + 0.5);
  expect(await audioTime(page)).toBeLessThan(at + 8);

  // Escape closes the tray, and the button has focus again.
  await page.getByRole('button', { name: /^Alerts/ }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Alerts/ })).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Alerts/ }).click();
  await expectOnScreen(page, dialog);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'alert tray, phone');
});
