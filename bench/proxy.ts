import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createServerApp, listenServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { createSandbox } from '../server/sandbox/app.ts';

/**
 * The proxy's cost, measured against the upstream it forwards to. Two child processes:
 *   upstream  the sandbox served alone (server/sandbox/app.ts), answering with x-api-key;
 *   proxy     the production server (server/app.ts) in upstream mode, API_KEY and API_BASE_URL
 *             pointing at the upstream child, so its real forwarding path over HTTP is measured.
 * This process is the load generator (neither server shares its event loop).
 *
 * 1. Open loop at a fixed offered rate (BENCH_RATE, default 2,000 requests/s) for BENCH_SECONDS
 *    (default 8) after a warm-up: request i is due at start + i / rate and is sent then whether or
 *    not earlier ones answered (keep-alive sockets, as many as are needed). Latency counts from the
 *    time the request was due, so a stall is charged to every request it delayed (no coordinated
 *    omission); how late the generator itself sent is printed too, and the rate it achieved.
 *    The generator wakes on timers (about once a millisecond), so a request leaves up to ~1 ms
 *    after it was due, for direct and proxy alike; the latency from the actual send is printed
 *    as well. direct = straight to the upstream with the key; proxy = through the server, which
 *    compresses what it answers (the upstream does not). The two are measured in alternating
 *    one-second windows, so that the rest of the machine's load falls on both alike.
 *    Each server process reports its CPU time (process.cpuUsage) over the measured windows:
 *    the proxy's CPU per request is what the proxy adds (the upstream's is printed apart).
 * 2. Throughput at saturation: a short closed loop (BENCH_SAT_CONNECTIONS connections, default 32,
 *    each sending when the last answered, BENCH_SAT_SECONDS, default 3).
 * Prints p50/p95/p99/max, the proxy / direct ratios beside the aim (≤ 1.15×), the CPU the proxy
 * adds per request and the saturated req/s. Asserts nothing.
 *
 * `npm run bench` calls benchProxy(); `node --import tsx bench/proxy.ts` runs it alone.
 * BENCH_WARMUP_SECONDS, BENCH_SAT_CONNECTIONS, BENCH_SAT_SECONDS override the rest.
 * BENCH_CPU_PROF=dir writes a CPU profile of each server process (and its loader thread) there.
 */

const RATE = Number(process.env.BENCH_RATE) || 2_000;
const DURATION_MS = (Number(process.env.BENCH_SECONDS) || 8) * 1000;
const WARMUP_MS = (Number(process.env.BENCH_WARMUP_SECONDS) || 2) * 1000;
const SAT_CONNECTIONS = Number(process.env.BENCH_SAT_CONNECTIONS) || 32;
const SAT_MS = (Number(process.env.BENCH_SAT_SECONDS) || 3) * 1000;
const AIM = 1.15;
const ROUND_MS = 1_000;
const KEY = 'bench-key';
const SANDBOX = { seed: 'bench', now: '2026-11-21T12:00:00Z' };

type Role = 'upstream' | 'proxy';
type Mode = 'direct' | 'proxy';

