import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` runs dist-server/main.js with plain node (no tsx): the build writes it (and the search
 * engine's worker, dist-server/search-engine.js), neither imports TypeScript, it serves the sandbox (its recordings included) and the static handler never serves it.
 */

const MAIN = join(process.cwd(), 'dist-server', 'main.js');
/** The search index's engine, run by main.js in a worker thread (server/search/db.ts). */
const ENGINE = join(process.cwd(), 'dist-server', 'search-engine.js');
let root: string;

beforeAll(async () => {
  await build({ configFile: join(process.cwd(), 'vite.server.config.ts'), logLevel: 'silent' });
  root = mkdtempSync(join(tmpdir(), 'earnings-desk-compiled-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Earnings Desk</title>');
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Starts the compiled server on a free port and hands its URL to `check`; resolves with its output. */
function run(check: (url: string) => Promise<void>, env: Record<string, string> = {}): Promise<string> {
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(API_|SANDBOX_|PORT$|HOST$|DIST_DIR$|NODE_OPTIONS$|SEARCH_)/.test(name)),
  );
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: { ...cleanEnv, PORT: '0', SANDBOX_COMPANIES: '10', SEARCH_INDEX: 'off', DIST_DIR: join(root, 'dist'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let failure: unknown;
  let started = false;
  const onData = (chunk: Buffer) => {
    output += String(chunk);
    const match = /on (http:\/\/\S+)/.exec(output);
    if (match && !started) {
      started = true;
      check(match[1] as string)
        .catch((error) => (failure = error))
        .finally(() => child.kill('SIGTERM'));
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) =>
    child.on('exit', () => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else if (!started) reject(new Error(`the compiled server did not start:\n${output}`));
      else resolve(output);
    }),
  );
}

describe('the compiled server', () => {
  it.each([MAIN, ENGINE])('%s is one JavaScript file that imports packages and node built-ins, never a .ts module or tsx', (file) => {
    expect(existsSync(file)).toBe(true);
    const code = readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)].map((m) => m[1] as string);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => s.startsWith('.') || s.endsWith('.ts') || s.startsWith('tsx'))).toEqual([]);
  });

  it('starts its search engine in a worker thread from its own file, and answers a search', async () => {
    await run(
      async (url) => {
        // The status reads the index, so it answers 200 only once the worker has opened PGlite.
        const status = await fetch(`${url}/api/search/status`);
        expect(status.status).toBe(200);
        expect(((await status.json()) as { engine: string }).engine).toBe('pglite');
        const search = await fetch(`${url}/api/search?q=margin`);
        expect(search.status).toBe(200);
        expect(((await search.json()) as { q: string }).q).toBe('margin');
      },
      { SEARCH_INDEX: 'on', SEARCH_DATA_DIR: 'memory' },
    );
  }, 90_000);

  it('answers /healthz, the sandbox API and a sandbox recording, and does not serve its own code', async () => {
    const output = await run(async (url) => {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const companies = await fetch(`${url}/public/v3/companies?limit=1`);
      expect(companies.status).toBe(200);
      const audio = await fetch(`${url}/public/v3/audio?limit=1`);
      expect(audio.status).toBe(200);
      const { data } = (await audio.json()) as { data: { streamUrl: string }[] };
      const playlist = await fetch(data[0]!.streamUrl);
      expect(playlist.status).toBe(200);
      expect(await playlist.text()).toContain('#EXTM3U');
      for (const path of ['/dist-server/main.js', '/main.js', '/server/main.ts', '/../dist-server/main.js']) {
        const response = await fetch(`${url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).not.toContain('createServerApp');
      }
    });
    expect(output).toContain('data: the embedded sandbox');
  });
});
