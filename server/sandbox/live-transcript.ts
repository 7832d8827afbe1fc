import type { CompanyRecord } from './data/companies.ts';
import type { CallMedia, CallScript } from './media/library.ts';
import { hashString, mix } from './random.ts';
import type { LiveInfo, Store } from './store.ts';

/**
 * Live transcripts: the JSONL file the real service grows while a call is live
 * (`/sandbox-files/live/{liveId}/transcript-1.6.jsonl`, `…/transcript-1.7.jsonl`), generated from
 * the call's script (the words and times the audio was made from), deterministic per live id, and
 * released line by line by the sandbox clock. Each call's lines are computed once, with the moment
 * each is released (ms after the call went live), and cached; the file at time T is the lines
 * released by T, so the file at a later time always starts with the exact bytes of the file at
 * an earlier time (append-only).
 *
 * THE FILE (both versions). One JSON object per line, each line ending in "\n". Key order and the
 * spacing after `:` and `,` vary from line to line: parse JSON, never match text.
 * - `{"type":"start","file_format_version":"1.6"|"1.7","processing_start_time":ISO}`: the first line.
 * - A word entry has no `type`: `s`, `e` (seconds from the start of the call, 2 decimals; on about
 *   one line in ten written as strings, e.g. "12.34"), `p` (paragraph id, a string), `t` (the
 *   punctuated word as spoken; a few entries carry two tokens, e.g. "fiscal year"), `S` (speaker:
 *   the person's name where known (executives as the edited transcript names them, "Operator",
 *   analysts by name), or, on about one call in five, diarization labels "S1", "S2"… in order of
 *   first appearance), `c` (confidence 0..1), and on a few words `t` "[indiscernible]" with `ot`
 *   holding the word. Entries come in time order. A file paragraph is not a speaker turn: long
 *   turns are split into several paragraphs, a short turn is sometimes kept in the paragraph
 *   before it (S changes, p does not), and now and then a paragraph starts mid-sentence.
 * - `{"type":"section","name":"predicted-speech","s":0}` just after the first word;
 *   at the Q&A, `{"type":"section","name":"predicted-speech","e":Q}` then (on about two calls in
 *   three) `{"type":"section","name":"predicted-qna","s":Q}`, both released late: after 6 to 11
 *   words that start after Q.
 * - `{"type":"keep-alive"}` 2 s after the start line while no word has come yet, then whenever
 *   4.5 s pass without another line (the brief interruption below has some).
 * - `{"type":"interruption","time":T,"restarting":true}` on about one call in three that runs its
 *   course: the transcription stops for 6 to 9 s, then the held words arrive and the call goes on.
 * - `{"type":"diagnostics",…}`: a type clients do not know, to be ignored. It holds non-ASCII text
 *   (UTF-8), as real files do in names: the `N` of `Range: bytes=N-` counts bytes, not characters.
 * - Last, `{"type":"end","code":0,"user_reason":"The call has ended.","system_reason":"…"}` 1.5 s
 *   after the later of the audio's end and the last word's release. A call whose stream is cut (the live
 *   record's liveFailedInterrupted, at 60% of the call) has only the words out by the cut, then
 *   `{"type":"interruption","time":T,"restarting":false}` 0.8 s after it (T: the cut, seconds) and
 *   `{"type":"end","code":2,"user_reason":"The live stream was interrupted and did not resume.",…}` 2.5 s after it.
 *
 * RELEASE. The start line when the call goes live; a word entry once the call's start + max(its
 * `e` + a latency of 1 to 1.5 s, the end of the HLS segment holding `e`) has passed, and never before
 * the entry before it: so every word in the file is in audio the live playlist already lists.
 * Refinements come 2 to 7 s after their words (paragraph ones 1 to 3 s after the paragraph's last
 * word), and always before the end record (on a cut call, by the cut).
 *
 * REFINEMENTS (1.7 only; about a fifth of its lines). A refinement line has `i` and no `type`, and
 * addresses words by their start time `s` (compare as numbers rounded to 2 decimals: "12.30" is
 * 12.3). It is released after every word it addresses. A reader keeps the words in order, each
 * with s, e, t, p, S (and c, ot), and applies the lines in file order:
 * - `{"i":"word-update","s":S,"rt":R}`: the word starting at S now reads R (its other fields stay).
 *   The sandbox first sends a plausible mishearing ("margin" → "margins", "for" → "four"…) with a
 *   low confidence, and corrects it 2 to 5 s later.
 * - `{"i":"word-delete","s":S}`: the word starting at S is removed.
 * - `{"i":"word-insert","s":S,"e":E,"rt":R}`: a word (start S, end E, text R) is added at its place
 *   in time order (after the last word starting before S), in the paragraph and with the speaker
 *   of the word just before it (the word just after it, when it comes first); it has no `c`.
 *   The sandbox uses delete and insert only to split a two-token entry: one word-delete of the
 *   entry's `s`, then two word-inserts, the first token (S = the entry's s) then the second, in
 *   three consecutive lines. A split entry is never the first word of a paragraph or of a turn.
 * - `{"i":"paragraph-insert","s":S}`: a paragraph starts at the word starting at S: that word and
 *   the words after it that share its paragraph id (a contiguous run) move to a new paragraph (a
 *   fresh id of the reader's choosing; the test's applier uses `${p}@${S}`). Released only once
 *   every word of that run has been sent (the words after the run come with ids of their own).
 * - `{"i":"paragraph-merge","s":S,"e":E}`: the words from the word starting at S through the word
 *   ending at E become one paragraph, under the paragraph id of the word at S. The span is always
 *   exactly two whole paragraphs, one after the other, and the line is released once both are
 *   complete.
 * After every refinement is applied, the 1.7 words are the 1.6 words (and both, with `ot` read for
 * "[indiscernible]" and two-token entries split at the space, are the recording's transcript words,
 * on its times rounded to 2 decimals); the 1.7 paragraphs are then the 1.6 paragraphs too (ids aside).
 */

