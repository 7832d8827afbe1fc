import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';

/**
 * Transcript search (server/search/) on the embedded engine (PGlite, persisted to a temporary
 * directory), at the default sandbox size and at 5,000 companies:
 * - ingest: time to index every transcript from a cold start, transcripts/s and paragraphs/s;
 *   whether the app stays responsive meanwhile (event-loop delay, and the latency of an API list
 *   request during indexing against the same request before it);
 * - the index on disk, and the memory the process holds afterwards;
 * - query time (p50 / p95 over 40 runs) for ten kinds of query.
 * Anchors: the default sandbox fully indexed within 120 s; query p95 under 100 ms.
 * Prints numbers beside their anchors; asserts nothing.
 *
 *   npm run bench:search                          # 500 and 5,000 companies
 *   BENCH_SEARCH_COMPANIES=500 npm run bench:search
 *   SEARCH_CACHE_MB=512 BENCH_SEARCH_COMPANIES=5000 npm run bench:search   # the cache a 5,000-company index wants
 *   BENCH_SEARCH_DATA_DIR=/somewhere BENCH_SEARCH_COMPANIES=20000 npm run bench:search
 *       keeps the index in /somewhere-20000 (one directory per size) and, when a later run finds it
 *       there, measures its queries without building it again (20,000 companies take about an hour)
 */

const SIZES = (process.env.BENCH_SEARCH_COMPANIES ?? '500,5000').split(',').map(Number);
const RUNS = 40;
const INGEST_AIM_S = 120;
const QUERY_AIM_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function directoryBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
  }
  return total;
}

const QUERIES: [string, string[]][] = [
  ['a common word', ['q=margin', 'q=demand', 'q=quarter', 'q=growth']],
  ['a rarer word', ['q=tariffs', 'q=buyback', 'q=acquisition', 'q=currency']],
  ['an exact phrase', ['q=%22gross+margin%22', 'q=%22free+cash+flow%22', 'q=%22supply+chain%22', 'q=%22full+year%22']],
  ['a prefix', ['q=guid*', 'q=invent*', 'q=pric*', 'q=acqui*']],
  ['OR', ['q=tariffs+OR+duties', 'q=buyback+OR+dividend', 'q=china+OR+europe', 'q=inventory+OR+destocking']],
  ['with an exclusion', ['q=demand+-europe', 'q=margin+-gross', 'q=growth+-china', 'q=pricing+-tariffs']],
  ['one company', ['q=margin&companyIds=7', 'q=demand&companyIds=21', 'q=guidance&companyIds=42', 'q=pricing&companyIds=99']],
  ['analysts only, sorted by date', ['q=margin&speakers=analyst&sort=date', 'q=guidance&speakers=analyst&sort=date', 'q=demand&speakers=analyst&sort=date']],
  ['a date range and country', ['q=margin&from=2026-01-01&to=2026-06-30&countries=US', 'q=demand&from=2025-07-01&to=2025-12-31&countries=GB,SE']],
  ['per quarter and company (summary)', ['summary?q=margin', 'summary?q=%22gross+margin%22', 'summary?q=tariffs', 'summary?q=guid*']],
];

/** BENCH_SEARCH_DATABASE_URL: the index on that PostgreSQL server instead of PGlite (kept there between runs). */
const databaseUrl = process.env.BENCH_SEARCH_DATABASE_URL ?? '';

