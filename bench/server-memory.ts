import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * Two parts. 1. Memory of `npm start`'s process (node dist-server/main.js, compiled; needs `npm run build`) in
 * sandbox mode under rounds of concurrent API requests, with and without compression: each round
 * opens BENCH_CONNECTIONS (default 200) connections at once, each asking once for
 * BENCH_PATH (default /public/v3/companies?limit=500) and reading the whole answer; after the round
 * the server idles BENCH_IDLE_MS (default 500) and its resident memory (VmRSS, /proc) is read.
 * Prints the RSS at rest before the first round (the anchor) and after each of BENCH_ROUNDS
 * (default 6) rounds, once with `Accept-Encoding: gzip, br` and once with none, each in a fresh
 * server process.
 * 2. An upstream whose JSON answer never ends (64 kB writes of spaces for as long as it is read, at
 * most BENCH_ENDLESS_SECONDS, default 5): the server in upstream mode (API_KEY, API_BASE_URL set to
 * it) is asked once; prints its RSS before, when it answered (or when the client gave up), 2 s later,
 * what it answered and how many bytes the upstream wrote.
 * Loopback only; every loop is bounded. Prints numbers; asserts nothing.
 *
 * `npm run bench:server-memory`. BENCH_ACCEPT_ENCODING overrides the compressed run's header;
 * BENCH_SERVER=path/to/main.js runs another build (the environment, DIST_DIR and MALLOC_* included,
 * is passed on to the server).
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 6;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 200;
const PATH = process.env.BENCH_PATH || '/public/v3/companies?limit=500';
const IDLE_MS = Number(process.env.BENCH_IDLE_MS) || 500;
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING || 'gzip, br';
/** What `npm start` runs; BENCH_SERVER names another build (e.g. one of main, to compare; with DIST_DIR). */
const SERVER_MAIN = process.env.BENCH_SERVER || fileURLToPath(new URL('../dist-server/main.js', import.meta.url));

/** Resident memory of a process, MB (Linux /proc). */
function residentMb(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (!existsSync(status)) return NaN;
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1] ?? NaN) / 1024;
}

async function startServer(env: Record<string, string> = { API_KEY: '', API_BASE_URL: '' }): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_NOW: '2026-11-21T12:00:00Z', SEARCH_INDEX: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return { child, origin };
}

/** One request on its own connection; resolves with the bytes received and the encoding. */
function once(origin: string, acceptEncoding: string | undefined): Promise<{ status: number; bytes: number; encoding: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const req = httpRequest({ host: hostname, port, path: PATH, agent: false, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function run(label: string, acceptEncoding: string | undefined): Promise<void> {
  const { child, origin } = await startServer();
  try {
    const warm = await once(origin, acceptEncoding);
    if (warm.status !== 200) throw new Error(`${PATH} answered ${warm.status}`);
    await sleep(IDLE_MS);
    const rows = [`  ${label.padEnd(28)} at rest ${residentMb(child.pid!).toFixed(0).padStart(5)} MB`];
    let detail = `${warm.encoding}, ${(warm.bytes / 1000).toFixed(0)} kB an answer`;
    const after: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: CONNECTIONS }, () => once(origin, acceptEncoding)));
      const ms = performance.now() - started;
      const failed = answers.filter((a) => a.status !== 200).length;
      await sleep(IDLE_MS);
      const rss = residentMb(child.pid!);
      after.push(rss);
      rows.push(`    round ${round}: ${rss.toFixed(0).padStart(5)} MB   (${CONNECTIONS} answers in ${ms.toFixed(0)} ms${failed ? `, ${failed} not 200` : ''})`);
    }
    detail += `; peak after a round ${Math.max(...after).toFixed(0)} MB`;
    console.log(`${rows.join('\n')}\n    ${detail}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

const ENDLESS_MS = (Number(process.env.BENCH_ENDLESS_SECONDS) || 5) * 1000;

async function endlessAnswer(): Promise<void> {
  let written = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const stopAt = performance.now() + ENDLESS_MS + 2_000;
    const write = () => {
      for (let more = true; more && !res.destroyed && performance.now() < stopAt;) {
        written += chunk.length;
        more = res.write(chunk);
      }
      if (res.destroyed || performance.now() >= stopAt) res.destroy();
      else res.once('drain', write);
    };
    write();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { child, origin } = await startServer({
    API_KEY: 'bench-key',
    API_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    PROXY_TIMEOUT_MS: '60000',
  });
  try {
    await sleep(IDLE_MS);
    const before = residentMb(child.pid!);
    const started = performance.now();
    const { hostname, port } = new URL(origin);
    const outcome = await new Promise<string>((resolve) => {
      const req = httpRequest({ host: hostname, port, path: '/public/v3/companies', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => (body = (body + text).slice(0, 300)));
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      });
      req.setTimeout(ENDLESS_MS, () => {
        req.destroy();
        resolve(`no answer within ${ENDLESS_MS / 1000} s (gave up)`);
      });
      req.on('error', () => {});
      req.end();
    });
    const ms = performance.now() - started;
    const atAnswer = residentMb(child.pid!);
    await sleep(2_000);
    const later = residentMb(child.pid!);
    console.log(
      `\nAn endless JSON answer from the upstream (upstream mode, ${process.env.BENCH_SERVER ? SERVER_MAIN : 'dist-server/main.js'}; the client waits at most ${ENDLESS_MS / 1000} s)`,
    );
    console.log(`  RSS before ${before.toFixed(0)} MB, at the answer ${atAnswer.toFixed(0)} MB, 2 s later ${later.toFixed(0)} MB`);
    console.log(`  answered after ${ms.toFixed(0)} ms: ${outcome}`);
    console.log(`  the upstream wrote ${(written / 1024 / 1024).toFixed(0)} MB before its connection closed`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
}

export async function benchServerMemory(): Promise<void> {
  if (!existsSync(SERVER_MAIN) || !existsSync(process.env.DIST_DIR ? `${process.env.DIST_DIR}/index.html` : 'dist/index.html')) {
    console.log('compressed load: no build found: run `npm run build` first.');
    return;
  }
  console.log(
    `\nServer memory under compressed load (npm start = node ${process.env.BENCH_SERVER ? SERVER_MAIN : 'dist-server/main.js'}, sandbox; ${ROUNDS} rounds of ${CONNECTIONS} connections at once, GET ${PATH}; VmRSS ${IDLE_MS} ms after each round; loopback)`,
  );
  await run(`Accept-Encoding: ${ACCEPT_ENCODING}`, ACCEPT_ENCODING);
  await run('no Accept-Encoding (anchor)', undefined);
  await endlessAnswer();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchServerMemory();