export const TRANSCRIPT_VERSIONS = ['1.6', '1.7'] as const;
export type TranscriptVersion = (typeof TRANSCRIPT_VERSIONS)[number];
export const DEFAULT_TRANSCRIPT_VERSION: TranscriptVersion = '1.6';

export const TRANSCRIPT_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** The file host path of a live record's transcript file. */
export function liveTranscriptPath(liveId: number, version: TranscriptVersion): string {
  return `/sandbox-files/live/${liveId}/transcript-${version}.jsonl`;
}
/** Matches the path below /sandbox-files: [, liveId, version]. */
export const LIVE_TRANSCRIPT_FILE = /^\/live\/(\d+)\/transcript-(1\.6|1\.7)\.jsonl$/;

/** How a live call runs: when it went live, and when (ms after that) its stream stops. */
export interface LiveCourse {
  liveId: number;
  startedAt: number;
  streamEnd: number;
  interrupted: boolean;
  callIndex: number;
  company: CompanyRecord;
}

/** The course of a live record that went live (undefined before it does, or if it never did). */
export function liveCourse(live: LiveInfo, store: Store, script: CallScript): LiveCourse | undefined {
  if (live.wentLiveAt === null) return undefined;
  const slot = live.event.slot;
  const duration = slot !== undefined ? store.schedule.durationMs(slot) : Math.round(script.duration * 1000);
  // The schedule cuts an interrupted call at 60% of its length (live.ts, LiveSchedule.status).
  const interrupted = slot !== undefined ? store.schedule.fate(slot) === 'interrupted' : live.state === 'liveFailedInterrupted';
  return {
    liveId: live.id,
    startedAt: live.wentLiveAt,
    streamEnd: interrupted ? Math.round(duration * 0.6) : duration,
    interrupted,
    callIndex: live.event.callIndex,
    company: live.event.company,
  };
}

