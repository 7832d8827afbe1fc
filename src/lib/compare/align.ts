import { searchWord, WORD_PART } from '../transcript-search/query.ts';
import type { Transcript, TranscriptParagraph } from '../transcript/model.ts';
import { isQnaSection, SAME_MOMENT } from '../transcript/qna.ts';
import { qnaStart } from '../transcript/sections.ts';
import type { TranscriptSpeaker } from '../transcript/speakers.ts';
import type { AlignedGroup, AlignedSection, CompareSide, SectionKey, SentenceChange, SentenceRef, WordPart } from './model.ts';

/**
 * The sentence alignment: prepared remarks with prepared remarks and Q&A with Q&A, then speaker
 * with speaker where both calls name them, then sentence by sentence: the same, changed (with the
 * changed words marked), new this quarter, dropped since last quarter. Pure.
 *
 * Bounded work: sentences identical after normalising (lower case, words only) are matched first by
 * a longest common subsequence over whole sentences (cheap integer compares); only the stretches
 * between those anchors are compared word by word for "changed", and a stretch too long for every
 * pair is compared near its diagonal only. Two 56-minute calls (736 sentences each) align in 4-25 ms
 * on the 2-core development machine (a scratch timing of consecutive, shuffled, raw and edited pairs).
 */

type FoundBy = AlignedSection['foundBy'];

/** Two versions of a sentence sharing at least this share of their words (Dice, words counted with repeats) are one sentence changed. */
export const CHANGED_SIMILARITY = 0.5;
/** Cells of the whole-sentence LCS table; beyond it (calls of several hours as one group) a greedy match in order is used. */
const MAX_LCS_CELLS = 4_000_000;
/** Sentence pairs compared word by word within one stretch between anchors; a longer stretch compares near its diagonal only. */
const MAX_PAIRS_PER_STRETCH = 40_000;
/** Words of a sentence beyond which diffWords marks the whole sentence changed rather than compare word by word. */
const MAX_DIFF_WORDS = 400;

const SECTION_TITLES: Record<SectionKey, string> = { prepared: 'Prepared remarks', qna: 'Q&A' };
const WHOLE_CALL = 'The whole call';
/** How sure each way of finding the Q&A is, surest first: a pair of calls is as sure as its less sure side. */
const FOUND_ORDER: readonly FoundBy[] = ['chapters', 'qna-offset', 'transcript', 'none'];

interface Located {
  ref: SentenceRef;
  paragraph: TranscriptParagraph;
}

/** Every sentence of the transcript in order, with its paragraph. */
function sentencesOf(transcript: Transcript): Located[] {
  const out: Located[] = [];
  for (const paragraph of transcript.paragraphs) {
    for (const sentence of paragraph.sentences) {
      out.push({ ref: { sentence: sentence.index, text: sentence.text, start: sentence.start, speaker: paragraph.speaker }, paragraph });
    }
  }
  return out;
}

