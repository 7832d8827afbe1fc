import type { QnaChapter, QnaQuestion } from '../transcript/qna.ts';
import type { Transcript } from '../transcript/model.ts';
import type { TranscriptSpeaker } from '../transcript/speakers.ts';

/**
 * What a comparison of two calls of one company holds: the shapes every part of it shares (the
 * number reader, the sentence alignment, the term ranking, the questions, the Markdown export and
 * the page). Pure data: no DOM, no fetch, so it can be computed in a worker or on the server.
 *
 * "current" is the call the analyst came from (this quarter), "previous" the one it is compared
 * with (by default the previous call of the same kind).
 */

/** One call as the comparison reads it. */
export interface CompareSide {
  transcript: Transcript;
  /** The recording's chapters, when it has any (they mark the Q&A and name who asked). */
  chapters?: readonly QnaChapter[];
  /** The recording's Q&A offset in seconds, when the service gives one. */
  qna?: number;
}

/** A sentence of one call, as a comparison line points at it. */
export interface SentenceRef {
  /** The transcript's sentence index (TranscriptSentence.index). */
  sentence: number;
  text: string;
  /** Seconds from the start of that call's recording: where ▶ plays from. */
  start: number;
  speaker: TranscriptSpeaker;
}

/** A word of a changed sentence, marked when it is not in the other call's sentence. */
export interface WordPart {
  text: string;
  changed: boolean;
}

export type SentenceChange =
  | { kind: 'same'; current: SentenceRef; previous: SentenceRef }
  | { kind: 'changed'; current: SentenceRef; previous: SentenceRef; currentWords: WordPart[]; previousWords: WordPart[] }
  | { kind: 'new'; current: SentenceRef }
  | { kind: 'dropped'; previous: SentenceRef };

export type SectionKey = 'prepared' | 'qna';

/** Sentences of one speaker (or one role, where both calls name it) within a section. */
export interface AlignedGroup {
  /** "Chief Financial Officer", "Operator", "Speaker 2": what both calls' speakers share; undefined when not aligned by speaker. */
  speaker?: string;
  changes: SentenceChange[];
}

export interface AlignedSection {
  key: SectionKey;
  /** "Prepared remarks", "Q&A". */
  title: string;
  /** How the section's bounds were found, for the page to say: chapters, the Q&A offset, the transcript's own speakers, or none found. */
  foundBy: 'chapters' | 'qna-offset' | 'transcript' | 'none';
  /** How each call's Q&A was found, when the page wants to say it per call (`foundBy` is the less sure of the two). */
  foundByCall?: { current: AlignedSection['foundBy']; previous: AlignedSection['foundBy'] };
  groups: AlignedGroup[];
}

export type FigureUnit = 'percent' | 'points' | 'bps' | 'money' | 'count' | 'multiple';

/** A figure said in a call, with what it measures. */
export interface SpokenFigure {
  /** Normalised key of what it measures, used to pair calls: "gross margin", "revenue", "earnings per share". */
  measure: string;
  /** The measure as a heading: "Gross margin". */
  label: string;
  /** The number in its unit: 39.8 for 39.8%, 346000000 for 346 million dollars, 25 for 25 basis points, 1.5 for 1.5 times. A change is signed: −4 for "down four percent". For a range, its low end. */
  value: number;
  /** A range's high end ("between three and five percent": value 3, high 5). */
  high?: number;
  unit: FigureUnit;
  /** ISO currency code for money ("USD", "EUR"), when said. */
  currency?: string;
  /** A change rather than a level: "up five percent", "down 30 basis points". Its measure ends in "growth" (percent) or "change" (other units). */
  change?: 'up' | 'down' | 'flat';
  /** The sentence says guidance: "we expect", "outlook", "guidance", "for the full year". */
  guidance: boolean;
  /** What guidance is for, when the sentence says: the next quarter or the (full) year. Next-quarter guidance pairs only with next-quarter guidance. */
  horizon?: 'quarter' | 'year';
  /** The figure as said ("thirty nine point eight percent"). */
  said: string;
  /** Where it was said. */
  at: SentenceRef;
}

/** A measure said in either call, paired with the same measure in the other. */
export interface MovedFigure {
  /** The measure paired on, unique in the list: "gross margin", "revenue growth guidance". */
  measure: string;
  label: string;
  current?: SpokenFigure;
  previous?: SpokenFigure;
  /** current − previous in the unit that reads best ("pts" for percentages). Undefined when one side is missing or units differ. */
  delta?: number;
  deltaUnit?: 'pts' | 'percent' | 'bps' | 'money' | 'count' | 'multiple';
  guidance: boolean;
  /** The line the page and the export show: "Gross margin 39.8% (was 41.2%, −1.4 pts)". */
  summary: string;
}

/** How often a term is said across the company's calls, for "said in X of the last N calls". */
export interface TermHistory {
  /** The calls the counts cover (the company's calls of this kind up to the current one, at most N). */
  calls: number;
  /** Calls (of those) that said the term; a term missing here is unknown (treated as said only in this pair). */
  callsWith: ReadonlyMap<string, number>;
}

export interface RankedTerm {
  /** What is shown and searched for: "data center", "tariffs". */
  term: string;
  /** Times said in the call where it is new (or, for a dropped term, in the previous call). */
  count: number;
  /** Times said in the other call (0 for new and dropped terms unless it only faded). */
  otherCount: number;
  /** From TermHistory, when known. */
  callsWith?: number;
  calls?: number;
  score: number;
  /** Where it is first said in the call it belongs to. */
  first?: SentenceRef;
}

export interface QuestionsSide {
  questions: QnaQuestion[];
  /** Per question (same order): a few words that say what it was about. */
  subjects: string[][];
}

export interface Comparison {
  /** Whether each side's transcript names its speakers (edited) or only numbers them (machine). */
  currentEdited: boolean;
  previousEdited: boolean;
  sections: AlignedSection[];
  /** Counts over all sections, for the summary line and "Only changes". */
  counts: { same: number; changed: number; new: number; dropped: number };
  /** Guidance first, then by size of the move. */
  figures: MovedFigure[];
  terms: { added: RankedTerm[]; dropped: RankedTerm[] };
  questions: { current: QuestionsSide; previous: QuestionsSide };
}
