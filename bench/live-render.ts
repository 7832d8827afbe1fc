import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { Browser, Route } from 'playwright-core';
import type { SourceMapConsumer } from 'source-map-js';
import { generateLiveFile } from './live-transcript.ts';
import { launchChromium } from './chromium.ts';

/**
 * `BENCH_ONLY=live-render npm run bench` (needs `npm run build`; alone: `node --import tsx bench/live-render.ts`).
 *
 * The live page (/live/{liveId}) of the built app at 4× CPU throttling (CDP
 * Emulation.setCPUThrottlingRate), in the Chromium from @sparticuz/chromium at 1280×800. The server
 * is `node dist-server/main.js` in sandbox mode, as the journeys start it, at a fixed SANDBOX_NOW
 * with its clock frozen (the sampled call stays live). The call's transcript file
 * (…/transcript-1.7.jsonl, the URL its record names) is answered by this script with the seeded
 * 90-minute 1.7 file of bench/live-transcript.ts, with real Range answers (206 from N, 416 with
 * `bytes *\/total` when nothing is new, 200 without Range):
 *
 *  - rolling: the file grows as the call is said, 90 minutes released over BENCH_LIVE_RELEASE_S
 *    (default 90 s) of wall time, so by the end the page holds the whole call (end record included);
 *  - opened late: the page opened on the complete file (the first read brings all 90 minutes: the
 *    worst first render).
 *
 * Anchor, same run, same throttling: the same page and phases with a 4-minute call. In the page:
 * every requestAnimationFrame delta (p50, p95, max, frames over 50 ms), long animation frames
 * (PerformanceObserver 'long-animation-frame', else 'longtask') with the longest one's script
 * attribution (invoker, function, duration; names are the minified build's). Asserts nothing.
 */

const MINUTES = 90;
const ANCHOR_MINUTES = 4;
const RELEASE_S = Number(process.env.BENCH_LIVE_RELEASE_S) || 90;
const THROTTLE = 4;
const LONG_FRAME_MS = 50;
const SANDBOX_NOW = '2026-11-21T12:00:00Z';
/**
 * BENCH_LIVE_PROFILE=1: a CPU profile (CDP Profiler, 200 µs samples) of the transcript's work in
 * each phase (opened late: from the first read; rolling: its last third), its hottest functions
 * named by their source through the build's source maps. Serve a build with maps:
 * `npx vite build --sourcemap --outDir /tmp/dist-map`, then BENCH_LIVE_DIST=/tmp/dist-map.
 */
const PROFILE = Boolean(process.env.BENCH_LIVE_PROFILE);
/** BENCH_LIVE_PHASES=late (or rolling) runs one phase and its anchor. */
const PHASES = new Set((process.env.BENCH_LIVE_PHASES || 'rolling,late').split(','));
const DIST = process.env.BENCH_LIVE_DIST || 'dist';
const TRANSCRIPT_URL = /\/sandbox-files\/live\/\d+\/transcript-1\.7\.jsonl(\?.*)?$/;

interface FileLines {
  /** Call time (s) at which each line is released, ascending. */
  times: number[];
  /** Byte offset after each line. */
  ends: number[];
  bytes: Buffer;
  callSeconds: number;
}

function fileOf(minutes: number): FileLines {
  const lines = generateLiveFile(minutes);
  const buffers = lines.map(({ line }) => Buffer.from(line + '\n'));
  const ends: number[] = [];
  let at = 0;
  for (const buffer of buffers) ends.push((at += buffer.length));
  return { times: lines.map((l) => l.time), ends, bytes: Buffer.concat(buffers), callSeconds: lines.at(-1)!.time };
}

/** The file's size when `callSeconds` of the call have been said (whole lines only). */
function sizeAt(file: FileLines, callSeconds: number): number {
  let lo = 0;
  let hi = file.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (file.times[mid]! <= callSeconds) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : file.ends[lo - 1]!;
}

interface Served {
  requests: number;
  partial: number;
  nothingNew: number;
  bytes: number;
}

