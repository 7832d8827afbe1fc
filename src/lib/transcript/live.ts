import type { Transcript, TranscriptParagraph, TranscriptSentence } from './model.ts';
import { speakerKind, UNKNOWN_SPEAKER, type SpeakerKind, type TranscriptSpeaker } from './speakers.ts';

/**
 * A live transcript: the JSONL file the service grows while a call is live, read line by line into
 * the same Transcript every reader of a recording uses (paragraphs, sentences, speakers), plus what
 * only a live file says: where the Q&A starts, which words were just refined, how the stream ended.
 * Pure (no DOM, no fetch): the browser and the Node server both import it.
 *
 * Reading (every line is JSON.parse'd, never matched as text; a line that is not a JSON object is
 * skipped and counted in `stats().malformed`, never thrown):
 * - A line longer than MAX_LINE characters is skipped (counted) without being held in memory whole.
 * - `{"type":"start","file_format_version":…}`: `version`.
 * - An entry (no `type`, no `i`) is one word: `s`, `e` (numbers, or numeric strings), `p` (the file's
 *   paragraph id), `t` (the text, possibly two tokens), optional `S` (speaker label), `c`, `ot`.
 *   An entry without a usable `s` is skipped (counted as malformed). Words are kept sorted by `s`
 *   (an entry that arrives out of order is placed at its time).
 * - `{"type":"section","name":"predicted-qna","s":…}` sets `qnaStart`; without one, a
 *   `predicted-speech` section's `e` does (when it ends after its own `s`, if that is known). A
 *   section may arrive after later words; the speakers' kinds are then re-read (below).
 * - `interruption` (`time`, `restarting`), `end` (`code`, `user_reason`, `system_reason`); `keep-alive`
 *   and unknown types change nothing. The end record is read even when the file stops without a
 *   final newline.
 * - Refinements (version 1.7): a line with `i`, applied in the order of the file, addressed by the
 *   start time `s` of a word already received: the word whose `s` is within 0.005 s of it (the
 *   nearest). An address that matches no word is ignored (counted in `stats().unmatched`).
 *   - `word-update` (`s`, `rt`): the word's text becomes `rt`.
 *   - `word-delete` (`s`): the word is removed.
 *   - `word-insert` (`s`, `e`, `rt`): a new word at its time (after any word with the same `s`). It
 *     takes the file paragraph and speaker of a word deleted at the same time (the usual "delete
 *     then insert the pieces" split of a two-token entry), else of the nearer of its neighbours in
 *     time (the previous one on a tie).
 *   - `paragraph-insert` (`s`): the word at `s` starts a new file paragraph (the words after it in
 *     its old paragraph follow it, as they share its `p`).
 *   - `paragraph-merge` (`s`, `e`): the words from the word at `s` through the last word ending by
 *     `e` (within the tolerance) become one file paragraph, under the paragraph id of the word at
 *     `s`: the paragraph after it joins it (the sandbox's spec, server/sandbox/live-transcript.ts:
 *     `s` is the first word of the first of two whole paragraphs, `e` the end of the second). A
 *     merge without `e` joins the paragraph starting at `s` to the one before it.
 *
 * The Transcript: display paragraphs are runs of one speaker within one file paragraph, except that
 * a file paragraph that begins mid-sentence (the service's paragraphs do, now and then) continues
 * the display paragraph before it, so a sentence is never cut in two under a repeated speaker's
 * name; a sentence ends after a word ending in `.`, `?` or `!` (closing quotes and brackets allowed
 * after it), and at the end of a paragraph. Sentence indexes run across the whole transcript; appending words only
 * grows the last sentence or adds new ones, so an index once seen names the same sentence until a
 * refinement changes the sentences before it. A token of punctuation alone joins the word before
 * it without a space.
 *
 * Speakers: one per `S` label, in the order first heard. A label that is a name ("Ana Ruiz",
 * "Operator") is the speaker's label; a machine label ("S1", "2", "speaker_3", "spk 4") is
 * "Speaker N", numbered as createSpeakerNamer numbers unmapped speakers (in the order first heard);
 * a word without `S`, or labelled "UU", is the "Unknown speaker". Kinds: the operator by
 * speakerKind's rule on the label; once `qnaStart` is known, every other labelled speaker first
 * heard at or after it is an analyst and every one first heard before it an executive (so
 * findQuestions(transcript, { qna: qnaStart }) lists the questions and who asked them); before it is
 * known, `unknown`.
 *
 * Cost: words are indexed by start time (a sorted array, binary search), and a snapshot rebuilds
 * only from the display paragraph before the first word changed since the last one; every earlier
 * paragraph (and its sentences) is the same object as before. A change of speakers' kinds (the Q&A
 * found) rebuilds everything once.
 */

