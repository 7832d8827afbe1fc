import { alignCalls } from './align.ts';
import type { Comparison, CompareSide, SentenceChange, TermHistory } from './model.ts';
import { findFigures, pairFigures } from './numbers.ts';
import { questionsOf } from './questions.ts';
import { RANKED_TERMS } from './history.ts';
import { rankTerms } from './terms.ts';

export * from './model.ts';
export { alignCalls, diffWords } from './align.ts';
export { findFigures, formatFigure, pairFigures, readNumber } from './numbers.ts';
export { callTerms, rankTerms } from './terms.ts';
export { rerankTerms, withTermHistory } from './history.ts';
export { questionsOf, questionSubjects } from './questions.ts';
export { comparisonToMarkdown, type CompareCallLabel, type CompareHeading } from './markdown.ts';

/** Candidates per list before the history is known: both lists together fit one term-history request (50 terms). */
export const TERM_CANDIDATES = 25;

/**
 * Two calls of one company compared: sections and sentences aligned, the numbers that moved, new
 * and dropped terms, and each call's questions. Pure; the page runs it in a worker.
 */
export function compareCalls(current: CompareSide, previous: CompareSide, history?: TermHistory): Comparison {
  const sections = alignCalls(current, previous);
  const counts = { same: 0, changed: 0, new: 0, dropped: 0 };
  for (const section of sections) {
    for (const group of section.groups) for (const change of group.changes) counts[change.kind satisfies SentenceChange['kind']]++;
  }
  return {
    currentEdited: current.transcript.mapped,
    previousEdited: previous.transcript.mapped,
    sections,
    counts,
    figures: pairFigures(findFigures(current.transcript), findFigures(previous.transcript)),
    // Without the history, more candidates than are shown: the history only lowers scores (withTermHistory).
    terms: rankTerms(current.transcript, previous.transcript, history, { limit: history ? RANKED_TERMS : TERM_CANDIDATES }),
    questions: { current: questionsOf(current), previous: questionsOf(previous) },
  };
}
