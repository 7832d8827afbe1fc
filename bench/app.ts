import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildSizes } from '../scripts/route-sizes.ts';
import { gzipBytes } from './bare/build.ts';
import { benchCalendar } from './calendar.ts';
import { benchFeedLoad } from './feed-load.ts';
import { benchFirstLoad } from './first-load.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLiveRender } from './live-render.ts';
import { benchLiveTranscript } from './live-transcript.ts';
import { benchNotes } from './notes.ts';
import { benchPageSpeed } from './page-speed.ts';
import { benchPages, startBenchServer } from './pages.ts';
import { benchPlayer } from './player.ts';
import { benchProxy } from './proxy.ts';
import { benchSearch } from './search.ts';
import { benchSearchLoad } from './search-load.ts';
import { benchServerStart } from './server-start.ts';

/**
 * `npm run bench`: every speed and size figure of the app, each printed beside its aim and, where
 * one exists, an anchor measured in the same run (ratios app / anchor). Needs `npm run build`.
 * Prints numbers; asserts nothing (the first-download budget is kept by test/build/first-route.test.ts).
 *
 *  1. first download of every page (gzipped, from the build) beside a bare Vite + React + TanStack
 *     Router + Query page;
 *  2. first load of each page on a phone's network: JS before first paint, navigation → first data
 *     request, and whether data waited for the JavaScript (bench/first-load.ts);
 *  3. Lighthouse mobile on seven pages and the bare page (bench/lighthouse.ts);
 *  4. the player: click → playing and chapter click → playing beside a bare hls.js page (bench/player.ts);
 *  5. search and calendar pages: Enter → results, a 3,000-event week scrolled (bench/page-speed.ts);
 *     the company index at 20,000 companies (bench/search.ts); the calendar's requests (bench/calendar.ts);
 *  6. the proxy at a fixed offered rate beside its upstream (bench/proxy.ts);
 *  7. `npm start`: start time and memory at rest (bench/server-start.ts);
 *  8. `/healthz` while ten distinct 200-company calendar feeds are built, beside `/healthz` alone
 *     (bench/feed-load.ts);
 *  9. My notes at 100,000 notes: first note drawn, elements, heap, frames while typing (bench/notes.ts);
 * 10. `npm start` while transcript searches run: /healthz and an API list beside the same without
 *     searches, and searches/s at 1, 5, 20 and 50 at once (bench/search-load.ts);
 * 11. a live call's transcript: the reader on a 90-minute 1.7 file, and the tail's requests per hour
 *     and bytes for one call beside one read per interval and the file's size (bench/live-transcript.ts);
 * 12. the live page at 4× CPU throttling: frame times while a 90-minute 1.7 call rolls in, and when
 *     opened on the whole call, beside a 4-minute call (bench/live-render.ts).
 *
 * BENCH_ONLY=sizes,first-load,lighthouse,player,pages,search,calendar,notes,proxy,start,feed,search-load,live-transcript,live-render runs a subset.
 */

const AIM_KB = 110;
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const runs = (part: string) => only.size === 0 || only.has(part);

function machine(): string {
  const cores = cpus();
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printSizes(bareBytes: number): void {
  const sizes = buildSizes('dist');
  console.log(`\nFirst download of each page, gzipped (level 9) from the build; anchor: the bare page ${kB(bareBytes)}; aim ${AIM_KB} kB`);
  console.log(
    `  ${'page'.padEnd(26)} ${'first paint'.padStart(12)} ${'× bare'.padStart(7)} ${'× aim'.padStart(6)} ${'first screen'.padStart(13)} ${'× bare'.padStart(7)} ${'× aim'.padStart(6)}  files`,
  );
  const row = (label: string, paint: number, screen: number, files: number) =>
    `  ${label.padEnd(26)} ${kB(paint).padStart(12)} ${(paint / bareBytes).toFixed(2).padStart(7)} ${(paint / (AIM_KB * 1000)).toFixed(2).padStart(6)} ${kB(screen).padStart(13)} ${(screen / bareBytes).toFixed(2).padStart(7)} ${(screen / (AIM_KB * 1000)).toFixed(2).padStart(6)}  ${files}`;
  console.log(row('(frame: every page)', sizes.frame, sizes.frame, sizes.frameFiles.length));
  for (const route of sizes.routes) console.log(row(route.route, route.firstPaint, route.firstScreen, sizes.frameFiles.length + route.files.length));
  console.log("  first paint = the frame and the page's loading view; first screen = with its page, loader and what they import (preloaded with the HTML)");
}

async function main() {
  if (!existsSync('dist/index.html') || !existsSync('dist/.vite/manifest.json')) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  const started = Date.now();
  console.log(`Machine: ${machine()}`);

  // The bench server (the bare page built beside the app) is for the page-load parts only.
  const server = ['sizes', 'first-load', 'lighthouse', 'player'].some(runs) ? await startBenchServer() : undefined;
  if (server)
    try {
      const bareIndex = readFileSync(join(server.bareDist, 'index.html'), 'utf8');
      const bareScripts = [...bareIndex.matchAll(/src="[^"]*?\/(assets\/[^"]+\.js)"/g)].map((m) => join(server.bareDist, m[1]!));
      const bareBytes = bareScripts.reduce((sum, file) => sum + gzipBytes(file), 0);
      if (runs('sizes')) printSizes(bareBytes);
      if (runs('first-load'))
        await benchFirstLoad(server.base, await benchPages(server.base, { more: true }), { path: server.barePath, dist: server.bareDist });
      if (runs('lighthouse')) await benchLighthouse(server.base, await benchPages(server.base), server.barePath);
      if (runs('player')) await benchPlayer(server.base);
    } finally {
      await server.close();
    }
  if (runs('pages')) await benchPageSpeed();
  if (runs('search')) await benchSearch();
  if (runs('calendar')) await benchCalendar();
  if (runs('notes')) await benchNotes();
  if (runs('proxy')) await benchProxy();
  if (runs('start')) await benchServerStart();
  if (runs('feed')) await benchFeedLoad();
  if (runs('search-load')) await benchSearchLoad();
  if (runs('live-transcript')) await benchLiveTranscript();
  if (runs('live-render')) await benchLiveRender();
  console.log(`\nDone in ${((Date.now() - started) / 60_000).toFixed(1)} min. Machine at the end: ${machine()}`);
}

main().then(
  // The sandboxes keep timers (live schedules); the run is over.
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
