import { searchWord, WORD_PART, type SearchTerm } from '../../src/lib/transcript-search/query.ts';
import { MARK_END, MARK_START, type ParagraphHitRow } from './store.ts';

/**
 * A matching paragraph turned into what a reader sees: the sentences that hold a match, their words
 * marked, with the sentence before and after for context. Marks come from PostgreSQL's own
 * highlighter (ts_headline, which knows stemming) and are carried as text segments, never as
 * markup. A phrase is marked whole where it stands (its common words too, which the highlighter
 * leaves out): "in line with" marks those three words, and the hit plays from the sentence that
 * holds them.
 */

export interface Segment {
  text: string;
  marked?: true;
}

export interface MatchedSentence {
  /** Position in the whole transcript (what the transcript reader and player follow). */
  index: number;
  start: number;
  end: number;
  segments: Segment[];
}

export interface ParagraphHit {
  paragraph: number;
  speaker: { label: string; detail?: string; kind: string; roles: string[]; company?: string };
  section: string;
  start: number;
  end: number;
  sentences: MatchedSentence[];
  before?: string;
  after?: string;
}

const MAX_SENTENCES = 3;

/** The marked ranges of body, from the highlighted copy; none if the copy does not match body. */
export function markedRanges(headline: string, body: string): [number, number][] {
  const ranges: [number, number][] = [];
  let plain = '';
  let open = -1;
  for (const ch of headline) {
    if (ch === MARK_START) open = plain.length;
    else if (ch === MARK_END) {
      if (open >= 0 && plain.length > open) ranges.push([open, plain.length]);
      open = -1;
    } else plain += ch;
  }
  return plain === body ? ranges : [];
}

function segmentsOf(text: string, offset: number, ranges: [number, number][]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    const start = Math.max(0, from - offset);
    const end = Math.min(text.length, to - offset);
    if (end <= 0 || start >= text.length || end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start) });
    segments.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

export interface PhraseSearch {
  /** The phrases searched for (not left out). */
  phrases: SearchTerm[];
  /** Every term searched for is a phrase: words of a phrase standing alone are not marked. */
  onlyPhrases: boolean;
  /** The index's lexemes of the phrases' words and of the words the highlighter marked (store.ts, lexemesOf). */
  lexemes: Map<string, string[]>;
}

interface Word {
  from: number;
  to: number;
  text: string;
  marked: boolean;
}

/** The words of body (as the query syntax splits words), each with whether the highlighter marked it. */
export function wordsOf(body: string, marked: [number, number][]): Word[] {
  return [...body.matchAll(WORD_PART)].map((match) => {
    const from = match.index;
    const to = from + match[0].length;
    return { from, to, text: searchWord(match[0]), marked: marked.some(([a, b]) => a < to && b > from) };
  });
}

/**
 * Where each phrase stands whole in body, from its first word to its last. A word of the phrase
 * matches a word of the text written the same, or (for a word the index keeps) one the highlighter
 * marked that has the same lexeme ("margins" for "margin"); a common word (our, in, with) must be
 * written the same, since the index does not keep it.
 */
export function phraseSpans(words: Word[], search: Pick<PhraseSearch, 'phrases' | 'lexemes'>): [number, number][] {
  const spans: [number, number][] = [];
  const same = (word: Word, wanted: string, prefix: boolean) => {
    if (word.text === wanted || (prefix && word.text.startsWith(wanted))) return true;
    const lexemes = search.lexemes.get(wanted) ?? [];
    if (!word.marked || lexemes.length === 0) return false;
    const own = search.lexemes.get(word.text) ?? [];
    return own.some((lexeme) => lexemes.includes(lexeme) || (prefix && lexemes.some((start) => lexeme.startsWith(start))));
  };
  for (const phrase of search.phrases) {
    if (phrase.kind !== 'phrase') continue;
    const length = phrase.words.length;
    for (let at = 0; at + length <= words.length; at++) {
      if (phrase.words.every((wanted, i) => same(words[at + i]!, wanted, phrase.prefix && i === length - 1))) {
        spans.push([words[at]!.from, words[at + length - 1]!.to]);
      }
    }
  }
  return spans;
}

/** The words whose lexemes phraseSpans compares: the phrases' own and the ones the highlighter marked in these passages. */
export function wordsToStem(rows: Pick<ParagraphHitRow, 'headline' | 'body'>[], phrases: SearchTerm[]): string[] {
  const words = new Set(phrases.flatMap((phrase) => (phrase.kind === 'phrase' ? phrase.words : [])));
  for (const row of rows) {
    for (const [from, to] of markedRanges(row.headline, row.body))
      for (const match of row.body.slice(from, to).matchAll(WORD_PART)) words.add(searchWord(match[0]));
  }
  return [...words];
}

/** Ranges sorted, those that overlap or touch joined into one. */
function joined(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The marked ranges of a passage: the highlighter's words, and each phrase whole where it stands. */
export function hitRanges(row: Pick<ParagraphHitRow, 'headline' | 'body'>, search?: PhraseSearch): [number, number][] {
  const highlighted = markedRanges(row.headline, row.body);
  if (!search || search.phrases.length === 0) return highlighted;
  const spans = phraseSpans(wordsOf(row.body, highlighted), search);
  // Only phrases searched for: their words standing alone ("margin" in "operating margin" for
  // "gross margin") are not what was asked. A phrase not found as written keeps the highlighter's marks.
  if (search.onlyPhrases) return spans.length > 0 ? joined(spans) : highlighted;
  return joined([...highlighted, ...spans]);
}

export function paragraphHit(row: ParagraphHitRow, search?: PhraseSearch): ParagraphHit {
  const ranges = hitRanges(row, search);
  const sentences = row.sentences.map(([offset, index, start, end], i) => {
    const next = row.sentences[i + 1];
    const text = row.body.slice(offset, next ? next[0] - 1 : row.body.length);
    const segments = segmentsOf(text, offset, ranges);
    return { index, start, end, text, segments, marked: segments.some((segment) => segment.marked) };
  });
  let first = sentences.findIndex((sentence) => sentence.marked);
  if (first < 0) first = 0; // matched by the index but not marked (rare): the paragraph's first sentence
  const chosen = sentences
    .slice(first)
    .filter((sentence, i) => i === 0 || sentence.marked)
    .slice(0, MAX_SENTENCES);
  const lastChosen = sentences.indexOf(chosen.at(-1)!);
  return {
    paragraph: row.position,
    speaker: {
      label: row.speakerLabel,
      ...(row.speakerDetail ? { detail: row.speakerDetail } : {}),
      kind: row.speakerKind,
      roles: row.speakerRoles,
      ...(row.speakerCompany ? { company: row.speakerCompany } : {}),
    },
    section: row.section,
    start: row.start,
    end: row.end,
    sentences: chosen.map(({ index, start, end, segments }) => ({ index, start, end, segments })),
    ...(first > 0 ? { before: sentences[first - 1]!.text } : {}),
    ...(lastChosen < sentences.length - 1 ? { after: sentences[lastChosen + 1]!.text } : {}),
  };
}