/** Answers the transcript file as a host with Range does; `size()` is how much of it exists now. */
async function serveFile(route: Route, file: FileLines, size: () => number, served: Served): Promise<void> {
  served.requests++;
  const total = size();
  const range = route.request().headers()['range'];
  const from = range ? Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? NaN) : undefined;
  const common = {
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-cache',
    'accept-ranges': 'bytes',
    'access-control-allow-origin': '*',
  };
  if (from === undefined) {
    served.bytes += total;
    await route.fulfill({ status: 200, headers: common, body: file.bytes.subarray(0, total) });
    return;
  }
  if (!Number.isFinite(from) || from >= total) {
    served.nothingNew++;
    await route.fulfill({ status: 416, headers: { ...common, 'content-range': `bytes */${total}` }, body: '' });
    return;
  }
  served.partial++;
  served.bytes += total - from;
  await route.fulfill({ status: 206, headers: { ...common, 'content-range': `bytes ${from}-${total - 1}/${total}` }, body: file.bytes.subarray(from, total) });
}

/** In the page, before the app: every frame's time, and long frames with their attribution. */
function probes(): void {
  type Script = { invoker: string; fn: string; url: string; at: number; duration: number; layout: number };
  type Long = { start: number; duration: number; blocking: number; render: number; scripts: Script[] };
  const w = window as unknown as { __frames: { at: number; delta: number }[]; __long: Long[]; __longKind: string };
  w.__frames = [];
  w.__long = [];
  let last = performance.now();
  const step = (now: number) => {
    w.__frames.push({ at: now, delta: now - last });
    last = now;
    requestAnimationFrame(step);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(step);
  });
  const types = PerformanceObserver.supportedEntryTypes;
  w.__longKind = types.includes('long-animation-frame') ? 'long-animation-frame' : 'longtask';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const e = entry as PerformanceEntry & {
        blockingDuration?: number;
        renderStart?: number;
        scripts?: {
          invoker: string;
          sourceFunctionName: string;
          sourceURL: string;
          sourceCharPosition: number;
          duration: number;
          forcedStyleAndLayoutDuration: number;
        }[];
      };
      w.__long.push({
        start: e.startTime,
        duration: e.duration,
        blocking: e.blockingDuration ?? 0,
        render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
        scripts: (e.scripts ?? []).map((s) => ({
          invoker: s.invoker,
          fn: s.sourceFunctionName,
          url: s.sourceURL.replace(/^.*\//, ''),
          at: s.sourceCharPosition,
          duration: s.duration,
          layout: s.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type: w.__longKind, buffered: true });
}

type Frames = { at: number; delta: number }[];
type Longs = {
  start: number;
  duration: number;
  blocking: number;
  render: number;
  scripts: { invoker: string; fn: string; url: string; at: number; duration: number; layout: number }[];
}[];

interface PhaseResult {
  label: string;
  frames: Frames;
  long: Longs;
  longKind: string;
  /** Navigation → the file's last byte sent (the tail reads and draws it in the same task). */
  drawnMs: number;
  served: Served;
  fileBytes: number;
  paragraphs: number;
  sentences: number;
  /** Page time (ms) of the first answer to the transcript file: frames before it are the app's boot. */
  firstReadAt: number;
  /** From this page time on, the page holds the last third of the call (rolling only). */
  lastThirdFrom?: number;
  /** With BENCH_LIVE_PROFILE: the CPU profile of the measured window. */
  profile?: Profile;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function phase(browser: Browser, origin: string, liveId: number, file: FileLines, mode: 'rolling' | 'late', label: string): Promise<PhaseResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(RELEASE_S * 1000 + 120_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const served: Served = { requests: 0, partial: 0, nothingNew: 0, bytes: 0 };
    const total = file.bytes.length;
    // Each call is released over the same wall time (the anchor's as many polls and frames).
    const rate = file.callSeconds / RELEASE_S;
    let startedAt: number | undefined;
    const size =
      mode === 'late'
        ? () => total
        : () => {
            startedAt ??= Date.now();
            return sizeAt(file, ((Date.now() - startedAt) / 1000) * rate);
          };
    let profiling = false;
    let firstReadWall: number | undefined;
    let lastByteWall: number | undefined;
    const profileFrom = (wall: number) => wall >= (startedAt ?? wall) + (mode === 'late' ? 0 : ((file.callSeconds * 2) / 3 / rate) * 1000);
    await page.route(TRANSCRIPT_URL, async (route) => {
      const wall = Date.now();
      firstReadWall ??= wall;
      // The profile (opt-in) covers the transcript's work only: opened late, from its first read; rolling, its last third.
      if (PROFILE && !profiling && profileFrom(wall)) {
        profiling = true;
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await serveFile(route, file, size, served);
      if (size() === total) lastByteWall ??= Date.now();
    });
    // tsx keeps function names with a `__name` helper the page does not have: give the page one.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.addInitScript(probes);
    await page.goto(`${origin}/live/${liveId}`);
    // Waited for from here, not in the page: a locator's waitFor queries the page every frame (at
    // 90 minutes, a selector run over ~2,000 elements 60 times a second, measured with the page).
    // The last byte sent, then a few quiet seconds (the frames that follow the last render), then
    // one check that the page read the end record (the panel says the call has ended).
    while (lastByteWall === undefined) await new Promise((resolve) => setTimeout(resolve, 250));
    await page.waitForTimeout(3_000);
    await page.waitForFunction(() => [...document.querySelectorAll('[role="status"]')].some((e) => e.textContent?.includes('The call has ended')), null, {
      polling: 1_000,
      timeout: 60_000,
    });
    const profile = profiling ? ((await cdp.send('Profiler.stop')).profile as Profile) : undefined;
    const result = await page.evaluate(() => {
      const w = window as unknown as { __frames: Frames; __long: Longs; __longKind: string };
      return {
        frames: w.__frames,
        long: w.__long,
        longKind: w.__longKind,
        timeOrigin: performance.timeOrigin,
        paragraphs: document.querySelectorAll('ol[aria-label="Transcript"] > li').length,
        sentences: document.querySelectorAll('ol[aria-label="Transcript"] [data-index]').length,
      };
    });
    const { timeOrigin, ...rest } = result;
    // Wall clock → page time (both from this machine's clock).
    const firstReadAt = (firstReadWall ?? Date.now()) - timeOrigin;
    const drawnMs = lastByteWall! - timeOrigin;
    const lastThirdFrom = mode === 'rolling' && startedAt !== undefined ? startedAt + ((file.callSeconds * 2) / 3 / rate) * 1000 - timeOrigin : undefined;
    return {
      label,
      drawnMs,
      served,
      fileBytes: total,
      ...rest,
      firstReadAt,
      ...(lastThirdFrom !== undefined ? { lastThirdFrom } : {}),
      ...(profile ? { profile } : {}),
    };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function frameLine(frames: Frames): { p50: number; p95: number; max: number; over: number; count: number } {
  const deltas = frames.map((f) => f.delta);
  return {
    p50: percentile(deltas, 50),
    p95: percentile(deltas, 95),
    max: Math.max(...deltas),
    over: deltas.filter((d) => d > LONG_FRAME_MS).length,
    count: deltas.length,
  };
}

function printPhase(result: PhaseResult, anchor: PhaseResult): void {
  // The app's boot (before the first read of the file) is the same with any transcript: apart.
  const after = (r: PhaseResult) => r.frames.filter((x) => x.at >= r.firstReadAt);
  const longAfter = (r: PhaseResult) => r.long.filter((l) => l.start + l.duration >= r.firstReadAt);
  const boot = (r: PhaseResult) => Math.max(0, ...r.frames.filter((x) => x.at < r.firstReadAt).map((x) => x.delta));
  const f = frameLine(after(result));
  const a = frameLine(after(anchor));
  const long = longAfter(result);
  const anchorLong = longAfter(anchor);
  const longest = Math.max(0, ...long.map((l) => l.duration));
  const anchorLongest = Math.max(0, ...anchorLong.map((l) => l.duration));
  const ratio = (x: number, y: number) => (y > 0 ? `${(x / y).toFixed(2)}×` : '—');
  console.log(
    `  ${result.label}: ${result.paragraphs} paragraphs, ${result.sentences} sentences drawn; navigation → last byte sent ${ms(result.drawnMs)} (anchor ${ms(anchor.drawnMs)}); file ${(result.fileBytes / 1024).toFixed(0)} KiB read in ${result.served.requests} requests (${result.served.partial} × 206, ${result.served.nothingNew} × 416), ${(result.served.bytes / 1024).toFixed(0)} KiB sent`,
  );
  console.log(
    `    frames from the first read of the file on: ${f.count} (anchor ${a.count}); p50 ${ms(f.p50)} (anchor ${ms(a.p50)}), p95 ${ms(f.p95)} (anchor ${ms(a.p95)}, ${ratio(f.p95, a.p95)}), max ${ms(f.max)} (anchor ${ms(a.max)}, ${ratio(f.max, a.max)}); over ${LONG_FRAME_MS} ms: ${f.over} (anchor ${a.over}; aim 0)`,
  );
  if (result.lastThirdFrom !== undefined && anchor.lastThirdFrom !== undefined) {
    const t = frameLine(result.frames.filter((x) => x.at >= result.lastThirdFrom!));
    const ta = frameLine(anchor.frames.filter((x) => x.at >= anchor.lastThirdFrom!));
    console.log(
      `    while it holds the last third of the call (60–90 min): frames ${t.count}, p50 ${ms(t.p50)}, p95 ${ms(t.p95)} (anchor ${ms(ta.p95)}), max ${ms(t.max)} (anchor ${ms(ta.max)}, ${ratio(t.max, ta.max)}), over ${LONG_FRAME_MS} ms: ${t.over} (anchor ${ta.over})`,
    );
  }
  console.log(
    `    ${result.longKind} from the first read on: ${long.length} (anchor ${anchorLong.length}); longest ${ms(longest)} (anchor ${ms(anchorLongest)}, ${ratio(longest, anchorLongest)}); blocking in all ${ms(long.reduce((sum, l) => sum + l.blocking, 0))} (anchor ${ms(anchorLong.reduce((sum, l) => sum + l.blocking, 0))}); the boot before it, longest frame ${ms(boot(result))} (anchor ${ms(boot(anchor))})`,
  );
  for (const entry of [...long].sort((x, y) => y.duration - x.duration).slice(0, 3)) {
    const scripts = [...entry.scripts]
      .sort((x, y) => y.duration - x.duration)
      .slice(0, 2)
      .map((s) => `${s.invoker}${s.fn ? ` → ${s.fn}` : ''} (${s.url}) ${ms(s.duration)}${s.layout ? `, of it forced layout ${ms(s.layout)}` : ''}`)
      .join('; ');
    console.log(
      `      at ${((entry.start - result.firstReadAt) / 1000).toFixed(1)} s after the first read: ${ms(entry.duration)}${entry.render ? ` (style, layout, paint ${ms(entry.render)})` : ''}${scripts ? ` — ${scripts}` : ''}`,
    );
  }
  const anchorTop = [...anchorLong].sort((x, y) => y.duration - x.duration)[0];
  if (anchorTop) {
    const script = [...anchorTop.scripts].sort((x, y) => y.duration - x.duration)[0];
    console.log(
      `      the anchor's longest: ${ms(anchorTop.duration)}${anchorTop.render ? ` (style, layout, paint ${ms(anchorTop.render)})` : ''}${script ? ` — ${script.invoker} (${script.url}) ${ms(script.duration)}` : ''}`,
    );
  }
  if (result.profile) printProfile(result.profile);
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const consumers = new Map<string, SourceMapConsumer | null>();
/** source-map-js (vite's and postcss's own dependency, not the app's) is loaded only to profile. */
let Consumer: typeof SourceMapConsumer | undefined;
/** `src/…/file.tsx:line name` for a place in the built code, through its source map (else the built file's name). */
function original(url: string, line: number, column: number, name: string): string {
  const file = url.replace(/^https?:\/\/[^/]+\//, '').replace(/\?.*$/, '');
  if (!file) return name || '(native)';
  if (!consumers.has(file)) {
    const map = join(DIST, `${file}.map`);
    consumers.set(file, existsSync(map) && Consumer ? new Consumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const consumer = consumers.get(file);
  const at = consumer?.originalPositionFor({ line: line + 1, column });
  if (!at?.source) return `${file.replace(/^.*\//, '')} ${name || '(anonymous)'}`;
  const source = at.source.replace(/^.*?(node_modules\/|src\/)/, '$1');
  return `${source}:${at.line} ${at.name ?? name ?? ''}`.trim();
}

/** The hottest functions of a profile: by self time, and the app's own (src/) by time including what they call. */
function printProfile(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = new Map<number, string>();
  const labelOf = (id: number) => {
    let l = label.get(id);
    if (l === undefined) {
      const { url, lineNumber, columnNumber, functionName } = byId.get(id)!.callFrame;
      l = url ? original(url, lineNumber, columnNumber, functionName) : functionName || '(anonymous)';
      label.set(id, l);
    }
    return l;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    total += dt;
    self.set(labelOf(id), (self.get(labelOf(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = labelOf(at);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
    }
  });
  const idle = self.get('(idle)') ?? 0;
  const top = (map: Map<string, number>, keep: (l: string) => boolean, n: number) =>
    [...map]
      .filter(([l]) => keep(l))
      .sort((x, y) => y[1] - x[1])
      .slice(0, n);
  console.log(`    CPU profile: ${ms(total)} sampled, ${ms(total - idle)} busy (at ${THROTTLE}× throttling)`);
  console.log(
    '      self time: ' +
      top(self, (l) => l !== '(idle)', 10)
        .map(([l, t]) => `${l} ${ms(t)}`)
        .join('; '),
  );
  console.log("      the app's functions, with what they call:");
  for (const [l, t] of top(inclusive, (l) => l.startsWith('src/'), 14)) console.log(`        ${ms(t).padStart(7)}  ${l}`);
}

interface Server {
  origin: string;
  close(): Promise<void>;
}

/** `node dist-server/main.js` in sandbox mode, as playwright.config.ts starts it, with the sandbox clock frozen at SANDBOX_NOW. */
async function startServer(): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.js'], {
    env: {
      ...process.env,
      API_KEY: '',
      API_BASE_URL: '',
      PORT: process.env.BENCH_LIVE_PORT ?? '0',
      HOST: '127.0.0.1',
      SANDBOX_NOW,
      SANDBOX_CLOCK_RATE: '0',
      SANDBOX_SEED: 'e2e',
      SEARCH_INDEX: 'off',
      SEARCH_DATA_DIR: 'memory',
      DIST_DIR: DIST,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace(/\/$/, ''));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return {
    origin: url,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    },
  };
}

export async function benchLiveRender(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html')) || !existsSync('dist-server/main.js')) throw new Error('No build found: run `npm run build` first.');
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  if (PROFILE) Consumer = (await import('source-map-js')).SourceMapConsumer;
  const server = await startServer();
  const browser = await launchChromium(['--mute-audio']);
  try {
    const info = (await (await fetch(`${server.origin}/__sandbox/info`)).json()) as { liveId?: number };
    if (!info.liveId) throw new Error('The sandbox has no live call at SANDBOX_NOW.');
    const big = fileOf(MINUTES);
    const small = fileOf(ANCHOR_MINUTES);
    console.log(
      `\nThe live page (/live/${info.liveId}) at ${THROTTLE}× CPU throttling, 1280×800: a ${MINUTES}-minute call in format 1.7 (${(big.bytes.length / 1024).toFixed(0)} KiB); anchor: the same page with a ${ANCHOR_MINUTES}-minute call (${(small.bytes.length / 1024).toFixed(0)} KiB); load average ${load()}`,
    );
    if (PHASES.has('rolling')) {
      const rolling = await phase(browser, server.origin, info.liveId, big, 'rolling', `rolling (${MINUTES} min released over ${RELEASE_S} s)`);
      const rollingAnchor = await phase(browser, server.origin, info.liveId, small, 'rolling', 'anchor rolling');
      printPhase(rolling, rollingAnchor);
    }
    if (PHASES.has('late')) {
      const late = await phase(browser, server.origin, info.liveId, big, 'late', `opened late on the whole ${MINUTES}-minute file`);
      const lateAnchor = await phase(browser, server.origin, info.liveId, small, 'late', 'anchor late');
      printPhase(late, lateAnchor);
    }
    console.log(`  (${THROTTLE}× throttling on this machine: frame times are the page's, not a phone's; load average at the end ${load()})`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLiveRender().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
