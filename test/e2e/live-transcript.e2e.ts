import { checkA11y, expect, test } from './fixtures.ts';

/**
 * The live page as text, against the sandbox's live call (its clock at 12:00, the call about two
 * minutes in, its Q&A a few seconds later): the words appear and follow the listener, "Q&A
 * started" is marked in the text and on the seek bar, the questions so far are listed, scrolling
 * away and "Back to live"; axe clean on desktop and phone. And on a strict upstream (no live
 * transcripts): one calm line, and the audio still offered.
 */

const port = Number(process.env.E2E_PORT || 4173);

test('follow a live call as text: words, the listener followed, the Q&A marked, Back to live, phone and desktop', async ({ page }) => {
  test.setTimeout(90_000);
  const info = (await (await page.request.get('/__sandbox/info')).json()) as { liveId: number };
  await page.goto(`/live/${info.liveId}`);

  const panel = page.getByRole('region', { name: 'Transcript' });
  const text = panel.getByRole('list', { name: 'Transcript' });
  // The words said so far, speakers named.
  await expect(text.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  await expect(text.getByRole('button').first()).toBeVisible();

  await page.getByRole('button', { name: 'Listen live' }).click();
  const dock = page.getByRole('region', { name: 'Player' });
  await expect(dock.getByText('LIVE', { exact: true })).toBeVisible();
  // The sentence being heard is marked as such.
  await expect(text.locator('[aria-current="true"]')).toHaveCount(1, { timeout: 20_000 });

  // The Q&A: a divider in the text, a tick on the seek bar, the questions so far.
  await expect(panel.getByRole('separator', { name: /^Q&A started · \d+:\d{2}$/ })).toBeVisible({ timeout: 40_000 });
  await expect(dock.getByTestId('qna-mark')).toHaveCount(1);
  const questions = page.getByRole('region', { name: 'Questions so far' });
  await expect(questions.getByRole('list', { name: 'Questions' }).getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  await checkA11y(page, 'live call as text, desktop');

  // Scrolling the text away stops following; "Back to live" returns.
  await text.hover();
  await page.mouse.wheel(0, -400);
  const back = panel.getByRole('button', { name: 'Back to live' });
  await expect(back).toBeVisible();
  await back.click();
  await expect(back).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(text).toBeVisible();
  await checkA11y(page, 'live call as text, phone');
});

test('on an upstream without live transcripts: one calm line, and the audio plays on', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 404/);
  const strict = `http://127.0.0.1:${port + 3}`;
  const info = (await (await page.request.get(`${strict}/__sandbox/info`)).json()) as { liveId: number };
  await page.goto(`${strict}/live/${info.liveId}`);
  const panel = page.getByRole('region', { name: 'Transcript' });
  await expect(panel.getByRole('status').filter({ hasText: /transcript/i })).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Listen live' })).toBeVisible();
  await checkA11y(page, 'live call, strict upstream');
});
