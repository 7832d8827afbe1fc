import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Starting from a question instead of an id, on the normal sandbox (clock at Saturday 21 November
 * 2026, 12:00 UTC; one call starts every 90 seconds): who is live now, who reports tomorrow, what
 * did a company publish.
 */

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);

test('from the home page, the call that is live now is one click from playing, and it plays', async ({ page }) => {
  await page.goto('/');
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByText('Live now').first()).toBeVisible();
  // Each row whole, nothing scrolling inside the panel (it cut its eighth row), the rest counted.
  const rows = today.getByRole('listitem');
  await expect(rows).toHaveCount(8);
  const cut = await today.evaluate((panel) => {
    const bottom = panel.getBoundingClientRect().bottom;
    const scrollers = [...panel.querySelectorAll('*')].filter(
      (box) => getComputedStyle(box).overflowY !== 'visible' && box.scrollHeight > box.clientHeight + 1,
    );
    const rowsOut = [...panel.querySelectorAll('li')].filter((row) => row.getBoundingClientRect().bottom > bottom);
    return [...scrollers, ...rowsOut].map((box) => `<${box.tagName.toLowerCase()}> "${box.textContent?.slice(0, 40)}"`);
  });
  expect(cut).toEqual([]);
  await expect(today.getByRole('link', { name: /^[\d,]+ more events today in the calendar$/ })).toBeVisible();
  await checkA11y(page, 'home with today');
  // Click 1: Listen on the first live call; the docked player plays its live stream.
  const listen = today.getByRole('button', { name: /^Listen live: / }).first();
  const title = (await listen.getAttribute('aria-label'))!.replace(/^Listen live: /, '');
  await listen.click();
  const dock = page.getByRole('region', { name: 'Player' });
  await expect(dock).toContainText(title.split(': ')[1]!);
  await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await expect(today.getByText('Playing')).toBeVisible();
});

test('tomorrow in the calendar, then a company’s upcoming call from its page', async ({ page }) => {
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings calendar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Today · Saturday, November 21/ })).toHaveAttribute('aria-current', 'date');
  await checkA11y(page, 'calendar, this week');
  // Tomorrow is Sunday, in this week: the date picker brings its day to the top.
  await page.getByLabel('Go to date').fill('2026-11-22');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/week=2026-11-22/);
  const sunday = page.getByRole('heading', { name: /^Sunday, November 22 ?, [\d,]+ events$/ });
  await expect(sunday).toBeInViewport();
  // Sunday's first event: its company, then that company's next events on its page.
  const firstRow = page.locator(
    'xpath=//div[@role="listitem"][.//h3[starts-with(normalize-space(.), "Sunday, November 22")]]/following-sibling::div[@role="listitem"][1]',
  );
  const company = firstRow.getByRole('link').first();
  // Names arrive a moment after the rows (a list of the companies on screen).
  await expect(company).not.toHaveText(/Loading company/);
  const companyName = (await company.textContent())!;
  await company.click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const call = upcoming.getByRole('link').first();
  const callName = (await call.textContent())!;
  await call.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(callName);
  await expect(page.getByRole('region', { name: 'Live status' })).toBeVisible();
  await checkA11y(page, 'an upcoming call');
});

test('a company’s annual report opens from its page in the viewer', async ({ page }) => {
  await page.goto('/companies/256');
  const documents = page.getByRole('region', { name: 'Documents' });
  await documents.getByRole('button', { name: /^Show all \d+ documents/ }).click();
  const report = documents.getByRole('link', { name: /^Annual report \(10-K\)/ }).first();
  await expect(report).toBeVisible();
  await report.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Annual report');
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await checkA11y(page, 'annual report');
});

test('the calendar on a phone: no sideways scroll, every control reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: /Today · Saturday, November 21/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'calendar, phone');
});
