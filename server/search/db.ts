import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { OPERATIONS, type OperationArgs, type OperationName, type OperationResult } from './operations.ts';

/**
 * The search index's one connection type, over the two engines it runs on: PGlite (PostgreSQL
 * compiled to WebAssembly, persisted under a data directory or in memory) by default, and a real
 * PostgreSQL server when DATABASE_URL is set. Both speak the same SQL; every query in
 * server/search/store.ts runs unchanged on either, with values as bound parameters only.
 *
 * Neither runs on the thread that answers requests: PGlite runs in a worker thread of its own
 * (server/search/pglite-worker.ts), spoken to by messages, and PostgreSQL through a bounded pool of
 * connections. A search keeps the engine busy for tens of milliseconds; on the request thread, 50 at
 * once held /healthz for 15 s.
 */

export interface SearchDb {
  readonly engine: 'pglite' | 'postgresql';
  /** PGlite's data directory when it persists to one (undefined in memory and on PostgreSQL). */
  readonly dataDir?: string;
  /** One statement with bound parameters ($1, $2…). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (the schema). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction on one connection: all of it lands, or none. On PGlite each of
   * its statements is a message to the worker, which runs nothing else until the transaction ends;
   * prefer `run` with a named operation, which runs wholly beside the engine.
   */
  transaction<T>(work: (tx: Pick<SearchDb, 'query'>) => Promise<T>): Promise<T>;
  /**
   * One of OPERATIONS (server/search/operations.ts) on the engine's own thread: on PGlite the
   * worker runs the whole of it (a transaction with the logic between its statements) as one message.
   */
  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>>;
  close(): Promise<void>;
}

/** Runs a named operation on an engine this thread holds. */
function runHere<Name extends OperationName>(db: SearchDb, name: Name, args: OperationArgs<Name>): Promise<OperationResult<Name>> {
  const operation = OPERATIONS[name] as unknown as ((db: SearchDb, ...args: unknown[]) => Promise<OperationResult<Name>>) | undefined;
  if (typeof operation !== 'function') return Promise.reject(new Error(`The search engine has no operation named ${String(name).slice(0, 60)}`));
  return operation(db, ...args);
}

/**
 * Memory for one query's sort or hash table. Counting a common word's hits per call at 5,000
 * companies groups about 60,000 calls in close to 8 MB, the most PostgreSQL's default (4 MB, twice
 * that for a hash) holds before it spills to disk, and the word's bitmap of matching paragraphs must
 * stay exact: at 4 MB the bitmap over the wide paragraph table of schema version 1 went lossy, and
 * every paragraph on a lossy page was matched again (0.8 s against 0.5 s for "margin").
 */
const WORK_MEM = '32MB';

/** Data directories this process has open: PGlite must never open one twice. */
const openDirectories = new Set<string>();

/**
 * Claims a data directory for this process with a lock file holding its pid. A directory another
 * live process holds (`npm run dev` and `npm start` side by side), or that this process already has
 * open, cannot be shared: PGlite is one process's database.
 */
async function claim(dataDir: string): Promise<{ release: () => void } | { heldBy: number | 'this process' }> {
  const { mkdirSync, readFileSync, writeFileSync, rmSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  const directory = resolve(dataDir);
  if (openDirectories.has(directory)) return { heldBy: 'this process' };
  mkdirSync(directory, { recursive: true });
  const lock = `${directory}.lock`;
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        return { heldBy: pid };
      } catch {
        // a stale lock: its process is gone
      }
    }
  } catch {
    // no lock yet
  }
  writeFileSync(lock, String(process.pid));
  openDirectories.add(directory);
  return {
    release: () => {
      openDirectories.delete(directory);
      rmSync(lock, { force: true });
    },
  };
}

/**
 * An index kept in memory starts from an empty PostgreSQL cluster, which PGlite makes with initdb in
 * about 2.5 s of CPU; loading a copy of one takes 0.7 s. The first such index keeps a copy of its
 * empty cluster (never any data) in node_modules/.cache/earnings-desk/, named by PGlite's version,
 * and later ones load it: the tests and the journeys' servers start tens of them. Without a copy, or
 * when it cannot be read or written, the cluster is made as before. An index on disk is always
 * made by initdb, so a copy that cannot be loaded never leaves a half-made data directory.
 */