/** Lists and records; the ids come from the sandbox's sample ids. */
function pathsFor(info: { companyId: number; eventWithAudioAndTranscript?: { eventId: number; audioId: number } }): string[] {
  if (!info.eventWithAudioAndTranscript) throw new Error('the sandbox has no event with audio and a transcript');
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

// ---------------------------------------------------------------- the server processes

type ChildMessage = { port: number; paths?: string[] } | { cpu: Cpu };
/** CPU time in µs: in the process (user) and in the kernel on its behalf (system: socket reads and writes). */
type Cpu = { user: number; system: number };
const NO_CPU: Cpu = { user: 0, system: 0 };
const plus = (a: Cpu, b: Cpu, sign = 1): Cpu => ({ user: a.user + sign * b.user, system: a.system + sign * b.system });

function serveRole(role: Role): void {
  let paths: string[] | undefined;
  const listening = (info: { port: number }) => process.send?.({ port: info.port, paths } satisfies ChildMessage);
  let server: { close(): void };
  if (role === 'upstream') {
    const sandbox = createSandbox({ ...SANDBOX, apiKey: KEY });
    paths = pathsFor(sandbox.sampleIds());
    server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, listening);
  } else {
    const upstream = process.env.BENCH_UPSTREAM_URL;
    if (!upstream) throw new Error('BENCH_UPSTREAM_URL is missing');
    const config = readServerConfig({ API_KEY: KEY, API_BASE_URL: upstream, SEARCH_INDEX: 'off', SANDBOX_SEED: SANDBOX.seed });
    // Served as `npm start` serves it (server/main.ts).
    server = listenServerApp(createServerApp(config), 0, '127.0.0.1', listening);
  }
  // The parent asks for this process's CPU time at the start and the end of each measured window.
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() } satisfies ChildMessage);
  });
  process.on('disconnect', () => {
    server.close();
    process.exit(0);
  });
}

interface Target {
  role: Role;
  child: ChildProcess;
  port: number;
  paths?: string[];
}

function startRole(role: Role, env: Record<string, string> = {}): Promise<Target> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', role], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const { port, paths } = message as { port: number; paths?: string[] };
      resolve({ role, child, port, paths });
    });
    child.once('exit', (code) => reject(new Error(`the ${role} server exited (${code}) before listening`)));
  });
}

/** CPU time (µs) the child has used so far. */
function cpuOf(target: Target): Promise<Cpu> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('cpu' in message)) return;
      target.child.off('message', onMessage);
      resolve((message as { cpu: Cpu }).cpu);
    };
    target.child.on('message', onMessage);
    target.child.send('cpu');
  });
}

async function stopRole(target: Target): Promise<void> {
  if (target.child.exitCode !== null) return;
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.disconnect();
  const timer = setTimeout(() => target.child.kill(), 5_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- the load generator

interface RunResult {
  requests: number;
  errors: number;
  seconds: number;
  /** From the time each request was due (open loop) or sent (closed loop), sorted, ms. */
  latencies: Float64Array;
  /** From the time each request was actually sent, sorted, ms. */
  service: Float64Array;
  /** How late the generator sent each request, sorted, ms. */
  lateness: Float64Array;
  firstError?: string;
}

function newAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

function headersFor(mode: Mode): Record<string, string> {
  // What a browser's fetch of the API sends (the proxy compresses for it; the upstream is asked the same).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  if (mode === 'direct') headers['x-api-key'] = KEY;
  return headers;
}

/** One request; resolves with an error message or undefined once the whole body arrived. */
function send(agent: Agent, port: number, path: string, headers: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode === 200 ? undefined : `HTTP ${res.statusCode} for ${path}`));
      res.on('error', (error) => resolve(error.message));
    });
    req.on('error', (error) => resolve(error.message));
    req.end();
  });
}

/** Open loop: request i is due at start + i / rate and is sent then, answered or not. */
async function openLoop(port: number, mode: Mode, paths: string[], durationMs: number): Promise<RunResult> {
  const agent = newAgent(256);
  const headers = headersFor(mode);
  const total = Math.round((RATE * durationMs) / 1000);
  const interval = 1000 / RATE;
  const latencies = new Float64Array(total);
  const service = new Float64Array(total);
  const lateness = new Float64Array(total);
  let errors = 0;
  let firstError: string | undefined;
  let answered = 0;
  let next = 0;
  const started = performance.now();
  let finished = started;

  await new Promise<void>((resolve) => {
    const fire = (i: number, due: number) => {
      const sent = performance.now();
      lateness[i] = sent - due;
      void send(agent, port, paths[i % paths.length]!, headers).then((error) => {
        const now = performance.now();
        latencies[i] = now - due;
        service[i] = now - sent;
        if (error) {
          errors++;
          firstError ??= error;
        }
        if (++answered === total) {
          finished = now;
          resolve();
        }
      });
    };
    // Timers wake at most once a millisecond: each wake-up sends every request that is due.
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * interval <= now) {
        fire(next, started + next * interval);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, started + next * interval - performance.now() - 0.5));
    };
    tick();
  });
  agent.destroy();
  return {
    requests: total,
    errors,
    seconds: (finished - started) / 1000,
    latencies: latencies.sort(),
    service: service.sort(),
    lateness: lateness.sort(),
    firstError,
  };
}

