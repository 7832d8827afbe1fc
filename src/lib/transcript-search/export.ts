import { csvLine } from '../csv.ts';
import { readableFileName } from '../file-name.ts';
import { formatDuration } from '../format.ts';
import { escapeMarkdown } from '../transcript/export.ts';

/**
 * A transcript search as a file to keep: every passage that matches, one row each, as CSV (RFC 4180,
 * safe to open in a spreadsheet) or Markdown (a section per call). The one writer: the server writes
 * the file with it a call at a time as it reads the index (GET /api/search/export), and the browser
 * reads its progress back with exportProgress. Each row names the call (its rank in the results,
 * company, event, fiscal period, day, which transcript), how many passages the call holds, the
 * speaker (as the transcript names them), their role and the part of the call when the index knows
 * them, where it was said, the passage, and an absolute link that plays that moment.
 */

export { SEARCH_EXPORT_CAP, SEARCH_EXPORT_FORMATS, SEARCH_EXPORT_TYPES, type SearchExportFormat } from './export-format.ts';
import type { SearchExportFormat } from './export-format.ts';

export interface SearchExportPassage {
  /** As the transcript names them: `Ana Ruiz (Chief Executive Officer, Acme)`, `Speaker 2`. */
  speaker: string;
  /** Their roles on the call (`CFO`), empty when the index does not say. */
  role: string;
  /** The part of the call (`Q&A`), empty when the index does not say. */
  section: string;
  /** Seconds from the start of the call. */
  start: number;
  /** The passage's matched sentences, the matched words marked (Markdown's bold). */
  segments: readonly { text: string; marked?: true }[];
  /** The absolute address that plays the call from this moment. */
  link: string;
}

export interface SearchExportCall {
  /** The call's place in the results, from 1. */
  rank: number;
  company: string;
  event: string;
  period: string;
  /** The event's day, YYYY-MM-DD in UTC, or as sent when it is not a time. */
  date: string;
  /** Edited (speakers named) or machine transcript. */
  transcript: string;
  /** How many passages of the call match: its rows. */
  hits: number;
  passages: readonly SearchExportPassage[];
}

export interface SearchExportHead {
  query: string;
  /** What the search found. */
  totals: { calls: number; hits: number };
  /** The most calls a file holds. */
  cap: number;
}

const HEADER = [
  'Call',
  'Company',
  'Event',
  'Period',
  'Date (UTC)',
  'Transcript',
  'Passages in call',
  'Speaker',
  'Role',
  'Section',
  'Time',
  'Passage',
  'Link',
] as const;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** An ISO time as its UTC day; anything else as sent. */
export function exportDay(value: string | null): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return value;
  const iso = new Date(time).toISOString();
  return iso.startsWith('-') || iso.startsWith('+') ? value : iso.slice(0, 10);
}

const passageText = (segments: SearchExportPassage['segments']) => oneLine(segments.map((segment) => segment.text).join(''));

/** What the file says when it holds fewer calls than the search found. */
export function capNote(head: SearchExportHead): string | undefined {
  if (head.totals.calls <= head.cap) return undefined;
  return `This file holds the first ${plural(head.cap, 'call', 'calls')} of the ${head.totals.calls.toLocaleString('en-US')} the search found, the most one export holds: narrow the search (a company, a period) to export the rest.`;
}

/** The start of the file: CSV's header row; Markdown's heading, what was found, and the cap's note. */
export function exportHead(format: SearchExportFormat, head: SearchExportHead): string {
  // Every field on one line, so each CSV row is one line (what exportProgress counts on).
  if (format === 'csv') return csvLine(HEADER);
  const query = oneLine(head.query);
  const lines = [`# Transcript search${query ? `: ${escapeMarkdown(query)}` : ''}`, ''];
  lines.push(`${plural(head.totals.hits, 'passage', 'passages')} in ${plural(head.totals.calls, 'call', 'calls')}.`, '');
  const note = capNote(head);
  if (note) lines.push(note, '');
  return `${lines.join('\n')}\n`;
}

/** A table cell: escaped, on one line. */
function cell(text: string): string {
  return escapeMarkdown(oneLine(text));
}

/** The passage with the matched words in bold, escaped. */
function markedPassage(segments: SearchExportPassage['segments']): string {
  return segments
    .map((segment) => {
      const text = segment.text.replace(/\s+/g, ' ');
      if (!segment.marked || !text.trim()) return escapeMarkdown(text);
      const [, before, word, after] = /^(\s*)(.*?)(\s*)$/s.exec(text)!;
      return `${before}**${escapeMarkdown(word!)}**${after}`;
    })
    .join('')
    .trim();
}

const MARKDOWN_COLUMNS = ['Time', 'Speaker', 'Role', 'Section', 'Passage'] as const;

/** One call: CSV rows, one per passage; or a Markdown section naming the call and its passage count, then its table. */
export function exportCall(format: SearchExportFormat, call: SearchExportCall): string {
  if (format === 'csv') {
    return call.passages
      .map((passage) =>
        csvLine(
          [
            String(call.rank),
            call.company,
            call.event,
            call.period,
            call.date,
            call.transcript,
            String(call.hits),
            passage.speaker,
            passage.role,
            passage.section,
            formatDuration(passage.start),
            passageText(passage.segments),
            passage.link,
          ].map(oneLine),
        ),
      )
      .join('');
  }
  const facts = [call.period, call.date, call.transcript, plural(call.hits, 'passage', 'passages')].filter(Boolean).map(cell).join(' · ');
  const lines = [`## ${call.rank}. ${cell(call.company)} · ${cell(call.event)}`, '', facts, ''];
  lines.push(`| ${MARKDOWN_COLUMNS.join(' | ')} |`, `|${MARKDOWN_COLUMNS.map(() => ' --- ').join('|')}|`);
  for (const passage of call.passages) {
    const time = `[▶ ${formatDuration(passage.start)}](${passage.link})`;
    lines.push(`| ${[time, cell(passage.speaker), cell(passage.role), cell(passage.section), markedPassage(passage.segments)].join(' | ')} |`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** The end of the file: CSV says nothing more (a note row would not be data); Markdown repeats the cap's note. */
export function exportTail(format: SearchExportFormat, head: SearchExportHead): string {
  if (format === 'csv') return '';
  const note = capNote(head);
  return note ? `${note}\n` : '';
}

/**
 * Reads the progress of a file as it arrives, a piece at a time (pieces may end anywhere): how many
 * calls the whole lines so far hold. In CSV the rank of the last whole row, in Markdown the number
 * of call sections begun.
 */
export function exportProgress(format: SearchExportFormat): (piece: string) => number {
  let carry = '';
  let calls = 0;
  return (piece) => {
    const text = carry + piece;
    const end = text.lastIndexOf('\n');
    if (end < 0) {
      carry = text;
      return calls;
    }
    const whole = text.slice(0, end + 1);
    carry = text.slice(end + 1);
    if (format === 'md') {
      calls += whole.match(/^## \d+\. /gm)?.length ?? 0;
    } else {
      const rank = /(?:^|\n)(\d+),[^\n]*\r\n$/.exec(whole);
      if (rank) calls = Number(rank[1]);
    }
    return calls;
  };
}

/** `Transcript search - tariffs.csv`. */
export function searchExportFileName(query: string, extension: SearchExportFormat): string {
  return readableFileName(['Transcript search', oneLine(query).slice(0, 80)], extension);
}
