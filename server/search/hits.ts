import { MARK_END, MARK_START, type ParagraphHitRow } from './store.ts';

/**
 * A matching paragraph turned into what a reader sees: the sentences that hold a match, their words
 * marked, with the sentence before and after for context. Marks come from PostgreSQL's own
 * highlighter (ts_headline, which knows stemming and phrases) and are carried as text segments,
 * never as markup.
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
  speaker: { label: string; detail?: string; kind: string };
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

/**
 * For a search made only of phrases, the highlighter also marks a phrase's words where they stand
 * alone ("margin" in "operating margin" for "gross margin"): only runs of marked words next to each
 * other, as long as the shortest phrase, are kept.
 */
export function phraseRuns(ranges: [number, number][], body: string, shortestPhrase: number): [number, number][] {
  if (shortestPhrase < 2) return ranges;
  const kept: [number, number][] = [];
  let run: [number, number][] = [];
  const flush = () => {
    if (run.length >= shortestPhrase) kept.push(...run);
    run = [];
  };
  for (const range of ranges) {
    const previous = run.at(-1);
    if (previous && !/^[\s\p{P}]*$/u.test(body.slice(previous[1], range[0]))) flush();
    run.push(range);
  }
  flush();
  return kept;
}

export function paragraphHit(row: ParagraphHitRow, shortestPhrase = 1): ParagraphHit {
  const ranges = phraseRuns(markedRanges(row.headline, row.body), row.body, shortestPhrase);
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
    speaker: { label: row.speakerLabel, ...(row.speakerDetail ? { detail: row.speakerDetail } : {}), kind: row.speakerKind },
    start: row.start,
    end: row.end,
    sentences: chosen.map(({ index, start, end, segments }) => ({ index, start, end, segments })),
    ...(first > 0 ? { before: sentences[first - 1]!.text } : {}),
    ...(lastChosen < sentences.length - 1 ? { after: sentences[lastChosen + 1]!.text } : {}),
  };
}
