import { Link } from '@tanstack/react-router';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { saveText } from '../../lib/download.ts';
import { formatDate } from '../../lib/format.ts';
import { notes, notesFile, readNotesFile, useNotes, type NoteItem } from '../../lib/notes/index.ts';
import { groupNotes, notesFileName, notesToCsv, notesToMarkdown, type NotesGroup } from '../../lib/notes/export.ts';
import { useListOffset } from '../../lib/use-list-offset.ts';
import { NoteRow, useNotesStatus } from '../../components/notes/note-row.tsx';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { parseNotesAddress, type NotesAddress } from './notes-address.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/**
 * My notes: every bookmark and highlight across calls, grouped by company and call, searchable,
 * each one click from hearing it; exports as a morning note (Markdown) and CSV, and the whole
 * store as a file to move to another browser (export and import).
 *
 * Built for the importer's limit (100,000 items): only the rows on screen are in the document
 * (window-virtualized, each row measured, as search results are), the search runs on each item's
 * text lowercased once and behind the typing (a deferred value), and an import is read and
 * written in steps with its progress said.
 */

/** Each item's searchable text (note, quote, speaker, company, call), lowercased once per item. */
const searchTexts = new WeakMap<NoteItem, string>();
function searchText(item: NoteItem): string {
  let text = searchTexts.get(item);
  if (text === undefined) {
    text = [item.note, item.call.company, item.call.event, item.kind === 'highlight' ? `${item.quote} ${item.speaker ?? ''}` : ''].join(' ').toLowerCase();
    searchTexts.set(item, text);
  }
  return text;
}

/** Whether an item holds every word of the search (in its note, quote, speaker, company or call). */
export function matchesNotes(item: NoteItem, query: string): boolean {
  return matchesWords(item, searchWords(query));
}

const searchWords = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);
function matchesWords(item: NoteItem, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = searchText(item);
  return words.every((word) => text.includes(word));
}

export function NotesPage({ address, onNavigate }: { address: NotesAddress; onNavigate: (next: NotesAddress) => void }) {
  usePageTitle('My notes');
  const { items, mode, problem } = useNotes();
  // A kind the page cannot use shows every kind and is named.
  const { q, kind, dropped } = parseNotesAddress(address);
  const [text, setText] = useState(q);
  const query = useDeferredValue(text);
  const { announce, status } = useNotesStatus();
  const fileInput = useRef<HTMLInputElement>(null);

  // Grouped and ordered once per change of the notes or the kind; a search only walks that order.
  const ordered = useMemo(() => inOrder(groupNotes(kind === 'all' ? items : items.filter((item) => item.kind === kind))), [items, kind]);
  const matched = useMemo(() => {
    const words = searchWords(query);
    return words.length === 0 ? ordered : ordered.filter((entry) => matchesWords(entry.item, words));
  }, [ordered, query]);
  const shown = useMemo(() => matched.map((entry) => entry.item), [matched]);
  const rows = useMemo(() => toRows(matched), [matched]);
  const origin = window.location.origin;

  const [importing, setImporting] = useState<string>();
  const onImport = async (file: File | undefined) => {
    if (!file) return;
    setImporting(`Reading ${file.name}…`);
    try {
      const parsed = await readNotesFile(await file.text(), ({ checked, total }) =>
        setImporting(`Checking ${file.name}: ${checked.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} notes…`),
      );
      if (!parsed.ok) {
        announce(parsed.error);
        return;
      }
      const result = await notes.importItems(parsed.items, {
        onProgress: ({ written, total }) =>
          setImporting(`Importing ${file.name}: ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} notes written…`),
      });
      announce(
        `Imported ${file.name}: ${result.added.toLocaleString('en-US')} new, ${result.updated.toLocaleString('en-US')} updated, ${result.unchanged.toLocaleString('en-US')} already here.`,
      );
    } catch (error) {
      announce((error as Error).message);
    } finally {
      setImporting(undefined);
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
            onNavigate({ kind: kind === 'all' ? undefined : kind, q: event.target.value.trim() || undefined });
          }}
          placeholder="A word from a note, a quote, a company…"
          className="min-w-0 flex-1 basis-full sm:basis-auto sm:max-w-md"
        />
        <Select
          label="Show"
          value={kind}
          onChange={(event) => onNavigate({ q: q || undefined, kind: event.target.value === 'all' ? undefined : event.target.value })}
        >
          <option value="all">Bookmarks and highlights</option>
          <option value="bookmark">Bookmarks</option>
          <option value="highlight">Highlights</option>
        </Select>
      </div>
      <DroppedFiltersNotice dropped={dropped} className="rounded-md border" />

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
        <Button disabled={importing !== undefined} onClick={() => fileInput.current?.click()}>
          Import notes file…
        </Button>
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
      {importing ? (
        <p role="status" className="px-1 py-1 text-xs text-slate-700 dark:text-slate-300">
          {importing} Keep this tab open: an import is kept whole or not at all.
        </p>
      ) : (
        status
      )}

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
        <div>
          <p className="sr-only" aria-live="polite">
            {count}
          </p>
          <NotesList rows={rows} announce={announce} />
        </div>
      )}
    </div>
  );
}

