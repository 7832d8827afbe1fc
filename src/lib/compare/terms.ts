import type { Transcript } from '../transcript/model.ts';
import type { RankedTerm, TermHistory } from './model.ts';

/**
 * Terms: what is new this quarter and what was dropped, ranked against the company's own calls
 * (a word every call says is not news). Pure.
 */

/** The terms a call says (single words and two-word phrases, without filler), with how often. */
export function callTerms(transcript: Transcript): Map<string, number> {
  void transcript;
  return new Map(); // TODO(terms)
}

/** New and dropped terms between two calls, best first; `history` (the company's calls) lowers what is always said. */
export function rankTerms(current: Transcript, previous: Transcript, history?: TermHistory): { added: RankedTerm[]; dropped: RankedTerm[] } {
  void current;
  void previous;
  void history;
  return { added: [], dropped: [] }; // TODO(terms)
}
