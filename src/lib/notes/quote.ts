import { formatDate, formatDuration } from '../format.ts';
import { speakerLine, type Transcript, type TranscriptSentence } from '../transcript/index.ts';
import type { PlayerSource } from '../player/types.ts';
import type { NoteCall, NoteItem } from './model.ts';

/**
 * Quotes and clips: a run of whole sentences of a transcript, with who said them and when, as
 * the text and HTML a listener pastes into a morning note, and as a link that plays just that
 * stretch of the recording.
 */

/** Sentences `first`…`last` (transcript-wide indexes, in either order). */
export interface SentenceRange {
  first: number;
  last: number;
}

export interface Quote {
  /** The sentences' text, joined. */
  text: string;
  /** Who said it, when one person said all of it ("Ana Ruiz (Chief Financial Officer, Acme)"). */
  speaker?: string;
  /** When more than one person said it: each speaker's run of sentences, in the order spoken. */
  parts?: QuotePart[];
  /** Seconds: the first sentence's start, the last one's end. */
  start: number;
  end: number;
  sentences: number;
}

/** One speaker's consecutive sentences within a quote. */
export interface QuotePart {
  speaker: string;
  text: string;
  /** Seconds: the run's first start and last end. */
  start: number;
  end: number;
}

/** The quote a range of sentences makes, or undefined when the range is outside the transcript. */
export function quoteOf(transcript: Transcript, range: SentenceRange): Quote | undefined {
  const first = Math.min(range.first, range.last);
  const last = Math.max(range.first, range.last);
  const picked: { sentence: TranscriptSentence; speaker: string }[] = [];
  for (const paragraph of transcript.paragraphs) {
    for (const sentence of paragraph.sentences) {
      if (sentence.index >= first && sentence.index <= last) picked.push({ sentence, speaker: speakerLine(paragraph.speaker) });
    }
  }
  if (picked.length === 0) return undefined;
  const parts: QuotePart[] = [];
  for (const { sentence, speaker } of picked) {
    const part = parts.at(-1);
    if (part?.speaker === speaker) {
      part.text += ` ${sentence.text}`;
      part.end = Math.max(part.end, sentence.end);
    } else parts.push({ speaker, text: sentence.text, start: sentence.start, end: sentence.end });
  }
  const speakers = new Set(picked.map((entry) => entry.speaker));
  return {
    text: picked.map((entry) => entry.sentence.text).join(' '),
    speaker: speakers.size === 1 ? picked[0]!.speaker : undefined,
    ...(parts.length > 1 ? { parts } : {}),
    start: picked[0]!.sentence.start,
    end: Math.max(...picked.map((entry) => entry.sentence.end)),
    sentences: picked.length,
  };
}

/** The sentences a kept range of time covers: each sentence whose middle lies inside it. */
export function sentencesIn(transcript: Transcript, start: number, end: number): SentenceRange | undefined {
  let first: number | undefined;
  let last: number | undefined;
  for (const paragraph of transcript.paragraphs) {
    for (const sentence of paragraph.sentences) {
      const middle = (sentence.start + sentence.end) / 2;
      if (middle < start || middle > end) continue;
      first ??= sentence.index;
      last = sentence.index;
    }
  }
  return first === undefined || last === undefined ? undefined : { first, last };
}

const tenth = (seconds: number, round: (n: number) => number) => round(seconds * 10) / 10;

/** A clip's `?t=` value: the start rounded down and the end up, to a tenth of a second (`24.6-31.2`). */
export function clipParam(start: number, end: number): string {
  return `${tenth(start, Math.floor)}-${tenth(end, Math.ceil)}`;
}

/** The absolute address that plays `start`–`end` of a recording. */
export function clipUrl(origin: string, audioId: number, start: number, end: number): string {
  return `${origin.replace(/\/+$/, '')}/recordings/${audioId}?t=${clipParam(start, end)}`;
}

/**
 * The absolute address that plays `start`–`end` of a call while it is live: its live page, which
 * plays that stretch of the stream, and sends the reader on to the recording (same times) once listed.
 */
export function liveClipUrl(origin: string, liveId: number, start: number, end: number): string {
  return `${origin.replace(/\/+$/, '')}/live/${liveId}?t=${clipParam(start, end)}`;
}

/** The clip link of what is in the player: the recording's page, or the live page of a call being streamed. */
export function sourceClipUrl(origin: string, source: PlayerSource, start: number, end: number): string {
  return source.kind === 'recording' ? clipUrl(origin, source.audioId, start, end) : liveClipUrl(origin, source.liveId, start, end);
}

/** The absolute address of a moment in a recording (whole seconds). */
export function momentUrl(origin: string, audioId: number, at: number): string {
  return `${origin.replace(/\/+$/, '')}/recordings/${audioId}?t=${Math.floor(at)}`;
}

/** Where a call's item is heard: its clip or moment in the recording, else the event's page. */
export function itemUrl(origin: string, item: NoteItem): string {
  const { audioId, eventId } = item.call;
  if (audioId === undefined) return `${origin.replace(/\/+$/, '')}/events/${eventId}`;
  return item.kind === 'highlight' ? clipUrl(origin, audioId, item.start, item.end) : momentUrl(origin, audioId, item.at);
}

/** "Calaneon · Q2 2026 earnings call · 22 Jul 2026". */
export function callLine(call: NoteCall): string {
  return [call.company, call.event, call.date ? formatDate(call.date) : undefined].filter(Boolean).join(' · ');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A quote as the clipboard carries it: plain text for anywhere, HTML for editors that keep
 * formatting (a block quote, the speaker, and the call linked to the moment).
 */
export function quoteClipboard(quote: Quote, call: NoteCall, link: string): { text: string; html: string } {
  const when = `${formatDuration(quote.start)}–${formatDuration(quote.end)}`;
  const who = quote.speaker ? `${quote.speaker}, ` : '';
  const text = `“${quote.text}”\n— ${who}${callLine(call)}, at ${when}\n${link}`;
  const html =
    `<blockquote><p>“${escapeHtml(quote.text)}”</p>` +
    `<footer>— ${escapeHtml(who)}<a href="${escapeHtml(link)}">${escapeHtml(callLine(call))}, at ${escapeHtml(when)}</a></footer></blockquote>`;
  return { text, html };
}
