import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createSandbox } from '../server/sandbox/app.ts';

/**
 * The proxy's cost, measured against the upstream it forwards to. Three child processes:
 *   upstream   the sandbox served alone (server/sandbox/app.ts), answering with x-api-key;
 *   proxy      the production server as `npm start` runs it (node dist-server/main.js, compiled;
 *              needs `npm run build`) in upstream mode, API_KEY and API_BASE_URL pointing at the
 *              upstream child, so its real forwarding path over HTTP is measured;
 *   forwarder  the floor: a bare node:http forwarder (keep-alive, the key added, the upstream's
 *              answer piped back) with none of the proxy's checks, header allowlists, timeout,
 *              compression or security headers. What one more hop through Node's HTTP stack costs.
 * This process is the load generator (no server shares its event loop).
 *
 * 1. Open loop at a fixed offered rate (BENCH_RATE, default 2,000 requests/s) for BENCH_SECONDS
 *    (default 8) after a warm-up: request i is due at start + i / rate and is sent then whether or
 *    not earlier ones answered (keep-alive sockets, as many as are needed). Latency counts from the
 *    time the request was due, so a stall is charged to every request it delayed (no coordinated
 *    omission); how late the generator itself sent is printed too, and the rate it achieved.
 *    The generator wakes on timers (about once a millisecond), so a request leaves up to ~1 ms
 *    after it was due, for every target alike; the latency from the actual send is printed
 *    as well. direct = straight to the upstream with the key; proxy = through the server, which
 *    compresses what it answers (the upstream does not). The three are measured in one-second
 *    windows taken in turn, so that the rest of the machine's load falls on all alike.
 *    Each server process reports its CPU time (process.cpuUsage) over the measured windows:
 *    the proxy's CPU per request is what the proxy adds (the upstream's is printed apart).
 * 2. Throughput at saturation: a short closed loop (BENCH_SAT_CONNECTIONS connections, default 32,
 *    each sending when the last answered, BENCH_SAT_SECONDS, default 3).
 * Prints p50/p95/p99/max, the proxy / direct ratios beside the aim (≤ 1.15×) and the forwarder's
 * beside them, the CPU each adds per request and the saturated req/s. Asserts nothing.
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
/** What `npm start` runs (npm run build writes it). */
const SERVER_MAIN = fileURLToPath(new URL('../dist-server/main.js', import.meta.url));

type Role = 'upstream' | 'proxy' | 'forwarder';
type Mode = 'direct' | 'proxy' | 'forwarder';
const MODES: Mode[] = ['direct', 'proxy', 'forwarder'];

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

/** The upstream and the forwarder (the proxy is the compiled server, see startRole). */
function serveRole(role: Exclude<Role, 'proxy'>): void {
  let paths: string[] | undefined;
  const listening = (info: { port: number }) => process.send?.({ port: info.port, paths } satisfies ChildMessage);
  let server: { close(): void };
  if (role === 'upstream') {
    const sandbox = createSandbox({ ...SANDBOX, apiKey: KEY });
    paths = pathsFor(sandbox.sampleIds());
    server = serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }, listening);
  } else {
    server = serveForwarder(upstreamUrl(), listening);
  }
  reportCpu();
  process.on('disconnect', () => {
    server.close();
    process.exit(0);
  });
}

function upstreamUrl(): URL {
  const upstream = process.env.BENCH_UPSTREAM_URL;
  if (!upstream) throw new Error('BENCH_UPSTREAM_URL is missing');
  return new URL(upstream);
}

/** The parent asks for this process's CPU time at the start and the end of each measured window. */
function reportCpu(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() } satisfies ChildMessage);
  });
}

/**
 * The floor the proxy is held against: one more hop through node:http and nothing else. The
 * request's path goes to the upstream as it came, with the key and an Accept header; the answer's
 * status and content type come back, its body piped.
 */
function serveForwarder(upstream: URL, listening: (info: { port: number }) => void): Server {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    // A kept-alive connection the upstream closed just as it was reused is tried once more (as the proxy does).
    const forward = (retried: boolean) => {
      const forwarded = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, agent, headers: { accept: 'application/json', 'x-api-key': KEY } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/octet-stream' });
          answer.pipe(res);
        },
      );
      forwarded.on('error', (error: NodeJS.ErrnoException) => {
        if (!retried && forwarded.reusedSocket && error.code === 'ECONNRESET') forward(true);
        else res.destroy();
      });
      forwarded.end();
    };
    forward(false);
  });
  server.listen(0, '127.0.0.1', () => listening(server.address() as AddressInfo));
  return server;
}

