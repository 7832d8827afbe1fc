import type { Page } from '@playwright/test';
import { armFault, checkA11y, clearFaults, expect, test } from './fixtures.ts';

/**
 * The player on sandbox audio in Chromium (muted, which still advances currentTime): play, chapters,
 * Q&A, deep links, the transcript, page changes, keyboard, and a stream that fails.
 */

interface Sample {
  audioId: number;
  eventId: number;
  chapters: { title: string; startTimestamp: number; level: number }[];
  qna: number;
}

let sample: Sample;

test.beforeAll(async ({ request }) => {
  const info = await (await request.get('/__sandbox/info')).json();
  const { audioId, eventId } = info.eventWithAudioAndTranscript;
  const audio = (await (await request.get(`/public/v3/audio/${audioId}`)).json()).data;
  const chapters = (await (await request.get(`/public/v3/audio/${audioId}/chapters?levels=1,2&limit=100`)).json()).data;
  sample = { audioId, eventId, chapters, qna: audio.qna };
});

test.afterEach(async ({ page }) => {
  await clearFaults(page);
});

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')!.paused);

/** Records where each seek landed (the media element's 'seeked' events). */
async function recordSeeks(page: Page): Promise<void> {
  await page.locator('audio').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const w = window as unknown as { seeks: number[] };
    w.seeks = [];
    document.querySelector('audio')!.addEventListener('seeked', (event) => w.seeks.push((event.target as HTMLAudioElement).currentTime));
  });
}
const seeks = (page: Page) => page.evaluate(() => (window as unknown as { seeks: number[] }).seeks);

/** Passes once currentTime has moved past `from` (playing, not just positioned). */
async function expectAdvancingPast(page: Page, from: number): Promise<void> {
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(from + 0.5);
  expect(await audioPaused(page)).toBe(false);
}

test('Play makes currentTime advance, with the recording page and player accessible', async ({ page }) => {
  await page.goto(`/recordings/${sample.audioId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chapters' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download MP3/ })).toHaveAttribute('href', new RegExp(`/sandbox-files/audio/${sample.audioId}\\.mp3$`));
  const dock = player(page);
  await expect(dock.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', /0 seconds of 3 minutes 49 seconds/);
  await checkA11y(page, 'recording page, cued');

  await dock.getByRole('button', { name: 'Play', exact: true }).click();
  await expectAdvancingPast(page, 0);
  await expect(dock.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(dock.getByText('Introduction')).toBeVisible();
  // The OS media controls name the event, the company and the chapter.
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const company = await page.getByRole('region', { name: 'Recording' }).getByRole('link').first().textContent();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { metadata, playbackState } = navigator.mediaSession;
        return { title: metadata?.title, artist: metadata?.artist, album: metadata?.album, playbackState };
      }),
    )
    .toEqual({ title, artist: company, album: 'Introduction', playbackState: 'playing' });
  await checkA11y(page, 'recording page, playing');

  await dock.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(() => audioPaused(page)).toBe(true);
});

test('clicking a chapter lands within half a second of its start and plays', async ({ page }) => {
  const chapter = sample.chapters.find((c) => c.level === 2 && c.startTimestamp > 60)!;
  await page.goto(`/recordings/${sample.audioId}`);
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectAdvancingPast(page, 0);
  await recordSeeks(page);

  const button = page.getByRole('list', { name: 'Chapters' }).getByRole('button', { name: new RegExp(chapter.title) });
  await button.click();
  await expect.poll(() => seeks(page)).toHaveLength(1);
  const [landed] = await seeks(page);
  expect(Math.abs(landed! - chapter.startTimestamp)).toBeLessThan(0.5);
  await expectAdvancingPast(page, landed!);
  await expect(button).toHaveAttribute('aria-current', 'true');
  await expect(player(page).getByText(chapter.title)).toBeVisible();

  // The place is remembered: reopened, the recording is cued at the chapter.
  await page.reload();
  const seek = player(page).getByRole('slider', { name: 'Seek' });
  await expect.poll(async () => Number(await seek.inputValue())).toBeGreaterThanOrEqual(Math.floor(chapter.startTimestamp));
  expect(Number(await seek.inputValue())).toBeLessThan(chapter.startTimestamp + 10);
  await expect(page.getByRole('list', { name: 'Chapters' }).getByRole('button', { name: new RegExp(chapter.title) })).toHaveAttribute('aria-current', 'true');
});

test('"Jump to Q&A" lands at qna and plays', async ({ page }) => {
  await page.goto(`/recordings/${sample.audioId}`);
  await recordSeeks(page);
  await page.getByRole('button', { name: /Jump to Q&A/ }).click();
  await expectAdvancingPast(page, sample.qna);
  const time = await audioTime(page);
  expect(time).toBeGreaterThanOrEqual(sample.qna - 0.5);
  expect(time).toBeLessThan(sample.qna + 10);
  await expect(player(page).getByText(/^Q&A/)).toBeVisible();
});

test('playback continues across a page change, in the same audio element', async ({ page }) => {
  await page.goto(`/recordings/${sample.audioId}`);
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectAdvancingPast(page, 0);
  await page.evaluate(() => {
    document.querySelector('audio')!.dataset.mark = 'same';
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  const before = await audioTime(page);
  await expectAdvancingPast(page, before);
  expect(await page.evaluate(() => document.querySelector('audio')!.dataset.mark)).toBe('same');
  await expect(player(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // The title in the player leads back to the recording.
  await player(page).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/recordings/${sample.audioId}$`));
  await expectAdvancingPast(page, await audioTime(page));
});