type Row =
  | { kind: 'company'; key: string; company: string; last: boolean }
  | { kind: 'call'; key: string; company: string; call: Call; companyRow: number }
  | {
      kind: 'item';
      key: string;
      company: string;
      call: NotesGroup['calls'][number];
      item: NoteItem;
      companyRow: number;
      callRow: number;
      first: boolean;
      lastInCall: boolean;
      lastInCompany: boolean;
    };

type Call = NotesGroup['calls'][number];
interface Entry {
  company: string;
  call: Call;
  item: NoteItem;
}

/** Every item in the order the page shows them (companies by name, calls newest first, items in time order). */
function inOrder(groups: readonly NotesGroup[]): Entry[] {
  return groups.flatMap((group) => group.calls.flatMap((call) => call.items.map((item) => ({ company: group.company, call, item }))));
}

/** Items in order as rows: a company's heading, each call's heading, each item; every row knows its headings. */
function toRows(entries: readonly Entry[]): Row[] {
  const rows: Row[] = [];
  let companyRow = -1;
  let callRow = -1;
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    const next = entries[index + 1];
    if (previous?.company !== entry.company) {
      companyRow = rows.length;
      rows.push({ kind: 'company', key: `company:${entry.company}`, company: entry.company, last: false });
    }
    const newCall = previous?.company !== entry.company || previous.call.key !== entry.call.key;
    if (newCall) {
      callRow = rows.length;
      rows.push({ kind: 'call', key: `call:${entry.company}:${entry.call.key}`, company: entry.company, call: entry.call, companyRow });
    }
    const lastInCompany = next?.company !== entry.company;
    rows.push({
      kind: 'item',
      key: entry.item.id,
      company: entry.company,
      call: entry.call,
      item: entry.item,
      companyRow,
      callRow,
      first: newCall,
      lastInCall: lastInCompany || next?.call.key !== entry.call.key,
      lastInCompany,
    });
  });
  return rows;
}

/** A first guess at a row's height (px) before it is measured: a note's lines and a quote's lines. */
function estimate(row: Row | undefined): number {
  if (!row) return 80;
  if (row.kind === 'company') return 42;
  if (row.kind === 'call') return 34;
  const lines = (text: string) => Math.ceil(text.length / 80);
  const item = row.item;
  return (
    56 +
    (item.note ? 20 * lines(item.note) : 0) +
    (item.kind === 'highlight' ? 20 * lines(item.quote) + (item.speaker ? 16 : 0) : 0) +
    (row.lastInCompany ? 18 : 0)
  );
}

const card = 'border-x border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

/**
 * The notes as the page has always shown them (a region per company, a heading per call, a list
 * of its items), with only the rows near the screen in the document. Each shown row sits where
 * the rows before it would end (its top margin spans the rows left out), so a company's region
 * and a call's list hold the shown rows, under their headings, which are always in the document
 * with them. A row being edited, or holding the focus, stays in the document wherever it is.
 */