/** How the file ended: its `end` record (code 0 is success; `userReason` is meant to be shown). */
export interface LiveTranscriptEnd {
  code: number;
  userReason?: string;
  systemReason?: string;
}

export interface LiveSnapshot {
  /** The words so far as a Transcript: display paragraphs are runs of one speaker within one file paragraph (one that begins mid-sentence continues the one before). */
  transcript: Transcript;
  /** `file_format_version` of the start record ("1.6", "1.7", or another). */
  version?: string;
  /** Seconds: where the Q&A starts, once the file says so (a predicted-qna start, or predicted-speech ending). */
  qnaStart?: number;
  /** Seconds: the end of the last word received (how far the text has got). */
  lastWordEnd: number;
  /** Sentence indexes changed by a refinement, with the revision that changed them (to mark them for a moment). */
  changed: ReadonlyMap<number, number>;
  /** Increases with every line applied that changed what is shown. */
  revision: number;
  /** Interruptions of the stream (seconds), and whether it said it was restarting. */
  interruptions: readonly { time: number; restarting: boolean }[];
  /** Present once the end record arrived: nothing more will come. */
  end?: LiveTranscriptEnd;
}

/** What the reader has seen, for diagnostics and the benchmark. */
export interface LiveReaderStats {
  /** Complete lines read (blank lines not counted). */
  lines: number;
  /** Lines that were not a JSON object, or a word without a usable start time: skipped. */
  malformed: number;
  /** Refinement lines applied. */
  refinements: number;
  /** Refinement lines whose address matched no word (or of an unknown kind): ignored. */
  unmatched: number;
}

export interface LiveTranscriptReader {
  /** Feeds the next bytes of the file as text (a chunk may end mid-line: the rest is kept for the next). */
  push(text: string): void;
  /**
   * Feeds the next bytes of the file (UTF-8) through one streaming decoder: a character split
   * across two chunks is decoded whole (added; the tail feeds bytes this way).
   */
  pushBytes(bytes: Uint8Array): void;
  /** What has been read so far (a new object whenever `revision` changed; the same object otherwise). */
  snapshot(): LiveSnapshot;
  /** Counts of lines read, skipped and refinements applied or ignored (added; not part of the snapshot). */
  stats(): LiveReaderStats;
}

/** Two start times this close address the same word. */
export const WORD_TIME_TOLERANCE = 0.005;
/** A line longer than this (characters) is not a record of this format: skipped, never held whole. */
export const MAX_LINE = 1_000_000;
/** How many recently refined places `changed` remembers. */
const CHANGED_LIMIT = 200;
/** How many deleted words are remembered for a word-insert at their time. */
const DELETED_LIMIT = 16;

interface Word {
  s: number;
  e: number;
  text: string;
  /** The file's paragraph id. */
  p: string;
  /** The `S` label, if any. */
  label: string | undefined;
  /** paragraph-insert: a file paragraph starts here. */
  breakBefore: boolean;
  /** paragraph-merge without `e`: no file paragraph starts here. */
  mergeBefore: boolean;
  /** The sentence index the last build gave it (-1: no text). */
  sentence: number;
}

type Json = Record<string, unknown>;

const TERMINAL = /[.?!]["'”’)\]]*$/;
const PUNCTUATION_ONLY = /^[.,?!;:%)\]}"'”’…]+$/;
const MACHINE_LABEL = /^(?:s|spk|speaker)?[\s_-]*\d+$/i;
const UNKNOWN_LABELS = new Set(['uu', 'unknown']);

