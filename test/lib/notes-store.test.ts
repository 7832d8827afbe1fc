import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { idbDone, idbRequest, openIdb } from '../../src/lib/idb.ts';
import { parseNotesFile, type Bookmark, type Highlight, type NoteItem } from '../../src/lib/notes/model.ts';
import { createNotesStore, NOTES_DB, NotesError, type NotesStore } from '../../src/lib/notes/store.ts';

const call = { eventId: 1076, audioId: 1025, companyId: 8, company: 'Calaneon', event: 'Q2 2026 earnings call', date: '2026-07-22T13:00:00Z' };

const bookmark: Bookmark = {
  id: 'b-1',
  kind: 'bookmark',
  call,
  at: 93.5,
  note: 'CFO softens the second-half guidance',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const highlight: Highlight = {
  id: 'h-1',
  kind: 'highlight',
  call,
  start: 24.641,
  end: 31.2,
  quote: 'Data center demand stayed strong through the quarter.',
  speaker: 'Uma Zimmerli, Chief Executive Officer',
  color: 'green',
  note: '',
  createdAt: '2026-11-20T09:05:00.000Z',
  updatedAt: '2026-11-20T09:05:00.000Z',
};

const stores: NotesStore[] = [];
function open(factory: IDBFactory | undefined, name = NOTES_DB): NotesStore {
  const store = createNotesStore({ factory, keyRange: IDBKeyRange, channelName: null, name });
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

describe('the notes store', () => {
  it('keeps bookmarks and highlights across a reload (a new store on the same browser profile)', async () => {
    const browser = new IDBFactory();
    const first = open(browser);
    await first.ready();
    expect(first.getSnapshot().mode).toBe('saved');
    await first.put(bookmark);
    await first.put(highlight);
    first.close();

    const second = open(browser);
    await second.ready();
    expect(
      second
        .getSnapshot()
        .items.map((item) => item.id)
        .sort(),
    ).toEqual(['b-1', 'h-1']);
    expect(second.getSnapshot().items.find((item) => item.id === 'b-1')).toEqual(bookmark);
  });

  it('replaces an edited item and removes a deleted one, for good', async () => {
    const browser = new IDBFactory();
    const store = open(browser);
    await store.put(bookmark);
    await store.put({ ...bookmark, note: 'Guidance cut to 4–5%', updatedAt: '2026-11-20T10:00:00.000Z' });
    await store.put(highlight);
    await store.remove('h-1');
    store.close();

    const again = open(browser);
    await again.ready();
    expect(again.getSnapshot().items).toEqual([{ ...bookmark, note: 'Guidance cut to 4–5%', updatedAt: '2026-11-20T10:00:00.000Z' }]);
  });

  it('without IndexedDB (a private window) keeps items for the visit and says so', async () => {
    const store = open(undefined);
    await store.ready();
    expect(store.getSnapshot().mode).toBe('memory');
    expect(store.getSnapshot().problem).toMatch(/notes last only until this tab closes/);
    await store.put(bookmark);
    expect(store.getSnapshot().items).toEqual([bookmark]);
  });

  it('when the storage is full, refuses the new item with a message and loses nothing kept before', async () => {
    const browser = new IDBFactory();
    const store = open(browser);
    await store.put(bookmark);

    const { IDBObjectStore } = await import('fake-indexeddb');
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await expect(store.put(highlight)).rejects.toThrow(NotesError);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(store.getSnapshot().problem).toMatch(/no room left for this site's data, so this was not kept/);
    expect(store.getSnapshot().items).toEqual([bookmark]);

    store.close();
    const again = open(browser);
    await again.ready();
    expect(again.getSnapshot().items).toEqual([bookmark]);
  });

  it('a database left by a newer version is not touched: notes last for the visit, and the page says to reload', async () => {
    const browser = new IDBFactory();
    const newer = await openIdb(browser, NOTES_DB, [
      (db) => void db.createObjectStore('items', { keyPath: 'id' }),
      (db) => void db.createObjectStore('future-things'),
    ]);
    const tx = newer.transaction('items', 'readwrite');
    tx.objectStore('items').put(bookmark);
    await idbDone(tx);
    newer.close();

    const store = open(browser);
    await store.ready();
    expect(store.getSnapshot().mode).toBe('memory');
    expect(store.getSnapshot().problem).toMatch(/kept by a newer version of Earnings Desk in another tab\. Reload this page/);
    await store.put(highlight);

    const check = await openIdb(browser, NOTES_DB, [(db) => void db.createObjectStore('items'), () => {}]);
    const kept = await idbRequest(check.transaction('items').objectStore('items').getAll());
    expect(kept).toEqual([bookmark]);
    check.close();
  });

  it('a kept record this build cannot read is left out of the list and left in place', async () => {
    const browser = new IDBFactory();
    const db = await openIdb(browser, NOTES_DB, [(upgrade) => void upgrade.createObjectStore('items', { keyPath: 'id' })]);
    const tx = db.transaction('items', 'readwrite');
    tx.objectStore('items').put(bookmark);
    tx.objectStore('items').put({ id: 'strange', kind: 'sticker', at: 'noon' });
    await idbDone(tx);
    db.close();

    const store = open(browser);
    await store.ready();
    expect(store.getSnapshot().items).toEqual([bookmark]);
    await store.put(highlight);
    store.close();
    const check = await openIdb(browser, NOTES_DB, [() => {}]);
    const ids = await idbRequest(check.transaction('items').objectStore('items').getAllKeys());
    expect(ids).toEqual(['b-1', 'h-1', 'strange']);
    check.close();
  });
});

describe('schema migrations', () => {
  it('runs only the steps a database has not had, in order, keeping its data', async () => {
    const browser = new IDBFactory();
    const ran: string[] = [];
    const step1 = (db: IDBDatabase) => {
      ran.push('1');
      db.createObjectStore('items', { keyPath: 'id' });
    };
    const v1 = await openIdb(browser, 'migrations', [step1]);
    const tx = v1.transaction('items', 'readwrite');
    tx.objectStore('items').put({ id: 'a', call: { eventId: 7 } });
    await idbDone(tx);
    v1.close();

    const step2 = (_db: IDBDatabase, upgrade: IDBTransaction) => {
      ran.push('2');
      upgrade.objectStore('items').createIndex('byEvent', 'call.eventId');
    };
    const step3 = (db: IDBDatabase) => {
      ran.push('3');
      db.createObjectStore('settings');
    };
    const v3 = await openIdb(browser, 'migrations', [step1, step2, step3]);
    expect(ran).toEqual(['1', '2', '3']);
    expect(v3.version).toBe(3);
    expect([...v3.objectStoreNames]).toEqual(['items', 'settings']);
    const byEvent = await idbRequest(v3.transaction('items').objectStore('items').index('byEvent').getAll(7));
    expect(byEvent).toEqual([{ id: 'a', call: { eventId: 7 } }]);
    v3.close();
  });
});

describe('importing a notes file', () => {
  const file = (items: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ format: 'earnings-desk-notes', version: 1, exportedAt: '2026-11-21T08:00:00.000Z', items, ...extra });

  it('merges: new ids are added, a newer copy replaces an older one, an older copy changes nothing', async () => {
    const store = open(new IDBFactory());
    await store.put(bookmark);
    await store.put(highlight);
    const parsed = parseNotesFile(
      file([
        { ...bookmark, note: 'older text', updatedAt: '2026-11-19T09:00:00.000Z' },
        { ...highlight, color: 'pink', updatedAt: '2026-11-21T07:00:00.000Z' },
        { ...bookmark, id: 'b-2', at: 140, note: 'Buyback raised' },
      ]),
    );
    expect(parsed.ok).toBe(true);
    const result = await store.importItems((parsed as { items: NoteItem[] }).items);
    expect(result).toEqual({ added: 1, updated: 1, unchanged: 1 });
    const byId = new Map(store.getSnapshot().items.map((item) => [item.id, item]));
    expect(byId.get('b-1')).toEqual(bookmark);
    expect((byId.get('h-1') as Highlight).color).toBe('pink');
    expect(byId.get('b-2')).toMatchObject({ at: 140, note: 'Buyback raised' });
  });

  it('compares the times of the copies, not their text: an older copy written in another form changes nothing', async () => {
    const store = open(new IDBFactory());
    await store.put(bookmark); // changed 2026-11-20 09:00 UTC
    const parsed = parseNotesFile(
      file([
        // 08:30 UTC, written with an offset (any date and time a file holds is accepted): older.
        { ...bookmark, note: 'an older copy', updatedAt: '2026-11-20T09:30:00+01:00' },
        // The same moment without milliseconds: not newer.
        { ...highlight, id: 'h-2', updatedAt: '2026-11-20T09:05:00Z' },
      ]),
    );
    await store.put({ ...highlight, id: 'h-2', note: 'mine', updatedAt: '2026-11-20T09:05:00.000Z' });
    const result = await store.importItems((parsed as { items: NoteItem[] }).items);
    expect(result).toEqual({ added: 0, updated: 0, unchanged: 2 });
    const byId = new Map(store.getSnapshot().items.map((item) => [item.id, item]));
    expect(byId.get('b-1')).toEqual(bookmark);
    expect(byId.get('h-2')).toMatchObject({ note: 'mine' });
  });

  it('a bad file is refused whole, saying why, and changes nothing', () => {
    expect(parseNotesFile('{"format": "earnings-desk-notes", "items": [')).toEqual({
      ok: false,
      error: 'This file is not valid JSON, so it is not an Earnings Desk notes file.',
    });
    expect(parseNotesFile(JSON.stringify({ format: 'something-else', version: 1, items: [] }))).toEqual({
      ok: false,
      error: 'This is not an Earnings Desk notes file: format: should be "earnings-desk-notes".',
    });
    expect(parseNotesFile(file([], { version: 7 }))).toEqual({
      ok: false,
      error: 'This notes file was written by a newer version of Earnings Desk (file version 7); update the app, then import it.',
    });
    const mixed = parseNotesFile(file([bookmark, { ...highlight, end: 3 }, { ...bookmark, id: 'b-9', at: -4 }]));
    expect(mixed.ok).toBe(false);
    expect((mixed as { error: string }).error).toMatch(/^Nothing was imported: item 2: end: ends before it starts; item 3: at: /);
    expect(parseNotesFile(file([bookmark, bookmark]))).toEqual({ ok: false, error: 'Nothing was imported: item 2: the id "b-1" appears twice.' });
  });

  it('a note with markup is kept as the text it is', () => {
    const parsed = parseNotesFile(file([{ ...bookmark, note: '<img src=x onerror=alert(1)> **bold**' }]));
    expect(parsed).toMatchObject({ ok: true, items: [{ note: '<img src=x onerror=alert(1)> **bold**' }] });
  });

  it('writes 5,000 items in steps of 1,000, saying how far it is, and a new store reads back every one', async () => {
    const browser = new IDBFactory();
    const store = open(browser);
    const items = Array.from({ length: 5_000 }, (_, n): Bookmark => ({ ...bookmark, id: `b-${n}`, at: n }));
    const progress: { written: number; total: number }[] = [];
    const result = await store.importItems(items, { onProgress: (step) => progress.push(step) });
    expect(result).toEqual({ added: 5_000, updated: 0, unchanged: 0 });
    expect(progress).toEqual([
      { written: 1_000, total: 5_000 },
      { written: 2_000, total: 5_000 },
      { written: 3_000, total: 5_000 },
      { written: 4_000, total: 5_000 },
      { written: 5_000, total: 5_000 },
    ]);
    store.close();
    const reloaded = open(browser);
    await reloaded.ready();
    expect(reloaded.getSnapshot().items).toHaveLength(5_000);
  });

  it('a write that fails in a later step keeps none of the file, and everything kept before', async () => {
    const browser = new IDBFactory();
    const store = open(browser);
    await store.put(highlight);
    const items: NoteItem[] = Array.from({ length: 5_000 }, (_, n): Bookmark => ({ ...bookmark, id: `b-${n}`, at: n }));
    // Item 3,501 cannot be stored (no key), as a write the browser refuses in the fourth step.
    delete (items[3_500] as { id?: string }).id;
    const progress: number[] = [];
    await expect(store.importItems(items, { onProgress: ({ written }) => progress.push(written) })).rejects.toBeInstanceOf(NotesError);
    expect(progress).toEqual([1_000, 2_000, 3_000]);
    store.close();
    const reloaded = open(browser);
    await reloaded.ready();
    expect(reloaded.getSnapshot().items.map((item) => item.id)).toEqual(['h-1']);
  });
});
