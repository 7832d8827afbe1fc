import { idbDone, idbRequest, openIdb, type IdbMigration } from '../idb.ts';
import { noteItemSchema, type NoteItem } from './model.ts';

/**
 * Where bookmarks and highlights are kept: one IndexedDB database with one object store, in this
 * browser only. Every change is written first and shown after, so what the page shows is what is
 * kept. When IndexedDB cannot be used (a private window, storage turned off, a database left by a
 * newer build), items are kept for this visit only and the store says so; when a write fails (the
 * site's storage is full), the write is refused with a message and nothing kept before is touched.
 * Other tabs hear of every change (BroadcastChannel) and read the store again.
 */

export const NOTES_DB = 'earnings-desk-notes';
const ITEMS = 'items';

/** The database's schema, one step per version (see IdbMigration): append, never edit. */
export const NOTES_MIGRATIONS: readonly IdbMigration[] = [
  // 1: the items, keyed by their id.
  (db) => {
    db.createObjectStore(ITEMS, { keyPath: 'id' });
  },
];

export type NotesMode = 'loading' | 'saved' | 'memory';

export interface NotesSnapshot {
  /** Every item, newest change first. */
  items: readonly NoteItem[];
  /** 'saved': kept in this browser; 'memory': kept until the tab closes (see `problem`). */
  mode: NotesMode;
  /** What the listener should know: why notes are not kept, or what failed last. */
  problem: string | null;
}

export class NotesError extends Error {}

export interface ImportResult {
  added: number;
  updated: number;
  unchanged: number;
}

export interface ImportProgress {
  written: number;
  total: number;
}

/** Items written per step of an import (each step is one task on the page's thread). */
export const IMPORT_STEP = 1_000;
/** Items read and checked per step when the store is opened. */
const READ_STEP = 2_000;

export interface NotesStore {
  getSnapshot(): NotesSnapshot;
  subscribe(listener: () => void): () => void;
  /** Resolves once the kept items are read (or the store has fallen back to memory). */
  ready(): Promise<void>;
  /** Adds or replaces an item; rejects with a NotesError (and changes nothing) when it cannot be kept. */
  put(item: NoteItem): Promise<void>;
  remove(id: string): Promise<void>;
  /**
   * Merges items from a file, in one transaction: a new id is added, a known id is replaced only
   * by a newer `updatedAt`. All or nothing: a failure, or the tab closed mid-import, keeps none of
   * the file and changes nothing kept before. The writes go in steps of IMPORT_STEP items, each
   * step sent once the one before is written, so the page stays responsive; `onProgress` hears
   * how many of the items to write are sent.
   */
  importItems(items: readonly NoteItem[], options?: { onProgress?: (progress: ImportProgress) => void }): Promise<ImportResult>;
  dismissProblem(): void;
  close(): void;
}

const FULL =
  "The browser has no room left for this site's data, so this was not kept. Export your notes (My notes → Export all), then free some space in the browser's site settings.";

/** A sentence for a failed write. */
function writeProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return FULL;
  return `This could not be kept in the browser (${(error as Error)?.message || name || 'unknown error'}). Nothing kept before was changed.`;
}

function openProblem(error: unknown): string {
  if ((error as { name?: string } | null)?.name === 'VersionError') {
    return 'Your notes were kept by a newer version of Earnings Desk in another tab. Reload this page to use them; until then, new notes here last only until the tab closes.';
  }
  return 'This browser does not let the site keep data (a private window, or storage turned off), so notes last only until this tab closes. Use My notes → Export all to keep them.';
}

// By code unit, not by locale: ISO times and ids sort the same either way, and 100,000 items sort in
// a fraction of the time localeCompare takes.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: NoteItem, b: NoteItem) => byText(b.updatedAt, a.updatedAt) || byText(a.id, b.id);

