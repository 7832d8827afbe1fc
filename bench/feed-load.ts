import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createNodeListener, createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * `/healthz` while calendar feeds are built (issue 27, item 3). The server runs in a child process
 * (sandbox mode, 500 companies, the transcript index off, served through createNodeListener as
 * `npm start` serves it); this process is the load generator. `/healthz` is asked every
 * PROBE_MS on a fixed schedule (open loop: a probe is sent when due whether or not the last one
 * answered, and its latency counts from when it was due, so a stall is charged to every probe it
 * delayed). Windows taken in turn, ROUNDS of each, in one run:
 *   feeds   ten distinct 200-company feeds asked at once (fresh company sets each round, so none
 *           is answered from the feed's cache), as calendar apps ask (gzip), until all answered;
 *   anchor  `/healthz` alone for as long as that round of feeds took.
 * Prints p50 / p99 / max of `/healthz` in both, the server's own event-loop delay and CPU time in
 * both (on a machine shared with other work, the probes' latency also holds the time the server
 * waited for a core; the event-loop delay and CPU say what the server itself did), and what the
 * feeds cost. Asserts nothing.
 *
 * `BENCH_ONLY=feed npm run bench` runs it from bench/app.ts; `node --import tsx bench/feed-load.ts` alone.
 * BENCH_FEED_ROUNDS (default 5) changes the number of rounds; BENCH_CPU_PROF=dir writes a CPU profile of the server there.
 */

const PROBE_MS = 10;
const FEEDS = 10;
const COMPANIES_PER_FEED = 200;
const ROUNDS = Number(process.env.BENCH_FEED_ROUNDS) || 5;
const SANDBOX_COMPANIES = 500;

/** The child: the app on a free port, which it reports to the parent. */
function serve(): void {
  const config = readServerConfig({
    SANDBOX_NOW: '2026-11-21T12:00:00Z',
    SANDBOX_SEED: 'bench',
    SANDBOX_COMPANIES: String(SANDBOX_COMPANIES),
    SEARCH_INDEX: 'off',
    PUBLIC_BASE_URL: 'https://desk.example',
  });
  const app = createServerApp(config);
  const server = createServer(createNodeListener(app, { hostname: '127.0.0.1' }));
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  // What the server itself sees in a window: how late its event loop ran (the probes' answers
  // wait for it) and the CPU time it used.
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  let cpu = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'window-start') {
      delay.reset();
      cpu = process.cpuUsage();
    } else if (message === 'window-end') {
      const used = process.cpuUsage(cpu);
      process.send?.({
        window: { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, cpuMs: (used.user + used.system) / 1000 },
      } satisfies { window: ServerWindow });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

interface ServerWindow {
  /** Event-loop delay, ms. */
  p50: number;
  p99: number;
  max: number;
  cpuMs: number;
}

function serverWindow(child: ChildProcess, message: 'window-start' | 'window-end'): Promise<ServerWindow | undefined> {
  if (message === 'window-start') {
    child.send(message);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const onMessage = (answer: unknown) => {
      if (typeof answer !== 'object' || answer === null || !('window' in answer)) return;
      child.off('message', onMessage);
      resolve((answer as { window: ServerWindow }).window);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
  });
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

function get(agent: Agent, port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, bytes, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, ms: performance.now() - started }));
    req.end();
  });
}

/** Probes /healthz every PROBE_MS until stop() is called; the latencies from each probe's due time. */
function probe(port: number): { stop: () => Promise<{ latencies: number[]; failed: number }> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let failed = 0;
  const start = performance.now();
  let index = 0;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    while (start + index * PROBE_MS <= performance.now()) {
      const due = start + index * PROBE_MS;
      index++;
      pending.push(
        get(agent, port, '/healthz').then((answer) => {
          if (answer.status === 200) latencies.push(performance.now() - due);
          else failed++;
        }),
      );
    }
    setTimeout(tick, 1);
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(pending);
      agent.destroy();
      return { latencies, failed };
    },
  };
}