const finite = (value: number | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The first sentence (position in `sentences`) said at or after `time`; undefined when none is. */
function firstFrom(sentences: readonly Located[], time: number): number | undefined {
  const at = sentences.findIndex((s) => s.ref.start >= time - SAME_MOMENT);
  return at < 0 ? undefined : at;
}

/** The first sentence of the Q&A read from the transcript itself (src/lib/transcript/sections.ts, the index's rule too). */
function qnaFromTranscript(sentences: readonly Located[], transcript: Transcript): number | undefined {
  const first = qnaStart(transcript)?.sentences[0]?.index;
  if (first === undefined) return undefined;
  return sentences.findIndex((s) => s.ref.sentence === first);
}

interface Split {
  sentences: Located[];
  /** Position in `sentences` of the Q&A's first sentence (sentences.length for an empty Q&A); undefined when not found. */
  qna?: number;
  foundBy: FoundBy;
}

/**
 * Where the call's Q&A starts: at a level-1 chapter titled as the Q&A, else at the recording's Q&A
 * offset, else where the transcript says so (the first analyst of an edited transcript, with the
 * operator's turn that introduces them; or the operator's "first question"). Everything before it,
 * the operator's and investor relations' opening included, is the prepared remarks.
 */
function splitCall(side: CompareSide): Split {
  const sentences = sentencesOf(side.transcript);
  const section = (side.chapters ?? []).find((c) => c.level <= 1 && finite(c.start) && isQnaSection(c.title));
  if (section) return { sentences, qna: firstFrom(sentences, section.start) ?? sentences.length, foundBy: 'chapters' };
  const callEnd = side.transcript.paragraphs.reduce((end, p) => Math.max(end, p.end), 0);
  if (finite(side.qna) && side.qna > 0 && side.qna < callEnd) {
    return { sentences, qna: firstFrom(sentences, side.qna) ?? sentences.length, foundBy: 'qna-offset' };
  }
  const qna = qnaFromTranscript(sentences, side.transcript);
  return qna === undefined ? { sentences, foundBy: 'none' } : { sentences, qna, foundBy: 'transcript' };
}

// ---------------------------------------------------------------------------------------------
// Speakers

const ROLE_WORDS: Record<string, string> = {
  ceo: 'chief executive officer',
  cfo: 'chief financial officer',
  coo: 'chief operating officer',
  cto: 'chief technology officer',
  ir: 'investor relations',
  vp: 'vice president',
};

/** A speaker's role as the mapping gave it ("Chief Financial Officer"); undefined for a speaker named without one, or not named. */
export function speakerRole(speaker: TranscriptSpeaker): string | undefined {
  if (!speaker.mapped) return undefined;
  const { detail, company } = speaker;
  if (detail && detail !== company) {
    const suffix = company ? `, ${company}` : '';
    return suffix && detail.endsWith(suffix) ? detail.slice(0, -suffix.length) : detail;
  }
  // No role beside the label: the label is the role when a role gave the speaker a side.
  return speaker.kind === 'unknown' ? undefined : speaker.label;
}

const roleKey = (role: string) =>
  (searchWord(role).match(WORD_PART) ?? [])
    .map((word) => ROLE_WORDS[word] ?? word)
    .join(' ')
    .replace(/^head of /, '');

interface SpeakerKey {
  key: string;
  /** What the group is called: the role, else the speaker's label. */
  name: string;
}
type KeyOf = (speaker: TranscriptSpeaker) => SpeakerKey;

/**
 * Each speaker of a call keyed so the other call's same speaker gets the same key: by role where
 * only one speaker of the call holds it (a new CFO is still the CFO), by name for analysts and for
 * roles several people share.
 */
function speakerKeys(transcript: Transcript): KeyOf {
  const roles = new Map<TranscriptSpeaker, string>();
  const holders = new Map<string, number>();
  for (const speaker of transcript.speakers) {
    const role = speakerRole(speaker);
    if (!role || speaker.kind === 'analyst') continue;
    const key = roleKey(role);
    if (!key) continue;
    roles.set(speaker, key);
    holders.set(key, (holders.get(key) ?? 0) + 1);
  }
  return (speaker) => {
    const role = roles.get(speaker);
    if (role !== undefined && holders.get(role) === 1) return { key: `role:${role}`, name: speakerRole(speaker)! };
    return { key: `name:${searchWord(speaker.label)}`, name: speaker.label };
  };
}

// ---------------------------------------------------------------------------------------------
// Sentences

interface Item {
  ref: SentenceRef;
  /** The normalised text as one interned number: equal numbers, the same sentence. */
  key: number;
  /** Interned word ids, sorted (words counted with repeats). */
  words: Int32Array;
}

/** Turns sentences into items; words and whole sentences are interned across both calls. */
function interner() {
  const words = new Map<string, number>();
  const texts = new Map<string, number>();
  return (ref: SentenceRef): Item => {
    const tokens = searchWord(ref.text).match(WORD_PART) ?? [];
    const joined = tokens.join(' ');
    let key = texts.get(joined);
    if (key === undefined) texts.set(joined, (key = texts.size));
    const ids = new Int32Array(tokens.length);
    tokens.forEach((token, i) => {
      let id = words.get(token);
      if (id === undefined) words.set(token, (id = words.size));
      ids[i] = id;
    });
    return { ref, key, words: ids.sort() };
  };
}

/** Dice similarity of two sorted word-id lists (words counted with repeats): 1 when the same words, 0 when none shared. */
function similarity(a: Int32Array, b: Int32Array): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  // Too different in length to share half their words.
  if (Math.max(a.length, b.length) > 3 * Math.min(a.length, b.length)) return 0;
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return (2 * shared) / total;
}