async function benchSize(companies: number): Promise<void> {
  const kept = process.env.BENCH_SEARCH_DATA_DIR ? `${process.env.BENCH_SEARCH_DATA_DIR}-${companies}` : undefined;
  const reused = kept !== undefined && existsSync(join(kept, 'PG_VERSION'));
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'bench-search-'));
  const config = readServerConfig({
    ...process.env,
    API_KEY: '',
    API_BASE_URL: '',
    DATABASE_URL: databaseUrl,
    SANDBOX_NOW: '2026-11-21T12:00:00Z',
    SANDBOX_COMPANIES: String(companies),
    SEARCH_DATA_DIR: dataDir,
  });
  const app = createServerApp(config);
  const request = async (path: string) => {
    const started = performance.now();
    const response = await app.fetch(new Request(`http://127.0.0.1${path}`));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const engine = databaseUrl ? 'a PostgreSQL server (BENCH_SEARCH_DATABASE_URL)' : `PGlite, buffer cache ${config.search.cacheMb} MB (SEARCH_CACHE_MB)`;
  console.log(`\n── ${companies.toLocaleString('en-US')} companies, ${engine}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${mb(totalmem())} ──`);
  if (reused) console.log(`  (the index kept in ${dataDir} is reused: the ingest lines below are a sync of an index already built, not a build)`);

  // The same API request before indexing, and every 250 ms while it runs.
  const probe = '/public/v3/companies?limit=50';
  await request(probe);
  const before: number[] = [];
  for (let i = 0; i < 20; i++) before.push(await request(probe));
  const during: number[] = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  let indexing = true;
  const prober = (async () => {
    while (indexing) {
      during.push(await request(probe));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const started = performance.now();
  // Stalls of the event loop over 200 ms, and when they came (seconds from the start).
  const stalls: [number, number][] = [];
  let tick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - tick > 250) stalls.push([(tick - started) / 1000, now - tick - 50]);
    tick = now;
  }, 50);

  const openLag = monitorEventLoopDelay({ resolution: 10 });
  openLag.enable();
  await app.search.start();
  openLag.disable();
  const openSeconds = (performance.now() - started) / 1000;
  lag.enable();
  await app.search.whenSynced();
  lag.disable();
  clearInterval(ticker);
  const seconds = (performance.now() - started) / 1000;
  indexing = false;
  await prober;
  const status = await app.search.status();
  if (status.state !== 'idle') console.log(`  ! the index ended its first sync in state ${status.state}: ${status.detail ?? status.lastError ?? ''}`);
  const read = status.transcripts.indexed + status.transcripts.superseded;
  console.log(
    `Ingest: ${read.toLocaleString('en-US')} transcripts (${status.calls.toLocaleString('en-US')} calls searchable, ${status.paragraphs.toLocaleString('en-US')} paragraphs) in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  ${(read / seconds).toFixed(0)} transcripts/s, ${(status.paragraphs / seconds).toFixed(0)} paragraphs/s; aim: default sandbox within ${INGEST_AIM_S} s (${(seconds / INGEST_AIM_S).toFixed(2)}× the aim)`,
  );
  console.log(
    `  App while indexing: ${probe} p50 ${ms(percentile(during, 50))} / p95 ${ms(percentile(during, 95))} (before: p50 ${ms(percentile(before, 50))} / p95 ${ms(percentile(before, 95))}; ${(percentile(during, 95) / percentile(before, 95)).toFixed(1)}× at p95), ${during.length} requests`,
  );
  const opening = databaseUrl ? 'the schema and word index on the server' : reused ? 'the kept PGlite data directory' : 'a new PGlite data directory, schema';
  console.log(`  Opening the index (${opening}): ${openSeconds.toFixed(1)} s, the event loop held up to ${ms(openLag.max / 1e6)}`);
  console.log(`  Word index: ${(await app.search.status()).wordIndex ?? '?'} (SEARCH_WORD_INDEX=${config.search.wordIndex})`);
  console.log(`  Event-loop delay while indexing: p50 ${ms(lag.percentile(50) / 1e6)}, p99 ${ms(lag.percentile(99) / 1e6)}, max ${ms(lag.max / 1e6)}`);
  console.log(
    `  Stalls over 200 ms: ${stalls.length === 0 ? 'none' : stalls.map(([at, length]) => `${length.toFixed(0)} ms at ${at.toFixed(1)} s`).join(', ')}`,
  );
  console.log(
    `Index: ${mb(status.bytes ?? 0)} in tables and indexes${databaseUrl ? ' (on the PostgreSQL server)' : `; ${mb(directoryBytes(dataDir))} on disk (PGlite data directory)`}`,
  );
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  console.log(`Memory held: RSS ${mb(memory.rss)}, JS heap ${mb(memory.heapUsed)}, WebAssembly and buffers ${mb(memory.arrayBuffers + memory.external)}`);

  console.log(`Queries (p50 / p95 of ${RUNS}; aim p95 < ${QUERY_AIM_MS} ms):`);
  for (const [label, variants] of QUERIES) {
    const times: number[] = [];
    const byVariant = new Map<string, number[]>(variants.map((variant) => [variant, []]));
    for (let run = 0; run < RUNS; run++) {
      const variant = variants[run % variants.length]!;
      const path = variant.startsWith('summary?') ? `/api/search/${variant}` : `/api/search?${variant}`;
      const time = await request(path);
      times.push(time);
      byVariant.get(variant)!.push(time);
    }
    const p95 = percentile(times, 95);
    console.log(`  ${label.padEnd(34)} ${ms(percentile(times, 50)).padStart(9)} / ${ms(p95).padStart(9)}  (${(p95 / QUERY_AIM_MS).toFixed(2)}× the aim)`);
    // Each variant's median and slowest run: a kind's p95 is often one variant's (a summary of one
    // word reads kept counts, of a phrase every passage).
    console.log(
      `    ${[...byVariant].map(([variant, runs]) => `${decodeURIComponent(variant.replace(/^summary\?/, '')).replace(/\+/g, ' ')} ${percentile(runs, 50).toFixed(0)}/${Math.max(...runs).toFixed(0)}`).join(' · ')} ms`,
    );
  }
  // The anchor of the one-word summary: the same chart read from every passage, as every summary
  // was before the counts were kept (both sections asked for, which keeps every passage but is not
  // a filter the counts hold).
  const anchor: number[] = [];
  for (let run = 0; run < RUNS / 4; run++) anchor.push(await request('/api/search/summary?q=margin&sections=prepared,qna'));
  console.log(
    `  summary of one word from every passage (the anchor: summary?q=margin&sections=prepared,qna) ${ms(percentile(anchor, 50))} / ${ms(percentile(anchor, 95))}`,
  );
  await concurrentSearches(request, probe);
  await app.search.close();
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * CONCURRENT searches at once, each a loop over every query above, and the API list request
 * answered meanwhile (the app's own requests must stay as fast while the index is busy).
 */
const CONCURRENT = 20;
async function concurrentSearches(request: (path: string) => Promise<number>, probe: string): Promise<void> {
  const paths = QUERIES.flatMap(([, variants]) =>
    variants.map((variant) => (variant.startsWith('summary?') ? `/api/search/${variant}` : `/api/search?${variant}`)),
  );
  const total = CONCURRENT * 10;
  let next = 0;
  const times: number[] = [];
  const probes: number[] = [];
  let running = true;
  const started = performance.now();
  const prober = (async () => {
    while (running) {
      probes.push(await request(probe));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < total) {
        const path = paths[next++ % paths.length]!;
        times.push(await request(path));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await prober;
  console.log(
    `${CONCURRENT} searches at once (${total}, every kind in turn): each p50 ${ms(percentile(times, 50))} / p95 ${ms(percentile(times, 95))}, ${(total / seconds).toFixed(1)} searches/s; meanwhile ${probe} p50 ${ms(percentile(probes, 50))} / p95 ${ms(percentile(probes, 95))}`,
  );
}

for (const size of SIZES) await benchSize(size);