interface Target {
  role: Role;
  child: ChildProcess;
  port: number;
  paths?: string[];
}

function startRole(role: Role, env: Record<string, string> = {}): Promise<Target> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // The proxy is `npm start` (compiled JavaScript) with a preload that answers the CPU question.
  const args =
    role === 'proxy'
      ? [...profile, '--import', fileURLToPath(new URL('./cpu-report.mjs', import.meta.url)), SERVER_MAIN]
      : [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve', role];
  const serverEnv =
    role === 'proxy' ? { API_KEY: KEY, API_BASE_URL: env.BENCH_UPSTREAM_URL!, PORT: '0', HOST: '127.0.0.1', SEARCH_INDEX: 'off', LOG_REQUESTS: '' } : {};
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', role === 'proxy' ? 'pipe' : 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env, ...serverEnv },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${role} server exited (${code}) before listening`)));
    if (role === 'proxy') {
      // It says where it listens on its first line ("Earnings Desk on http://127.0.0.1:<port> ...").
      // The rest of its output is read and dropped (a full pipe would stall it).
      let out = '';
      let found = false;
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        if (found || out.length > 4096) return;
        out += chunk;
        const port = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
        if (port) {
          found = true;
          resolve({ role, child, port: Number(port) });
        }
      });
      return;
    }
    child.once('message', (message) => {
      const { port, paths } = message as { port: number; paths?: string[] };
      resolve({ role, child, port, paths });
    });
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
  return `  ${label.padEnd(9)} ${rate.toFixed(0).padStart(6)} req/s   p50 ${p50}   p95 ${p95}   p99 ${p99}   max ${max} ms   errors ${error}`;
}

function aim(ratio: number): string {
  return `${ratio.toFixed(2)}× (aim ≤ ${AIM}×${ratio <= AIM ? ', met' : ', NOT met'})`;
}