/** One call's file in one version: every line's bytes and the moment (ms after going live) it is released. */
export interface TranscriptFile {
  /** Release moment of each line, ascending. */
  at: number[];
  /** Byte offset just after each line (its newline included). */
  ends: number[];
  bytes: Buffer;
}

/** The file as it stands `elapsed` ms after the call went live, and whether it is complete. */
export function releasedPart(file: TranscriptFile, elapsed: number): { body: Buffer; complete: boolean } {
  let lo = 0;
  let hi = file.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((file.at[mid] as number) <= elapsed) lo = mid + 1;
    else hi = mid;
  }
  const size = lo === 0 ? 0 : (file.ends[lo - 1] as number);
  return { body: file.bytes.subarray(0, size), complete: lo === file.at.length };
}

const CACHE_SIZE = 8;
const caches = new WeakMap<Store, Map<string, TranscriptFile>>();

/** A call's file, built once and kept among the few most recently asked for (per sandbox). */
export function transcriptFile(store: Store, course: LiveCourse, media: CallMedia, version: TranscriptVersion): TranscriptFile {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  const key = `${course.liveId}/${version}`;
  let file = cache.get(key);
  if (file) {
    cache.delete(key);
  } else {
    file = buildTranscriptFile(course, media, version);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, file);
  return file;
}

// ---------------------------------------------------------------------------------------------
// Generation

type Value = string | number | boolean;
type Fields = [string, Value][];

interface Token {
  text: string;
  start: number;
  end: number;
  speaker: number;
  turn: number;
  sentence: number;
  firstOfSentence: boolean;
  lastOfSentence: boolean;
}

interface Entry {
  first: number;
  last: number;
  s: number;
  e: number;
  text: string;
  /** 1.7: the mishearing sent first. */
  misheard?: string;
  indiscernible: boolean;
  release: number;
}

interface Line {
  at: number;
  seq: number;
  fields: Fields;
}

