import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Listening like an analyst, in Chromium against the built app: a bookmark made with B while the
 * call plays survives a reload and plays from My notes; sentences dragged over with the mouse are
 * the ones highlighted, and the text stays put under the pointer; selected sentences copy as a
 * quote and as a clip link that plays just that range and stops at its end; the Q&A is walked by keyboard.
 *
 * What the e2e sandbox says (seed "e2e"): recording 1 is Dunarane Beverages at the Nordic Investor
 * Week 2024 (event 2), 3:51 long (the sandbox's call 2). Its edited transcript has Farah Bergstrom
 * (Head of Investor Relations) say sentences 3–5 from 16.483 s to 27.301 s (the CEO then opens
 * with the same "Thank you, and good afternoon, everyone."); the Q&A's questions start at 2:16
 * (Marcus Tellier, Corbridge Lane Capital, 136.314 s), 2:37 (Priya Raman, Northgate Securities,
 * 157.063 s), 2:54 (Daniel Okafor, 174.19 s) and 3:15 (Sofia Brennan, Velmont Hale Securities,
 * 195.347 s).
 */

const RECORDING = '/recordings/1';
const CALL = 'Nordic Investor Week 2024';
const QUOTE_START = 'Thank you, and good afternoon, everyone.';
const QUOTE_END = 'over to our Chief Executive Officer.';
const QUOTE_MIDDLE = 'Joining me are our Chief Executive Officer and our Chief Financial Officer.';
const QUOTE_LAST = "With that, I'll hand the call over to our Chief Executive Officer.";
const SPEAKER = 'Farah Bergstrom (Head of Investor Relations, Dunarane Beverages)';

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? NaN);
const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')?.paused ?? true);

