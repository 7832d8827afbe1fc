import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { readSearchConfig } from '../../server/search/config.ts';
import { createSearchService, type SearchService } from '../../server/search/service.ts';

/**
 * A damaged index (pages of PGlite's files overwritten, as a failing disk or a crash mid-write
 * leaves them) never takes the server down or answers 500: search says the index is being
 * rebuilt, and it is, from the data service. And what a visitor reads of a failure never names
 * the index's directory or the database's host.
 */

const NOW = '2026-11-21T12:00:00Z';
const sandbox = createSandbox({ seed: 'search-tests', companies: 12, now: NOW, clockRate: 0 });
const upstream = {
  api: (path: string, query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
    return sandbox.fetch(new Request(`http://search.internal/public/v3${path}?${params}`, { headers: { 'x-api-key': sandbox.apiKey } }));
  },
  file: (url: string, signal: AbortSignal) => sandbox.fetch(new Request(url, { signal })),
};

const root = mkdtempSync(join(tmpdir(), 'search-damage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const REBUILDING = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The search index was damaged and is being rebuilt: search again in a few minutes.',
};

function service(dataDir: string, lines: string[] = []): SearchService {
  const config = readSearchConfig({ SEARCH_DATA_DIR: dataDir, SEARCH_SCOPE_COMPANY_IDS: '5' }, false, []);
  return createSearchService({ config, source: 'damage-tests', ...upstream, log: (line) => lines.push(line) });
}

async function get(search: SearchService, path: string) {
  const response = await search.handle(new Request(`http://app.test${path}`));
  return { status: response.status, body: (await response.json()) as any, retryAfter: response.headers.get('retry-after') };
}

/** An index on disk, closed: its directory, the relation files of its tables by name, and of each month of search_matches with rows; what a search of "margin" found in it. */
interface DiskIndex {
  dir: string;
  files: Record<string, string>;
  matches: string[];
  totals: { calls: number; hits: number };
}

/**
 * The index of company 5 on disk (its files as paths inside `dir`), made once for the file: PGlite's
 * initdb on disk and the first sync take seconds each. Each test damages a copy of its own (copyOfIndex).
 */
async function indexOnDisk(name: string): Promise<DiskIndex> {
  const dir = join(root, name);
  const search = service(dir);
  await search.whenSynced();
  const files: Record<string, string> = {};
  for (const table of ['search_meta', 'search_paragraphs']) {
    const [row] = await search.db!.query<{ path: string }>('select pg_relation_filepath($1::regclass) as path', [table]);
    files[table] = row!.path;
  }
  // search_matches keeps its rows in one partition per month: each with rows is a file of its own.
  const partitions = await search.db!.query<{ path: string }>(
    `select pg_relation_filepath(c.oid) as path from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'search_matches'::regclass and pg_relation_size(c.oid) > 0`,
  );
  expect(partitions.length).toBeGreaterThan(1);
  const matches = partitions.map((row) => row.path);
  const { body } = await get(search, '/api/search?q=margin');
  await search.close();
  return { dir, files, matches, totals: body.totals };
}

let built: DiskIndex;
beforeAll(async () => {
  built = await indexOnDisk('built');
}, 120_000);

/** A copy of the file's index in a directory of its own (its files as full paths). */
function copyOfIndex(name: string): DiskIndex {
  const dir = mkdtempSync(join(root, `${name}-`));
  cpSync(built.dir, dir, { recursive: true });
  return {
    dir,
    files: Object.fromEntries(Object.entries(built.files).map(([table, path]) => [table, join(dir, path)])),
    matches: built.matches.map((path) => join(dir, path)),
    totals: built.totals,
  };
}

/** Overwrites pages of a relation file with bytes no PostgreSQL page has (all pages when `pages` is not given). */
function corrupt(file: string, pages?: number[]) {
  const count = statSync(file).size / 8192;
  expect(count).toBeGreaterThan(0);
  const fd = openSync(file, 'r+');
  for (const page of pages ?? Array.from({ length: count }, (_, i) => i)) writeSync(fd, Buffer.alloc(8192, 0xab), 0, 8192, page * 8192);
  closeSync(fd);
}

describe('a damaged index', () => {
  it('whose metadata table has a page of garbage opens as a new index: the old one is kept aside, and search answers again once rebuilt', async () => {
    const { dir, files, totals } = copyOfIndex('meta');
    expect(totals.calls).toBeGreaterThan(0);
    corrupt(files.search_meta!, [0]);

    const lines: string[] = [];
    const search = service(dir, lines);
    await search.start();
    const during = await search.status();
    expect(during.state).toBe('rebuilding');
    expect(during.detail).toBe('The search index was damaged and is being rebuilt from the data service; searches find more as it grows.');
    expect(during.damagedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await search.whenSynced();
    const after = await search.status();
    expect(after.state).toBe('idle');
    expect(after.damagedAt).toBe(during.damagedAt);
    const { status, body } = await get(search, '/api/search?q=margin');
    expect(status).toBe(200);
    expect(body.totals).toEqual(totals);
    // The damaged copy is kept for whoever runs the server, and the log says where.
    expect(existsSync(join(`${dir}.damaged`, 'PG_VERSION'))).toBe(true);
    expect(lines.some((line) => line.includes(`kept in ${dir}.damaged for inspection`))).toBe(true);
    await search.close();
  }, 120_000);

  it('with a damaged data page answers 503 saying it is rebuilt (not 500), says so in its status, and is searched again once rebuilt', async () => {
    const { dir, matches, totals } = copyOfIndex('data');
    for (const file of matches) corrupt(file);

    const search = service(dir);
    await search.whenSynced();
    expect((await search.status()).state).toBe('idle');
    const damaged = await get(search, '/api/search?q=margin');
    expect(damaged.status).toBe(503);
    expect(damaged.body).toEqual(REBUILDING);
    expect(damaged.retryAfter).toBe('30');
    expect((await search.status()).state).toBe('rebuilding');
    const summary = await get(search, '/api/search/summary?q=margin');
    expect(summary).toMatchObject({ status: 503, body: REBUILDING });

    await search.whenSynced();
    expect((await search.status()).state).toBe('idle');
    const again = await get(search, '/api/search?q=margin');
    expect(again.status).toBe(200);
    expect(again.body.totals).toEqual(totals);
    await search.close();
  }, 120_000);
});

describe('the server on a damaged index', () => {
  it('starts, serves, keeps running and rebuilds the index instead of exiting on every start', async () => {
    const { dir, files } = copyOfIndex('process');
    corrupt(files.search_meta!, [0]);
    const TSX = pathToFileURL(join(process.cwd(), 'node_modules/tsx/dist/loader.mjs')).href;
    const dist = join(root, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Earnings Desk</title>');
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(API_|SANDBOX_|PORT$|HOST$|DIST_DIR$|DATABASE_URL$|SEARCH_)/.test(name)));
    const child = spawn(process.execPath, ['--import', TSX, join(process.cwd(), 'server/main.ts')], {
      cwd: root,
      env: {
        ...env,
        PORT: '0',
        DIST_DIR: dist,
        SANDBOX_COMPANIES: '12',
        SANDBOX_SEED: 'search-tests',
        SANDBOX_NOW: NOW,
        SEARCH_DATA_DIR: dir,
        SEARCH_SCOPE_COMPANY_IDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let exited: number | null | undefined;
    child.on('exit', (code) => (exited = code));
    // Nothing is asked before the server has opened its index (as after a restart nobody is
    // waiting): the server's log says it found the index damaged, or the server exits.
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += String(chunk);
        const match = /on (http:\/\/\S+)/.exec(output);
        if (match && output.includes('search: the index is damaged (on opening)')) resolve(match[1]!);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`the server exited with code ${code}: ${output}`)));
    });
    try {
      // Wait on what the server says: its status, until the rebuilt index has synced.
      const states: string[] = [];
      for (;;) {
        const response = await fetch(`${url}/api/search/status`);
        expect(response.status).toBe(200);
        const status = (await response.json()) as any;
        if (states.at(-1) !== status.state) states.push(status.state);
        if (status.state === 'idle') break;
        expect(exited).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(states[0]).toBe('rebuilding');
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const search = await fetch(`${url}/api/search?q=margin`);
      expect(search.status).toBe(200);
      expect(((await search.json()) as any).totals.calls).toBeGreaterThan(0);
      expect(exited).toBeUndefined();
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (exited !== undefined ? resolve(undefined) : child.once('exit', resolve)));
    }
  }, 120_000);
});

