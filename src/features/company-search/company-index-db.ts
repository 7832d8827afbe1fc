import { idbDone as done, idbRequest as request, openIdb } from '../../lib/idb.ts';
import type { IndexedCompany } from './rank.ts';

/**
 * Where the company index lives between visits: one IndexedDB database with the companies and
 * one progress record. Every page of companies is written together with the cursor that follows
 * it, in one transaction, so a closed tab resumes exactly after the last page it stored.
 */

export interface IndexProgress {
  /** Cursor of the next page of the first full fill; null once it has finished. */
  fillCursor: number | null;
  /** True once one full fill has reached the last page. */
  complete: boolean;
  /** The newest `updatedAt` seen; the next refresh asks for companies updated after it. */
  highWater: string | null;
  /** Cursor inside an incremental refresh that was interrupted, with the bound it used. */
  refresh: { after: string; cursor: number } | null;
  /** When the index last reached the end of a fill or refresh (epoch ms). */
  syncedAt: number | null;
  /** Bumped when the stored shape changes; a mismatch starts over. */
  version: number;
}

export const INDEX_VERSION = 1;

export function emptyProgress(): IndexProgress {
  return { fillCursor: 0, complete: false, highWater: null, refresh: null, syncedAt: null, version: INDEX_VERSION };
}

export interface IndexStore {
  load(): Promise<{ companies: IndexedCompany[]; progress: IndexProgress }>;
  /** Stores a page of companies and the progress after it, atomically. */
  save(companies: readonly IndexedCompany[], progress: IndexProgress): Promise<void>;
  clear(): Promise<void>;
  close(): void;
}

const DB_NAME = 'earnings-desk-company-index';
const COMPANIES = 'companies';
const META = 'meta';
const PROGRESS_KEY = 'progress';
/** Companies copied into IndexedDB per task while a page is stored. */
export const SAVE_SLICE = 100;

/** The IndexedDB store, or null where IndexedDB is missing or refuses to open (some private modes). */
export async function openIndexStore(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IndexStore | null> {
  if (!factory) return null;
  let db: IDBDatabase;
  try {
    db = await openIdb(factory, DB_NAME, [
      (upgrade) => {
        upgrade.createObjectStore(COMPANIES, { keyPath: 'id' });
        upgrade.createObjectStore(META);
      },
    ]);
  } catch {
    return null;
  }

  return {
    async load() {
      const tx = db.transaction([COMPANIES, META], 'readonly');
      const [companies, stored] = await Promise.all([
        request(tx.objectStore(COMPANIES).getAll() as IDBRequest<IndexedCompany[]>),
        request(tx.objectStore(META).get(PROGRESS_KEY) as IDBRequest<IndexProgress | undefined>),
      ]);
      if (!stored || stored.version !== INDEX_VERSION) return { companies: [], progress: emptyProgress() };
      return { companies, progress: stored };
    },
    async save(companies, progress) {
      const tx = db.transaction([COMPANIES, META], 'readwrite');
      const store = tx.objectStore(COMPANIES);
      tx.objectStore(META).put(progress, PROGRESS_KEY);
      // Each put copies its record on the main thread: a whole page at once is one long task on a
      // phone. So the page goes in slices, each started from the success of the slice before it,
      // which keeps the transaction (and so the page with its cursor) whole.
      const putFrom = (start: number) => {
        const end = Math.min(companies.length, start + SAVE_SLICE);
        let last: IDBRequest | undefined;
        for (let i = start; i < end; i++) last = store.put(companies[i]);
        if (last && end < companies.length) last.onsuccess = () => putFrom(end);
      };
      putFrom(0);
      await done(tx);
    },
    async clear() {
      const tx = db.transaction([COMPANIES, META], 'readwrite');
      tx.objectStore(COMPANIES).clear();
      tx.objectStore(META).clear();
      await done(tx);
    },
    close() {
      db.close();
    },
  };
}

/** A store that forgets everything when the page closes: the fallback without IndexedDB. */
export function memoryIndexStore(): IndexStore {
  const companies = new Map<number, IndexedCompany>();
  let progress = emptyProgress();
  return {
    load: async () => ({ companies: [...companies.values()], progress: structuredClone(progress) }),
    save: async (page, next) => {
      for (const company of page) companies.set(company.id, structuredClone(company));
      progress = structuredClone(next);
    },
    clear: async () => {
      companies.clear();
      progress = emptyProgress();
    },
    close: () => {},
  };
}
