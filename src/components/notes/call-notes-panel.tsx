import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';
import { textLinkClass } from '../ui/text-link.ts';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { formatDuration } from '../../lib/format.ts';
import { useCallNotes, useNotes, type Bookmark } from '../../lib/notes/index.ts';
import { sourceClipUrl } from '../../lib/notes/quote.ts';
import { usePlayer, type PlayerSource } from '../../lib/player/index.ts';
import { NoteRow, useNotesStatus } from './note-row.tsx';

/**
 * The listener's bookmarks and highlights of one call (a recording, or a call being streamed), in
 * the order they happen; and a clip between two bookmarks.
 */
export function CallNotesPanel({ source }: { source: PlayerSource }) {
  const items = useCallNotes({ audioId: source.kind === 'recording' ? source.audioId : undefined, eventId: source.eventId });
  const { mode, problem } = useNotes();
  const { announce, status } = useNotesStatus();
  const bookmarks = items.filter((item): item is Bookmark => item.kind === 'bookmark');

  return (
    <div className="space-y-2 px-4 py-3">
      {mode === 'memory' && problem && (
        <p className="rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">{problem}</p>
      )}
      {mode !== 'memory' && problem && (
        <p role="alert" className="text-xs text-red-800 dark:text-red-200">
          {problem}
        </p>
      )}
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Press <kbd className="rounded border border-slate-300 px-1 text-xs dark:border-slate-600">B</kbd> while listening to bookmark a moment; select
          sentences of the transcript to highlight them.
        </p>
      ) : (
        <ol aria-label="Bookmarks and highlights" className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <li key={item.id}>
              <NoteRow item={item} announce={announce} />
            </li>
          ))}
        </ol>
      )}
      {bookmarks.length >= 2 && <ClipBetween source={source} bookmarks={bookmarks} announce={announce} />}
      {status}
      <p className="text-xs">
        <Link to="/notes" className={textLinkClass()}>
          All my notes
        </Link>
      </p>
    </div>
  );
}

function ClipBetween({ source, bookmarks, announce }: { source: PlayerSource; bookmarks: Bookmark[]; announce: (text: string) => void }) {
  const player = usePlayer();
  const [fromChoice, setFrom] = useState(bookmarks[0]!.id);
  const [toChoice, setTo] = useState(bookmarks[1]!.id);
  // A chosen bookmark since deleted: the list shows (and the clip uses) the first or second one.
  const from = bookmarks.some((item) => item.id === fromChoice) ? fromChoice : bookmarks[0]!.id;
  const to = bookmarks.some((item) => item.id === toChoice) ? toChoice : bookmarks[1]!.id;
  const start = bookmarks.find((item) => item.id === from)?.at;
  const end = bookmarks.find((item) => item.id === to)?.at;
  const valid = start !== undefined && end !== undefined && end > start;
  const label = (item: Bookmark) => `${formatDuration(item.at)}${item.note ? ` · ${item.note.slice(0, 40)}` : ''}`;

  return (
    <fieldset className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
      <legend className="px-1 text-xs font-medium">Clip between two bookmarks</legend>
      <div className="flex flex-wrap items-end gap-2">
        {(
          [
            ['From', from, setFrom],
            ['To', to, setTo],
          ] as const
        ).map(([name, value, choose]) => (
          <Select key={name} label={name} value={value} onChange={(event) => choose(event.target.value)}>
            {bookmarks.map((item) => (
              <option key={item.id} value={item.id}>
                {label(item)}
              </option>
            ))}
          </Select>
        ))}
        <Button
          size="sm"
          disabled={!valid}
          onClick={() => {
            if (!valid) return;
            if (player.getState().source?.key === source.key) player.playClip({ start, end });
            else player.load(source, { startAt: start, endAt: end });
          }}
        >
          Play clip
        </Button>
        <Button
          size="sm"
          disabled={!valid}
          onClick={async () => {
            if (!valid) return;
            const link = sourceClipUrl(window.location.origin, source, start, end);
            announce((await copyToClipboard(link)) ? `Clip link copied: ${link}` : `Copy this link: ${link}`);
          }}
        >
          Copy clip link
        </Button>
      </div>
      {!valid && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Pick a later bookmark for “To”.</p>}
    </fieldset>
  );
}
