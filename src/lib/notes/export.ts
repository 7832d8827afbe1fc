import { toCsv } from '../csv.ts';
import { readableFileName } from '../file-name.ts';
import { formatDuration } from '../format.ts';
import { escapeMarkdown } from '../transcript/export.ts';
import { byTimeInCall, type NoteItem } from './model.ts';
import { itemUrl } from './quote.ts';

/**
 * Notes as files to keep: Markdown that reads as a morning note (each company, each call, each
 * moment with its time, speaker, quote, note and a link that plays it) and CSV with the same
 * facts in columns. Both group the items the way My notes shows them.
 */

export interface NotesGroup {
  company: string;
  calls: { key: string; event: string; date?: string; audioId?: number; eventId: number; items: NoteItem[] }[];
}

/** Companies by name, their calls newest first, each call's items in time order. */
export function groupNotes(items: readonly NoteItem[]): NotesGroup[] {
  const companies = new Map<string, Map<string, NotesGroup['calls'][number]>>();
  for (const item of items) {
    const company = item.call.company || `Company ${item.call.companyId ?? ''}`.trim();
    const calls = companies.get(company) ?? new Map();
    companies.set(company, calls);
    const key = `${item.call.eventId}`;
    const call = calls.get(key) ?? { key, event: item.call.event, date: item.call.date, audioId: item.call.audioId, eventId: item.call.eventId, items: [] };
    // A call's items kept while it was live have no recording; one kept on its recording names it for all.
    call.audioId ??= item.call.audioId;
    call.date ??= item.call.date;
    call.items.push(item);
    calls.set(key, call);
  }
  return [...companies.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([company, calls]) => ({
      company,
      calls: [...calls.values()]
        .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.eventId - a.eventId)
        .map((call) => ({ ...call, items: [...call.items].sort(byTimeInCall) })),
    }));
}

function day(value: string | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : value;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function time(item: NoteItem): string {
  return item.kind === 'bookmark' ? formatDuration(item.at) : `${formatDuration(item.start)}–${formatDuration(item.end)}`;
}

/** `Ana Ruiz (CFO, Acme): “…”`, or the quote alone when nobody is named. */
function quoteLine(speaker: string | undefined, text: string): string {
  return `${speaker ? `${escapeMarkdown(speaker)}: ` : ''}“${escapeMarkdown(oneLine(text))}”`;
}

/** Who said a highlight: its one speaker, or each speaker in turn. */
function speakersOf(item: NoteItem): string {
  if (item.kind !== 'highlight') return '';
  if (item.parts && item.parts.length > 1) return [...new Set(item.parts.map((part) => part.speaker))].join('; ');
  return item.speaker ?? '';
}

/** A morning note: `# Notes`, a heading per company and call, a bullet per moment. */
export function notesToMarkdown(items: readonly NoteItem[], options: { origin: string; title?: string }): string {
  const lines = [`# ${escapeMarkdown(options.title ?? 'Notes from earnings calls')}`, ''];
  for (const group of groupNotes(items)) {
    lines.push(`## ${escapeMarkdown(group.company)}`, '');
    for (const call of group.calls) {
      lines.push(`### ${escapeMarkdown(call.event)}${call.date ? ` (${day(call.date)})` : ''}`, '');
      for (const item of call.items) {
        const link = `[${item.kind === 'bookmark' ? 'Listen' : 'Play clip'}](${itemUrl(options.origin, item)})`;
        if (item.kind === 'highlight' && item.parts && item.parts.length > 1) {
          // Two speakers or more: one quote each, under the highlight's time and link.
          lines.push(`- **${time(item)}** ${link}`);
          for (const part of item.parts) lines.push(`  - ${quoteLine(part.speaker, part.text)}`);
        } else if (item.kind === 'highlight') {
          lines.push(`- **${time(item)}** ${quoteLine(item.speaker, item.quote)} ${link}`);
        } else {
          lines.push(`- **${time(item)}** ${link}`);
        }
        if (item.note) lines.push(...item.note.split('\n').map((line) => `  > ${escapeMarkdown(line)}`));
      }
      lines.push('');
    }
  }
  if (items.length === 0) lines.push('No notes yet.', '');
  return `${lines.join('\n').trimEnd()}\n`;
}

const HEADER = ['Company', 'Event', 'Date', 'Kind', 'Time', 'Start (s)', 'End (s)', 'Speaker', 'Quote', 'Note', 'Colour', 'Link'];

/** One row per item, grouped as in the Markdown. */
export function notesToCsv(items: readonly NoteItem[], options: { origin: string }): string {
  const rows = groupNotes(items).flatMap((group) =>
    group.calls.flatMap((call) =>
      call.items.map((item) => [
        group.company,
        call.event,
        day(call.date),
        item.kind,
        time(item),
        String(item.kind === 'bookmark' ? item.at : item.start),
        item.kind === 'bookmark' ? '' : String(item.end),
        speakersOf(item),
        item.kind === 'highlight' ? oneLine(item.quote) : '',
        item.note,
        item.kind === 'highlight' ? item.color : '',
        itemUrl(options.origin, item),
      ]),
    ),
  );
  return toCsv(HEADER, rows);
}

/** `Earnings Desk notes - 2026-11-23.md`. */
export function notesFileName(now: Date, extension: 'md' | 'csv' | 'json'): string {
  return readableFileName(['Earnings Desk notes', now.toISOString().slice(0, 10)], extension);
}
