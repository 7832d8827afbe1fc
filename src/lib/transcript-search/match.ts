import { placedWords, within } from './positions.ts';
import { searchWord, type PlainTerm, type SearchTerm } from './query.ts';

/**
 * A parsed search query (src/lib/transcript-search/query.ts, the one parser of the syntax) matched against a
 * short text in the browser: what alerts on live calls check each sentence with. Apart from the
 * parser so the pages that only read queries do not carry it.
 */

/**
 * A word as a matcher in the browser compares it, close to the search index's stemming for the
 * forms analysts write most: plurals ("tariffs", "duties", "taxes") and possessives fold onto the
 * word ("tariff", "duty", "tax"). Not PostgreSQL's whole stemmer: "guided" and "guidance" stay apart.
 */
export function wordForm(word: string): string {
  const w = searchWord(word);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|sh|ch|x|z)es$/u.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/u.test(w)) return w.slice(0, -1);
  return w;
}

interface TextWord {
  from: number;
  to: number;
  text: string;
  form: string;
  /** Where the search index would place it (positions.ts): what NEAR counts. */
  position: number;
}

/** Where a word or phrase stands: its text range and its first and last word's positions. */
interface Place {
  from: number;
  to: number;
  first: number;
  last: number;
}

function sameWord(word: TextWord, wanted: string, prefix: boolean): boolean {
  if (prefix) return word.text.startsWith(wanted);
  return word.text === wanted || word.form === wordForm(wanted);
}

/** Where a word or phrase stands in the words. */
function places(term: PlainTerm, words: readonly TextWord[]): Place[] {
  const wanted = term.kind === 'word' ? [term.word] : term.words;
  const found: Place[] = [];
  for (let at = 0; at + wanted.length <= words.length; at++) {
    if (wanted.every((w, i) => sameWord(words[at + i]!, w, term.prefix && i === wanted.length - 1))) {
      const first = words[at]!;
      const last = words[at + wanted.length - 1]!;
      found.push({ from: first.from, to: last.to, first: first.position, last: last.position });
    }
  }
  return found;
}

/** Where one term stands in the words: [from, to) ranges of the text (for NEAR, both sides where they are near). */
function termRanges(term: SearchTerm, words: readonly TextWord[]): [number, number][] {
  if (term.kind !== 'near') return places(term, words).map((place) => [place.from, place.to]);
  const [left, right] = term.sides.map((side) => places(side, words)) as [Place[], Place[]];
  const ranges: [number, number][] = [];
  for (const a of left) {
    for (const b of right) {
      if (within(a, b, term.distance)) ranges.push([a.from, a.to], [b.from, b.to]);
    }
  }
  return ranges;
}

/**
 * Whether a short text (a sentence said in a live call) matches a parsed query, read as the search
 * reads it: every group has a term in the text, no excluded term is in it, a "phrase" is its words
 * next to each other in order (punctuation between them does not count), a word finds its plural,
 * case and accents of letters are compared as the search compares them (NFKC, lower case), NEAR/n
 * is both sides at most n words apart in either order, every word counted as the index counts. Returns
 * the ranges to mark (in order, not overlapping), or null when the text does not match.
 */
export function matchQuery(groups: readonly (readonly SearchTerm[])[], text: string): [number, number][] | null {
  const words: TextWord[] = placedWords(text).map((word) => ({ ...word, form: wordForm(word.text) }));
  const found: [number, number][] = [];
  let any = false;
  for (const group of groups) {
    if (group[0]?.exclude) {
      if (termRanges(group[0], words).length > 0) return null;
      continue;
    }
    const ranges = group.flatMap((term) => termRanges(term, words));
    if (ranges.length === 0) return null;
    found.push(...ranges);
    any = true;
  }
  if (!any) return null;
  const joined: [number, number][] = [];
  for (const [from, to] of found.sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = joined.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else joined.push([from, to]);
  }
  return joined;
}
