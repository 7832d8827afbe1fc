import { type Browser } from 'playwright-core';
import { fileForPath, gzipBytes } from './bare/build.ts';
import { benchPages, runAlone, type BenchPage } from './pages.ts';
import { launchChromium } from './chromium.ts';

/**
 * First load of each route, as a new user on a phone sees it: in Chromium, a cold browser context
 * per run (nothing cached), a phone-sized viewport and a slow mobile network (the latency and
 * bandwidth of Lighthouse's mobile profile, applied by DevTools; the CPU is not slowed). Per route:
 * - the JavaScript asked for before the first contentful paint (gzipped at level 9 from the build,
 *   as the budget counts it), beside the bare anchor page (bench/bare) and the 110 kB aim, and the
 *   JavaScript asked for afterwards;
 * - when the scripts the served HTML names (the module entry, its modulepreloads) had loaded, when
 *   every script asked for before the first paint had, and when the first data request
 *   (/public/v3/… or /api/…) started, all from navigation start; and whether there is a waterfall:
 *   the first data request started only after the HTML's JavaScript had loaded, i.e. it waited for
 *   that code to run and ask (preload hints start it sooner; data inlined in the HTML needs none).
 * Times come from the page's own Resource and Paint Timing. Medians of RUNS cold loads; sizes from
 * the heaviest run. Prints numbers; asserts nothing.
 */

const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 3);
const AIM_KB = 110;
/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const VIEWPORT = { width: 412, height: 823 };

interface Entry {
  url: string;
  path: string;
  startTime: number;
  responseEnd: number;
}

interface Load {
  /** The scripts the served HTML names (its module entry, modulepreloads, classic scripts). */
  htmlScripts: Set<string>;
  fcp: number | undefined;
  scripts: Entry[];
  /** The page's own reads. */
  data: Entry[];
  /** Reads the app asked for at low priority: background work (the company index), not the page's data. */
  background: Entry[];
}

interface RouteFigures {
  beforeGz: number;
  beforeCount: number;
  afterGz: number;
  afterCount: number;
  fcp: number | undefined;
  htmlJsLoaded: number | undefined;
  jsLoaded: number | undefined;
  firstData: number | undefined;
  firstBackground: number | undefined;
  beforeFiles: string[];
}

const isData = (path: string) => path.startsWith('/public/v3/') || path.startsWith('/api/');

/** The same-origin script paths an HTML page names: script src and link rel=modulepreload href. */
export function scriptsNamedBy(html: string, origin: string): Set<string> {
  const paths = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const target = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (!target) continue;
    const url = new URL(target, origin);
    if (url.origin === origin) paths.add(url.pathname);
  }
  return paths;
}

async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const html = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript('performance.setResourceTimingBufferSize(2000)');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const lowPriority = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.initialPriority === 'Low' || event.request.initialPriority === 'VeryLow') lowPriority.add(event.request.url);
    });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 30_000 }).catch(() => undefined);
    // Settled: the network has been quiet for half a second, or 5 s have passed (the company index
    // fills in the background and a live page keeps polling).
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const { fcp, resources } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        url: entry.name,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
      })),
    }));
    const origin = new URL(url).origin;
    const entries = resources
      .filter((entry) => new URL(entry.url).origin === origin)
      .map((entry) => ({ url: entry.url, path: new URL(entry.url).pathname, startTime: entry.startTime, responseEnd: entry.responseEnd }));
    return {
      htmlScripts: scriptsNamedBy(html, origin),
      fcp,
      scripts: entries.filter((entry) => entry.path.endsWith('.js')),
      data: entries.filter((entry) => isData(entry.path) && !lowPriority.has(entry.url)),
      background: entries.filter((entry) => isData(entry.path) && lowPriority.has(entry.url)),
    };
  } finally {
    await context.close();
  }
}

const lastEnd = (scripts: Entry[]) => (scripts.length ? Math.max(...scripts.map((script) => script.responseEnd)) : undefined);

function figures(load: Load, sizeOf: (path: string) => number): RouteFigures {
  const paint = load.fcp ?? Infinity;
  const before = load.scripts.filter((script) => script.startTime <= paint);
  const after = load.scripts.filter((script) => script.startTime > paint);
  const sum = (scripts: Entry[]) => scripts.reduce((total, script) => total + sizeOf(script.path), 0);
  return {
    beforeGz: sum(before),
    beforeCount: before.length,
    afterGz: sum(after),
    afterCount: after.length,
    fcp: load.fcp,
    htmlJsLoaded: lastEnd(load.scripts.filter((script) => load.htmlScripts.has(script.path))),
    jsLoaded: lastEnd(before),
    firstData: load.data.length ? Math.min(...load.data.map((request) => request.startTime)) : undefined,
    firstBackground: load.background.length ? Math.min(...load.background.map((request) => request.startTime)) : undefined,
    beforeFiles: before.map((script) => `${script.path} ${(sizeOf(script.path) / 1000).toFixed(1)} kB gz`),
  };
}

const median = (values: (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : undefined;
};
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const time = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0));

/**
 * Loads each of `pages` and the bare page at `base` (an origin serving the app with `withBareApp`),
 * cold, RUNS times each in rounds. `bare.dist` is the bare page's build, for its files' sizes.
 */