function NotesList({ rows, announce }: { rows: readonly Row[]; announce: (text: string, undo?: NoteItem) => void }) {
  const { ref, offset } = useListOffset<HTMLDivElement>();
  const [pinned, setPinned] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string>();
  const keep = useMemo(() => {
    const wanted = new Set([...pinned, ...(focused ? [focused] : [])]);
    const indexes: number[] = [];
    if (wanted.size > 0) rows.forEach((row, index) => wanted.has(row.key) && indexes.push(index));
    return indexes;
  }, [rows, pinned, focused]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      const first = rows[range.startIndex];
      // The first row on screen keeps its company's and call's headings in the document.
      if (first && first.kind !== 'company') indexes.add(first.companyRow);
      if (first?.kind === 'item') indexes.add(first.callRow);
      for (const index of keep) indexes.add(index);
      return [...indexes].filter((index) => index < rows.length).sort((a, b) => a - b);
    },
    [rows, keep],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => estimate(rows[index]),
    // Stable while the rows are: a new one makes the virtualizer lay out every row again.
    getItemKey,
    overscan: 6,
    scrollMargin: offset,
    scrollPaddingStart: 72,
    rangeExtractor,
    // jsdom lays nothing out: an element without a height keeps its estimate.
    measureElement: (element, _entry, instance) => element.getBoundingClientRect().height || estimate(rows[instance.indexFromElement(element)]),
  });
  const onEditingChange = useCallback((key: string, editing: boolean) => {
    setPinned((before) => {
      const next = new Set(before);
      if (editing) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  // The shown rows, nested as the page shows them: company → call → items; each with its top margin.
  const shown = virtualizer.getVirtualItems();
  const sections: {
    company: string;
    parts: { header?: ReactNode; calls: { key: string; header?: ReactNode; call: Row & { kind: 'call' | 'item' }; items: ReactNode[] }[] };
  }[] = [];
  let end = virtualizer.options.scrollMargin;
  for (const virtual of shown) {
    const row = rows[virtual.index];
    if (!row) continue;
    const rowProps = {
      'data-index': virtual.index,
      ref: virtualizer.measureElement,
      style: { marginTop: Math.max(0, virtual.start - end) },
    };
    end = virtual.end;
    let section = sections.at(-1);
    if (!section || section.company !== row.company) {
      section = { company: row.company, parts: { calls: [] } };
      sections.push(section);
    }
    if (row.kind === 'company') {
      section.parts.header = (
        <div key={row.key} {...rowProps}>
          <h2 className={`${card} rounded-t-lg border-b border-t px-4 py-2.5 text-sm font-semibold ${row.last ? 'rounded-b-lg border-b' : ''}`}>
            {row.company}
          </h2>
        </div>
      );
      continue;
    }
    let call = section.parts.calls.at(-1);
    if (!call || call.key !== row.call.key) {
      call = { key: row.call.key, call: row, items: [] };
      section.parts.calls.push(call);
    }
    if (row.kind === 'call') {
      call.header = (
        <div key={row.key} {...rowProps}>
          <h3 className={`${card} flex flex-wrap items-baseline gap-x-2 px-4 pt-2 text-sm`}>
            {row.call.audioId !== undefined ? (
              <Link to="/recordings/$audioId" params={{ audioId: row.call.audioId }} search={{}} className={textLinkClass()}>
                {row.call.event}
              </Link>
            ) : (
              <Link to="/events/$eventId" params={{ eventId: row.call.eventId }} className={textLinkClass()}>
                {row.call.event}
              </Link>
            )}
            {row.call.date && <span className="text-xs text-slate-600 dark:text-slate-400">{formatDate(row.call.date)}</span>}
          </h3>
        </div>
      );
      continue;
    }
    const key = row.key;
    call.items.push(
      <li key={key} {...rowProps} className={row.lastInCompany ? 'pb-4' : undefined}>
        <div
          className={`${card} px-4 ${row.first ? '' : 'border-t-slate-100 dark:border-t-slate-800'} ${row.first ? '' : 'border-t'} ${
            row.lastInCompany ? 'rounded-b-lg border-b pb-2' : row.lastInCall ? 'border-b border-b-slate-100 pb-2 dark:border-b-slate-800' : ''
          }`}
        >
          <NoteRow item={row.item} announce={announce} onEditingChange={(editing) => onEditingChange(key, editing)} />
        </div>
      </li>,
    );
  }

  return (
    <div
      ref={ref}
      className="flow-root"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        const index = row ? Number(row.dataset.index) : NaN;
        setFocused(rows[index]?.key);
      }}
    >
      {sections.map((section) => (
        <section key={section.company} aria-label={section.company}>
          {section.parts.header}
          {section.parts.calls.map((call) => (
            <div key={call.key}>
              {call.header}
              {call.items.length > 0 && <ol aria-label={`Notes on ${section.company}, ${call.call.call.event}`}>{call.items}</ol>}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
