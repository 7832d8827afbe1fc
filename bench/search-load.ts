import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The server while transcript searches run (issue 27, item 3): the production build
 * (dist-server/main.js, plain node, as `npm start`) in sandbox mode, its index on the embedded engine
 * (PGlite) in a temporary directory, fully indexed first. Then, on loopback:
 *
 * - anchor: `/healthz` and a `/public/v3` list, one request after another, with no search running;
 * - at 1, 5, 20 and 50 searches at once (each a loop of searches from a fixed list): searches/s,
 *   each search's time, and `/healthz` and the list answered meanwhile (p50 / p99, and × the anchor);
 *   a search that answers 503 (the queue is full) or takes over 30 s is counted as turned away.
 *
 * Aim: with 50 searches at once, `/healthz` and the list answer within 100 ms at p99.
 * Bounded: a fixed number of searches per level, 30 s per request, 10 minutes to index.
 * Prints numbers; asserts nothing.
 *
 *   BENCH_ONLY=search-load npm run bench     (or: node --import tsx bench/search-load.ts)
 *   BENCH_SEARCH_LOAD_SERVER=/other/checkout/dist-server/main.js   another build (before and after)
 *   BENCH_SEARCH_LOAD_COMPANIES=500          the sandbox's size (default: the sandbox default, 500)
 */

