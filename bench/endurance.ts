import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { type CDPSession, type Page } from 'playwright-core';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { launchChromium } from './chromium.ts';

/**
 * `npm run bench:endurance`: the app left open. One tab, never reloaded, plays recordings in the
 * docked player at high speed (media.playbackRate, 16 by default: two hours of audio in about
 * eight minutes) while it moves, by its own links, between a live record that polls, the
 * companies list scrolled page after page, and the recordings list paged with "Load more". Prints
 * the JS heap (after a forced GC, through the DevTools protocol) and DOM counters at the start,
 * after each round, and at the end, with the ratio end / start. Prints numbers; asserts nothing.
 *
 * ENDURANCE_AUDIO_MINUTES (default 120) and ENDURANCE_RATE (default 16) change the run.
 */

const AUDIO_SECONDS = (Number(process.env.ENDURANCE_AUDIO_MINUTES) || 120) * 60;
const RATE = Math.min(16, Number(process.env.ENDURANCE_RATE) || 16);
/** Rows of the recordings list the run pages up to (four pages of 50). */
const LIST_ROWS = 200;

interface Sample {
  label: string;
  heapUsed: number;
  heapTotal: number;
  nodes: number;
  listeners: number;
  played: number;
}

async function measure(page: Page, cdp: CDPSession, label: string): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return { label, heapUsed: heap.usedSize, heapTotal: heap.totalSize, nodes: dom.nodes, listeners: dom.jsEventListeners, played: await played(page) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const print = (s: Sample) =>
  console.log(
    `  ${s.label.padEnd(16)} heap ${mb(s.heapUsed).padStart(9)} used / ${mb(s.heapTotal).padStart(9)}   DOM nodes ${String(s.nodes).padStart(6)}   listeners ${String(s.listeners).padStart(5)}   audio played ${(s.played / 60).toFixed(1)} min`,
  );

/** Seconds of audio heard so far (forward progress of currentTime while playing), counted in the page. */
const played = (page: Page) => page.evaluate(() => (window as unknown as { played?: number }).played ?? 0);

async function installCounter(page: Page, rate: number): Promise<void> {
  await page.evaluate((rate) => {
    const w = window as unknown as { played: number };
    w.played = 0;
    const audio = document.querySelector('audio')!;
    let last = audio.currentTime;
    audio.addEventListener('timeupdate', () => {
      const delta = audio.currentTime - last;
      // A seek or a restart is not listening; normal progress at 16× is under 8 s between events.
      if (!audio.paused && delta > 0 && delta < 8) w.played += delta;
      last = audio.currentTime;
    });
    // The player sets the listener's preferred rate when a source starts; keep it at the bench rate.
    // (Inline, unnamed handlers: this function runs in the page, where no bundler helpers exist.)
    for (const type of ['playing', 'ratechange', 'loadedmetadata']) {
      audio.addEventListener(type, () => {
        if (audio.playbackRate !== rate) audio.playbackRate = rate;
      });
    }
    audio.playbackRate = rate;
  }, rate);
}

/** Plays on from the start when the recording ended (the player's own Play button). */
async function keepPlaying(page: Page): Promise<void> {
  const dock = page.getByRole('region', { name: 'Player' });
  const play = dock.getByRole('button', { name: 'Play', exact: true });
  if (await play.isVisible()) await play.click();
}

async function main() {
  if (!existsSync('dist/index.html')) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  const config = readServerConfig({ ...process.env, API_KEY: '', API_BASE_URL: '', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_SEED: 'endurance' });
  const app = createServerApp(config, { distDir: 'dist' });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const browser = await launchChromium(['--mute-audio', '--autoplay-policy=no-user-gesture-required']);
  const started = performance.now();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await page.context().newCDPSession(page);
    const info = async () =>
      (await (await page.request.get(`${origin}/__sandbox/info`)).json()) as { eventWithAudioAndTranscript: { audioId: number }; liveId: number };
    const { audioId } = (await info()).eventWithAudioAndTranscript;

    await page.goto(`${origin}/recordings/${audioId}`);
    await page.getByRole('list', { name: 'Chapters' }).waitFor();
    await page.locator('audio').waitFor({ state: 'attached' });
    await installCounter(page, RATE);
    await keepPlaying(page);
    console.log(`Endurance: ${AUDIO_SECONDS / 60} minutes of audio at ${RATE}×, one tab, a live record polling and lists paging in between`);
    const first = await measure(page, cdp, 'start');
    print(first);

    const nav = page.getByRole('navigation', { name: 'Main' });
    let round = 0;
    let baseline: Sample | undefined;
    let last = first;
    while ((await played(page)) < AUDIO_SECONDS) {
      round++;
      // A live record, polling every few seconds while its state can change.
      await nav.getByRole('link', { name: 'Live' }).click();
      const form = page.getByRole('form', { name: 'Open a live record' });
      await form.getByRole('textbox').fill(String((await info()).liveId));
      await form.getByRole('button', { name: 'Show status' }).click();
      await page.getByText('Status checked').waitFor();
      await keepPlaying(page);
      await page.waitForTimeout(12_000);

      // The companies list, scrolled until a few more pages have arrived.
      await nav.getByRole('link', { name: 'Companies' }).click();
      await page.getByRole('table', { name: /companies/i }).waitFor();
      for (let i = 0; i < 15; i++) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(200);
      }
      await keepPlaying(page);

      // The recordings list, paged with Load more up to LIST_ROWS rows: what the reader asked to
      // see stays bounded, so any growth of the heap is the app's own.
      await nav.getByRole('link', { name: 'Recordings' }).click();
      const recordings = page.getByRole('table', { name: /Recordings/ });
      await recordings.waitFor();
      for (let i = 0; i < 3 && (await recordings.locator('tbody tr').count()) < LIST_ROWS; i++) {
        const more = page.getByRole('button', { name: 'Load more' });
        if (!(await more.isVisible())) break;
        await more.click();
        await page.waitForTimeout(500);
      }
      await keepPlaying(page);
      await page.waitForTimeout(3_000);

      last = await measure(page, cdp, `round ${round}`);
      print(last);
      if (round === 1) baseline = last;
    }
    const end = await measure(page, cdp, 'end');
    print(end);
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    console.log(
      `  ${round} rounds in ${minutes} min; heap end / start ${(end.heapUsed / first.heapUsed).toFixed(2)}×, end / after round 1 ${(end.heapUsed / (baseline ?? first).heapUsed).toFixed(2)}×; DOM nodes end / after round 1 ${(end.nodes / (baseline ?? first).nodes).toFixed(2)}×`,
    );
    if (errors.length > 0) console.log(`  page errors: ${errors.length} (first: ${errors[0]})`);
    else console.log('  no page errors');
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
