import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createNodeListener, createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `/healthz` while calendar feeds are built (issue 27, item 3). The server runs in a child process
 * (sandbox mode, 500 companies, the transcript index off, served through createNodeListener as
 * `npm start` serves it); this process is the load generator. `/healthz` is asked every
 * PROBE_MS on a fixed schedule (open loop: a probe is sent when due whether or not the last one
 * answered, and its latency counts from when it was due, so a stall is charged to every probe it
 * delayed). Two phases of the same length in one run:
 *   anchor  `/healthz` alone;
 *   feeds   ROUNDS rounds of ten distinct 200-company feeds asked at once (fresh company sets each
 *           round, so none is answered from the feed's cache), as calendar apps ask (gzip).
 * Prints p50 / p99 / max of `/healthz` in both, and what the feeds cost. Asserts nothing.
 *
 * `BENCH_ONLY=feed npm run bench` runs it from bench/app.ts; `node --import tsx bench/feed-load.ts` alone.
 * BENCH_FEED_ROUNDS (default 3) changes the number of rounds.
 */

const PROBE_MS = 10;
const FEEDS = 10;
const COMPANIES_PER_FEED = 200;
const ROUNDS = Number(process.env.BENCH_FEED_ROUNDS) || 3;
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
  process.on('disconnect', () => process.exit(0));
}

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
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

    const feeds: Answer[] = [];
    const feedProbe = probe(port);
    const feedsStarted = performance.now();
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: FEEDS }, (_, k) =>
          get(feedAgent, port, `/api/calendar.ics?companyIds=${companySet(round * 100 + k, COMPANIES_PER_FEED, SANDBOX_COMPANIES).join(',')}`, {
            'accept-encoding': 'gzip',
          }),
        ),
      );
      feeds.push(...answers);
    }
    const feedsMs = performance.now() - feedsStarted;
    const withFeeds = await feedProbe.stop();

    // The anchor: /healthz alone for as long as the feeds took.
    const aloneProbe = probe(port);
    await new Promise((resolve) => setTimeout(resolve, feedsMs));
    const alone = await aloneProbe.stop();
    feedAgent.destroy();

    const times = feeds.map((feed) => feed.ms).sort((a, b) => a - b);
    const bad = feeds.filter((feed) => feed.status !== 200).length;
    console.log(
      `\n/healthz while calendar feeds are built (sandbox, ${SANDBOX_COMPANIES} companies; ${ROUNDS} rounds of ${FEEDS} distinct ${COMPANIES_PER_FEED}-company feeds at once; a probe every ${PROBE_MS} ms, open loop)`,
    );
    console.log(`  /healthz alone (anchor)      ${summary(alone.latencies, alone.failed)}`);
    console.log(`  /healthz while feeds build   ${summary(withFeeds.latencies, withFeeds.failed)}`);
    console.log(
      `  feeds: ${feeds.length} in ${(feedsMs / 1000).toFixed(2)} s; each p50 ${percentile(times, 50).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms; ${(feeds[0]!.bytes / 1000).toFixed(0)} kB gzipped${bad ? `; ${bad} not 200` : ''}`,
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
