import type { SearchCall } from '../../api/search.ts';
import { toCsv } from '../csv.ts';
import { readableFileName } from '../file-name.ts';
import { formatDuration } from '../format.ts';
import { eventName, fiscalLabel } from '../names.ts';
import { escapeMarkdown } from '../transcript/export.ts';

/**
 * Search results as a file to keep: one row per sentence that holds a hit, as CSV (RFC 4180, safe to
 * open in a spreadsheet) or a Markdown table. Each row names the company, the event, its fiscal
 * period and day, the speaker, where in the call it was said, the sentence, and an absolute link to
 * the transcript it comes from.
 */

export interface SearchExportOptions {
  /** The app's origin for absolute links, e.g. `https://desk.example.com` (`location.origin`). */
  origin: string;
  /** What was searched for: the Markdown heading says it. */
  query?: string;
}

export interface SearchExportRow {
  company: string;
  event: string;
  period: string;
  /** The event's day, YYYY-MM-DD in UTC, or as sent when it is not a time. */
  date: string;
  speaker: string;
  /** Where the sentence starts in the call: m:ss or h:mm:ss. */
  time: string;
  sentence: string;
  link: string;
  /** The sentence in pieces, the matched words marked (for Markdown's bold). */
  segments: readonly { text: string; marked?: true }[];
}

const HEADER = ['Company', 'Event', 'Period', 'Date (UTC)', 'Speaker', 'Time', 'Sentence', 'Link'] as const;

function day(value: string | null): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return value;
  const iso = new Date(time).toISOString();
  return iso.startsWith('-') || iso.startsWith('+') ? value : iso.slice(0, 10);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The rows of an export, in the order of the calls and their matches. */
export function searchExportRows(calls: readonly SearchCall[], options: SearchExportOptions): SearchExportRow[] {
  const origin = options.origin.replace(/\/+$/, '');
  return calls.flatMap((call) => {
    const company = call.company.name.trim() || `Company ${call.company.id}`;
    const event = eventName(call.event, { company: { displayName: company } });
    const link = `${origin}/documents/${call.transcriptId}?kind=transcript`;
    return call.matches.flatMap((match) =>
      match.sentences.map((sentence) => ({
        company,
        event,
        period: fiscalLabel(call.event),
        date: day(call.event.date),
        // As the transcript exports write a speaker: `Ana Ruiz (Chief Executive Officer, Acme)`.
        speaker: match.speaker.detail ? `${match.speaker.label} (${match.speaker.detail})` : match.speaker.label,
        time: formatDuration(sentence.start),
        sentence: oneLine(sentence.segments.map((segment) => segment.text).join('')),
        link,
        segments: sentence.segments,
      })),
    );
  });
}

/** CSV per RFC 4180: a header row, then a row per sentence, every line ended with CRLF. */
export function searchResultsToCsv(calls: readonly SearchCall[], options: SearchExportOptions): string {
  const rows = searchExportRows(calls, options).map((row) => [row.company, row.event, row.period, row.date, row.speaker, row.time, row.sentence, row.link]);
  return toCsv(HEADER, rows);
}

/** A table cell: escaped, on one line. */
function cell(text: string): string {
  return escapeMarkdown(oneLine(text));
}

/** The sentence with the matched words in bold, escaped. */
function markedSentence(segments: SearchExportRow['segments']): string {
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

/** Markdown: a heading naming the search, then a table with a row per sentence, matched words in bold. */
export function searchResultsToMarkdown(calls: readonly SearchCall[], options: SearchExportOptions): string {
  const rows = searchExportRows(calls, options);
  const query = options.query?.trim();
  const lines = [`# Transcript search${query ? `: ${escapeMarkdown(oneLine(query))}` : ''}`, ''];
  const sentences = rows.length === 1 ? '1 sentence' : `${rows.length} sentences`;
  const callCount = calls.filter((call) => call.matches.some((match) => match.sentences.length > 0)).length;
  lines.push(`${sentences} from ${callCount === 1 ? '1 call' : `${callCount} calls`}.`, '');
  if (rows.length > 0) {
    lines.push(`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => ' --- ').join('|')}|`);
    for (const row of rows) {
      const fields = [
        cell(row.company),
        cell(row.event),
        cell(row.period),
        cell(row.date),
        cell(row.speaker),
        row.time,
        markedSentence(row.segments),
        `[Transcript](${row.link})`,
      ];
      lines.push(`| ${fields.join(' | ')} |`);
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** `Transcript search - tariffs.csv`. */
export function searchExportFileName(query: string, extension: 'csv' | 'md'): string {
  return readableFileName(['Transcript search', oneLine(query).slice(0, 80)], extension);
}