export function createNotesStore({
  factory = globalThis.indexedDB,
  keyRange = globalThis.IDBKeyRange,
  channelName = NOTES_DB,
  name = NOTES_DB,
}: { factory?: IDBFactory; keyRange?: typeof IDBKeyRange; channelName?: string | null; name?: string } = {}): NotesStore {
  const listeners = new Set<() => void>();
  let snapshot: NotesSnapshot = { items: [], mode: 'loading', problem: null };
  let db: IDBDatabase | null = null;
  let opening: Promise<void> | undefined;
  const channel = channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;

  const set = (next: Partial<NotesSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    if (next.items) snapshot.items = [...next.items].sort(newestFirst);
    for (const listener of [...listeners]) listener();
  };

  /**
   * Every kept item, read and checked READ_STEP at a time in one transaction (the next step asked
   * for from the callback of the last), so a store of 100,000 items never holds the page's thread
   * for long. A record this build cannot read stays in the database untouched and is left out.
   */
  const readAll = async (database: IDBDatabase): Promise<NoteItem[]> => {
    const store = database.transaction(ITEMS, 'readonly').objectStore(ITEMS);
    const items: NoteItem[] = [];
    let after: IDBValidKey | undefined;
    for (;;) {
      const rows = await idbRequest(store.getAll(after === undefined ? null : keyRange.lowerBound(after, true), READ_STEP) as IDBRequest<unknown[]>);
      for (const row of rows) {
        const item = noteItemSchema.safeParse(row);
        if (item.success) items.push(item.data as NoteItem);
      }
      if (rows.length < READ_STEP) return items;
      after = (rows.at(-1) as { id: IDBValidKey }).id;
    }
  };

  const open = async () => {
    if (!factory) {
      set({ mode: 'memory', problem: openProblem(null) });
      return;
    }
    try {
      db = await openIdb(factory, name, NOTES_MIGRATIONS);
      set({ items: await readAll(db), mode: 'saved' });
    } catch (error) {
      db = null;
      set({ mode: 'memory', problem: openProblem(error) });
    }
  };

  const ready = () => (opening ??= open());

  channel?.addEventListener('message', () => {
    if (!db) return;
    void readAll(db)
      .then((items) => set({ items }))
      .catch(() => {});
  });

  /** Runs `write` in one read-write transaction; a failure anywhere changes nothing and says why. */
  const transact = async (write: (store: IDBObjectStore) => void | Promise<void>) => {
    if (!db) return;
    try {
      const tx = db.transaction(ITEMS, 'readwrite');
      const committed = idbDone(tx);
      try {
        await write(tx.objectStore(ITEMS));
      } catch (error) {
        tx.abort();
        committed.catch(() => {});
        throw error;
      }
      await committed;
    } catch (error) {
      const problem = writeProblem(error);
      set({ problem });
      throw new NotesError(problem);
    }
    channel?.postMessage('changed');
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
    async put(item) {
      await ready();
      await transact((store) => {
        store.put(item);
      });
      set({ items: [...snapshot.items.filter((other) => other.id !== item.id), item] });
    },
    async remove(id) {
      await ready();
      await transact((store) => {
        store.delete(id);
      });
      set({ items: snapshot.items.filter((item) => item.id !== id) });
    },
    async importItems(items, { onProgress } = {}) {
      await ready();
      const known = new Map(snapshot.items.map((item) => [item.id, item]));
      const result: ImportResult = { added: 0, updated: 0, unchanged: 0 };
      const changed: NoteItem[] = [];
      for (const item of items) {
        const mine = known.get(item.id);
        if (!mine) result.added++;
        // By time, not by text: a file may write the same moment with an offset or without milliseconds.
        else if (Date.parse(item.updatedAt) > Date.parse(mine.updatedAt)) result.updated++;
        else {
          result.unchanged++;
          continue;
        }
        changed.push(item);
      }
      if (changed.length > 0) {
        await transact(async (store) => {
          // One transaction kept open across steps: the next step is sent from the callback that
          // says the last one is written (a request is pending throughout, so it cannot commit early).
          for (let from = 0; from < changed.length; from += IMPORT_STEP) {
            let last: IDBRequest | undefined;
            for (const item of changed.slice(from, from + IMPORT_STEP)) last = store.put(item);
            await idbRequest(last!);
            onProgress?.({ written: Math.min(from + IMPORT_STEP, changed.length), total: changed.length });
          }
        });
        for (const item of changed) known.set(item.id, item);
        set({ items: [...known.values()] });
      }
      return result;
    },
    dismissProblem() {
      if (snapshot.mode === 'memory') return; // the reason notes are not kept stays said
      set({ problem: null });
    },
    close() {
      channel?.close();
      db?.close();
      db = null;
    },
  };
}
