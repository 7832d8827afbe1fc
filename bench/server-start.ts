import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `npm start`'s process: the compiled server (dist-server/main.js, plain node) started N times in
 * sandbox mode on a free port. Prints the time from spawn to its "listening" line and to the first
 * /healthz 200 (median and spread), and its memory at rest (VmRSS from /proc, after it has served `/`
 * and one API request and idled 2 s), beside the same server started the old way
 * (`node --import tsx server/main.ts`) as a ratio. Prints numbers; asserts nothing.
 */

const RUNS = Number(process.env.BENCH_START_RUNS) || 7;
const IDLE_MS = 2_000;
const COMPILED = ['dist-server/main.js'];
const TSX = ['--import', 'tsx', 'server/main.ts'];

interface Start {
  listeningMs: number;
  healthzMs: number;
  rssKb: number;
}

/** Resident memory of a process, kB (Linux /proc; elsewhere `ps`). */
function residentKb(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1] ?? NaN);
  return NaN;
}

async function startOnce(args: string[], env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, API_KEY: '', API_BASE_URL: '', PORT: '0', HOST: '127.0.0.1', SANDBOX_NOW: '2026-11-21T12:00:00Z', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += String(chunk);
        const match = /on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1] as string);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
    });
    const listeningMs = performance.now() - started;
    for (;;) {
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
      await sleep(2);
    }
    const healthzMs = performance.now() - started;
    await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
    await (await fetch(`${url}/public/v3/companies?limit=25`)).text();
    await sleep(IDLE_MS);
    return { listeningMs, healthzMs, rssKb: residentKb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

async function series(args: string[], env: Record<string, string>, runs: number) {
  const starts: Start[] = [];
  for (let i = 0; i < runs; i++) starts.push(await startOnce(args, env));
  const pick = (key: keyof Start) => starts.map((s) => s[key]);
  return {
    listening: median(pick('listeningMs')),
    listeningSpread: spread(pick('listeningMs')),
    healthz: median(pick('healthzMs')),
    healthzSpread: spread(pick('healthzMs')),
    rssMb: median(pick('rssKb')) / 1024,
    rssSpread: spread(pick('rssKb').map((kb) => kb / 1024)),
  };
}

export async function benchServerStart(): Promise<void> {
  if (!existsSync('dist-server/main.js') || !existsSync('dist/index.html')) {
    console.log('server start: no build found: run `npm run build` first.');
    return;
  }
  const off = { SEARCH_INDEX: 'off' };
  const compiled = await series(COMPILED, off, RUNS);
  const old = await series(TSX, off, RUNS);
  // Search on, in memory, over 40 companies (as the journeys' main server): the index opens after listening.
  const withSearch = await series(
    COMPILED,
    { SEARCH_INDEX: 'on', SEARCH_DATA_DIR: 'memory', SEARCH_SCOPE_COMPANY_IDS: Array.from({ length: 40 }, (_, i) => i + 1).join(',') },
    Math.max(3, Math.ceil(RUNS / 2)),
  );
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(`\nServer start (npm start = node dist-server/main.js; sandbox, ${RUNS} runs, median [min–max])`);
  console.log(`  anchor: node --import tsx server/main.ts, the same server run through the TypeScript loader`);
  console.log(
    `  spawn → listening:   ${compiled.listening.toFixed(0)} ms [${compiled.listeningSpread}]   tsx ${old.listening.toFixed(0)} ms [${old.listeningSpread}]   ${ratio(compiled.listening, old.listening)}`,
  );
  console.log(
    `  spawn → /healthz 200: ${compiled.healthz.toFixed(0)} ms [${compiled.healthzSpread}]   tsx ${old.healthz.toFixed(0)} ms [${old.healthzSpread}]   ${ratio(compiled.healthz, old.healthz)}`,
  );
  console.log(
    `  memory at rest (RSS after /, one API request, ${IDLE_MS / 1000} s idle): ${compiled.rssMb.toFixed(1)} MB [${compiled.rssSpread}]   tsx ${old.rssMb.toFixed(1)} MB [${old.rssSpread}]   ${ratio(compiled.rssMb, old.rssMb)}`,
  );
  console.log(
    `  with the transcript index on (in memory, 40 companies): listening ${withSearch.listening.toFixed(0)} ms, /healthz ${withSearch.healthz.toFixed(0)} ms, RSS at rest ${withSearch.rssMb.toFixed(1)} MB [${withSearch.rssSpread}]`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchServerStart().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