/** Labels for `mix`: one per kind of decision, so each decision is independent of the others. */
const enum Roll {
  Glue = 1,
  Split,
  Mid,
  Merge,
  Indiscernible,
  Mishear,
  Remove,
  Extra,
  Latency,
  Restart,
  RestartAt,
  RestartGap,
  QnaLate,
  QnaOnlyEnd,
  Diarized,
  StringTime,
  Style,
  Delay,
  Confidence,
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Plausible mishearings (lower case): the word the sandbox sends first in 1.7 before correcting it. */
const MISHEARINGS: Record<string, string> = {
  the: 'a',
  a: 'the',
  and: 'in',
  in: 'and',
  to: 'two',
  for: 'four',
  our: 'are',
  are: 'our',
  of: 'have',
  this: 'these',
  that: 'than',
  their: 'there',
  there: 'their',
  "it's": 'its',
  "we're": 'were',
  year: 'yeah',
  quarter: 'order',
  margin: 'margins',
  margins: 'margin',
  revenue: 'revenues',
  growth: 'grows',
  guidance: 'guidelines',
  demand: 'the man',
  capital: 'capitol',
  cash: 'crash',
  cost: 'costs',
  costs: 'cost',
  sales: 'sails',
  question: 'questions',
  thank: 'think',
  thanks: 'tanks',
  strong: 'string',
  higher: 'hire',
  percent: 'per cent',
  points: 'point',
  customers: 'customer',
  results: 'result',
  first: 'fast',
  well: 'will',
  will: 'well',
  on: 'an',
  as: 'is',
  is: 'as',
  by: 'buy',
  new: 'knew',
  right: 'write',
  we: 'wee',
  with: 'within',
  from: 'for',
  was: 'is',
};

/** A mishearing of a punctuated word (its punctuation and capital kept), or undefined. */
export function mishear(word: string): string | undefined {
  const match = /^([^A-Za-z0-9']*)([A-Za-z0-9'-]+)([^A-Za-z0-9']*)$/.exec(word);
  if (!match) return undefined;
  const [, before, core, after] = match as unknown as [string, string, string, string];
  const lower = core.toLowerCase();
  let heard = MISHEARINGS[lower];
  if (heard === undefined && /^[a-z]{6,}s$/.test(lower) && !lower.endsWith('ss')) heard = lower.slice(0, -1);
  if (heard === undefined && /^[a-z]{5,}ed$/.test(lower)) heard = lower.slice(0, -1);
  if (heard === undefined) return undefined;
  if (/^[A-Z]/.test(core)) heard = heard.charAt(0).toUpperCase() + heard.slice(1);
  return `${before}${heard}${after}`;
}

/** The speaker labels of a call: names where known, or diarization labels on some calls. */
function speakerLabels(script: CallScript, company: CompanyRecord, diarized: boolean): Map<number, string> {
  const labels = new Map<number, string>();
  if (diarized) {
    for (const paragraph of script.paragraphs) {
      if (!labels.has(paragraph.speaker)) labels.set(paragraph.speaker, `S${labels.size + 1}`);
    }
    return labels;
  }
  for (const speaker of script.speakers) {
    let name: string;
    switch (speaker.role) {
      case 'Chief Executive Officer':
        name = company.executives.ceo.name;
        break;
      case 'Chief Financial Officer':
        name = company.executives.cfo.name;
        break;
      case 'Head of Investor Relations':
        name = company.executives.ir.name;
        break;
      case 'Operator':
        name = 'Operator';
        break;
      default:
        name = speaker.name ?? `Speaker ${speaker.speaker + 1}`;
    }
    labels.set(speaker.speaker, name);
  }
  return labels;
}

export function buildTranscriptFile(course: LiveCourse, media: CallMedia, version: TranscriptVersion): TranscriptFile {
  const { script } = media;
  const salt = mix(hashString('live-transcript'), course.liveId);
  const roll = (kind: Roll, i: number) => mix(salt, kind, i) / 2 ** 32;
  const refine = version === '1.7';
  const streamEnd = course.streamEnd;

  // The words, flattened.
  const tokens: Token[] = [];
  const turnLength: number[] = [];
  const sentenceLength: number[] = [];
  let sentence = 0;
  script.paragraphs.forEach((paragraph, turn) => {
    let count = 0;
    for (const s of paragraph.sentences) {
      s.words.forEach((word, w) => {
        tokens.push({
          text: word.punctuated_word,
          start: round2(word.start),
          end: round2(word.end),
          speaker: paragraph.speaker,
          turn,
          sentence,
          firstOfSentence: w === 0,
          lastOfSentence: w === s.words.length - 1,
        });
      });
      count += s.words.length;
      sentenceLength.push(s.words.length);
      sentence++;
    }
    turnLength.push(count);
  });

  // The file's paragraphs (the 1.6 layout): where each starts, by token.
  const boundary = new Uint8Array(tokens.length);
  let inParagraph = 0;
  let midAt = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const previous = tokens[i - 1];
    let starts = false;
    if (!previous) starts = true;
    else if (token.turn !== previous.turn) {
      const glue = (turnLength[token.turn] as number) <= 12 && roll(Roll.Glue, token.turn) < 0.3 && inParagraph < 60;
      starts = !glue;
    } else if (i === midAt) starts = true;
    else if (token.firstOfSentence && (inParagraph >= 70 || (inParagraph >= 35 && roll(Roll.Split, i) < 0.45))) {
      const length = sentenceLength[token.sentence] as number;
      if (length >= 8 && roll(Roll.Mid, i) < 0.25) midAt = i + 3;
      else starts = true;
    }
    if (starts) {
      boundary[i] = 1;
      inParagraph = 0;
    }
    inParagraph++;
  }

  // Entries: a few two-token ones, a few indiscernible words.
  const entries: Entry[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const next = tokens[i + 1];
    const merge =
      next !== undefined && !token.lastOfSentence && !boundary[i] && !boundary[i + 1] && tokens[i - 1]?.turn === token.turn && roll(Roll.Merge, i) < 0.035;
    if (merge) {
      entries.push({ first: i, last: i + 1, s: token.start, e: next.end, text: `${token.text} ${next.text}`, indiscernible: false, release: 0 });
      i++;
      continue;
    }
    const indiscernible = roll(Roll.Indiscernible, i) < 0.008;
    const heard = refine && !indiscernible && roll(Roll.Mishear, i) < 0.3 ? mishear(token.text) : undefined;
    entries.push({ first: i, last: i, s: token.start, e: token.end, text: token.text, misheard: heard, indiscernible, release: 0 });
  }

  // When each entry is released: after its words are heard, and in a segment the playlist lists.
  const segmentEnds: number[] = script.segments.map((segment, index) => (media.segmentStarts[index] as number) + segment.duration);
  let segment = 0;
  let previousRelease = 0;
  for (let n = 0; n < entries.length; n++) {
    const entry = entries[n] as Entry;
    const end = tokens[entry.last]!.end;
    while (segment < segmentEnds.length - 1 && (segmentEnds[segment] as number) < end) segment++;
    const latency = 1 + (mix(salt, Roll.Latency, n) % 501) / 1000;
    const release = Math.ceil(1000 * Math.max(end + latency, segmentEnds[segment] as number));
    previousRelease = Math.max(previousRelease, release);
    entry.release = previousRelease;
  }

  // A brief interruption of the transcription on some calls that run their course.
  let restart: { time: number; at: number; until: number } | undefined;
  if (!course.interrupted && roll(Roll.Restart, 0) < 0.35) {
    const n = Math.floor(entries.length * (0.25 + 0.15 * roll(Roll.RestartAt, 0)));
    const time = (entries[n] as Entry).s;
    const at = Math.ceil((time + 1) * 1000);
    restart = { time, at, until: at + 6000 + (mix(salt, Roll.RestartGap) % 3001) };
    for (const entry of entries) if (entry.release > at && entry.release <= restart.until) entry.release = restart.until;
  }

  // Every word of a call that runs its course; of a cut call, those out before the cut.
  const included = course.interrupted ? entries.filter((entry) => entry.release <= streamEnd) : entries;
  const endAt = course.interrupted ? streamEnd + 2500 : Math.max(streamEnd, included.at(-1)?.release ?? 0) + 1500;
  /** The latest a refinement or section may be released: before the stream ends. */
  const limit = course.interrupted ? streamEnd : endAt - 500;

  // The paragraph layouts: 1.6's, and 1.7's before refinements (some breaks missing, a few extra).
  const layout = Uint8Array.from(boundary);
  const removed: number[] = [];
  const extra: number[] = [];
  if (refine) {
    const runStarts = [...boundary.keys()].filter((i) => boundary[i]);
    const involved = new Set<number>();
    runStarts.forEach((start, r) => {
      if (r === 0 || involved.has(r - 1) || involved.has(r) || roll(Roll.Remove, start) >= 0.18) return;
      removed.push(start);
      layout[start] = 0;
      involved
        .add(r - 1)
        .add(r)
        .add(r + 1);
    });
    // An extra break only before a one-token entry (a two-token entry is never first of a paragraph).
    const entryStarts = new Set(entries.filter((entry) => entry.last === entry.first).map((entry) => entry.first));
    runStarts.forEach((start, r) => {
      const end = runStarts[r + 1] ?? tokens.length;
      if (involved.has(r) || end - start < 12 || roll(Roll.Extra, start) >= 0.25) return;
      let at = start + 4 + Math.floor(roll(Roll.Extra, end) * (end - start - 8));
      while (at < end - 3 && !entryStarts.has(at)) at++;
      if (at >= end - 3 || tokens[at]!.turn !== tokens[at - 1]!.turn) return;
      extra.push(at);
      layout[at] = 1;
    });
  }

  const diarized = mix(salt, Roll.Diarized) % 5 === 0;
  const labels = speakerLabels(script, course.company, diarized);
  const lines: Line[] = [];
  let seq = 0;
  const push = (at: number, fields: Fields) => lines.push({ at, seq: seq++, fields });
  const time = (n: number, value: number): Value => (roll(Roll.StringTime, n) < 0.1 ? value.toFixed(2) : value);
  const confidence = (n: number, lo: number, span: number) => Math.round((lo + (mix(salt, Roll.Confidence, n) % span) / 1000) * 100) / 100;

  push(0, [
    ['type', 'start'],
    ['file_format_version', version],
    ['processing_start_time', new Date(course.startedAt).toISOString()],
  ]);

  // Word entries.
  let paragraph = 0;
  const entryAt = new Map<number, Entry>();
  included.forEach((entry, n) => {
    entryAt.set(entry.first, entry);
    if (layout[entry.first]) paragraph++;
    const token = tokens[entry.first] as Token;
    const fields: Fields = [
      ['s', time(n, entry.s)],
      ['e', time(n, entry.e)],
      ['p', String(paragraph)],
    ];
    if (entry.indiscernible) fields.push(['t', '[indiscernible]'], ['ot', entry.text]);
    else fields.push(['t', entry.misheard ?? entry.text]);
    fields.push(['S', labels.get(token.speaker) ?? `S${token.speaker + 1}`]);
    const c = entry.indiscernible ? confidence(n, 0.2, 200) : entry.misheard ? confidence(n, 0.4, 300) : confidence(n, 0.8, 190);
    fields.push(['c', c]);
    push(entry.release, fields);
  });
  const delay = (n: number, lo: number, span: number) => lo + (mix(salt, Roll.Delay, n) % span);

  // Sections.
  if (included.length > 0)
    push(included[0]!.release + 300, [
      ['type', 'section'],
      ['name', 'predicted-speech'],
      ['s', 0],
    ]);
  const qna = round2(script.qna);
  const q = included.findIndex((entry) => entry.s >= qna);
  if (q >= 0) {
    const late = included[Math.min(included.length - 1, q + 6 + (mix(salt, Roll.QnaLate) % 6))] as Entry;
    const at = late.release + 200;
    if (at <= limit) {
      push(at, [
        ['type', 'section'],
        ['name', 'predicted-speech'],
        ['e', qna],
      ]);
      if (roll(Roll.QnaOnlyEnd, 0) >= 0.35)
        push(at, [
          ['type', 'section'],
          ['name', 'predicted-qna'],
          ['s', qna],
        ]);
    }
  }

  if (restart && restart.at <= limit)
    push(restart.at, [
      ['type', 'interruption'],
      ['time', restart.time],
      ['restarting', true],
    ]);
  for (let at = 45_000, n = 0; at < limit; at += 80_000, n++) {
    push(at, [
      ['type', 'diagnostics'],
      ['latency_ms', 900 + (mix(salt, Roll.Latency, -1 - n) % 700)],
      ['asr_model', 'sandbox-asr-2'],
      ['buffered_words', n % 3],
      // Not ASCII: a reader that counts characters instead of bytes asks for the wrong range.
      ['note', 'latency ≈ 1 s – nominal'],
    ]);
  }

  // Refinements (1.7).
  if (refine) {
    const after = (entry: Entry, n: number, lo: number, span: number) => Math.min(limit, Math.max(entry.release, entry.release + delay(n, lo, span)));
    included.forEach((entry, n) => {
      if (entry.misheard !== undefined)
        push(after(entry, n, 2000, 3001), [
          ['i', 'word-update'],
          ['s', entry.s],
          ['rt', entry.text],
        ]);
      if (entry.last !== entry.first) {
        const a = tokens[entry.first] as Token;
        const b = tokens[entry.last] as Token;
        const at = after(entry, n, 3000, 4001);
        push(at, [
          ['i', 'word-delete'],
          ['s', entry.s],
        ]);
        push(at, [
          ['i', 'word-insert'],
          ['s', a.start],
          ['e', a.end],
          ['rt', a.text],
        ]);
        push(at, [
          ['i', 'word-insert'],
          ['s', b.start],
          ['e', b.end],
          ['rt', b.text],
        ]);
      }
    });
    /** The last included entry before token index `end` (exclusive), if the run is complete. */
    const runEnd = (end: number): Entry | undefined => {
      let last: Entry | undefined;
      for (const entry of included) if (entry.first < end) last = entry;
      return last;
    };
    const nextBoundary = (from: number) => {
      for (let i = from + 1; i < tokens.length; i++) if (boundary[i]) return i;
      return tokens.length;
    };
    for (const start of removed) {
      const first = entryAt.get(start);
      const last = runEnd(nextBoundary(start));
      if (!first || !last) continue;
      push(after(last, start, 1000, 2001), [
        ['i', 'paragraph-insert'],
        ['s', first.s],
      ]);
    }
    for (const at of extra) {
      let runStart = at - 1;
      while (!boundary[runStart]) runStart--;
      const first = entryAt.get(runStart);
      const last = runEnd(nextBoundary(at));
      if (!first || !last || !entryAt.has(at)) continue;
      push(after(last, at, 1000, 2001), [
        ['i', 'paragraph-merge'],
        ['s', first.s],
        ['e', last.e],
      ]);
    }
  }

  // The end.
  if (course.interrupted) {
    const cut = round2(streamEnd / 1000);
    push(streamEnd + 800, [
      ['type', 'interruption'],
      ['time', cut],
      ['restarting', false],
    ]);
    push(endAt, [
      ['type', 'end'],
      ['code', 2],
      ['user_reason', 'The live stream was interrupted and did not resume.'],
      ['system_reason', 'Source stream lost; no reconnection within 120 s.'],
    ]);
  } else {
    push(endAt, [
      ['type', 'end'],
      ['code', 0],
      ['user_reason', 'The call has ended.'],
      ['system_reason', 'Source stream closed by the broadcaster.'],
    ]);
  }

  lines.sort((a, b) => a.at - b.at || a.seq - b.seq);

  // Keep-alives in pauses: 2 s after the start line while no word has come, then whenever 4.5 s pass without a line.
  const withKeepAlives: Line[] = [];
  let previous = 0;
  for (const line of lines) {
    const pause = withKeepAlives.length <= 1 ? 2000 : 4500;
    for (let at = previous + pause; at < line.at; at += pause) withKeepAlives.push({ at, seq: -1, fields: [['type', 'keep-alive']] });
    withKeepAlives.push(line);
    previous = line.at;
  }

  const at: number[] = [];
  const ends: number[] = [];
  const parts: string[] = [];
  let size = 0;
  withKeepAlives.forEach((line, index) => {
    const text = `${serialize(line.fields, mix(salt, Roll.Style, index) % 6)}\n`;
    parts.push(text);
    size += Buffer.byteLength(text);
    at.push(line.at);
    ends.push(size);
  });
  return { at, ends, bytes: Buffer.from(parts.join(''), 'utf8') };
}

/** One line's JSON in one of a few styles: compact, spaced, keys reordered. */
function serialize(fields: Fields, style: number): string {
  let ordered = fields;
  if (style >= 4 && fields.length > 1) ordered = style === 4 ? [...fields].reverse() : [...fields.slice(1), fields[0]!];
  const spaced = style === 3 || style === 5;
  const colon = spaced ? ': ' : ':';
  const comma = spaced ? ', ' : ',';
  return `{${ordered.map(([key, value]) => `${JSON.stringify(key)}${colon}${JSON.stringify(value)}`).join(comma)}}`;
}
