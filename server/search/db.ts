/**
 * The search index's one connection type, over the two engines it runs on: PGlite (PostgreSQL
 * compiled to WebAssembly, in this process, persisted under a data directory or in memory) by
 * default, and a real PostgreSQL server when DATABASE_URL is set. Both speak the same SQL; every
 * query in server/search/store.ts runs unchanged on either, with values as bound parameters only.
 */

export interface SearchDb {
  readonly engine: 'pglite' | 'postgresql';
  /** One statement with bound parameters ($1, $2…). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (the schema). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction on one connection: all of it lands, or none. */
  transaction<T>(work: (tx: Pick<SearchDb, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Embedded PostgreSQL. `dataDir`: a directory to persist to, or undefined for memory only. */
export async function openPglite(dataDir: string | undefined): Promise<SearchDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dataDir, { recursive: true });
  }
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const query = async <Row>(sql: string, params: readonly unknown[] = []) => (await db.query<Row>(sql, params as unknown[])).rows;
  return {
    engine: 'pglite',
    query,
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows }),
      ),
    close: () => db.close(),
  };
}

/** A PostgreSQL server (DATABASE_URL), through a small pool. */
export async function openPostgres(connectionString: string): Promise<SearchDb> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 30_000 });
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