const LEVELS = [1, 5, 20, 50];
const AIM_P99_MS = 100;
const REQUEST_TIMEOUT_MS = 30_000;
const INDEX_TIMEOUT_MS = 10 * 60_000;
const ANCHOR_PROBES = 200;
const LIST = '/public/v3/companies?limit=50';
/** Searches of several kinds (a common word, a phrase, a prefix, OR, an exclusion, filters, the summary). */
const SEARCHES = [
  '/api/search?q=margin',
  '/api/search?q=%22gross+margin%22',
  '/api/search?q=guid*',
  '/api/search?q=tariffs+OR+duties',
  '/api/search?q=demand+-europe',
  '/api/search?q=growth&speakers=analyst&sort=date',
  '/api/search?q=pricing&from=2026-01-01&to=2026-06-30&countries=US',
  '/api/search/summary?q=margin',
  '/api/search?q=%22free+cash+flow%22',
  '/api/search?q=buyback',
  '/api/search/summary?q=tariffs',
  '/api/search?q=inventory',
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms` : '—');
const pair = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;

/** One request: its time, or undefined when it failed (status, network, timeout). */
async function timed(base: string, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

async function startServer(main: string, dataDir: string, companies: string | undefined): Promise<{ base: string; child: ChildProcess }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    API_KEY: '',
    API_BASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    SANDBOX_NOW: '2026-11-21T12:00:00Z',
    SEARCH_DATA_DIR: dataDir,
    SEARCH_INDEX: 'on',
    DATABASE_URL: '',
    NODE_OPTIONS: '',
  };
  if (companies) env.SANDBOX_COMPANIES = companies;
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const base = await new Promise<string>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /on (http:\/\/\S+)/.exec(output);
      if (match) done(match[1] as string);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return { base, child };
}

/** Waits until the index has read everything it listed (bounded). */
async function whenIndexed(base: string): Promise<{ calls: number; seconds: number }> {
  const started = performance.now();
  while (performance.now() - started < INDEX_TIMEOUT_MS) {
    const response = await fetch(`${base}/api/search/status`).catch(() => undefined);
    if (response?.ok) {
      const status = (await response.json()) as { state: string; calls: number; transcripts: { listed: number; pending: number; retrying: number } };
      if (status.state === 'idle' && status.transcripts.listed > 0 && status.transcripts.pending === 0) {
        return { calls: status.calls, seconds: (performance.now() - started) / 1000 };
      }
    }
    await sleep(1_000);
  }
  throw new Error(`the index was not built within ${INDEX_TIMEOUT_MS / 60_000} minutes`);
}

/** /healthz and the list, one after another, until `until` settles. */
async function probe(base: string, until: Promise<unknown>): Promise<{ healthz: number[]; list: number[]; probeFailures: number }> {
  let running = true;
  void until.finally(() => (running = false));
  const healthz: number[] = [];
  const list: number[] = [];
  let probeFailures = 0;
  while (running) {
    const a = await timed(base, '/healthz');
    if (a.status === 200) healthz.push(a.ms);
    else probeFailures++;
    const b = await timed(base, LIST);
    if (b.status === 200) list.push(b.ms);
    else probeFailures++;
    await sleep(5);
  }
  return { healthz, list, probeFailures };
}

async function level(base: string, concurrent: number) {
  const total = Math.max(40, concurrent * 4);
  let next = 0;
  const times: number[] = [];
  let busy = 0;
  let failed = 0;
  const started = performance.now();
  const load = Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (next < total) {
        const path = SEARCHES[next++ % SEARCHES.length]!;
        const result = await timed(base, path);
        if (result.status === 200) times.push(result.ms);
        else if (result.status === 503) busy++;
        else failed++;
      }
    }),
  );
  const probes = probe(base, load);
  await load;
  const seconds = (performance.now() - started) / 1000;
  return { concurrent, total, seconds, times, busy, failed, ...(await probes) };
}

export async function benchSearchLoad(): Promise<void> {
  const main = resolve(process.env.BENCH_SEARCH_LOAD_SERVER ?? 'dist-server/main.js');
  if (!existsSync(main)) {
    console.log(`search under load: ${main} is missing: run \`npm run build\` first.`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-load-'));
  const { base, child } = await startServer(main, join(dataDir, 'search'), process.env.BENCH_SEARCH_LOAD_COMPANIES);
  try {
    const indexed = await whenIndexed(base);
    console.log(
      `\nSearch under load: ${main} (plain node), sandbox, PGlite on disk; ${indexed.calls.toLocaleString('en-US')} calls indexed in ${indexed.seconds.toFixed(0)} s`,
    );
    console.log(
      `  load average at the start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const path of SEARCHES) await timed(base, path);
    const anchor = { healthz: [] as number[], list: [] as number[] };
    for (let i = 0; i < ANCHOR_PROBES; i++) {
      anchor.healthz.push((await timed(base, '/healthz')).ms);
      anchor.list.push((await timed(base, LIST)).ms);
    }
    console.log(`  anchor, no search running (${ANCHOR_PROBES} each, p50 / p99): /healthz ${pair(anchor.healthz)}, ${LIST} ${pair(anchor.list)}`);
    console.log(
      `  ${'at once'.padStart(7)} ${'searches/s'.padStart(10)} ${'search p50 / p99'.padStart(19)} ${'/healthz p50 / p99'.padStart(19)} ${'× anchor p99'.padStart(12)} ${'list p50 / p99'.padStart(19)} ${'× anchor p99'.padStart(12)}  turned away (503) / failed`,
    );
    for (const concurrent of LEVELS) {
      const run = await level(base, concurrent);
      const ratio = (values: number[], anchorValues: number[]) => `${(percentile(values, 99) / percentile(anchorValues, 99)).toFixed(1)}×`;
      console.log(
        `  ${String(concurrent).padStart(7)} ${(run.times.length / run.seconds).toFixed(1).padStart(10)} ${pair(run.times).padStart(19)} ${pair(run.healthz).padStart(19)} ${ratio(run.healthz, anchor.healthz).padStart(12)} ${pair(run.list).padStart(19)} ${ratio(run.list, anchor.list).padStart(12)}  ${run.busy} / ${run.failed} of ${run.total}`,
      );
      if (concurrent === 50) {
        const worst = Math.max(percentile(run.healthz, 99), percentile(run.list, 99));
        console.log(
          `  aim: with 50 at once, /healthz and the list p99 ≤ ${AIM_P99_MS} ms: ${ms(worst)} (${(worst / AIM_P99_MS).toFixed(2)}× the aim); ${run.healthz.length + run.list.length} probes answered, ${run.probeFailures} failed`,
        );
      }
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchSearchLoad().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