test('listen, press B, type a note, reload, find it in My notes and play from it', async ({ page }) => {
  await page.goto(RECORDING);
  await expect(page.getByRole('heading', { level: 1, name: CALL })).toBeVisible();
  await page.getByRole('button', { name: 'Play recording' }).click();
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(2);

  await page.keyboard.press('b');
  const note = page.getByRole('textbox', { name: /^Bookmarked \d:\d\d\. Note$/ });
  await expect(note).toBeFocused();
  const label = (await note.getAttribute('id')) ?? '';
  expect(label).toMatch(/^bookmark-note-/);
  const markedAt = (await page.getByRole('form', { name: /^Note for the bookmark at / }).getAttribute('aria-label'))!.replace('Note for the bookmark at ', '');
  // Typing does not stop the call.
  const before = await audioTime(page);
  await note.pressSequentially('CFO says Europe is destocking');
  await note.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Bookmark kept at ${markedAt} with your note.` })).toBeVisible();
  expect(await audioPaused(page)).toBe(false);
  expect(await audioTime(page)).toBeGreaterThan(before);

  const panel = page.getByRole('region', { name: 'Bookmarks and highlights' });
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel).toContainText('CFO says Europe is destocking');
  await expect(page.getByTestId('bookmark-mark')).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Bookmarks and highlights' })).toContainText('CFO says Europe is destocking');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My notes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My notes' })).toBeVisible();
  const company = page.getByRole('region', { name: 'Dunarane Beverages' });
  await expect(company.getByRole('heading', { level: 3 })).toContainText(CALL);
  await expect(company).toContainText('CFO says Europe is destocking');
  await page.getByRole('searchbox', { name: 'Search my notes' }).fill('destocking');
  await expect(page).toHaveURL(/[?&]q=destocking/);
  await checkA11y(page, 'my notes');

  await company.getByRole('button', { name: `Play from ${markedAt}` }).click();
  await expect.poll(() => audioPaused(page), { timeout: 15_000 }).toBe(false);
  const [minutes, seconds] = markedAt.split(':').map(Number);
  const at = minutes! * 60 + seconds!;
  // It plays from the bookmark (kept to a tenth of a second; the label shows whole seconds).
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(at);
  expect(await audioTime(page)).toBeLessThan(at + 3);
});

test('drag across three sentences: exactly those are highlighted, and the text does not move while dragging', async ({ page }) => {
  await page.goto(RECORDING);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  // The first of the two sentences with these words: the head of investor relations'.
  const first = transcript.getByRole('button', { name: QUOTE_START }).first();
  const last = transcript.getByRole('button', { name: QUOTE_LAST });
  const from = (await first.boundingBox())!;
  const to = (await last.boundingBox())!;
  await page.mouse.move(from.x + 4, from.y + from.height / 2);
  await page.mouse.down();
  const pressed = (await first.boundingBox())!.y;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  const dragged = (await first.boundingBox())!.y;
  await page.mouse.up();
  const bar = page.getByRole('group', { name: 'Selected sentences' });
  await expect(bar).toContainText('Selected 3 sentences, 0:16–0:27');
  const released = (await first.boundingBox())!.y;
  // Nothing was put above the text, during the drag or once the bar showed.
  expect(Math.abs(dragged - pressed)).toBeLessThanOrEqual(1);
  expect(Math.abs(released - pressed)).toBeLessThanOrEqual(1);
  expect(await audioPaused(page)).toBe(true);

  await bar.getByRole('button', { name: 'Highlight' }).click();
  const kept = page.getByRole('region', { name: 'Bookmarks and highlights' }).getByRole('listitem');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText(`Yellow highlight: “${QUOTE_START} ${QUOTE_MIDDLE} ${QUOTE_LAST}”`);
});

test('select sentences, copy the quote, open the clip link and hear it stop at the end of the range', async ({ page, context }) => {
  // The clip plays for 11 seconds in real time.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(RECORDING);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  // The first of the two sentences with these words: the head of investor relations'.
  await transcript
    .getByRole('button', { name: QUOTE_START })
    .first()
    .click({ modifiers: ['Shift'] });
  await transcript.getByRole('button', { name: /^With that, I'll hand the call over/ }).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('group', { name: 'Selected sentences' });
  await expect(bar).toContainText('Selected 3 sentences, 0:16–0:27');
  await checkA11y(page, 'sentences selected');

  await bar.getByRole('button', { name: 'Copy quote' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Quote copied (3 sentences, 0:16–0:27).' })).toBeVisible();
  const quote = await page.evaluate(() => navigator.clipboard.readText());
  expect(quote).toContain(`“${QUOTE_START}`);
  expect(quote).toContain(`${QUOTE_END}”`);
  expect(quote).toContain(`— ${SPEAKER}, Dunarane Beverages · ${CALL} · Jan 9, 2024, at 0:16–0:27`);
  expect(quote.trim().split('\n').at(-1)).toMatch(/\/recordings\/1\?t=16\.4-27\.4$/);

  await bar.getByRole('button', { name: 'Copy clip link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/recordings\/1\?t=16\.4-27\.4$/);

  await page.goto(link);
  const clip = page.getByRole('region', { name: /^Clip 0:16–0:27/ });
  await expect(clip).toContainText('(11 s)');
  await expect(clip.locator('blockquote')).toContainText(QUOTE_START);
  await expect(clip.locator('blockquote')).toContainText(`— ${SPEAKER}`);
  await clip.getByRole('button', { name: 'Play clip' }).click();
  await expect.poll(() => audioPaused(page), { timeout: 15_000 }).toBe(false);
  expect(await audioTime(page)).toBeGreaterThanOrEqual(16.3);
  await expect(page.getByTestId('clip-range')).toBeVisible();
  // It stops by itself at the range's end (27.4 s), about 11 s later.
  await expect.poll(() => audioPaused(page), { timeout: 25_000, intervals: [250] }).toBe(true);
  const stoppedAt = await audioTime(page);
  expect(stoppedAt).toBeGreaterThan(26.9);
  expect(stoppedAt).toBeLessThan(27.9);
  await expect(page.getByRole('button', { name: 'Play recording' })).toBeVisible();
});

test('a clip link that cannot be played says why', async ({ page }) => {
  await page.goto(`${RECORDING}?t=90-30`);
  await expect(page.getByRole('note')).toContainText('The clip “90-30” ends before it starts.');
  await page.goto(`${RECORDING}?t=5:00-6:00`);
  await expect(page.getByRole('note')).toContainText('The clip starts at 5:00, after the recording ends (it is 3:51 long).');
  await page.goto(`${RECORDING}?t=soon-later`);
  await expect(page.getByRole('note')).toContainText('has “soon”, which is not a time');
  await page.getByRole('link', { name: 'Open the whole recording' }).click();
  await expect(page).toHaveURL(/\/recordings\/1$/);
});

test('walk the Q&A with the keyboard', async ({ page }) => {
  await page.goto(RECORDING);
  const qna = page.getByRole('region', { name: 'Q&A' });
  const questions = qna.getByRole('list', { name: 'Questions' });
  await expect(questions.getByRole('listitem')).toHaveCount(4);
  await expect(questions.getByRole('listitem').nth(0)).toContainText('Marcus Tellier');
  await expect(questions.getByRole('listitem').nth(0)).toContainText('Corbridge Lane Capital');

  await page.getByRole('heading', { level: 1, name: CALL }).click();
  await page.keyboard.press(']');
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(136.3);
  expect(await audioTime(page)).toBeLessThan(137.5);
  await page.keyboard.press(']');
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(157.0);
  expect(await audioTime(page)).toBeLessThan(158.3);
  await page.keyboard.press('[');
  await expect.poll(() => audioTime(page)).toBeLessThan(137.5);

  // The firm filter narrows the list, and ] then steps through that firm's questions only.
  await qna.getByRole('combobox', { name: 'Firm' }).selectOption('Velmont Hale Securities');
  await expect(questions.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('heading', { level: 1, name: CALL }).click();
  await page.keyboard.press(']');
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(195.3);
  await checkA11y(page, 'recording page with Q&A');
});