/** Pairs (previous position, current position) of identical sentences, in order: the longest common subsequence. */
function identicalPairs(previous: readonly Item[], current: readonly Item[]): [number, number][] {
  const n = previous.length;
  const m = current.length;
  // Common start and end need no table.
  let head = 0;
  while (head < n && head < m && previous[head]!.key === current[head]!.key) head++;
  let tail = 0;
  while (tail < n - head && tail < m - head && previous[n - 1 - tail]!.key === current[m - 1 - tail]!.key) tail++;
  const pairs: [number, number][] = [];
  for (let k = 0; k < head; k++) pairs.push([k, k]);
  const pn = n - head - tail;
  const cm = m - head - tail;
  if (pn > 0 && cm > 0) {
    const inner = (pn + 1) * (cm + 1) <= MAX_LCS_CELLS ? lcs(previous, current, head, pn, cm) : greedy(previous, current, head, pn, cm);
    pairs.push(...inner);
  }
  for (let k = tail; k > 0; k--) pairs.push([n - k, m - k]);
  return pairs;
}

/** The LCS by table over previous[offset, offset + pn) and current[offset, offset + cm). */
function lcs(previous: readonly Item[], current: readonly Item[], offset: number, pn: number, cm: number): [number, number][] {
  const width = cm + 1;
  const table = pn < 0xffff && cm < 0xffff ? new Uint16Array((pn + 1) * width) : new Uint32Array((pn + 1) * width);
  for (let i = pn - 1; i >= 0; i--) {
    const a = previous[offset + i]!.key;
    const row = i * width;
    const below = row + width;
    for (let j = cm - 1; j >= 0; j--) {
      table[row + j] = a === current[offset + j]!.key ? table[below + j + 1]! + 1 : Math.max(table[below + j]!, table[row + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < pn && j < cm) {
    if (previous[offset + i]!.key === current[offset + j]!.key) {
      pairs.push([offset + i, offset + j]);
      i++;
      j++;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** For sequences too long for the table: each current sentence matched to the next identical previous one not far ahead. */
function greedy(previous: readonly Item[], current: readonly Item[], offset: number, pn: number, cm: number): [number, number][] {
  const where = new Map<number, number[]>();
  for (let i = 0; i < pn; i++) {
    const key = previous[offset + i]!.key;
    const list = where.get(key);
    if (list) list.push(i);
    else where.set(key, [i]);
  }
  const window = 200;
  const pairs: [number, number][] = [];
  let last = -1;
  for (let j = 0; j < cm; j++) {
    const next = where.get(current[offset + j]!.key)?.find((i) => i > last);
    if (next !== undefined && next - last <= window) {
      pairs.push([offset + next, offset + j]);
      last = next;
    }
  }
  return pairs;
}

/**
 * Within a stretch with no identical sentences: the pairs similar enough to be one sentence changed,
 * in order, the most similar overall (a weighted LCS). A stretch with more pairs than the budget
 * compares each sentence only with those near the stretch's diagonal.
 */
function similarPairs(previous: readonly Item[], current: readonly Item[], p0: number, pn: number, c0: number, cm: number): [number, number][] {
  // A stretch longer than the identical-sentence table allows (hours of unrelated talk) stays new and dropped.
  if ((pn + 1) * (cm + 1) > MAX_LCS_CELLS) return [];
  const width = cm + 1;
  const score = new Float64Array((pn + 1) * width);
  const sims = new Float64Array(pn * cm);
  const band = pn * cm <= MAX_PAIRS_PER_STRETCH ? Infinity : Math.max(1, Math.floor(MAX_PAIRS_PER_STRETCH / (2 * pn)));
  for (let i = 1; i <= pn; i++) {
    const a = previous[p0 + i - 1]!.words;
    const centre = ((i - 0.5) * cm) / pn;
    for (let j = 1; j <= cm; j++) {
      let best = Math.max(score[(i - 1) * width + j]!, score[i * width + j - 1]!);
      if (Math.abs(j - 0.5 - centre) <= band) {
        const s = similarity(a, current[c0 + j - 1]!.words);
        if (s >= CHANGED_SIMILARITY) {
          sims[(i - 1) * cm + j - 1] = s;
          best = Math.max(best, score[(i - 1) * width + j - 1]! + s);
        }
      }
      score[i * width + j] = best;
    }
  }
  const pairs: [number, number][] = [];
  let i = pn;
  let j = cm;
  while (i > 0 && j > 0) {
    const here = score[i * width + j]!;
    const s = sims[(i - 1) * cm + j - 1]!;
    if (s > 0 && here === score[(i - 1) * width + j - 1]! + s) {
      pairs.push([p0 + i - 1, c0 + j - 1]);
      i--;
      j--;
    } else if (here === score[(i - 1) * width + j]!) i--;
    else j--;
  }
  return pairs.reverse();
}

/**
 * The changes from `previous` to `current`, in reading order: the current call's order, each
 * dropped sentence where it stood in the previous call between its aligned neighbours (before what
 * is new in the same place).
 */
function alignSentences(previous: readonly Item[], current: readonly Item[]): SentenceChange[] {
  const changes: SentenceChange[] = [];
  const fill = (p0: number, p1: number, c0: number, c1: number) => {
    const similar = p1 > p0 && c1 > c0 ? similarPairs(previous, current, p0, p1 - p0, c0, c1 - c0) : [];
    let i = p0;
    let j = c0;
    for (const [pi, cj] of [...similar, [p1, c1] as [number, number]]) {
      while (i < pi) changes.push({ kind: 'dropped', previous: previous[i++]!.ref });
      while (j < cj) changes.push({ kind: 'new', current: current[j++]!.ref });
      if (pi === p1) break;
      const before = previous[pi]!.ref;
      const after = current[cj]!.ref;
      const words = diffWords(after.text, before.text);
      changes.push({ kind: 'changed', current: after, previous: before, currentWords: words.current, previousWords: words.previous });
      i = pi + 1;
      j = cj + 1;
    }
  };
  let i = 0;
  let j = 0;
  for (const [pi, cj] of identicalPairs(previous, current)) {
    fill(i, pi, j, cj);
    changes.push({ kind: 'same', current: current[cj]!.ref, previous: previous[pi]!.ref });
    i = pi + 1;
    j = cj + 1;
  }
  fill(i, previous.length, j, current.length);
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Sections and groups

/**
 * Both calls' sentences of one section aligned: in speaker groups when `keys` are given and the
 * calls share a speaker here, ordered as the current call speaks (a speaker only the previous call
 * had goes after the speaker they followed there); else one group.
 */
function alignGroups(
  previous: readonly Located[],
  current: readonly Located[],
  keys: { previous: KeyOf; current: KeyOf } | undefined,
  item: (ref: SentenceRef) => Item,
): AlignedGroup[] {
  const previousKeys = keys ? previous.map((s) => keys.previous(s.ref.speaker)) : [];
  const currentKeys = keys ? current.map((s) => keys.current(s.ref.speaker)) : [];
  const known = new Set(previousKeys.map((k) => k.key));
  if (!currentKeys.some((k) => known.has(k.key))) {
    const changes = alignSentences(
      previous.map((s) => item(s.ref)),
      current.map((s) => item(s.ref)),
    );
    return changes.length > 0 ? [{ changes }] : [];
  }
  const groups = new Map<string, { name: string; previous: Item[]; current: Item[] }>();
  const add = (located: readonly Located[], sideKeys: SpeakerKey[], side: 'previous' | 'current') => {
    located.forEach((s, i) => {
      const { key, name } = sideKeys[i]!;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { name, previous: [], current: [] }));
      group[side].push(item(s.ref));
    });
  };
  add(current, currentKeys, 'current');
  const order = [...groups.keys()];
  add(previous, previousKeys, 'previous');
  let anchor = -1;
  for (const key of new Set(previousKeys.map((k) => k.key))) {
    const at = order.indexOf(key);
    if (at >= 0) anchor = at;
    else order.splice(++anchor, 0, key);
  }
  return order.map((key) => {
    const group = groups.get(key)!;
    return { speaker: group.name, changes: alignSentences(group.previous, group.current) };
  });
}

const weaker = (a: FoundBy, b: FoundBy): FoundBy => (FOUND_ORDER.indexOf(a) >= FOUND_ORDER.indexOf(b) ? a : b);

/**
 * Aligns the two calls' sections, speakers and sentences. With the Q&A found in both calls: the
 * prepared remarks, then the Q&A (each section's `foundBy` is the less sure of the two calls'
 * ways). When either call's Q&A cannot be found: one section, the whole call (`foundBy: 'none'`).
 * Speaker groups where both transcripts are edited (name their speakers), else one group per section.
 */
export function alignCalls(current: CompareSide, previous: CompareSide): AlignedSection[] {
  const now = splitCall(current);
  const before = splitCall(previous);
  const item = interner();
  const keys =
    current.transcript.mapped && previous.transcript.mapped
      ? { current: speakerKeys(current.transcript), previous: speakerKeys(previous.transcript) }
      : undefined;
  const foundByCall = { current: now.foundBy, previous: before.foundBy };
  if (now.qna === undefined || before.qna === undefined) {
    return [
      {
        key: 'prepared',
        title: WHOLE_CALL,
        foundBy: 'none',
        foundByCall,
        groups: alignGroups(before.sentences, now.sentences, keys, item),
      },
    ];
  }
  const foundBy = weaker(now.foundBy, before.foundBy);
  const section = (key: SectionKey, previousPart: Located[], currentPart: Located[]): AlignedSection => ({
    key,
    title: SECTION_TITLES[key],
    foundBy,
    foundByCall,
    groups: alignGroups(previousPart, currentPart, keys, item),
  });
  return [
    section('prepared', before.sentences.slice(0, before.qna), now.sentences.slice(0, now.qna)),
    section('qna', before.sentences.slice(before.qna), now.sentences.slice(now.qna)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Words

/** A word as two versions of a sentence compare it: lower case, letters and digits only ("Margin," and "margin" are one word). */
const wordKey = (word: string) => (searchWord(word).match(WORD_PART) ?? [word]).join('');

/**
 * The words of two versions of a sentence (split at blanks, punctuation kept on its word), each
 * marked where it is not among the words the two share in order (a word-level LCS). Each part is
 * one word: join them with single spaces.
 */
export function diffWords(current: string, previous: string): { current: WordPart[]; previous: WordPart[] } {
  const a = current.split(/\s+/).filter(Boolean);
  const b = previous.split(/\s+/).filter(Boolean);
  const changedA = a.map(() => true);
  const changedB = b.map(() => true);
  if (a.length <= MAX_DIFF_WORDS && b.length <= MAX_DIFF_WORDS) {
    const ka = a.map(wordKey);
    const kb = b.map(wordKey);
    const width = kb.length + 1;
    const table = new Uint16Array((ka.length + 1) * width);
    for (let i = ka.length - 1; i >= 0; i--) {
      for (let j = kb.length - 1; j >= 0; j--) {
        table[i * width + j] = ka[i] === kb[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < ka.length && j < kb.length) {
      if (ka[i] === kb[j]) {
        changedA[i++] = false;
        changedB[j++] = false;
      } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
      else j++;
    }
  }
  return {
    current: a.map((text, i) => ({ text, changed: changedA[i]! })),
    previous: b.map((text, i) => ({ text, changed: changedB[i]! })),
  };
}
