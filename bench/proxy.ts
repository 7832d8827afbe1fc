import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { createSandbox } from '../server/sandbox/app.ts';

/**
 * The proxy under load, side by side with the sandbox it forwards to. Each target runs in its own
 * child process (so the load generator does not share its event loop): the production server in
 * sandbox mode (server/app.ts: security headers, target checks, the proxy, the in-process sandbox),
 * and the sandbox served on its own. The same bounded run hits each on loopback: CONNECTIONS
 * keep-alive connections, each sending the next request as soon as the last one answered, for
 * DURATION_MS, over a rotation of list and detail requests. Prints requests per second, latency
 * percentiles, errors, and the p50 ratio proxy / direct (aim: at most 1.15). Asserts nothing.
 *
 * `npm run bench` calls benchProxy(); `node --import tsx bench/proxy.ts` runs it alone.
 * BENCH_CONNECTIONS and BENCH_SECONDS override the defaults.
 */

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 200;
const DURATION_MS = (Number(process.env.BENCH_SECONDS) || 10) * 1000;
const WARMUP_MS = 2_000;
const KEY = 'bench-key';
const SANDBOX_ENV = { SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_SEED: 'bench', SANDBOX_API_KEY: KEY, API_KEY: '', API_BASE_URL: '' };
/** Lists and records; the ids come from the sandbox's /__sandbox/info. */
function pathsFor(info: { companyId: number; eventWithAudioAndTranscript: { eventId: number; audioId: number } }): string[] {
  const { eventId, audioId } = info.eventWithAudioAndTranscript;
  return [
    '/public/v3/companies?limit=10',
    `/public/v3/companies/${info.companyId}`,
    `/public/v3/events/${eventId}`,
    '/public/v3/audio?limit=10&direction=desc',
    `/public/v3/audio/${audioId}/chapters`,
    '/public/v3/documents/transcripts?limit=10',
  ];
}
let PATHS: string[] = [];

type Mode = 'proxy' | 'direct';

/** The child: serves one target on a free loopback port and tells the parent which. */
function serveTarget(mode: Mode): void {
  const env = { ...process.env, ...SANDBOX_ENV };
  let fetch: (request: Request) => Response | Promise<Response>;
  if (mode === 'proxy') {
    fetch = createServerApp(readServerConfig(env)).fetch;
  } else {
    const sandbox = createSandbox({ seed: SANDBOX_ENV.SANDBOX_SEED, now: SANDBOX_ENV.SANDBOX_NOW, apiKey: KEY });
    fetch = sandbox.fetch;
  }
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }));
  process.on('disconnect', () => {
    server.close();
    process.exit(0);
  });
}

function startTarget(mode: Mode): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_CPU_PROF=dir writes a CPU profile of each target there.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', mode], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...SANDBOX_ENV },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited (${code}) before listening`)));
  });
}

interface RunResult {
  requests: number;
  errors: number;
  seconds: number;
  latencies: Float64Array;
  firstError?: string;
}

/** CONNECTIONS loops, each one request at a time over its own keep-alive socket, until the deadline. */
async function load(port: number, mode: Mode, durationMs: number): Promise<RunResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (mode === 'direct') headers['x-api-key'] = KEY;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + durationMs;

  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - sent);
          else {
            errors++;
            firstError ??= `HTTP ${res.statusCode} for ${path}`;
          }
          resolve();
        });
        res.on('error', (error) => {
          errors++;
          firstError ??= error.message;
          resolve();
        });
      });
      req.on('error', (error) => {
        errors++;
        firstError ??= error.message;
        resolve();
      });
      req.end();
    });

  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) await one(PATHS[i % PATHS.length]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length + errors, errors, seconds, latencies: Float64Array.from(latencies).sort(), firstError };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function line(label: string, result: RunResult): string {
  const rps = result.requests / result.seconds;
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(result.latencies, p).toFixed(1).padStart(7));
  return `  ${label.padEnd(8)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${p50} ms   p95 ${p95} ms   p99 ${p99} ms   errors ${result.errors}${result.firstError ? ` (first: ${result.firstError})` : ''}`;
}

export async function benchProxy(): Promise<void> {
  console.log(`\nProxy under load: ${CONNECTIONS} connections for ${DURATION_MS / 1000} s each, on loopback, 6 API paths in turn`);
  const results = {} as Record<Mode, RunResult>;
  for (const mode of ['direct', 'proxy'] as const) {
    const { child, port } = await startTarget(mode);
    try {
      PATHS = pathsFor(await (await fetch(`http://127.0.0.1:${port}/__sandbox/info`)).json());
      await load(port, mode, WARMUP_MS);
      results[mode] = await load(port, mode, DURATION_MS);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      const timer = setTimeout(() => child.kill(), 5_000);
      await exited;
      clearTimeout(timer);
    }
  }
  console.log(line('direct', results.direct));
  console.log(line('proxy', results.proxy));
  const ratio = percentile(results.proxy.latencies, 50) / percentile(results.direct.latencies, 50);
  const rpsRatio = results.direct.requests / results.direct.seconds / (results.proxy.requests / results.proxy.seconds);
  console.log(`  p50 proxy / direct: ${ratio.toFixed(2)}× (aim ≤ 1.15×); throughput direct / proxy: ${rpsRatio.toFixed(2)}×`);
}

if (process.argv[2] === '--serve') serveTarget(process.argv[3] === 'proxy' ? 'proxy' : 'direct');
else if (process.argv[1] === fileURLToPath(import.meta.url)) await benchProxy();