async function emptyClusterCopy(): Promise<{ file?: string; blob?: Blob }> {
  const { readFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  try {
    // PGlite's version, from the package.json beside its entry (the package exports no package.json).
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const version = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
    const file = join(process.cwd(), 'node_modules', '.cache', 'earnings-desk', `pglite-${version}-empty-cluster.tar`);
    try {
      return { file, blob: new Blob([readFileSync(file)]) };
    } catch {
      return { file };
    }
  } catch {
    return {};
  }
}

async function keepEmptyClusterCopy(file: string, dump: () => Promise<Blob>): Promise<void> {
  const { mkdirSync, renameSync, writeFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  try {
    mkdirSync(dirname(file), { recursive: true });
    const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(part, new Uint8Array(await (await dump()).arrayBuffer()));
    renameSync(part, file);
  } catch {
    // not kept: the next index in memory makes its cluster as this one did
  }
}

/** PGlite in the thread that calls this: the worker's side (server/search/pglite-worker.ts). */
export async function openPgliteHere(dataDir: string | undefined, cacheMb: number): Promise<SearchDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${cacheMb}MB`, '-c', `work_mem=${WORK_MEM}`];
  let db: InstanceType<typeof PGlite>;
  if (dataDir) db = await PGlite.create({ dataDir, startParams });
  else {
    const copy = await emptyClusterCopy();
    const fromCopy = copy.blob ? await PGlite.create({ startParams, loadDataDir: copy.blob }).catch(() => undefined) : undefined;
    db = fromCopy ?? (await PGlite.create({ startParams }));
    if (!fromCopy && copy.file) await keepEmptyClusterCopy(copy.file, () => db.dumpDataDir('none'));
  }
  const query = async <Row>(sql: string, params: readonly unknown[] = []) => (await db.query<Row>(sql, params as unknown[])).rows;
  const here: SearchDb = {
    engine: 'pglite',
    dataDir,
    query,
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows }),
      ),
    run: (name, ...args) => runHere(here, name, args),
    close: () => db.close(),
  };
  return here;
}

// ── the messages between the request thread and the engine's worker ─────────────────────────────

export interface EngineWorkerData {
  dataDir: string | undefined;
  cacheMb: number;
}

/** To the worker. `announce`: say when the job starts (tests). */
export type EngineRequest = { id: number; announce?: boolean } & (
  | { kind: 'query'; sql: string; params: readonly unknown[] }
  | { kind: 'exec'; sql: string }
  | { kind: 'run'; name: OperationName; args: readonly unknown[] }
  /** Opens a transaction: the worker then runs only `tx-query` and `tx-end` messages for it. */
  | { kind: 'begin' }
  | { kind: 'tx-query'; tx: number; sql: string; params: readonly unknown[] }
  | { kind: 'tx-end'; tx: number; commit: boolean }
  | { kind: 'close' }
);

/** From the worker. `fatal`: the engine cannot go on (WebAssembly aborted); the worker is replaced. */
export type EngineReply =
  | { kind: 'ready' }
  | { kind: 'open-failed'; error: WireError }
  | { kind: 'started'; id: number }
  | { kind: 'done'; id: number; value: unknown }
  | { kind: 'failed'; id: number; error: WireError; fatal?: boolean };

/** An error as it crosses threads: its message and PostgreSQL's fields (code, detail…), never lost. */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number | undefined>;
}

const ERROR_FIELDS = ['code', 'detail', 'hint', 'severity', 'position', 'where', 'schema', 'table', 'column', 'constraint'] as const;

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') fields[field] = value;
  }
  return { name: error.name, message: error.message, fields };
}

function fromWire(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  if (wire.name && wire.name !== 'Error') error.name = wire.name;
  return error;
}

/**
 * The worker's file: the TypeScript source where this module runs from source (tsx, vitest, vite
 * dev), registering tsx in the worker first; search-engine.js beside dist-server/main.js in the
 * build (vite.server.config.ts writes it after main.js).
 */
function startWorker(workerData: EngineWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(BUILT_WORKER, here), { workerData });
  const entry = new URL('./pglite-worker.ts', here).href;
  // tsx's ESM API, as its package's exports name it (resolving from here, not from the working directory).
  const require = createRequire(here);
  const manifest = require.resolve('tsx/package.json');
  const api = (require(manifest) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
  const tsx = new URL(api, pathToFileURL(manifest)).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** dist-server/search-engine.js (a variable, so that Vite leaves the URL alone). */
const BUILT_WORKER = './search-engine.js';

/** Test hooks of the PGlite engine, beyond SearchDb. */
export interface PgliteDb extends SearchDb {
  /** Called with each job's SQL (or operation name) when the worker starts it. */
  onStart: ((what: string) => void) | undefined;
  /**
   * Ends the worker now: what it was running and what waited reject with `reason`. The next query
   * starts a new one on the same directory; an index in memory is gone, and every query says so.
   */
  stop(reason: string): Promise<void>;
}

interface Job {
  worker: Worker;
  what: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** How long close() lets the worker finish what it runs before ending it. */
const CLOSE_GRACE_MS = 10_000;

/**
 * Embedded PostgreSQL in a worker thread. `dataDir`: a directory to persist to, or undefined for
 * memory only. When the directory is in use by another server, this one keeps its index in memory
 * and says so.
 *
 * `cacheMb` is PGlite's buffer cache (PostgreSQL's shared_buffers), held from the start. Each page
 * PGlite reads past it goes through the WebAssembly file system, about 5 µs a page even when the
 * operating system has it cached, and a common word touches nearly every page of search_matches.
 *
 * The worker runs one job at a time, in the order sent. Whatever fails there (a query, PGlite
 * aborting on a damaged file, the worker itself ending) rejects the caller's promise with the
 * original message. A worker that ended is started afresh by the next query, on the same directory;
 * an index kept in memory ended with it, and every later query says so.
 */
export async function openPglite(dataDir: string | undefined, log: (line: string) => void = () => {}, cacheMb = 128): Promise<PgliteDb> {
  let release = () => {};
  if (dataDir) {
    const claimed = await claim(dataDir);
    if ('heldBy' in claimed) {
      log(
        `search: ${dataDir} is in use by ${typeof claimed.heldBy === 'number' ? `process ${claimed.heldBy}` : 'another server in this process'}; this server keeps its index in memory`,
      );
      dataDir = undefined;
    } else {
      release = claimed.release;
    }
  }
  const workerData: EngineWorkerData = { dataDir, cacheMb };
  const jobs = new Map<number, Job>();
  let nextId = 0;
  let current: Promise<Worker> | undefined;
  let closed = false;
  /** Why the engine of an index in memory ended: the index went with it. */
  let lost: string | undefined;
  /** Why the current worker is being ended (stop, close): its jobs reject with this. */
  const ending = new WeakMap<Worker, string>();

  const settleAll = (worker: Worker, error: Error) => {
    for (const [id, job] of jobs) {
      if (job.worker !== worker) continue;
      jobs.delete(id);
      job.reject(error);
    }
  };

  /** A running worker with its engine open: the current one, or a new one. */
  const spawn = (): Promise<Worker> =>
    new Promise<Worker>((resolve, reject) => {
      const worker = startWorker(workerData);
      let ready = false;
      let crash: Error | undefined;
      worker.on('message', (reply: EngineReply) => {
        if (reply.kind === 'ready') {
          ready = true;
          worker.unref();
          resolve(worker);
        } else if (reply.kind === 'open-failed') {
          crash = fromWire(reply.error);
        } else {
          const job = jobs.get(reply.id);
          if (!job) return;
          if (reply.kind === 'started') {
            api.onStart?.(job.what);
            return;
          }
          jobs.delete(reply.id);
          if (jobs.size === 0) worker.unref();
          if (reply.kind === 'done') job.resolve(reply.value);
          else {
            job.reject(fromWire(reply.error));
            if (reply.fatal) {
              crash = fromWire(reply.error);
              void worker.terminate();
            }
          }
        }
      });
      worker.on('error', (error) => {
        crash = error;
      });
      worker.on('exit', (code) => {
        if (current && !ready) current = undefined;
        const reason = ending.get(worker) ?? crash?.message ?? `the index engine's worker ended (exit code ${code})`;
        if (!ready) {
          reject(crash ?? new Error(reason));
          return;
        }
        // An index in memory ended with its worker: said on every later query, never silently empty.
        if (!dataDir && !closed) lost = reason;
        if (!ending.has(worker) && !closed) {
          log(
            `search: the index engine's worker ended (${reason.slice(0, 300)}); ${dataDir ? 'it starts afresh on the next query' : 'its index was in memory and is lost until the server restarts'}`,
          );
        }
        settleAll(worker, crash && !ending.has(worker) ? crash : new Error(reason));
        if (currentWorker === worker) {
          currentWorker = undefined;
          current = undefined;
        }
      });
    });

  let currentWorker: Worker | undefined;
  const alive = async (): Promise<Worker> => {
    if (closed) throw new Error('The search index is closed.');
    if (lost !== undefined) throw new Error(`The search index was kept in memory, and its engine stopped (${lost}): restart the server to build it again.`);
    current ??= spawn().then((worker) => (currentWorker = worker));
    return current;
  };

  type Message = EngineRequest extends infer R ? (R extends EngineRequest ? Omit<R, 'id' | 'announce'> : never) : never;
  const post = <T>(worker: Worker, message: Message, what: string): Promise<T> => {
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      jobs.set(id, { worker, what, resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      try {
        worker.postMessage({ ...message, id, announce: api.onStart !== undefined });
      } catch (error) {
        // A value that cannot be copied to the worker (a function, a symbol): this call fails alone.
        jobs.delete(id);
        if (jobs.size === 0) worker.unref();
        reject(error as Error);
      }
    });
  };
  const send = async <T>(message: Message, what: string): Promise<T> => post<T>(await alive(), message, what);

  const end = async (worker: Worker, reason: string) => {
    ending.set(worker, reason);
    await worker.terminate();
  };

  const api: PgliteDb = {
    engine: 'pglite',
    dataDir,
    onStart: undefined,
    query: <Row>(sql: string, params: readonly unknown[] = []) => send<Row[]>({ kind: 'query', sql, params }, sql),
    exec: (sql) => send<void>({ kind: 'exec', sql }, sql),
    run: (name, ...args) => send({ kind: 'run', name, args }, name),
    async transaction(work) {
      const tx = await send<number>({ kind: 'begin' }, 'begin');
      let result;
      try {
        result = await work({ query: <Row>(sql: string, params: readonly unknown[] = []) => send<Row[]>({ kind: 'tx-query', tx, sql, params }, sql) });
      } catch (error) {
        await send({ kind: 'tx-end', tx, commit: false }, 'rollback').catch(() => {});
        throw error;
      }
      await send({ kind: 'tx-end', tx, commit: true }, 'commit');
      return result;
    },
    async stop(reason) {
      const worker = currentWorker;
      if (worker) await end(worker, reason);
    },
    async close() {
      if (closed) return;
      closed = true;
      const worker = currentWorker ?? (await current?.catch(() => undefined));
      if (worker) {
        // What the worker runs (a sync's last transcript) finishes first, then PGlite closes its files.
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
        await Promise.race([post(worker, { kind: 'close' }, 'close').catch(() => {}), grace]);
        clearTimeout(timer);
        await end(worker, 'The search index was closed.');
      }
      release();
    },
  };
  await alive().catch((error: unknown) => {
    release();
    throw error;
  });
  return api;
}

/**
 * A PostgreSQL server (DATABASE_URL), through a pool of at most 4 connections: the server does the
 * work, and a query waits for a free connection (the search service bounds how many wait).
 */
export async function openPostgres(connectionString: string): Promise<SearchDb> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 30_000, options: `-c work_mem=${WORK_MEM}` });
  // A dropped connection must not take the process down: the next query reconnects.
  pool.on('error', (error) => console.error(`search: PostgreSQL connection error: ${error.message}`));
  const query = async <Row>(sql: string, params: readonly unknown[] = []) => (await pool.query(sql, params as unknown[])).rows as Row[];
  await query('select 1');
  const server: SearchDb = {
    engine: 'postgresql',
    query,
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as Row[],
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    run: (name, ...args) => runHere(server, name, args),
    close: () => pool.end(),
  };
  return server;
}
