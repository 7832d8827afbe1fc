import type { Comparison, RankedTerm, TermHistory } from './model.ts';

/**
 * The company's history applied to a comparison's terms: how many of its calls said each term,
 * and the ranking that follows from it. Kept apart from the term rules (terms.ts) so the page can
 * rank the worker's candidates again when the history arrives without loading the rules.
 */

/** How many new and how many dropped terms rankTerms returns, unless told. */
export const RANKED_TERMS = 15;

/** Of the company's calls, how many said the term: from the history when it knows it, else as said only in this pair. */
export function saidIn(history: TermHistory | undefined, shown: string, key: string, inPair: number): { callsWith: number; calls: number } | undefined {
  if (!history || !(history.calls > 0)) return undefined;
  const known = history.callsWith.get(shown) ?? history.callsWith.get(key);
  const callsWith = Math.max(known ?? inPair, inPair);
  return { callsWith, calls: Math.max(history.calls, callsWith) };
}

/**
 * Terms ranked without the company's history (`rankTerms` with more than are shown), ranked again
 * once the history is known: the same score, lowered by how many of the company's calls say each
 * term, best first, at most `limit`. Cheap (no transcript is read again), so the page can rank the
 * worker's candidates when the history arrives.
 */
export function rerankTerms(terms: readonly RankedTerm[], history: TermHistory | undefined, limit = RANKED_TERMS): RankedTerm[] {
  const scored = terms.map((term) => {
    const said = saidIn(history, term.term, term.term, term.otherCount > 0 ? 2 : 1);
    if (!said) return term;
    const novelty = Math.log((said.calls + 1) / said.callsWith) / Math.log(said.calls + 1);
    return { ...term, callsWith: said.callsWith, calls: said.calls, score: (term.count - term.otherCount) * novelty };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.count - a.count ||
      Number(b.term.includes(' ')) - Number(a.term.includes(' ')) ||
      (a.first?.sentence ?? 0) - (b.first?.sentence ?? 0),
  );
  return scored.slice(0, limit);
}

/** A comparison's terms ranked again with the company's history and cut to what is shown. */
export function withTermHistory(comparison: Comparison, history: TermHistory | undefined): Comparison {
  return {
    ...comparison,
    terms: { added: rerankTerms(comparison.terms.added, history), dropped: rerankTerms(comparison.terms.dropped, history) },
  };
}