export async function benchProxy(): Promise<void> {
  console.log(
    `\nProxy vs direct: open loop at ${RATE} req/s for ${DURATION_MS / 1000} s each, in 1 s windows taken in turn (after ${WARMUP_MS / 1000} s warm-up), ` +
      `the upstream (sandbox), the proxy (npm start: dist-server/main.js, upstream mode) and, as the floor, a bare node:http forwarder, each in its own process; loopback, 6 API paths in turn`,
  );
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const upstream = await startRole('upstream');
  const servers: Target[] = [];
  try {
    const upstreamEnv = { BENCH_UPSTREAM_URL: `http://127.0.0.1:${upstream.port}` };
    const proxy = await startRole('proxy', upstreamEnv);
    servers.push(proxy);
    const forwarder = await startRole('forwarder', upstreamEnv);
    servers.push(forwarder);
    const paths = upstream.paths!;
    const ports: Record<Mode, number> = { direct: upstream.port, proxy: proxy.port, forwarder: forwarder.port };
    // The process in front of the upstream in each mode (none when direct).
    const front: Record<Mode, Target | undefined> = { direct: undefined, proxy, forwarder };

    const cpu = {} as Record<Mode, { upstream: Cpu; front: Cpu }>;
    const windows = {} as Record<Mode, RunResult[]>;
    for (const mode of MODES) {
      await openLoop(ports[mode], mode, paths, WARMUP_MS);
      windows[mode] = [];
      cpu[mode] = { upstream: NO_CPU, front: NO_CPU };
    }
    // Windows of a second, the three in turn (a different one first each round), so that what
    // else the machine is doing falls on all alike.
    for (let round = 0; round * ROUND_MS < DURATION_MS; round++) {
      const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!);
      for (const mode of order) {
        const cpuNow = async () => ({ upstream: await cpuOf(upstream), front: front[mode] ? await cpuOf(front[mode]) : NO_CPU });
        const before = await cpuNow();
        windows[mode].push(await openLoop(ports[mode], mode, paths, Math.min(ROUND_MS, DURATION_MS - round * ROUND_MS)));
        const after = await cpuNow();
        cpu[mode].upstream = plus(cpu[mode].upstream, plus(after.upstream, before.upstream, -1));
        cpu[mode].front = plus(cpu[mode].front, plus(after.front, before.front, -1));
      }
    }
    const open = Object.fromEntries(MODES.map((mode) => [mode, merge(windows[mode])])) as Record<Mode, RunResult>;

    console.log('  latency from the time each request was due:');
    for (const mode of MODES) console.log(line(mode, open[mode]));
    const ratio = (mode: Mode, p: number) => percentile(open[mode].latencies, p) / percentile(open.direct.latencies, p);
    const added = (mode: Mode, p: number) => (percentile(open[mode].latencies, p) - percentile(open.direct.latencies, p)).toFixed(2);
    console.log(
      `  proxy / direct: p50 ${aim(ratio('proxy', 50))}   p99 ${aim(ratio('proxy', 99))}   (the proxy adds ${added('proxy', 50)} ms at p50, ${added('proxy', 99)} ms at p99)`,
    );
    console.log(
      `  the floor, a bare forwarder / direct: p50 ${ratio('forwarder', 50).toFixed(2)}×   p99 ${ratio('forwarder', 99).toFixed(2)}×   ` +
        `(one more hop through node:http adds ${added('forwarder', 50)} ms at p50, ${added('forwarder', 99)} ms at p99; ` +
        `proxy / forwarder p50 ${(percentile(open.proxy.latencies, 50) / percentile(open.forwarder.latencies, 50)).toFixed(2)}×)`,
    );
    const sent = (mode: Mode, p: number) => percentile(open[mode].service, p).toFixed(2);
    const late = (mode: Mode, p: number) => percentile(open[mode].lateness, p).toFixed(2);
    console.log(
      `  (from the actual send, direct / proxy / forwarder: p50 ${sent('direct', 50)} / ${sent('proxy', 50)} / ${sent('forwarder', 50)} ms, ` +
        `p99 ${sent('direct', 99)} / ${sent('proxy', 99)} / ${sent('forwarder', 99)} ms; ` +
        `generator late by p50 ${late('direct', 50)} / ${late('proxy', 50)} / ${late('forwarder', 50)} ms, ` +
        `p99 ${late('direct', 99)} / ${late('proxy', 99)} / ${late('forwarder', 99)} ms)`,
    );
    const perRequest = (used: Cpu, result: RunResult) => ((used.user + used.system) / result.requests).toFixed(0);
    const split = (used: Cpu, result: RunResult) => `user ${(used.user / result.requests).toFixed(0)} + system ${(used.system / result.requests).toFixed(0)}`;
    console.log(
      `  CPU per request: upstream ${perRequest(cpu.direct.upstream, open.direct)} µs direct (${split(cpu.direct.upstream, open.direct)}), ` +
        `${perRequest(cpu.proxy.upstream, open.proxy)} µs behind the proxy; ` +
        `the proxy process adds ${perRequest(cpu.proxy.front, open.proxy)} µs per request (${split(cpu.proxy.front, open.proxy)}), ` +
        `the bare forwarder ${perRequest(cpu.forwarder.front, open.forwarder)} µs (${split(cpu.forwarder.front, open.forwarder)})`,
    );

    const saturated = {} as Record<Mode, RunResult>;
    for (const mode of MODES) {
      await closedLoop(ports[mode], mode, paths, Math.min(1_000, SAT_MS));
      saturated[mode] = await closedLoop(ports[mode], mode, paths, SAT_MS);
    }
    const rps = (result: RunResult) => result.requests / result.seconds;
    console.log(`  saturation (closed loop, ${SAT_CONNECTIONS} connections, ${SAT_MS / 1000} s):`);
    for (const mode of MODES) console.log(line(mode, saturated[mode]));
    console.log(
      `  throughput proxy / direct: ${(rps(saturated.proxy) / rps(saturated.direct)).toFixed(2)}×; the bare forwarder / direct: ${(rps(saturated.forwarder) / rps(saturated.direct)).toFixed(2)}×`,
    );
  } finally {
    for (const server of servers) await stopRole(server);
    await stopRole(upstream);
  }
}

if (process.argv[2] === '--serve') serveRole(process.argv[3] === 'forwarder' ? 'forwarder' : 'upstream');
else if (process.argv[1] === fileURLToPath(import.meta.url)) await benchProxy();