/** A number, or a string holding one; undefined otherwise. */
function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first index whose word starts at or after `time` (words sorted by `s`). */
function lowerBound(words: readonly Word[], time: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]!.s < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose word starts after `time`. */
function upperBound(words: readonly Word[], time: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]!.s <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createLiveTranscriptReader(): LiveTranscriptReader {
  const words: Word[] = [];
  let pending = '';
  /** Inside a line longer than MAX_LINE: skipping to its end. */
  let skipping = false;
  let version: string | undefined;
  let qnaSection: number | undefined;
  let speechStart: number | undefined;
  let speechEnd: number | undefined;
  let end: LiveTranscriptEnd | undefined;
  const interruptions: { time: number; restarting: boolean }[] = [];
  const stats: LiveReaderStats = { lines: 0, malformed: 0, refinements: 0, unmatched: 0 };

  let revision = 0;
  /** The first word index changed since the last build (words.length or more: none). */
  let dirty = 0;
  /** Speakers' kinds must be re-read (the Q&A start changed). */
  let speakersDirty = false;
  const changedWords = new Map<Word, number>();
  const deleted: Word[] = [];

  // Speakers: per label, first heard; objects rebuilt when their kind changes.
  const firstHeard = new Map<string, number>();
  const labelOrder: string[] = [];
  let speakerObjects = new Map<string, TranscriptSpeaker>();
  let unknownSpeaker: TranscriptSpeaker | undefined;

  // The last build.
  let paragraphs: TranscriptParagraph[] = [];
  /** Per paragraph of the last build: the index of its first word. */
  let paragraphFirstWord: number[] = [];
  let speakersList: TranscriptSpeaker[] = [];
  let current: LiveSnapshot | undefined;

  const qnaStart = (): number | undefined => {
    if (qnaSection !== undefined) return qnaSection;
    if (speechEnd !== undefined && (speechStart === undefined || speechEnd > speechStart)) return speechEnd;
    return undefined;
  };

  const markDirty = (index: number) => {
    if (index < dirty) dirty = index;
  };

  const noteChanged = (word: Word | undefined) => {
    if (!word) return;
    changedWords.delete(word);
    changedWords.set(word, revision);
    if (changedWords.size > CHANGED_LIMIT) changedWords.delete(changedWords.keys().next().value!);
  };

  /** The index of the word addressed by `time`: the nearest within the tolerance, else -1. */
  const find = (time: number): number => {
    const from = lowerBound(words, time - WORD_TIME_TOLERANCE);
    let best = -1;
    let bestGap = Infinity;
    for (let i = from; i < words.length && words[i]!.s <= time + WORD_TIME_TOLERANCE; i++) {
      const gap = Math.abs(words[i]!.s - time);
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    return best;
  };

  const noteLabel = (label: string | undefined, s: number) => {
    if (label === undefined) return;
    const known = firstHeard.get(label);
    if (known === undefined) {
      firstHeard.set(label, s);
      labelOrder.push(label);
    } else if (s < known) {
      firstHeard.set(label, s);
      speakersDirty = true;
    }
  };

  const addWord = (entry: Json): boolean => {
    const s = num(entry.s);
    if (s === undefined) {
      stats.malformed++;
      return false;
    }
    const e = num(entry.e) ?? s;
    const label = str(entry.S)?.trim() || undefined;
    const word: Word = {
      s,
      e: Math.max(e, s),
      text: collapse(str(entry.t) ?? ''),
      p: str(entry.p) ?? '',
      label,
      breakBefore: false,
      mergeBefore: false,
      sentence: -1,
    };
    const at = words.length === 0 || words[words.length - 1]!.s <= s ? words.length : upperBound(words, s);
    words.splice(at, 0, word);
    markDirty(at);
    noteLabel(label, s);
    return true;
  };

  const applySection = (entry: Json): boolean => {
    const before = qnaStart();
    const s = num(entry.s);
    const e = num(entry.e);
    if (entry.name === 'predicted-qna') {
      if (s !== undefined) qnaSection = s;
    } else if (entry.name === 'predicted-speech') {
      if (s !== undefined) speechStart = s;
      if (e !== undefined) speechEnd = e;
    }
    const after = qnaStart();
    if (after === before) return false;
    speakersDirty = true;
    return true;
  };

  const applyRefinement = (entry: Json): boolean => {
    const kind = entry.i;
    const s = num(entry.s);
    if (s === undefined) {
      stats.unmatched++;
      return false;
    }
    if (kind === 'word-insert') {
      const e = num(entry.e) ?? s;
      const at = upperBound(words, s);
      const twin = deleted.findLast((word) => Math.abs(word.s - s) <= WORD_TIME_TOLERANCE || (word.s < s && s < word.e));
      const prev = words[at - 1];
      const next = words[at];
      let model: Word | undefined = twin;
      if (!model) {
        const prevGap = prev ? Math.max(0, s - prev.e) : Infinity;
        const nextGap = next ? Math.max(0, next.s - e) : Infinity;
        model = nextGap < prevGap ? next : (prev ?? next);
      }
      const word: Word = {
        s,
        e: Math.max(e, s),
        text: collapse(str(entry.rt) ?? ''),
        p: model?.p ?? '',
        label: model?.label,
        breakBefore: twin !== undefined && Math.abs(twin.s - s) <= WORD_TIME_TOLERANCE ? twin.breakBefore : false,
        mergeBefore: twin !== undefined && Math.abs(twin.s - s) <= WORD_TIME_TOLERANCE ? twin.mergeBefore : false,
        sentence: -1,
      };
      words.splice(at, 0, word);
      markDirty(at);
      noteLabel(word.label, s);
      stats.refinements++;
      revision++;
      noteChanged(word);
      return true;
    }
    const index = find(s);
    if (index < 0 || (kind !== 'word-update' && kind !== 'word-delete' && kind !== 'paragraph-insert' && kind !== 'paragraph-merge')) {
      stats.unmatched++;
      return false;
    }
    const word = words[index]!;
    revision++;
    stats.refinements++;
    switch (kind) {
      case 'word-update':
        word.text = collapse(str(entry.rt) ?? '');
        markDirty(index);
        noteChanged(word);
        break;
      case 'word-delete':
        words.splice(index, 1);
        deleted.push(word);
        if (deleted.length > DELETED_LIMIT) deleted.shift();
        changedWords.delete(word);
        markDirty(index);
        // The sentence it left: a neighbour of the same file paragraph, the one before first.
        noteChanged(words[index - 1]?.p === word.p ? words[index - 1] : words[index]?.p === word.p ? words[index] : (words[index - 1] ?? words[index]));
        break;
      case 'paragraph-insert':
        word.breakBefore = true;
        word.mergeBefore = false;
        markDirty(index);
        noteChanged(word);
        break;
      case 'paragraph-merge': {
        const until = num(entry.e);
        if (until === undefined) {
          word.mergeBefore = true;
          word.breakBefore = false;
        } else {
          for (let i = index + 1; i < words.length && words[i]!.e <= until + WORD_TIME_TOLERANCE; i++) {
            const joining = words[i]!;
            joining.p = word.p;
            joining.breakBefore = false;
            joining.mergeBefore = false;
          }
        }
        markDirty(index);
        noteChanged(word);
        break;
      }
    }
    return true;
  };

  const applyLine = (line: string) => {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      stats.malformed++;
      return;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      stats.malformed++;
      return;
    }
    const record = entry as Json;
    if (record.i !== undefined) {
      applyRefinement(record);
      return;
    }
    switch (record.type) {
      case undefined:
        if (addWord(record)) revision++;
        return;
      case 'start': {
        const given = str(record.file_format_version);
        if (given !== undefined && given !== version) {
          version = given;
          revision++;
        }
        return;
      }
      case 'section':
        if (applySection(record)) revision++;
        return;
      case 'interruption': {
        const time = num(record.time);
        if (time === undefined) {
          stats.malformed++;
          return;
        }
        interruptions.push({ time, restarting: record.restarting === true || record.restarting === 'true' });
        revision++;
        return;
      }
      case 'end': {
        const code = num(record.code) ?? 0;
        const userReason = str(record.user_reason)?.trim();
        const systemReason = str(record.system_reason)?.trim();
        end = { code, ...(userReason ? { userReason } : {}), ...(systemReason ? { systemReason } : {}) };
        revision++;
        return;
      }
      default:
        return; // keep-alive, and types this app does not know
    }
  };

  const push = (input: string) => {
    let text = input;
    if (skipping) {
      // The rest of a line too long to keep: dropped up to its end.
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      text = text.slice(newline + 1);
      skipping = false;
    }
    let buffer = pending + text;
    let from = 0;
    let newline = buffer.indexOf('\n', from);
    while (newline >= 0) {
      const line = buffer.slice(from, newline).trim();
      if (line) {
        stats.lines++;
        applyLine(line);
      }
      from = newline + 1;
      newline = buffer.indexOf('\n', from);
    }
    buffer = buffer.slice(from);
    // The end record is the last line: a file may stop without its newline.
    const rest = buffer.trim();
    if (rest.endsWith('}') && rest.includes('"end"')) {
      try {
        const record: unknown = JSON.parse(rest);
        if (typeof record === 'object' && record !== null && (record as Json).type === 'end') {
          stats.lines++;
          applyLine(rest);
          buffer = '';
        }
      } catch {
        // not complete yet
      }
    }
    if (buffer.length > MAX_LINE) {
      stats.lines++;
      stats.malformed++;
      buffer = '';
      skipping = true;
    }
    pending = buffer;
  };

  // ---- building the Transcript ----

  const kindOf = (label: string): SpeakerKind => {
    if (speakerKind(label) === 'operator') return 'operator';
    const start = qnaStart();
    if (start === undefined) return 'unknown';
    return (firstHeard.get(label) ?? 0) >= start - 0.05 ? 'analyst' : 'executive';
  };

  /** The speaker objects for every label, reusing each one whose kind has not changed. */
  const refreshSpeakers = () => {
    const next = new Map<string, TranscriptSpeaker>();
    let numbered = 0;
    let id = 0;
    let changed = false;
    for (const label of labelOrder) {
      const machine = MACHINE_LABEL.test(label);
      const unknown = UNKNOWN_LABELS.has(label.toLowerCase());
      const shown = unknown ? UNKNOWN_SPEAKER : machine ? `Speaker ${++numbered}` : label;
      const kind = unknown ? 'unknown' : kindOf(label);
      const old = speakerObjects.get(label);
      const speaker: TranscriptSpeaker =
        old && old.kind === kind && old.label === shown ? old : { id: unknown ? null : id, label: shown, mapped: !machine && !unknown, kind };
      if (speaker !== old) changed = true;
      next.set(label, speaker);
      id++;
    }
    speakerObjects = next;
    return changed;
  };

  const speakerOf = (label: string | undefined): TranscriptSpeaker => {
    if (label !== undefined) {
      const known = speakerObjects.get(label);
      if (known) return known;
    }
    unknownSpeaker ??= { id: null, label: UNKNOWN_SPEAKER, mapped: false, kind: 'unknown' };
    return unknownSpeaker;
  };

  const build = () => {
    const newLabels = speakerObjects.size !== labelOrder.length;
    if (speakersDirty || newLabels) {
      if (refreshSpeakers() && speakersDirty) dirty = 0;
      speakersDirty = false;
    }

    // Restart at the display paragraph holding the word before the first change.
    let keep = 0;
    if (dirty > 0 && paragraphFirstWord.length > 0) {
      const target = dirty - 1;
      let lo = 0;
      let hi = paragraphFirstWord.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (paragraphFirstWord[mid]! <= target) lo = mid + 1;
        else hi = mid;
      }
      keep = Math.max(0, lo - 1);
    }
    const kept = paragraphs.slice(0, keep);
    const keptFirst = paragraphFirstWord.slice(0, keep);
    const last = kept.at(-1);
    let sentenceIndex = last ? last.sentences.at(-1)!.index + 1 : 0;
    let startWord = keep < paragraphFirstWord.length ? paragraphFirstWord[keep]! : words.length;
    if (keep === 0) startWord = 0;

    let paragraphWords: Word[] = [];
    let paragraphStart = startWord;
    const flush = () => {
      if (paragraphWords.length === 0) return;
      const sentences: TranscriptSentence[] = [];
      let tokens: string[] = [];
      let sentenceStart = 0;
      let sentenceEnd = 0;
      let members: Word[] = [];
      const close = () => {
        if (tokens.length === 0) return;
        const index = sentenceIndex++;
        for (const member of members) member.sentence = index;
        sentences.push({ index, text: tokens.join(''), start: sentenceStart, end: sentenceEnd });
        tokens = [];
        members = [];
      };
      for (const word of paragraphWords) {
        word.sentence = -1;
        if (!word.text) continue;
        if (tokens.length === 0) sentenceStart = word.s;
        tokens.push(tokens.length === 0 || PUNCTUATION_ONLY.test(word.text) ? word.text : ` ${word.text}`);
        members.push(word);
        sentenceEnd = Math.max(sentenceEnd, word.e);
        if (TERMINAL.test(word.text)) close();
      }
      close();
      if (sentences.length > 0) {
        kept.push({
          index: kept.length,
          speaker: speakerOf(paragraphWords[0]!.label),
          start: sentences[0]!.start,
          end: sentences.reduce((max, sentence) => Math.max(max, sentence.end), 0),
          text: sentences.map((sentence) => sentence.text).join(' '),
          sentences,
        });
        keptFirst.push(paragraphStart);
      }
      paragraphWords = [];
    };

    for (let i = startWord; i < words.length; i++) {
      const word = words[i]!;
      const prev = paragraphWords.at(-1);
      if (prev) {
        // A file paragraph that begins mid-sentence continues this one (see the module comment).
        const fileBreak = (word.p !== prev.p || word.breakBefore) && !word.mergeBefore && TERMINAL.test(prev.text);
        if (fileBreak || word.label !== prev.label) {
          flush();
          paragraphStart = i;
        }
      } else {
        paragraphStart = i;
      }
      paragraphWords.push(word);
    }
    flush();

    paragraphs = kept;
    paragraphFirstWord = keptFirst;
    dirty = words.length;

    // Everyone who speaks, in the order they first speak (paragraphs are in time order).
    const speakers: TranscriptSpeaker[] = [];
    const seen = new Set<TranscriptSpeaker>();
    for (const paragraph of paragraphs) {
      if (seen.has(paragraph.speaker)) continue;
      seen.add(paragraph.speaker);
      speakers.push(paragraph.speaker);
    }
    speakersList = speakers.length === speakersList.length && speakers.every((speaker, i) => speaker === speakersList[i]) ? speakersList : speakers;
  };

  const snapshot = (): LiveSnapshot => {
    if (current && current.revision === revision) return current;
    build();
    const changed = new Map<number, number>();
    for (const [word, at] of changedWords) {
      if (word.sentence >= 0 && (changed.get(word.sentence) ?? -1) < at) changed.set(word.sentence, at);
    }
    const start = qnaStart();
    current = {
      transcript: { paragraphs, speakers: speakersList, mapped: speakersList.some((speaker) => speaker.mapped) },
      ...(version !== undefined ? { version } : {}),
      ...(start !== undefined ? { qnaStart: start } : {}),
      lastWordEnd: words.length > 0 ? Math.max(words[words.length - 1]!.e, paragraphs.at(-1)?.end ?? 0) : 0,
      changed,
      revision,
      interruptions: [...interruptions],
      ...(end ? { end } : {}),
    };
    return current;
  };

  const decoder = new TextDecoder('utf-8');
  const pushBytes = (bytes: Uint8Array) => push(decoder.decode(bytes, { stream: true }));

  return { push, pushBytes, snapshot, stats: () => ({ ...stats }) };
}