export async function benchFirstLoad(base: string, pages: BenchPage[], bare: { path: string; dist: string }): Promise<void> {
  const sizes = new Map<string, number>();
  const sizeOf = (path: string) => {
    let size = sizes.get(path);
    if (size === undefined) {
      try {
        size = gzipBytes(fileForPath(path, bare.dist));
      } catch {
        size = 0; // Not a file of either build (none expected): counted as nothing, listed with BENCH_VERBOSE.
      }
      sizes.set(path, size);
    }
    return size;
  };
  const all: BenchPage[] = [...pages, { label: 'bare Vite + React + Router + Query', path: bare.path }];
  const runs = new Map<string, RouteFigures[]>(all.map((page) => [page.label, []]));
  const started = performance.now();
  const browser = await launchChromium();
  try {
    // One untimed load first (server caches compressed files, JIT), then rounds so drift hits all alike.
    await coldLoad(browser, `${base}${pages[0]?.path ?? '/'}`);
    for (let round = 0; round < RUNS; round++)
      for (const page of all) {
        const loadStarted = performance.now();
        runs.get(page.label)!.push(figures(await coldLoad(browser, `${base}${page.path}`), sizeOf));
        if (process.env.BENCH_VERBOSE) console.log(`  (${page.path}: ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`);
      }
  } finally {
    await browser.close();
  }
  const seconds = (performance.now() - started) / 1000;

  const summary = (label: string) => {
    const pageRuns = runs.get(label)!;
    const heaviest = [...pageRuns].sort((a, b) => b.beforeGz - a.beforeGz)[0]!;
    const lightest = Math.min(...pageRuns.map((run) => run.beforeGz));
    return {
      heaviest,
      varies: lightest !== heaviest.beforeGz ? `${kB(lightest)}–${kB(heaviest.beforeGz)}` : '',
      fcp: median(pageRuns.map((run) => run.fcp)),
      htmlJsLoaded: median(pageRuns.map((run) => run.htmlJsLoaded)),
      jsLoaded: median(pageRuns.map((run) => run.jsLoaded)),
      firstData: median(pageRuns.map((run) => run.firstData)),
      firstBackground: median(pageRuns.map((run) => run.firstBackground)),
      // Waterfall in a run: its first data request started only after the JavaScript its HTML names
      // had loaded (it waited for the code to ask for it).
      waterfalls: pageRuns.filter((run) => run.firstData !== undefined && run.htmlJsLoaded !== undefined && run.firstData > run.htmlJsLoaded).length,
      noData: pageRuns.every((run) => run.firstData === undefined),
    };
  };
  const bareSummary = summary(all.at(-1)!.label);
  const anchor = bareSummary.heaviest.beforeGz;

  console.log(
    `\nFirst load per route (cold, ${VIEWPORT.width}×${VIEWPORT.height}, ${NETWORK.latency} ms RTT, 1.6 Mbit/s; median of ${RUNS}; ${all.length * RUNS + 1} loads in ${seconds.toFixed(0)} s)`,
  );
  console.log(
    `  ${'route'.padEnd(34)} ${'JS before paint'.padStart(20)} ${'×bare'.padStart(6)} ${'×aim'.padStart(5)} ${'after'.padStart(8)} ${'FCP'.padStart(6)} ${'HTML JS'.padStart(8)} ${'all JS'.padStart(7)} ${'1st data'.padStart(8)}  waterfall`,
  );
  for (const page of all) {
    const s = summary(page.label);
    const { heaviest } = s;
    const waterfall =
      (s.noData ? 'no data request of its own' : s.waterfalls ? `yes (${s.waterfalls} of ${RUNS} runs)` : 'no') +
      (s.noData && s.firstBackground !== undefined ? ` (background reads from ${time(s.firstBackground)} ms)` : '');
    console.log(
      [
        `  ${`${page.label} (${page.path})`.slice(0, 34).padEnd(34)}`,
        `${kB(heaviest.beforeGz)} kB gz, ${String(heaviest.beforeCount).padStart(2)} files`.padStart(20),
        (heaviest.beforeGz / anchor).toFixed(2).padStart(6),
        (heaviest.beforeGz / 1000 / AIM_KB).toFixed(2).padStart(5),
        `${kB(heaviest.afterGz)} kB`.padStart(8),
        `${time(s.fcp)}`.padStart(6),
        `${time(s.htmlJsLoaded)}`.padStart(8),
        `${time(s.jsLoaded)}`.padStart(7),
        `${time(s.firstData)}`.padStart(8),
        ` ${waterfall}${s.varies ? `; before paint varied ${s.varies} kB` : ''}`,
      ].join(' '),
    );
    if (process.env.BENCH_VERBOSE) for (const file of heaviest.beforeFiles) console.log(`      ${file}`);
  }
  const worst = pages.map((page) => ({ page, gz: summary(page.label).heaviest.beforeGz })).sort((a, b) => b.gz - a.gz)[0];
  if (worst)
    console.log(
      `  heaviest route: ${worst.page.path} ${kB(worst.gz)} kB gz before paint = ${(worst.gz / anchor).toFixed(2)}× the bare page, ${(worst.gz / 1000 / AIM_KB).toFixed(2)}× the ${AIM_KB} kB aim`,
    );
  console.log(
    `  aims: JS before paint ≤ ${AIM_KB} kB gz on every route (×aim ≤ 1.00); first data request starts no later than the JavaScript the HTML names has loaded (no waterfall); reads the app makes at low priority (the company index filling in the background) are not the page's data and are left out of "1st data". Times in ms from navigation start: "HTML JS" = the scripts the served HTML names (entry, modulepreloads) have loaded, "all JS" = every script asked for before the first paint has; "after" = JS asked for after the first paint; ×bare = JS before paint / the bare page's ${kB(anchor)} kB.`,
  );
}

/** `node --import tsx bench/first-load.ts`: this benchmark alone, on its own server (needs `npm run build`). */
runAlone(import.meta.url, async (server) => {
  await benchFirstLoad(server.base, await benchPages(server.base, { more: true }), { path: server.barePath, dist: server.bareDist });
});
