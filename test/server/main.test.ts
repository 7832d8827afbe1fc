import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm start` (server/main.ts) as a process: refuses bad setups, serves, stops on SIGTERM. */

const KEY = 'test-key-main-5e6f7a8b';
// Absolute, because the process runs from a directory without node_modules.
const TSX = pathToFileURL(join(process.cwd(), 'node_modules/tsx/dist/loader.mjs')).href;
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'earnings-desk-main-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Earnings Desk</title>');
  mkdirSync(join(root, 'empty'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

interface Run {
  output: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs main.ts from an empty directory (so no .env is picked up); `whenReady` gets the URL. */
function start(env: Record<string, string>, whenReady?: (url: string, stop: () => void) => Promise<void>, cwd = join(root, 'empty')): Promise<Run> {
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(API_|SANDBOX_|PORT$|HOST$|DIST_DIR$|LOG_REQUESTS$|PROXY_TIMEOUT_MS$|VITE_)/.test(name)),
  );
  const child = spawn(process.execPath, ['--import', TSX, join(process.cwd(), 'server/main.ts')], {
    cwd,
    env: { ...cleanEnv, PORT: '0', SANDBOX_COMPANIES: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ready = false;
  const done = new Promise<Run>((resolve) => child.on('exit', (code, signal) => resolve({ output, code, signal })));
  const onData = (chunk: Buffer) => {
    output += String(chunk);
    const match = /on (http:\/\/\S+)/.exec(output);
    if (match && !ready && whenReady) {
      ready = true;
      whenReady(match[1] as string, () => child.kill('SIGTERM')).catch((error) => {
        output += `\nTEST ERROR ${error}`;
        child.kill('SIGKILL');
      });
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return done.finally(() => clearTimeout(timer));
}

describe('npm start', () => {
  it('refuses to start without a build', async () => {
    const run = await start({ DIST_DIR: join(root, 'empty') });
    expect(run.code).toBe(1);
    expect(run.output).toContain('run npm run build first');
  });

  it('exits 1 with the config problem', async () => {
    const run = await start({ DIST_DIR: join(root, 'dist'), API_KEY: KEY });
    expect(run.code).toBe(1);
    expect(run.output).toContain('API_BASE_URL is missing');
    expect(run.output).not.toContain(KEY);
  });

  it('serves the app and the API, logs the URL and data source but never the key, and stops on SIGTERM', async () => {
    let checked = false;
    const run = await start({ DIST_DIR: join(root, 'dist'), API_KEY: KEY, API_BASE_URL: 'http://127.0.0.1:9', LOG_REQUESTS: '1' }, async (url, stop) => {
      const page = await fetch(`${url}/companies/1`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain('Earnings Desk');
      expect(await (await fetch(`${url}/app-config.json`)).json()).toEqual({ dataSource: 'upstream' });
      expect((await fetch(`${url}/public/v3/companies`)).status).toBe(502);
      checked = true;
      stop();
    });
    expect(run.output).not.toContain('TEST ERROR');
    expect(checked).toBe(true);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Earnings Desk on http:\/\/127\.0\.0\.1:\d+ {2}data: the real service at http:\/\/127\.0\.0\.1:9/);
    expect(run.output).toContain('GET /public/v3/companies 502');
    expect(run.output).not.toContain(KEY);
  });

  it('uses the sandbox by default', async () => {
    let dataSource = '';
    const run = await start({ DIST_DIR: join(root, 'dist') }, async (url, stop) => {
      dataSource = (await (await fetch(`${url}/app-config.json`)).json()).dataSource;
      expect((await fetch(`${url}/public/v3/companies?limit=1`)).status).toBe(200);
      stop();
    });
    expect(dataSource).toBe('sandbox');
    expect(run.code).toBe(0);
    expect(run.output).toContain('data: the embedded sandbox');
  });

  it('loads .env from the working directory; the environment wins over it', async () => {
    const withEnv = join(root, 'with-env');
    mkdirSync(withEnv, { recursive: true });
    writeFileSync(join(withEnv, '.env'), `API_KEY=${KEY}\nAPI_BASE_URL=http://127.0.0.1:9\nSANDBOX_COMPANIES=99999999\n`);
    let dataSource = '';
    const run = await start(
      { DIST_DIR: join(root, 'dist') },
      async (url, stop) => {
        dataSource = (await (await fetch(`${url}/app-config.json`)).json()).dataSource;
        stop();
      },
      withEnv,
    );
    expect(dataSource).toBe('upstream');
    expect(run.code).toBe(0);
    expect(run.output).not.toContain(KEY);
  });
});