test('?t=90 starts at 90 s', async ({ page }) => {
  await page.goto(`/recordings/${sample.audioId}?t=90`);
  const dock = player(page);
  await expect(dock.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', /^1 minute 3\d seconds of/);
  // The browser decides whether a page opened from a link may start sound by itself; if not, Play starts it.
  const play = dock.getByRole('button', { name: 'Play', exact: true });
  if (await play.isVisible()) await play.click();
  await expectAdvancingPast(page, 90);
  expect(await audioTime(page)).toBeLessThan(100);
});

test('clicking a transcript sentence seeks there and plays; search finds words', async ({ page, request }) => {
  const list = (await (await request.get(`/public/v3/documents/transcripts?eventIds=${sample.eventId}`)).json()).data;
  const file = await (await request.get(list[list.length - 1].fileUrl)).json();
  const sentence = file.transcript.paragraphs[4].sentences[1] as { text: string; start: number };

  await page.goto(`/recordings/${sample.audioId}`);
  const transcript = page.getByRole('list', { name: 'Transcript' });
  await recordSeeks(page);
  await transcript.getByRole('button', { name: sentence.text, exact: true }).click();
  await expectAdvancingPast(page, sentence.start);
  expect(await audioTime(page)).toBeLessThan(sentence.start + 8);
  await expect(transcript.locator('[aria-current="true"]')).toBeVisible();

  const word = sentence.text
    .split(' ')
    .find((w) => w.length > 6)!
    .replace(/[^A-Za-z]/g, '');
  await page.getByRole('searchbox', { name: 'Find in transcript' }).fill(word);
  await expect(page.getByRole('status').filter({ hasText: / of \d+$/ })).toBeVisible();
  await expect(transcript.locator('mark').first()).toBeVisible();
  // Reading elsewhere stops following; "Follow along" brings it back.
  await page.getByRole('button', { name: 'Follow along' }).click();
  await expect(page.getByRole('button', { name: 'Follow along' })).toHaveCount(0);
  await checkA11y(page, 'transcript with search');
});

test('keyboard: shortcuts control the player, never while typing, and ? lists them', async ({ page }) => {
  await page.goto(`/recordings/${sample.audioId}`);
  await expect(player(page)).toBeVisible();
  await page.locator('body').press('k');
  await expectAdvancingPast(page, 0);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(sample.chapters[1]!.startTimestamp - 0.5);

  await page.getByRole('searchbox', { name: 'Find in transcript' }).fill('k');
  expect(await audioPaused(page)).toBe(false);
  await page.getByRole('searchbox', { name: 'Find in transcript' }).blur();

  await page.keyboard.press('k');
  await expect.poll(() => audioPaused(page)).toBe(true);
  await page.keyboard.press('>');
  await expect(page.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.25');
  await page.keyboard.press('m');
  await expect(player(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
  // The dialog covers the whole window (not the player's strip), and the page does not move.
  await page.evaluate(() => window.scrollTo(0, 300));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize()!;
  expect(await dialog.locator('..').boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await checkA11y(page, 'shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Speed and mute are remembered.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.25');
  await expect(player(page).getByRole('button', { name: 'Unmute' })).toBeVisible();
});

test('a failing segment: bounded retries, then the MP3 takes over at the same place', async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of 503/);
  await armFault(page, { kind: '503', scope: 'segment', match: `/audio/${sample.audioId}/seg-00003` });
  await page.goto(`/recordings/${sample.audioId}`);
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player(page).getByText(/Playing the MP3 file instead/)).toBeVisible({ timeout: 25_000 });
  expect(await page.evaluate(() => document.querySelector('audio')!.currentSrc)).toMatch(/\.mp3$/);
  await expectAdvancingPast(page, await audioTime(page));
});

test('a recording whose stream and file both fail ends in a message with Retry, which recovers', async ({ page, expectConsoleError }) => {
  expectConsoleError(/Failed to load resource: the server responded with a status of 503/);
  await page.goto(`/recordings/${sample.audioId}`);
  await armFault(page, { kind: '503', scope: 'media', match: `/sandbox-files/audio/${sample.audioId}` });
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  const alert = player(page).getByRole('alert');
  await expect(alert).toContainText('Playback failed', { timeout: 25_000 });
  await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await checkA11y(page, 'player error');

  await clearFaults(page);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expectAdvancingPast(page, 0);
  await expect(player(page).getByRole('alert')).toHaveCount(0);
});

/** hls.js's chunk, by its name (a content hash such as "C1HLsrPS" may spell hls too). */
const isHlsChunk = (path: string) => /^hls[.-]/i.test(path.split('/').pop() ?? '');

test('hls.js is not part of the first page: only a recording page brings it (when idle or with the first Play), once', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // What the home page loads when the browser is idle is the search code (the header's index badge
  // and the company index, src/features/company-search/lazy.tsx).
  const idleScript = page.waitForResponse((response) => /\/assets\/company-search-ui-[\w-]+\.js$/.test(new URL(response.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Latest recordings, newest published first' }).getByRole('row')).toHaveCount(11);
  // Idle callbacks run in the order they were asked for: this one runs after every one the page
  // asked for at its load, so whatever they import has been requested by then.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await idleScript;
  expect(scripts.filter(isHlsChunk)).toEqual([]);

  await page.goto(`/recordings/${sample.audioId}`);
  await expect(player(page)).toBeVisible();
  await player(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expectAdvancingPast(page, 0);
  expect(scripts.filter(isHlsChunk)).toHaveLength(1);
});
