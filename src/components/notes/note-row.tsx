import { useCallback, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { formatDuration } from '../../lib/format.ts';
import { cleanNote, COLOR_NAMES, NOTE_COLORS, NOTE_MAX, notes, NotesError, SWATCH_CLASSES, type NoteColor, type NoteItem } from '../../lib/notes/index.ts';
import { itemUrl, quoteClipboard } from '../../lib/notes/quote.ts';
import { NoRecordingError, usePlayCall } from '../use-play-call.ts';

/**
 * One bookmark or highlight, wherever they are listed (beside a recording, in My notes): play it,
 * read its quote and note, edit the note (and a highlight's colour), copy it, delete it (with
 * Undo). A note is text: whatever it holds is shown as typed.
 */

export function itemTime(item: NoteItem): string {
  return item.kind === 'bookmark' ? formatDuration(item.at) : `${formatDuration(item.start)}–${formatDuration(item.end)}`;
}

export function itemName(item: NoteItem): string {
  return item.kind === 'bookmark' ? `bookmark at ${formatDuration(item.at)}` : `highlight at ${formatDuration(item.start)}`;
}

export function NoteRow({
  item,
  announce,
  onEditingChange,
}: {
  item: NoteItem;
  announce: (text: string, undo?: NoteItem) => void;
  /** Hears when the note's editor opens and closes (a long list keeps a row being edited in the document). */
  onEditingChange?: (editing: boolean) => void;
}) {
  const play = usePlayCall();
  const [editing, setEditingState] = useState(false);
  const setEditing = (next: boolean) => {
    setEditingState(next);
    onEditingChange?.(next);
  };
  const [draft, setDraft] = useState(item.note);
  const [color, setColor] = useState<NoteColor>(item.kind === 'highlight' ? item.color : 'yellow');
  const [problem, setProblem] = useState<string>();
  /** Why ▶ plays nothing yet (no recording, the call still being processed): said calmly, not as a failure. */
  const [notYet, setNotYet] = useState<string>();
  const name = itemName(item);

  const onPlay = async () => {
    setProblem(undefined);
    setNotYet(undefined);
    try {
      if (item.kind === 'bookmark') await play({ ...item.call }, item.at);
      else await play({ ...item.call }, item.start, item.end);
    } catch (error) {
      if (error instanceof NoRecordingError) setNotYet(error.message);
      else setProblem(`The recording could not be loaded: ${(error as Error).message}`);
    }
  };

  const save = async () => {
    const next: NoteItem = { ...item, note: cleanNote(draft), updatedAt: new Date().toISOString(), ...(item.kind === 'highlight' ? { color } : {}) };
    try {
      await notes.put(next);
      setEditing(false);
      announce(`Saved the ${name}.`);
    } catch (error) {
      setProblem(error instanceof NotesError ? error.message : 'The change could not be kept.');
    }
  };

  const remove = async () => {
    try {
      await notes.remove(item.id);
      announce(`Deleted the ${name}.`, item);
    } catch (error) {
      setProblem(error instanceof NotesError ? error.message : 'It could not be deleted.');
    }
  };

  const copy = async () => {
    const link = itemUrl(window.location.origin, item);
    if (item.kind === 'highlight') {
      const { text, html } = quoteClipboard({ text: item.quote, speaker: item.speaker, start: item.start, end: item.end, sentences: 1 }, item.call, link);
      announce((await copyToClipboard(text, html)) ? 'Quote copied.' : `The browser refused the clipboard; copy this: ${text}`);
    } else {
      const text = item.note ? `${item.note}\n${link}` : link;
      announce((await copyToClipboard(text)) ? 'Link copied.' : `The browser refused the clipboard; copy this: ${text}`);
    }
  };

  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 py-2">
      <button
        type="button"
        onClick={() => void onPlay()}
        aria-label={item.kind === 'bookmark' ? `Play from ${formatDuration(item.at)}` : `Play highlight ${itemTime(item)}`}
        title={item.kind === 'bookmark' ? 'Play from here' : 'Play just this'}
        className="tabular inline-flex h-8 items-center gap-1 self-start rounded-md px-2 text-xs font-medium text-accent-700 ring-1 ring-accent-600/30 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-accent-950/40"
      >
        <span aria-hidden="true">▶</span> {itemTime(item)}
      </button>
      <div className="min-w-0 space-y-1 text-sm">
        {item.kind === 'highlight' && (
          <blockquote className="flex gap-2">
            <span aria-hidden="true" className={`mt-1 h-3 w-1.5 shrink-0 rounded-full ${SWATCH_CLASSES[item.color]}`} />
            <span className="min-w-0">
              <span className="sr-only">{COLOR_NAMES[item.color]} highlight: </span>“{item.quote}”
              {item.speaker && <span className="block text-xs text-slate-600 dark:text-slate-400">— {item.speaker}</span>}
            </span>
          </blockquote>
        )}
        {editing ? (
          <form
            aria-label={`Edit the ${name}`}
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <label className="block text-xs font-medium">
              Note
              <textarea
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    setEditing(false);
                  }
                }}
                maxLength={NOTE_MAX}
                rows={3}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
            {item.kind === 'highlight' && (
              <fieldset className="flex flex-wrap items-center gap-2 text-xs">
                <legend className="sr-only">Colour</legend>
                {NOTE_COLORS.map((option) => (
                  <label key={option} className="inline-flex items-center gap-1">
                    <input type="radio" name={`colour-${item.id}`} value={option} checked={color === option} onChange={() => setColor(option)} />
                    <span aria-hidden="true" className={`h-3 w-3 rounded-full ${SWATCH_CLASSES[option]}`} />
                    {COLOR_NAMES[option]}
                  </label>
                ))}
              </fieldset>
            )}
            <div className="flex gap-2">
              <Button type="submit" variant="primary" size="xs">
                Save
              </Button>
              <Button type="button" size="xs" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          item.note && <p className="whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">{item.note}</p>
        )}
        {!editing && (
          <div className="flex flex-wrap gap-1">
            <Button
              size="xs"
              variant="quiet"
              onClick={() => {
                setDraft(item.note);
                setEditing(true);
              }}
              aria-label={`${item.note ? 'Edit the note of' : 'Add a note to'} the ${name}`}
            >
              {item.note ? 'Edit note' : 'Add note'}
            </Button>
            <Button
              size="xs"
              variant="quiet"
              onClick={() => void copy()}
              aria-label={item.kind === 'highlight' ? `Copy the quote of the ${name}` : `Copy a link to the ${name}`}
            >
              {item.kind === 'highlight' ? 'Copy quote' : 'Copy link'}
            </Button>
            <Button size="xs" variant="quiet" onClick={() => void remove()} aria-label={`Delete the ${name}`}>
              Delete
            </Button>
          </div>
        )}
        {notYet && (
          <p role="status" className="text-xs text-slate-700 dark:text-slate-300">
            {notYet}
          </p>
        )}
        {problem && (
          <p role="alert" className="text-xs text-red-800 dark:text-red-200">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The status line under a list of notes: what was done, and Undo after a delete (the item is put
 * back as it was). `announce(text, deleted?)` is what the list's rows call.
 */
export function useNotesStatus() {
  const [said, setSaid] = useState('');
  const [undo, setUndo] = useState<NoteItem>();
  const announce = useCallback((text: string, deleted?: NoteItem) => {
    setSaid(text);
    setUndo(deleted);
  }, []);
  const restore = () => {
    if (!undo) return;
    void notes.put(undo).then(
      () => announce('Restored.'),
      () => announce('It could not be restored.'),
    );
  };
  const status = (
    <div role="status" className={said ? 'flex flex-wrap items-center gap-2 px-1 py-1 text-xs text-slate-700 dark:text-slate-300' : 'sr-only'}>
      {said}
      {undo && (
        <Button size="xs" onClick={restore}>
          Undo
        </Button>
      )}
    </div>
  );
  return { announce, status };
}
