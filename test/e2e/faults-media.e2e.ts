import type { Page } from '@playwright/test';
import { armFault, clearFaults, expect, test } from './fixtures.ts';

/**
 * An HLS segment that fails in the middle of a call: the player says it is retrying, playback
 * waits at the point it reached, and once the segment can be fetched again it goes on from there,
 * on the stream (no jump back, no switch to the MP3).
 */

let audioId: number;

test.beforeAll(async ({ request }) => {
  const info = await (await request.get('/__sandbox/info')).json();
  audioId = info.eventWithAudioAndTranscript.audioId;
});

test.afterEach(async ({ page }) => {
  await clearFaults(page);
});

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const media = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    const w = window as unknown as { times?: number[] };
    return { time: audio.currentTime, paused: audio.paused, src: audio.currentSrc, times: w.times ?? [] };
  });

test('a segment fails mid-call: retrying is shown, playback waits where it was, and resumes there once the segment loads', async ({
  page,
  expectConsoleError,
}) => {
  test.setTimeout(60_000);
  expectConsoleError(/Failed to load resource: the server responded with a status of 503/);
  // Segments are about 4 s long; seg-00016 starts at about 63.9 s. Play from 62 s: the stream runs
  // out of audio within two seconds and must wait for the failing segment.
  await armFault(page, { kind: '503', scope: 'segment', match: `/audio/${audioId}/seg-00016` });
  await page.goto(`/recordings/${audioId}?t=62`);
  await page.locator('audio').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    const w = window as unknown as { times: number[] };
    w.times = [];
    document.querySelector('audio')!.addEventListener('timeupdate', (event) => w.times.push((event.target as HTMLAudioElement).currentTime));
  });
  const dock = player(page);
  const play = dock.getByRole('button', { name: 'Play', exact: true });
  if (await play.isVisible()) await play.click();

  await expect(dock.getByText(/Connection problem: retrying/)).toBeVisible({ timeout: 15_000 });
  // It played up to the failing segment and stopped there.
  await expect.poll(async () => (await media(page)).time, { timeout: 15_000 }).toBeGreaterThan(63);
  const stopped = (await media(page)).time;
  expect(stopped).toBeLessThan(64.5);

  // The segment can be fetched again: the player's next retry picks up where it stopped.
  await clearFaults(page);
  await expect.poll(async () => (await media(page)).time, { timeout: 20_000 }).toBeGreaterThan(66);
  const after = await media(page);
  expect(after.paused).toBe(false);
  expect(after.src).toMatch(/^blob:/); // still the stream (hls.js), not the MP3 fallback
  await expect(dock.getByText(/Playing the MP3 file instead/)).toHaveCount(0);
  await expect(dock.getByText(/Connection problem/)).toHaveCount(0);
  await expect(dock.getByRole('alert')).toHaveCount(0);
  // Time only moved forward from where playback started: nothing was skipped back or restarted.
  const times = after.times.filter((t) => t > 0);
  expect(times[0]).toBeGreaterThanOrEqual(61.5);
  for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]! - 0.05);
});
