import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * From a company's latest earnings call to its neighbours: the event page links the previous
 * earnings call (and offers the comparison with it), the link opens that call, and the call's Q&A
 * at a glance is on the event page itself, playing the recording from a question.
 */

/** The event of the sample company's latest earnings call, as its page's "Latest earnings call" card shows it. */
async function latestCallEvent(page: Page): Promise<number> {
  const { companyId } = (await (await page.request.get('/__sandbox/info')).json()) as { companyId: number };
  await page.goto(`/companies/${companyId}`);
  const card = page.getByRole('region', { name: 'Latest earnings call' });
  const href = await card.getByRole('link', { name: 'Q2 2026 earnings call' }).getAttribute('href');
  const audioId = Number(/^\/recordings\/(\d+)$/.exec(href ?? '')?.[1]);
  return ((await (await page.request.get(`/public/v3/audio/${audioId}`)).json()) as { data: { eventId: number } }).data.eventId;
}

test("a company's latest earnings call leads to the previous one, with its Q&A on the event page", async ({ page }) => {
  const eventId = await latestCallEvent(page);

  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Q2 2026 earnings call' })).toBeVisible();
  const calls = page.getByRole('navigation', { name: 'Calls of this company' });
  const previous = calls.getByRole('link', { name: /^Previous call: Q1 2026 earnings call · / });
  await expect(previous).toBeVisible();
  const previousId = Number(/^\/events\/(\d+)$/.exec((await previous.getAttribute('href')) ?? '')?.[1]);
  await expect(calls.getByRole('link', { name: 'Compare with the previous call' })).toHaveAttribute('href', `/compare?call=${eventId}&with=${previousId}`);

  // The Q&A at a glance, on the event page: each question plays the call from where it is asked.
  const qna = page.getByRole('region', { name: 'Q&A' });
  const questions = qna.getByRole('list', { name: 'Questions' }).getByRole('button');
  await expect(questions.first()).toHaveAccessibleName(/^Question 1\b/);
  expect(await questions.count()).toBeGreaterThan(1);
  await checkA11y(page, 'event page with its neighbours and Q&A');

  await questions.nth(1).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText('Q2 2026 earnings call');
  await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);
  await expect(questions.nth(1)).toHaveAttribute('aria-current', 'true');

  // One click to the previous earnings call, whose own neighbours lead back.
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/events/${previousId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Q1 2026 earnings call' })).toBeVisible();
  await expect(calls.getByRole('link', { name: /^Next call: Q2 2026 earnings call · / })).toHaveAttribute('href', `/events/${eventId}`);
  await expect(page.getByRole('region', { name: 'Q&A' }).getByRole('list', { name: 'Questions' })).toBeVisible();
  await checkA11y(page, 'the previous call’s event page');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the links to other calls and the Q&A fit a phone and pass axe, tap targets included', async ({ page }) => {
    await page.goto(`/events/${await latestCallEvent(page)}`);
    const calls = page.getByRole('navigation', { name: 'Calls of this company' });
    await expect(calls.getByRole('link', { name: /^Previous call: / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Q&A' }).getByRole('list', { name: 'Questions' }).getByRole('button').first()).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, 'event page on a phone', { tapTargets: true });
  });
});