/** A deterministic pseudo-random pick of `count` distinct ids from 1..max. */
function companySet(seed: number, count: number, max: number): number[] {
  let state = seed * 2_654_435_761 + 1;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const ids = Array.from({ length: max }, (_, i) => i + 1);
  for (let i = max - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids.slice(0, count);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(latencies: number[], failed: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  return `p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}  (${sorted.length} probes${failed ? `, ${failed} failed` : ''})`;
}

export async function benchFeedLoad(): Promise<void> {
  const { child, port } = await startServer();
  try {
    const feedAgent = new Agent({ keepAlive: true, maxSockets: FEEDS });
    // Warm up: the code paths compiled, the sandbox's lists touched once (not counted).
    await get(feedAgent, port, `/api/calendar.ics?companyIds=${companySet(0, COMPANIES_PER_FEED, SANDBOX_COMPANIES).join(',')}`, { 'accept-encoding': 'gzip' });

    // Windows taken in turn (a round of feeds, then as long without), so that the rest of the
    // machine's load falls on both alike.
    const feeds: Answer[] = [];
    const withFeeds = { latencies: [] as number[], failed: 0 };
    const alone = { latencies: [] as number[], failed: 0 };
    let feedsMs = 0;
    const loop = { feeds: [] as ServerWindow[], alone: [] as ServerWindow[] };
    for (let round = 1; round <= ROUNDS; round++) {
      await serverWindow(child, 'window-start');
      const during = probe(port);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: FEEDS }, (_, k) =>
          get(feedAgent, port, `/api/calendar.ics?companyIds=${companySet(round * 100 + k, COMPANIES_PER_FEED, SANDBOX_COMPANIES).join(',')}`, {
            'accept-encoding': 'gzip',
          }),
        ),
      );
      const roundMs = performance.now() - started;
      feedsMs += roundMs;
      feeds.push(...answers);
      const measured = await during.stop();
      loop.feeds.push((await serverWindow(child, 'window-end'))!);
      withFeeds.latencies.push(...measured.latencies);
      withFeeds.failed += measured.failed;
      await serverWindow(child, 'window-start');
      const quiet = probe(port);
      await new Promise((resolve) => setTimeout(resolve, roundMs));
      const anchor = await quiet.stop();
      loop.alone.push((await serverWindow(child, 'window-end'))!);
      alone.latencies.push(...anchor.latencies);
      alone.failed += anchor.failed;
    }
    feedAgent.destroy();

    const times = feeds.map((feed) => feed.ms).sort((a, b) => a - b);
    const bad = feeds.filter((feed) => feed.status !== 200).length;
    console.log(
      `\n/healthz while calendar feeds are built (sandbox, ${SANDBOX_COMPANIES} companies; ${ROUNDS} rounds of ${FEEDS} distinct ${COMPANIES_PER_FEED}-company feeds at once; a probe every ${PROBE_MS} ms, open loop)`,
    );
    console.log(`  /healthz alone (anchor)      ${summary(alone.latencies, alone.failed)}`);
    console.log(`  /healthz while feeds build   ${summary(withFeeds.latencies, withFeeds.failed)}`);
    // Per window; the worst window's p99 and max.
    const loopLine = (windows: ServerWindow[]) =>
      `worst window p99 ${Math.max(...windows.map((w) => w.p99)).toFixed(1)} ms, max ${Math.max(...windows.map((w) => w.max)).toFixed(1)} ms; CPU ${windows
        .reduce((sum, w) => sum + w.cpuMs, 0)
        .toFixed(0)} ms`;
    console.log(`  the server's event-loop delay and CPU, alone            ${loopLine(loop.alone)}`);
    console.log(
      `  the server's event-loop delay and CPU, while feeds build ${loopLine(loop.feeds)} (${(loop.feeds.reduce((sum, w) => sum + w.cpuMs, 0) / feeds.length).toFixed(0)} ms a feed)`,
    );
    console.log(
      `  feeds: ${feeds.length} in ${(feedsMs / 1000).toFixed(2)} s of feed windows; each p50 ${percentile(times, 50).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms; ${(feeds[0]!.bytes / 1000).toFixed(0)} kB gzipped${bad ? `; ${bad} not 200` : ''}`,
    );
  } finally {
    child.disconnect();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

if (process.argv.includes('--serve')) serve();
else if (import.meta.url === `file://${process.argv[1]}`) {
  benchFeedLoad().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
