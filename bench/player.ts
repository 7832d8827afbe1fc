import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';

/**
 * Player timings, measured in Chromium against the production build on sandbox audio, each beside
 * the same measure on a bare page that only attaches hls.js (the same light build the app loads)
 * to the same stream:
 * - click → playing: from the click on Play to the moment currentTime moves (cold: a fresh
 *   browser context, so nothing is cached; the app also has to fetch its hls.js chunk);
 * - chapter click → playing: while playing, from the click on a chapter not yet buffered to the
 *   moment currentTime moves on from the chapter's start.
 * Prints, for app and bare, the median with its spread (min, p25–p75, max) and the ratio of the
 * medians beside its aim (chapter click ≤ 1.20×; click → playing stays ahead, ≤ 1.00×); asserts nothing.
 */

/** Cold runs per page (the aim is stated on 15); `BENCH_PLAYER_RUNS` lowers it while developing. */
const RUNS = Math.max(1, Number(process.env.BENCH_PLAYER_RUNS) || 15);

/** Serves the bare page and hls.js beside the app (same origin, so the same network path). */
export function withBenchFiles(appFetch: (request: Request) => Response | Promise<Response>) {
  return (request: Request): Response | Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/__bench/bare.html')
      return new Response(readFileSync('bench/player-bare.html'), { headers: { 'content-type': 'text/html; charset=utf-8' } });
    if (pathname === '/__bench/hls.js')
      return new Response(readFileSync('node_modules/hls.js/dist/hls.light.min.js'), { headers: { 'content-type': 'text/javascript' } });
    return appFetch(request);
  };
}

/** Starts timing at the next click and resolves with ms until the audio moves past where it landed. */
async function armTimer(page: Page): Promise<void> {
  // A string, not a function: the TypeScript loader would wrap named inner functions in a helper the page lacks.
  await page.evaluate(`
    window.benchDone = new Promise((resolve) => {
      document.addEventListener('click', () => {
        const start = performance.now();
        const audio = document.querySelector('audio');
        const from = audio.currentTime;
        let landed;
        audio.addEventListener('seeked', () => { landed = audio.currentTime; }, { once: true });
        (function poll() {
          const reference = landed ?? from;
          const moved = audio.currentTime > reference + 0.001 && Math.abs(audio.currentTime - from) > 0.001;
          if (!audio.paused && !audio.seeking && moved) resolve(performance.now() - start);
          else setTimeout(poll, 2);
        })();
      }, { capture: true, once: true });
    });
    undefined;
  `);
}
const elapsed = (page: Page) => page.evaluate(() => (window as unknown as { benchDone: Promise<number> }).benchDone);

interface Sample {
  audioId: number;
  streamUrl: string;
  chapter: number;
  chapterTitle: string;
}

async function appRun(browser: Browser, base: string, sample: Sample): Promise<[number, number]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) {
    page.on('console', (m) => console.log('console', m.text()));
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    page.on('crash', () => console.log('crash'));
    page.on('close', () => console.log('close'));
  }
  await page.goto(`${base}/recordings/${sample.audioId}`, { waitUntil: 'networkidle' });
  const dock = page.getByRole('region', { name: 'Player' });
  await dock.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await armTimer(page);
  await dock.getByRole('button', { name: 'Play', exact: true }).click();
  const play = await elapsed(page);
  await page.waitForTimeout(500);
  await armTimer(page);
  await page
    .getByRole('list', { name: 'Chapters', exact: true })
    .getByRole('button', { name: new RegExp(`^${sample.chapterTitle}`) })
    .click();
  const chapter = await elapsed(page);
  await context.close();
  return [play, chapter];
}

