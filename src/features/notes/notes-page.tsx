import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { saveText } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { notes, notesFile, parseNotesFile, useNotes, type NoteItem } from '../../lib/notes/index.ts';
import { groupNotes, notesFileName, notesToCsv, notesToMarkdown } from '../../lib/notes/export.ts';
import { NoteRow, useNotesStatus } from '../../components/notes/note-row.tsx';
import type { NotesAddress } from './notes-address.ts';

/**
 * My notes: every bookmark and highlight across calls, grouped by company and call, searchable,
 * each one click from hearing it; exports as a morning note (Markdown) and CSV, and the whole
 * store as a file to move to another browser (export and import).
 */

/** Whether an item holds every word of the search (in its note, quote, speaker, company or call). */
export function matchesNotes(item: NoteItem, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [item.note, item.call.company, item.call.event, item.kind === 'highlight' ? `${item.quote} ${item.speaker ?? ''}` : ''].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

export function NotesPage({ address, onNavigate }: { address: NotesAddress; onNavigate: (next: NotesAddress) => void }) {
  const { items, mode, problem } = useNotes();
  const [text, setText] = useState(address.q ?? '');
  const query = useDeferredValue(text);
  const { announce, status } = useNotesStatus();
  const fileInput = useRef<HTMLInputElement>(null);
  const kind = address.kind ?? 'all';

  const shown = useMemo(() => items.filter((item) => (kind === 'all' || item.kind === kind) && matchesNotes(item, query)), [items, kind, query]);
  const groups = useMemo(() => groupNotes(shown), [shown]);
  const origin = window.location.origin;

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseNotesFile(await file.text());
    if (!parsed.ok) {
      announce(parsed.error);
      return;
    }
    try {
      const result = await notes.importItems(parsed.items);
      announce(`Imported ${file.name}: ${result.added} new, ${result.updated} updated, ${result.unchanged} already here.`);
    } catch (error) {
      announce((error as Error).message);
    }
  };

  const now = new Date();
  const count = `${shown.length} ${shown.length === 1 ? 'note' : 'notes'}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-lg font-semibold tracking-tight">My notes</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {mode === 'saved' ? 'Kept in this browser only.' : mode === 'memory' ? 'Kept until this tab closes.' : 'Reading your notes…'}
        </p>
      </div>
      {mode === 'memory' && problem && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          {problem}
        </p>
      )}
      {mode === 'saved' && problem && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
        >
          {problem}
          <Button size="xs" onClick={() => notes.dismissProblem()}>
            Dismiss
          </Button>
        </div>
      )}

      <div className="flex flex-wrap items-end gap-3">
        <TextInput
          label="Search my notes"
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onNavigate({ ...address, q: event.target.value.trim() || undefined });
          }}
          placeholder="A word from a note, a quote, a company…"
          className="min-w-0 flex-1 basis-full sm:basis-auto sm:max-w-md"
        />
        <Select
          label="Show"
          value={kind}
          onChange={(event) => onNavigate({ ...address, kind: event.target.value === 'all' ? undefined : (event.target.value as NotesAddress['kind']) })}
        >
          <option value="all">Bookmarks and highlights</option>
          <option value="bookmark">Bookmarks</option>
          <option value="highlight">Highlights</option>
        </Select>
      </div>

      <div role="group" aria-label="Export and import" className="flex flex-wrap items-center gap-2">
        <Button
          disabled={shown.length === 0}
          onClick={() =>
            saveText(notesToMarkdown(shown, { origin, title: `Notes from earnings calls, ${formatDate(now)}` }), notesFileName(now, 'md'), 'text/markdown')
          }
        >
          Export as Markdown
        </Button>
        <Button disabled={shown.length === 0} onClick={() => saveText(notesToCsv(shown, { origin }), notesFileName(now, 'csv'), 'text/csv')}>
          Export as CSV
        </Button>
        <Button
          disabled={items.length === 0}
          onClick={() => saveText(`${JSON.stringify(notesFile(items, now), null, 2)}\n`, notesFileName(now, 'json'), 'application/json')}
        >
          Export all (JSON)
        </Button>
        <Button onClick={() => fileInput.current?.click()}>Import notes file…</Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label="Notes file to import"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            void onImport(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {status}

      {items.length === 0 && mode !== 'loading' ? (
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-8 text-center text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <p className="font-medium">No notes yet.</p>
          <p className="mt-1">
            While a recording plays, press <kbd className="rounded border border-slate-300 px-1 text-xs dark:border-slate-600">B</kbd> to bookmark the moment;
            on a recording’s page, select sentences of the transcript to highlight them.{' '}
            <Link to="/recordings" className={textLinkClass({ underlined: true })}>
              Browse recordings
            </Link>
          </p>
        </div>
      ) : shown.length === 0 && mode !== 'loading' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No notes match {query ? `“${query}”` : 'this choice'}.</p>
      ) : (
        <div className="space-y-4">
          <p className="sr-only" aria-live="polite">
            {count}
          </p>
          {groups.map((group) => (
            <section
              key={group.company}
              aria-label={group.company}
              className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="border-b border-slate-200 px-4 py-2.5 text-sm font-semibold dark:border-slate-800">{group.company}</h2>
              {group.calls.map((call) => (
                <div key={call.key} className="border-b border-slate-100 px-4 py-2 last:border-b-0 dark:border-slate-800">
                  <h3 className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    {call.audioId !== undefined ? (
                      <Link to="/recordings/$audioId" params={{ audioId: call.audioId }} search={{}} className={textLinkClass()}>
                        {call.event}
                      </Link>
                    ) : (
                      <Link to="/events/$eventId" params={{ eventId: call.eventId }} className={textLinkClass()}>
                        {call.event}
                      </Link>
                    )}
                    {call.date && <span className="text-xs text-slate-600 dark:text-slate-400">{formatDate(call.date)}</span>}
                  </h3>
                  <ol aria-label={`Notes on ${group.company}, ${call.event}`} className="divide-y divide-slate-100 dark:divide-slate-800">
                    {call.items.map((item) => (
                      <li key={item.id}>
                        <NoteRow item={item} announce={announce} />
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
