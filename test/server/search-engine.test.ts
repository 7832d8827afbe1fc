import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { openPglite, type PgliteDb } from '../../server/search/db.ts';

/**
 * The search index's engine off the thread that answers requests (server/search/db.ts runs PGlite
 * in a worker thread): the server answers while the engine is busy, a full queue of searches is
 * turned away with 503 and Retry-After, and an engine that ends rejects what it ran and comes back.
 *
 * "Busy" is made deterministic: a statement that never ends (a PL/pgSQL loop) that the worker has
 * started (it says so), then the worker is stopped.
 */

const NOW = '2026-11-21T12:00:00Z';
/** Never ends: only stopping the worker ends it. */
const ENDLESS = 'do $$ begin loop perform 1; end loop; end $$';

const directories: string[] = [];
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

async function startApp(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'search-engine-'));
  directories.push(dir);
  const app = createServerApp(
    readServerConfig({ SANDBOX_NOW: NOW, SANDBOX_SEED: 'search-tests', SANDBOX_COMPANIES: '12', SEARCH_SCOPE_COMPANY_IDS: '4', SEARCH_DATA_DIR: dir, ...env }),
  );
  await app.search.whenSynced();
  const db = app.search.db as PgliteDb;
  expect(db.engine).toBe('pglite');
  return { app, db };
}

/** Starts a statement that never ends, and resolves once the worker is running it. */
async function occupy(db: PgliteDb): Promise<{ outcome: Promise<string> }> {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  db.onStart = (what) => {
    if (what === ENDLESS) started();
  };
  const outcome = db.exec(ENDLESS).then(
    () => 'finished',
    (error: Error) => `rejected: ${error.message}`,
  );
  await running;
  return { outcome };
}

const get = async (app: ReturnType<typeof createServerApp>, path: string) => {
  const response = await app.fetch(new Request(`http://127.0.0.1${path}`));
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

describe('the search engine in its worker thread', () => {
  it('leaves /healthz and /public/v3 answering while it runs a statement, and a stopped engine rejects it and starts afresh', async () => {
    const { app, db } = await startApp();
    const before = await get(app, '/api/search?q=margin');
    expect(before.status).toBe(200);
    expect(before.body.totals.calls).toBeGreaterThan(0);

    const { outcome } = await occupy(db);
    let settled = false;
    void outcome.then(() => (settled = true));
    const waiting = app.fetch(new Request('http://127.0.0.1/api/search?q=margin'));

    const health = await get(app, '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const companies = await get(app, '/public/v3/companies?limit=5');
    expect(companies.status).toBe(200);
    expect(companies.body.data).toHaveLength(5);
    // Both answered while the engine was still running the statement.
    expect(settled).toBe(false);

    await db.stop('stopped by the test');
    expect(await outcome).toBe('rejected: stopped by the test');
    // The search that waited behind it fails plainly, without the engine's details.
    const failed = await waiting;
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { message: string }).message).toBe(
      'The search failed on the server; try again, and if it goes on, tell us what you searched for.',
    );

    // The next search starts a new worker on the same data directory: the same index answers.
    const after = await get(app, '/api/search?q=margin');
    expect(after.status).toBe(200);
    expect(after.body.totals).toEqual(before.body.totals);
    await app.search.close();
  }, 90_000);

  it('turns a search away with 503, Retry-After and the reason when SEARCH_QUEUE_LIMIT searches are in progress', async () => {
    const { app, db } = await startApp({ SEARCH_QUEUE_LIMIT: '1' });
    const { outcome } = await occupy(db);
    const first = app.fetch(new Request('http://127.0.0.1/api/search?q=margin'));

    const turnedAway = await get(app, '/api/search/summary?q=margin');
    expect(turnedAway.status).toBe(503);
    expect(turnedAway.headers.get('retry-after')).toBe('2');
    expect(turnedAway.headers.get('cache-control')).toBe('no-store');
    expect(turnedAway.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Transcript search is busy: 1 search is already in progress, the most this server takes at once. Try again in a few seconds.',
    });

    await db.stop('stopped by the test');
    expect(await outcome).toBe('rejected: stopped by the test');
    expect((await first).status).toBe(500);
    // The queue has room again.
    expect((await get(app, '/api/search?q=margin')).status).toBe(200);
    await app.search.close();
  }, 90_000);
});

describe('the engine worker', () => {
  it('rejects a failed statement with PostgreSQL’s own message and code, and goes on', async () => {
    const db = await openPglite(undefined);
    const error = await db.query('select * from no_such_table').catch((caught: Error & { code?: string }) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('relation "no_such_table" does not exist');
    expect((error as { code?: string }).code).toBe('42P01');
    expect(await db.query('select 2 + 2 as four')).toEqual([{ four: 4 }]);
    await db.close();
  }, 60_000);

  it('runs a transaction whole: a failure inside it leaves nothing, and no other statement runs inside it', async () => {
    const db = await openPglite(undefined);
    await db.exec('create table t (n integer primary key)');
    let outside: Promise<{ count: number }[]> | undefined;
    const failed = db
      .transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        // Sent while the transaction is open: it waits for the transaction's end, so it sees no row 1.
        outside = db.query<{ count: number }>('select count(*)::int as count from t');
        await tx.query('insert into t values (1)');
      })
      .catch((error: Error) => error.message);
    expect(await failed).toBe('duplicate key value violates unique constraint "t_pkey"');
    expect(await outside).toEqual([{ count: 0 }]);
    expect(await db.transaction(async (tx) => tx.query('insert into t values (2) returning n'))).toEqual([{ n: 2 }]);
    expect(await db.query('select n from t')).toEqual([{ n: 2 }]);
    await db.close();
  }, 60_000);

  it('says that an index kept in memory is lost when its engine stops, on every later query', async () => {
    const db = await openPglite(undefined);
    await db.stop('stopped by the test');
    await expect(db.query('select 1')).rejects.toThrow(
      'The search index was kept in memory, and its engine stopped (stopped by the test): restart the server to build it again.',
    );
    await db.close();
  }, 60_000);
});
