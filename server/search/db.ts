/**
 * The search index's one connection type, over the two engines it runs on: PGlite (PostgreSQL
 * compiled to WebAssembly, in this process, persisted under a data directory or in memory) by
 * default, and a real PostgreSQL server when DATABASE_URL is set. Both speak the same SQL; every
 * query in server/search/store.ts runs unchanged on either, with values as bound parameters only.
 */

export interface SearchDb {
  readonly engine: 'pglite' | 'postgresql';
  /** PGlite's data directory when it persists to one (undefined in memory and on PostgreSQL). */
  readonly dataDir?: string;
  /** One statement with bound parameters ($1, $2…). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (the schema). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction on one connection: all of it lands, or none. */
  transaction<T>(work: (tx: Pick<SearchDb, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
 * Embedded PostgreSQL. `dataDir`: a directory to persist to, or undefined for memory only. When the
 * directory is in use by another server, this one keeps its index in memory and says so.
 *
 * `cacheMb` is PGlite's buffer cache (PostgreSQL's shared_buffers), held from the start. Each page
 * PGlite reads past it goes through the WebAssembly file system, about 5 µs a page even when the
 * operating system has it cached, and a common word touches nearly every page of search_matches.
 */
export async function openPglite(dataDir: string | undefined, log: (line: string) => void = () => {}, cacheMb = 128): Promise<SearchDb> {
  const { PGlite } = await import('@electric-sql/pglite');
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
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${cacheMb}MB`, '-c', `work_mem=${WORK_MEM}`];
  const db = await PGlite.create(dataDir ? { dataDir, startParams } : { startParams });
  const query = async <Row>(sql: string, params: readonly unknown[] = []) => (await db.query<Row>(sql, params as unknown[])).rows;
  return {
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
    close: async () => {
      await db.close();
      release();
    },
  };
}

/** A PostgreSQL server (DATABASE_URL), through a small pool. */
export async function openPostgres(connectionString: string): Promise<SearchDb> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 30_000, options: `-c work_mem=${WORK_MEM}` });
  // A dropped connection must not take the process down: the next query reconnects.
  pool.on('error', (error) => console.error(`search: PostgreSQL connection error: ${error.message}`));
  const query = async <Row>(sql: string, params: readonly unknown[] = []) => (await pool.query(sql, params as unknown[])).rows as Row[];
  await query('select 1');
  return {
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
    close: () => pool.end(),
  };
}
