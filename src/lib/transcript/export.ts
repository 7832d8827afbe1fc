import { formatDuration } from '../format.ts';
import type { Transcript } from './model.ts';
import { speakerLine, type TranscriptSpeaker } from './speakers.ts';

/**
 * A transcript as a file to keep, all from the one model: plain text and Markdown to read, SRT and
 * WebVTT captions to lay over the recording in a video editor or player.
 */

/** What a transcript is about, for the heading of its exports. */
export interface TranscriptHeading {
  title: string;
  company?: string;
  /** Already formatted for the reader. */
  date?: string;
  type?: string;
}

/** What every export may leave out. */
export interface TranscriptExportOptions {
  /** Who speaks: the speaker line in text and Markdown, `Name:` in SRT, a voice tag in WebVTT. */
  speakers: boolean;
  /** Each paragraph's `[m:ss]` in text and Markdown. Captions are times and text, so they always have them. */
  timestamps: boolean;
}

export const FULL_EXPORT: TranscriptExportOptions = { speakers: true, timestamps: true };

export type TranscriptExportFormat = 'text' | 'markdown' | 'srt' | 'vtt';

export interface TranscriptExportKind {
  format: TranscriptExportFormat;
  label: string;
  extension: string;
  /** The file's MIME type (saved as UTF-8). */
  type: string;
  /** Captions: timed by nature, so the timestamps switch does not apply. */
  captions: boolean;
}

/** The formats a transcript exports to, in the order they are offered. */
export const TRANSCRIPT_EXPORTS: readonly TranscriptExportKind[] = [
  { format: 'text', label: 'Text', extension: 'txt', type: 'text/plain', captions: false },
  { format: 'markdown', label: 'Markdown', extension: 'md', type: 'text/markdown', captions: false },
  { format: 'srt', label: 'SRT captions', extension: 'srt', type: 'application/x-subrip', captions: true },
  { format: 'vtt', label: 'WebVTT captions', extension: 'vtt', type: 'text/vtt', captions: true },
];

/** A transcript in the format asked for: the one switch from format to export. */
export function exportTranscript(
  format: TranscriptExportFormat,
  transcript: Transcript,
  heading: TranscriptHeading,
  options: TranscriptExportOptions = FULL_EXPORT,
): string {
  switch (format) {
    case 'text':
      return transcriptToText(transcript, heading, options);
    case 'markdown':
      return transcriptToMarkdown(transcript, heading, options);
    case 'srt':
      return transcriptToSrt(transcript, options);
    case 'vtt':
      return transcriptToVtt(transcript, options, heading);
  }
}

