/**
 * IndexedDB as promises: the app's one way to open a database, run a request and wait for a
 * transaction. Both browser stores (the company index and the listener's notes) use it.
 */

/** A request's result, or its error. */
export function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when the transaction commits; rejects with its error when it aborts or fails. */
export function idbDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/**
 * A schema step: what version `index + 1` adds to a database at the version before it. Steps only
 * ever get appended; a browser holding a database at version N runs steps N+1 … latest, in order,
 * in one upgrade transaction, so data kept by an older build survives every update.
 */
export type IdbMigration = (db: IDBDatabase, tx: IDBTransaction) => void;

/**
 * Opens `name` at the version the migrations reach. Rejects when IndexedDB refuses (private modes,
 * storage turned off) or when the database is newer than this build (`VersionError`: a newer tab
 * upgraded it; this build must not touch it). The open database lets go when another tab upgrades it.
 */
export async function openIdb(factory: IDBFactory, name: string, migrations: readonly IdbMigration[]): Promise<IDBDatabase> {
  const open = factory.open(name, migrations.length);
  open.onupgradeneeded = (event) => {
    const db = open.result;
    const tx = open.transaction!;
    for (let version = event.oldVersion; version < migrations.length; version++) migrations[version]!(db, tx);
  };
  const db = await idbRequest(open);
  db.onversionchange = () => db.close();
  return db;
}
