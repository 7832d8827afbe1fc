import { checkA11y, expect, test } from './fixtures.ts';

/**
 * The live page as text, against the sandbox's live call (its clock at 12:00, the call about two
 * minutes in, its Q&A a few seconds later): the words appear and follow the listener, "Q&A
 * started" is marked in the text and on the seek bar, the questions so far are listed, scrolling
 * away and "Back to live"; axe clean on desktop and phone. And on a strict upstream (no live
 * transcripts): one calm line, and the audio still offered.
 */

const port = Number(process.env.E2E_PORT || 4173);
// The live journeys' own server at real time (playwright.config.ts): no other journey arms faults there.
test.use({ baseURL: `http://127.0.0.1:${port + 4}` });

test('follow a live call as text: words, the listener followed, the Q&A marked, Back to live, phone and desktop', async ({ page }) => {
  test.setTimeout(150_000);
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
  // The sampled call is the one live longest (started 90–235 s ago); its Q&A comes 112–128 s into
  // the call, so at most about 40 s from now.
  await expect(panel.getByRole('separator', { name: /^Q&A started · \d+:\d{2}$/ })).toBeVisible({ timeout: 75_000 });
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

/** The call's words so far, from the 1.6 file the service publishes (final words, no refinements). */
async function wordsSoFar(page: import('@playwright/test').Page, liveId: number): Promise<{ s: number; t: string }[]> {
  const record = (await (await page.request.get(`/public/v3/live/transcripts/${liveId}?transcriptVersion=1.6`)).json()) as { data: { transcript: string } };
  const file = await (await page.request.get(record.data.transcript)).text();
  return file
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.type === undefined && entry.i === undefined)
    .map((entry) => ({ s: Number(entry.s), t: String(entry.t) }));
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

test('the words heard are on screen within 5 s, and a refinement changes a word in place', async ({ page }) => {
  test.setTimeout(90_000);
  const info = (await (await page.request.get('/__sandbox/info')).json()) as { liveId: number };
  // Before the page opens: note each sentence's first words, and every time a marked (refined)
  // sentence holds other words in the same element.
  await page.addInitScript(() => {
    // Each sentence element's words as last seen unmarked; a marked (refined) element whose words
    // are no longer those words with more after them had a word changed where it stands.
    const plain = new WeakMap<Element, string>();
    const changedInPlace: string[] = [];
    (window as unknown as { __changedInPlace: string[] }).__changedInPlace = changedInPlace;
    const squash = (value: string) => value.replace(/\s+/g, ' ').trim();
    const look = () => {
      for (const element of document.querySelectorAll('ol[aria-label="Transcript"] [data-index]')) {
        const now = squash(element.textContent ?? '');
        const before = plain.get(element);
        if (element.getAttribute('data-refined') !== 'true') plain.set(element, now);
        else if (before !== undefined && !now.startsWith(before)) changedInPlace.push(`${before} → ${now}`);
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-refined'] });
  });
  await page.goto(`/live/${info.liveId}`);
  await page.getByRole('button', { name: 'Listen live' }).click();
  const text = page.getByRole('region', { name: 'Transcript' }).getByRole('list', { name: 'Transcript' });
  const audioTime = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
  await expect.poll(audioTime, { timeout: 20_000 }).toBeGreaterThan(1);

  // Three times, a few seconds apart: the four words heard last are in the text within 5 s.
  for (let sample = 0; sample < 3; sample++) {
    const heardAt = await audioTime();
    const words = await wordsSoFar(page, info.liveId);
    const last = words.findLastIndex((word) => word.s <= heardAt);
    expect(last).toBeGreaterThan(3);
    const phrase = letters(
      words
        .slice(last - 3, last + 1)
        .map((word) => word.t)
        .join(' '),
    );
    // The sentences' words alone, in order (not the speakers' names and times between paragraphs).
    const said = async () => letters((await text.locator('[data-index]').allTextContents()).join(' '));
    await expect.poll(async () => (await said()).includes(phrase), { timeout: 5_000 }).toBe(true);
    await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(heardAt + 3);
  }

  // A refinement (1.7) changes a word of a sentence already shown, in the same element, marked for a moment.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __changedInPlace: string[] }).__changedInPlace.length), { timeout: 40_000 })
    .toBeGreaterThan(0);
});