function facts(heading: TranscriptHeading): [string, string][] {
  const all: [string, string | undefined][] = [
    ['Company', heading.company],
    ['Date', heading.date],
    ['Type', heading.type],
  ];
  return all.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

/**
 * Plain text: a heading, then each paragraph as `[m:ss] Speaker (role, company)` and its text.
 * Without timestamps or speakers that line loses its part; without both, paragraphs stand alone.
 */
export function transcriptToText(transcript: Transcript, heading: TranscriptHeading, options: TranscriptExportOptions = FULL_EXPORT): string {
  const lines = [heading.title, ...facts(heading).map(([label, value]) => `${label}: ${value}`), ''];
  for (const paragraph of transcript.paragraphs) {
    const time = options.timestamps ? `[${formatDuration(paragraph.start)}]` : '';
    const who = options.speakers ? speakerLine(paragraph.speaker) : '';
    const line = [time, who].filter(Boolean).join(' ');
    if (line) lines.push(line);
    lines.push(paragraph.text, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Markdown text is shown as written: characters that would format it are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, '\\$&').replace(/^(\s*)([-+]|\d+\.)(\s)/, '$1\\$2$3');
}

/** Markdown: a title, a list of facts, then each paragraph under a bold timestamp and speaker (either may be left out). */
export function transcriptToMarkdown(transcript: Transcript, heading: TranscriptHeading, options: TranscriptExportOptions = FULL_EXPORT): string {
  const lines = [`# ${escapeMarkdown(heading.title)}`, ''];
  const list = facts(heading);
  if (list.length > 0) lines.push(...list.map(([label, value]) => `- **${label}:** ${escapeMarkdown(value)}`), '');
  for (const paragraph of transcript.paragraphs) {
    const { label, detail } = paragraph.speaker;
    const time = options.timestamps ? `[${formatDuration(paragraph.start)}]` : '';
    const who = options.speakers ? escapeMarkdown(label) : '';
    const bold = [time, who].filter(Boolean).join(' ');
    if (bold) lines.push(`**${bold}**${who && detail ? ` _${escapeMarkdown(detail)}_` : ''}`, '');
    lines.push(escapeMarkdown(paragraph.text), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/*
 * Captions. One cue per sentence, the unit the model times. A sentence too long to read at once
 * is cut, at spaces, into lines of at most CAPTION_LINE characters, two lines to a cue (what
 * broadcast and editors expect), and its time is shared between its cues by characters. Cues
 * never overlap: a sentence ends, at the latest, where the next one starts; starts never go back
 * in time or below zero. A sentence the file gives no duration is shown for as long as it takes
 * to read, up to the next sentence.
 */

/** Characters on a caption line, and lines to a cue. */
export const CAPTION_LINE = 42;
export const CAPTION_LINES = 2;
/** Reading speed for a sentence without a duration: characters a second, and the shortest showing. */
const READ_RATE = 15;
const MIN_SHOWING = 1;

export interface CaptionCue {
  start: number;
  end: number;
  /** One or two lines of text. */
  lines: string[];
  speaker: TranscriptSpeaker;
  /** The paragraph's first cue: where a new speaker starts talking. */
  opens: boolean;
}

interface Word {
  text: string;
  /** Spoken words take a share of the time; a `Name:` prefix does not. */
  spoken: boolean;
}

/** Words into lines of at most `width` characters (a longer word stands on a line of its own). */
function wrap(words: Word[], width: number): Word[][] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let length = 0;
  for (const word of words) {
    if (line.length > 0 && length + 1 + word.text.length > width) {
      lines.push(line);
      line = [];
      length = 0;
    }
    length += (line.length > 0 ? 1 : 0) + word.text.length;
    line.push(word);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

const wordsOf = (text: string, spoken: boolean): Word[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ text: word, spoken }));

/**
 * The transcript's caption cues, in time order. `prefixSpeakers` puts `Name:` before the first cue
 * of each paragraph (counted in the line length, not in the time).
 */
export function transcriptCues(transcript: Transcript, { prefixSpeakers = false }: { prefixSpeakers?: boolean } = {}): CaptionCue[] {
  const sentences = transcript.paragraphs.flatMap((paragraph) =>
    paragraph.sentences
      .filter((sentence) => sentence.text.trim() !== '')
      .map((sentence, index) => ({ ...sentence, speaker: paragraph.speaker, opens: index === 0 })),
  );

  // Starts first (never negative, never before the one before), so each end can be held to the next start.
  let floor = 0;
  const starts = sentences.map((sentence) => (floor = Math.max(floor, Number.isFinite(sentence.start) ? sentence.start : floor)));

  const cues: CaptionCue[] = [];
  sentences.forEach((sentence, i) => {
    const start = starts[i]!;
    const next = starts[i + 1] ?? Infinity;
    const given = Number.isFinite(sentence.end) && sentence.end > start ? sentence.end : start + Math.max(MIN_SHOWING, sentence.text.length / READ_RATE);
    const end = Math.min(given, next);

    const prefix = prefixSpeakers && sentence.opens ? wordsOf(`${sentence.speaker.label}:`, false) : [];
    const lines = wrap([...prefix, ...wordsOf(sentence.text, true)], CAPTION_LINE);
    const groups: Word[][][] = [];
    for (let at = 0; at < lines.length; at += CAPTION_LINES) groups.push(lines.slice(at, at + CAPTION_LINES));

    // Each cue's share of the time is its share of the spoken characters (a space counts, as it takes time to say).
    const weights = groups.map((group) => group.flat().reduce((sum, word) => sum + (word.spoken ? word.text.length + 1 : 0), 0));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let done = 0;
    groups.forEach((group, g) => {
      const from = done;
      done += weights[g]!;
      cues.push({
        start: start + ((end - start) * from) / total,
        end: g === groups.length - 1 ? end : start + ((end - start) * done) / total,
        lines: group.map((line) => line.map((word) => word.text).join(' ')),
        speaker: sentence.speaker,
        opens: sentence.opens && g === 0,
      });
    });
  });
  return cues;
}

/** Seconds as `HH:MM:SS` and milliseconds after `separator` (`,` in SRT, `.` in WebVTT). */
export function captionTime(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * SubRip (.srt): numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the text, a blank line. Lines end
 * in CRLF: SRT comes from Windows tools and some editors and players there still expect it, while
 * every reader that splits on LF reads CRLF too. SRT has no voice tag, so with speakers on a
 * paragraph's first cue starts with `Name:`.
 */
export function transcriptToSrt(transcript: Transcript, options: TranscriptExportOptions = FULL_EXPORT): string {
  const cues = transcriptCues(transcript, { prefixSpeakers: options.speakers });
  return cues.map((cue, i) => [String(i + 1), `${captionTime(cue.start, ',')} --> ${captionTime(cue.end, ',')}`, ...cue.lines, ''].join('\r\n')).join('\r\n');
}

/** Cue text and voice names escaped as WebVTT requires: `&`, `<` and `>` would be read as markup. */
export function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A NOTE block ends at a blank line and may not hold `-->`: each line is one line, the arrow broken. */
const noteLine = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/-+->/g, '->');

/**
 * WebVTT (.vtt): `WEBVTT`, a NOTE naming the call, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm`, each
 * with its speaker as a voice tag (`<v Ana Ruiz>`) when speakers are on. Lines end in LF, the web's
 * habit (the format allows CRLF, LF or CR).
 */
export function transcriptToVtt(transcript: Transcript, options: TranscriptExportOptions = FULL_EXPORT, heading?: TranscriptHeading): string {
  const blocks = ['WEBVTT'];
  if (heading)
    blocks.push(['NOTE', ...[heading.title, ...facts(heading).map(([label, value]) => `${label}: ${value}`)].map(noteLine).filter(Boolean)].join('\n'));
  for (const cue of transcriptCues(transcript)) {
    const voice = options.speakers ? `<v ${escapeVtt(cue.speaker.label)}>` : '';
    blocks.push([`${captionTime(cue.start, '.')} --> ${captionTime(cue.end, '.')}`, `${voice}${cue.lines.map(escapeVtt).join('\n')}`].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
