import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { formatDuration as clock } from '../../lib/format.ts';
import { usePlayer, type PlayerSource } from '../../lib/player/index.ts';
import { cleanNote, newItemId, noteCallOf, notes, NotesError, type Bookmark } from '../../lib/notes/index.ts';

/**
 * Bookmarks while listening: `B` (or the player's bookmark button) keeps the moment at once, then
 * offers a line for a note. Playback never stops; Enter keeps the note, Escape leaves the bookmark
 * without one, and focus goes back where it was.
 */

export type BookmarkOutcome = { ok: true; bookmark: Bookmark } | { ok: false; message: string };

/** Keeps a bookmark at `at` seconds in what is playing. */
export async function addBookmark(source: PlayerSource | null, at: number): Promise<BookmarkOutcome> {
  if (!source) return { ok: false, message: 'Nothing is playing to bookmark.' };
  const call = noteCallOf(source);
  if (!call) return { ok: false, message: 'This stream does not say which call it is, so it cannot be bookmarked.' };
  const now = new Date().toISOString();
  const bookmark: Bookmark = {
    id: newItemId(),
    kind: 'bookmark',
    call,
    at: Number.isFinite(at) ? Math.max(0, Math.round(at * 10) / 10) : 0,
    note: '',
    createdAt: now,
    updatedAt: now,
  };
  try {
    await notes.put(bookmark);
    return { ok: true, bookmark };
  } catch (error) {
    return { ok: false, message: error instanceof NotesError ? error.message : 'The bookmark could not be kept.' };
  }
}

/** The note line under the player for the bookmark just made. */
export function BookmarkNote({ bookmark, onClose }: { bookmark: Bookmark; onClose: (said: string) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const player = usePlayer();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus({ preventScroll: true });
    return () => {
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  const save = async () => {
    const note = cleanNote(text);
    if (!note) {
      onClose(`Bookmark kept at ${clock(bookmark.at)}.`);
      return;
    }
    try {
      await notes.put({ ...bookmark, note, updatedAt: new Date().toISOString() });
      onClose(`Bookmark kept at ${clock(bookmark.at)} with your note.`);
    } catch (error) {
      setProblem(error instanceof NotesError ? error.message : 'The note could not be kept.');
    }
  };

  return (
    <form
      aria-label={`Note for the bookmark at ${clock(bookmark.at)}`}
      className="mt-1.5 flex flex-wrap items-center gap-2 rounded-md border border-accent-600/40 bg-accent-50 px-2 py-1.5 text-sm dark:bg-accent-950/40"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={`bookmark-note-${bookmark.id}`} className="shrink-0 font-medium">
        Bookmarked {clock(bookmark.at)}. Note
      </label>
      <input
        ref={input}
        id={`bookmark-note-${bookmark.id}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose(`Bookmark kept at ${clock(bookmark.at)}.`);
          }
        }}
        maxLength={4000}
        placeholder={player.getState().playing ? 'Type while it plays; Enter keeps it' : 'Optional; Enter keeps it'}
        className="h-8 min-w-0 flex-1 basis-40 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <Button type="submit" variant="primary" size="sm">
        Keep note
      </Button>
      <Button type="button" size="sm" onClick={() => onClose(`Bookmark kept at ${clock(bookmark.at)}.`)}>
        Skip
      </Button>
      {problem && (
        <p role="alert" className="w-full text-xs text-red-800 dark:text-red-200">
          {problem}
        </p>
      )}
    </form>
  );
}