/** Closed loop: each connection sends its next request when the last one answered. */
async function closedLoop(port: number, mode: Mode, paths: string[], durationMs: number): Promise<RunResult> {
  const agent = newAgent(SAT_CONNECTIONS);
  const headers = headersFor(mode);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: SAT_CONNECTIONS }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        const sent = performance.now();
        const error = await send(agent, port, paths[i % paths.length]!, headers);
        if (error) {
          errors++;
          firstError ??= error;
        } else latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return { requests: latencies.length + errors, errors, seconds, latencies: sorted, service: sorted, lateness: new Float64Array(0), firstError };
}

// ---------------------------------------------------------------- report

function merge(results: RunResult[]): RunResult {
  const joined = (pick: (result: RunResult) => Float64Array) => {
    const all = new Float64Array(results.reduce((sum, result) => sum + pick(result).length, 0));
    let at = 0;
    for (const result of results) {
      all.set(pick(result), at);
      at += pick(result).length;
    }
    return all.sort();
  };
  return {
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    seconds: results.reduce((sum, result) => sum + result.seconds, 0),
    latencies: joined((result) => result.latencies),
    service: joined((result) => result.service),
    lateness: joined((result) => result.lateness),
    firstError: results.find((result) => result.firstError)?.firstError,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => value.toFixed(2).padStart(6);

function line(label: string, result: RunResult): string {
  const rate = result.requests / result.seconds;
  const [p50, p95, p99] = [50, 95, 99].map((p) => ms(percentile(result.latencies, p)));
  const max = ms(result.latencies.at(-1) ?? NaN);
  const error = result.errors > 0 ? `${result.errors} (first: ${result.firstError})` : '0';
  return `  ${label.padEnd(7)} ${rate.toFixed(0).padStart(6)} req/s   p50 ${p50}   p95 ${p95}   p99 ${p99}   max ${max} ms   errors ${error}`;
}

function aim(ratio: number): string {
  return `${ratio.toFixed(2)}× (aim ≤ ${AIM}×${ratio <= AIM ? ', met' : ', NOT met'})`;
}

export async function benchProxy(): Promise<void> {
  console.log(
    `\nProxy vs direct: open loop at ${RATE} req/s for ${DURATION_MS / 1000} s each, in 1 s windows taken in turn (after ${WARMUP_MS / 1000} s warm-up), ` +
      `the upstream (sandbox) and the proxy (server/app.ts, upstream mode) each in its own process, loopback, 6 API paths in turn`,
  );
  const upstream = await startRole('upstream');
  let proxy: Target | undefined;
  try {
    proxy = await startRole('proxy', { BENCH_UPSTREAM_URL: `http://127.0.0.1:${upstream.port}` });
    const paths = upstream.paths!;
    const ports: Record<Mode, number> = { direct: upstream.port, proxy: proxy.port };

    const open = {} as Record<Mode, RunResult>;
    const cpu = {} as Record<Mode, { upstream: Cpu; proxy: Cpu }>;
    const windows = {} as Record<Mode, RunResult[]>;
    for (const mode of ['direct', 'proxy'] as const) {
      await openLoop(ports[mode], mode, paths, WARMUP_MS);
      windows[mode] = [];
      cpu[mode] = { upstream: NO_CPU, proxy: NO_CPU };
    }
    // Windows of a second, direct and proxy in turn (each first every other time), so that what
    // else the machine is doing falls on both alike.
    for (let round = 0; round * ROUND_MS < DURATION_MS; round++) {
      const order: Mode[] = round % 2 === 0 ? ['direct', 'proxy'] : ['proxy', 'direct'];
      for (const mode of order) {
        const before = { upstream: await cpuOf(upstream), proxy: await cpuOf(proxy) };
        windows[mode].push(await openLoop(ports[mode], mode, paths, Math.min(ROUND_MS, DURATION_MS - round * ROUND_MS)));
        cpu[mode].upstream = plus(cpu[mode].upstream, plus(await cpuOf(upstream), before.upstream, -1));
        cpu[mode].proxy = plus(cpu[mode].proxy, plus(await cpuOf(proxy), before.proxy, -1));
      }
    }
    open.direct = merge(windows.direct);
    open.proxy = merge(windows.proxy);

    console.log('  latency from the time each request was due:');
    console.log(line('direct', open.direct));
    console.log(line('proxy', open.proxy));
    const ratio = (p: number) => percentile(open.proxy.latencies, p) / percentile(open.direct.latencies, p);
    const added = (p: number) => (percentile(open.proxy.latencies, p) - percentile(open.direct.latencies, p)).toFixed(2);
    console.log(`  proxy / direct: p50 ${aim(ratio(50))}   p99 ${aim(ratio(99))}   (the proxy adds ${added(50)} ms at p50, ${added(99)} ms at p99)`);
    const serviceRatio = (p: number) => percentile(open.proxy.service, p) / percentile(open.direct.service, p);
    console.log(
      `  (from the actual send: p50 ${percentile(open.direct.service, 50).toFixed(2)} / ${percentile(open.proxy.service, 50).toFixed(2)} ms = ${serviceRatio(50).toFixed(2)}×, ` +
        `p99 ${percentile(open.direct.service, 99).toFixed(2)} / ${percentile(open.proxy.service, 99).toFixed(2)} ms = ${serviceRatio(99).toFixed(2)}×; ` +
        `generator late by p50 ${percentile(open.direct.lateness, 50).toFixed(2)} / ${percentile(open.proxy.lateness, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(open.direct.lateness, 99).toFixed(2)} / ${percentile(open.proxy.lateness, 99).toFixed(2)} ms)`,
    );
    const perRequest = (used: Cpu, result: RunResult) => ((used.user + used.system) / result.requests).toFixed(0);
    const split = (used: Cpu, result: RunResult) => `user ${(used.user / result.requests).toFixed(0)} + system ${(used.system / result.requests).toFixed(0)}`;
    console.log(
      `  CPU per request: upstream ${perRequest(cpu.direct.upstream, open.direct)} µs direct (${split(cpu.direct.upstream, open.direct)}), ` +
        `${perRequest(cpu.proxy.upstream, open.proxy)} µs behind the proxy; ` +
        `the proxy process adds ${perRequest(cpu.proxy.proxy, open.proxy)} µs per request (${split(cpu.proxy.proxy, open.proxy)})`,
    );

    const saturated = {} as Record<Mode, RunResult>;
    for (const mode of ['direct', 'proxy'] as const) {
      await closedLoop(ports[mode], mode, paths, Math.min(1_000, SAT_MS));
      saturated[mode] = await closedLoop(ports[mode], mode, paths, SAT_MS);
    }
    const rps = (result: RunResult) => result.requests / result.seconds;
    console.log(`  saturation (closed loop, ${SAT_CONNECTIONS} connections, ${SAT_MS / 1000} s):`);
    console.log(line('direct', saturated.direct));
    console.log(line('proxy', saturated.proxy));
    console.log(`  throughput proxy / direct: ${(rps(saturated.proxy) / rps(saturated.direct)).toFixed(2)}×`);
  } finally {
    if (proxy) await stopRole(proxy);
    await stopRole(upstream);
  }
}

if (process.argv[2] === '--serve') serveRole(process.argv[3] === 'proxy' ? 'proxy' : 'upstream');
else if (process.argv[1] === fileURLToPath(import.meta.url)) await benchProxy();