async function bareRun(browser: Browser, base: string, sample: Sample): Promise<[number, number]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/__bench/bare.html?src=${encodeURIComponent(sample.streamUrl)}&chapters=${sample.chapter}`, { waitUntil: 'networkidle' });
  await armTimer(page);
  await page.getByRole('button', { name: 'Play' }).click();
  const play = await elapsed(page);
  await page.waitForTimeout(500);
  await armTimer(page);
  await page.getByRole('button', { name: `Chapter at ${sample.chapter}` }).click();
  const chapter = await elapsed(page);
  await context.close();
  return [play, chapter];
}

/** The q-quantile (0…1) of the samples, linear between the nearest two. */
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
};
const median = (values: number[]) => quantile(values, 0.5);
/** "min 610 · 640–702 · max 890": the spread around a median. */
const spread = (values: number[]) =>
  `min ${Math.min(...values).toFixed(0)} · p25–p75 ${quantile(values, 0.25).toFixed(0)}–${quantile(values, 0.75).toFixed(0)} · max ${Math.max(...values).toFixed(0)}`;

/** Runs the player benchmark against a server at `base` (serving `withBenchFiles`). */
export async function benchPlayer(base: string): Promise<void> {
  const info = await (await fetch(`${base}/__sandbox/info`)).json();
  const audioId: number = info.eventWithAudioAndTranscript.audioId;
  const audio = (await (await fetch(`${base}/public/v3/audio/${audioId}`)).json()).data;
  const chapters: { title: string; startTimestamp: number; level: number }[] = (
    await (await fetch(`${base}/public/v3/audio/${audioId}/chapters?levels=1,2&limit=100`)).json()
  ).data;
  // A section far enough ahead that neither page has it buffered.
  const target = chapters.filter((c) => c.level === 1 && c.startTimestamp > 60).at(-1)!;
  const sample: Sample = { audioId, streamUrl: audio.streamUrl, chapter: target.startTimestamp, chapterTitle: target.title };

  const browser = await launchChromium(['--mute-audio']);
  const app: [number[], number[]] = [[], []];
  const bare: [number[], number[]] = [[], []];
  try {
    // One warm-up of each (server caches, JIT), then alternate so drift hits both alike.
    await appRun(browser, base, sample);
    await bareRun(browser, base, sample);
    for (let i = 0; i < RUNS; i++) {
      const a = await appRun(browser, base, sample);
      const b = await bareRun(browser, base, sample);
      app[0].push(a[0]);
      app[1].push(a[1]);
      bare[0].push(b[0]);
      bare[1].push(b[1]);
    }
  } finally {
    await browser.close();
  }
  const row = (label: string, i: 0 | 1, aim: number, aimText: string) => {
    const a = median(app[i]);
    const b = median(bare[i]);
    const ratio = a / b;
    return [
      `  ${label.padEnd(26)} ${a.toFixed(0).padStart(6)} ms ${b.toFixed(0).padStart(8)} ms ${ratio.toFixed(2).padStart(8)}×   (aim ≤ ${aim.toFixed(2)}×, ${aimText}) ${ratio <= aim ? 'met' : 'MISSED'}`,
      `      app  spread ms: ${spread(app[i])}`,
      `      bare spread ms: ${spread(bare[i])}`,
    ].join('\n');
  };
  console.log(
    `\nPlayer on recording ${audioId} (median of ${RUNS}, cold context each run; chapter "${target.title}" at ${target.startTimestamp.toFixed(1)} s)`,
  );
  console.log(`  ${''.padEnd(26)} ${'app'.padStart(9)} ${'bare hls.js'.padStart(11)} ${'ratio'.padStart(9)}`);
  console.log(row('click → playing', 0, 1, 'stays ahead of the bare page'));
  console.log(row('chapter click → playing', 1, 1.2, 'at most 1.2× the bare page'));
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify({ app, bare }));
}

/** `node --import tsx bench/player.ts`: this benchmark alone, on its own server (needs `npm run build`). */
async function main() {
  const [{ serve }, { createServerApp }, { readServerConfig }] = await Promise.all([
    import('@hono/node-server'),
    import('../server/app.ts'),
    import('../server/config.ts'),
  ]);
  const config = readServerConfig({ ...process.env, API_KEY: '', API_BASE_URL: '', SANDBOX_NOW: '2026-11-21T12:00:00Z' });
  const app = createServerApp(config, { distDir: 'dist' });
  const server = serve({ fetch: withBenchFiles(app.fetch), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    await benchPlayer(`http://127.0.0.1:${port}`);
  } finally {
    server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