describe('what a visitor reads of a failure', () => {
  it('never names the index’s directory', async () => {
    // A data directory that cannot be made: its parent is a file.
    const file = join(root, 'not-a-directory');
    writeFileSync(file, '');
    const dir = join(file, 'search');
    const lines: string[] = [];
    const search = service(dir, lines);
    for (const path of ['/api/search?q=margin', '/api/search/summary?q=margin', '/api/search/status']) {
      const response = await search.handle(new Request(`http://app.test${path}`));
      const text = await response.text();
      expect(text).not.toContain(root);
      expect(text).not.toContain('not-a-directory');
    }
    expect(await get(search, '/api/search?q=margin')).toMatchObject({
      status: 503,
      body: { message: 'The search index could not be opened; the server’s log says why.' },
    });
    expect((await search.status()).detail).toBe('The search index could not be opened; the server’s log says why.');
    // The log has the details, for whoever runs the server.
    expect(lines.some((line) => line.includes(dir))).toBe(true);
    await search.close();
  });

  it('never names the database’s host or its user', async () => {
    const lines: string[] = [];
    const config = readSearchConfig({ DATABASE_URL: 'postgres://desk-user:desk-pass@search-db.invalid:5432/earnings_desk' }, false, []);
    const search = createSearchService({ config, source: 'damage-tests', ...upstream, log: (line) => lines.push(line) });
    for (const path of ['/api/search?q=margin', '/api/search/summary?q=margin', '/api/search/status']) {
      const response = await search.handle(new Request(`http://app.test${path}`));
      const text = await response.text();
      expect(text).not.toContain('search-db.invalid');
      expect(text).not.toContain('desk-user');
      expect(text).not.toContain('desk-pass');
    }
    expect(await get(search, '/api/search?q=margin')).toMatchObject({
      status: 503,
      body: { message: 'The search database could not be opened; the server’s log says why.' },
    });
    expect(lines.some((line) => line.includes('search-db.invalid'))).toBe(true);
    await search.close();
  }, 30_000);
});
