import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { byTimeInCall, type NoteItem } from './model.ts';
import { createNotesStore, type ImportProgress, type NotesSnapshot, type NotesStore } from './store.ts';

/**
 * The listener's bookmarks and highlights, for any feature to read and write:
 *
 *   import { notes, useNotes, useCallNotes } from '../../lib/notes/index.ts';
 *   await notes.put(item);                      // rejects with a NotesError it also shows
 *   const { items, mode, problem } = useNotes();
 *   const here = useCallNotes({ audioId });     // one call's items, in time order
 */
export * from './model.ts';
export * from './highlights.ts';
export { noteCallOf } from './call.ts';
export { IMPORT_STEP, NotesError, type ImportProgress, type ImportResult, type NotesMode, type NotesSnapshot, type NotesStore } from './store.ts';

let store: NotesStore | undefined;

/** The app's one notes store (opened on first use). */
export function notesStore(): NotesStore {
  store ??= createNotesStore();
  return store;
}

/** Tests: a fresh store (e.g. over another IndexedDB), or back to the default on next use. */
export function setNotesStore(next: NotesStore | undefined): void {
  store?.close();
  store = next;
}

export const notes = {
  put: (item: NoteItem) => notesStore().put(item),
  remove: (id: string) => notesStore().remove(id),
  importItems: (items: readonly NoteItem[], options?: { onProgress?: (progress: ImportProgress) => void }) => notesStore().importItems(items, options),
  dismissProblem: () => notesStore().dismissProblem(),
  getSnapshot: () => notesStore().getSnapshot(),
};

/** Every item, newest change first, with where they are kept and what went wrong last. */
export function useNotes(): NotesSnapshot {
  const current = notesStore();
  useEffect(() => {
    void current.ready();
  }, [current]);
  return useSyncExternalStore(current.subscribe, current.getSnapshot, current.getSnapshot);
}

/**
 * One call's items in the order they happen. By its recording (`audioId`, with its `eventId`):
 * that recording's items, and the call's items kept before it had one (a highlight made in the
 * document viewer), which are anchored by the same times. By its event alone: all of them.
 */
export function useCallNotes(where: { audioId?: number; eventId?: number }): NoteItem[] {
  const { items } = useNotes();
  const { audioId, eventId } = where;
  return useMemo(
    () =>
      items
        .filter((item) =>
          audioId !== undefined
            ? item.call.audioId === audioId || (item.call.audioId === undefined && eventId !== undefined && item.call.eventId === eventId)
            : eventId !== undefined && item.call.eventId === eventId,
        )
        .sort(byTimeInCall),
    [items, audioId, eventId],
  );
}
