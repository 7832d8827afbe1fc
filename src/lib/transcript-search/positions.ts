import { searchWord, WORD_PART } from './query.ts';

/**
 * The words of a text with the position the search index gives each, so that NEAR/n counts words
 * apart the way the server does (PostgreSQL's positions). The index counts every word, common
 * words too ("margin in the guidance": margin 1, guidance 4), and its parser reads a few
 * spellings differently from a plain split, which this follows:
 * - a hyphenated word whose parts start with a letter (year-over-year, non-GAAP) is counted once
 *   whole and then once per part: one position more than its parts;
 * - parts joined by a dot or a slash with no space (3.5, U.S., 2023/24) are one word.
 * Anything rarer may count one apart from the index; the search itself is always the server's.
 */

export interface PlacedWord {
  from: number;
  to: number;
  /** The word as the search compares it (searchWord). */
  text: string;
  position: number;
}

export function placedWords(text: string): PlacedWord[] {
  const words: PlacedWord[] = [];
  const matches = [...text.matchAll(WORD_PART)];
  let position = 0;
  for (let i = 0; i < matches.length; i++) {
    const match = matches[i]!;
    const from = match.index;
    const previous = words.at(-1);
    const joiner = previous && from === previous.to + 1 ? text[previous.to] : undefined;
    if (joiner === '.' || joiner === '/') {
      // The same word for the index: it keeps the position of the part before.
    } else if (joiner !== '-' && hyphenated(text, matches, i)) {
      position += 2; // the whole hyphenated word, then its first part
    } else {
      position += 1;
    }
    words.push({ from, to: from + match[0].length, text: searchWord(match[0]), position });
  }
  return words;
}

/** Whether the word at i starts a run of two or more parts joined by single hyphens, each starting with a letter. */
function hyphenated(text: string, matches: RegExpMatchArray[], i: number): boolean {
  let parts = 1;
  for (let at = i; at + 1 < matches.length; at++) {
    const here = matches[at]!;
    const next = matches[at + 1]!;
    const end = here.index! + here[0].length;
    if (next.index !== end + 1 || text[end] !== '-') break;
    parts++;
  }
  if (parts < 2) return false;
  return matches.slice(i, i + parts).every((part) => /^\p{L}/u.test(part[0]));
}

/** Where a word or a phrase stands: the positions of its first and last word. */
export interface Span {
  first: number;
  last: number;
}

/**
 * Whether two places are at most `distance` words apart, either said first, counted from the end
 * of the one said first to the start of the other: PostgreSQL's `a <k> b` for k up to distance.
 */
export function within(a: Span, b: Span, distance: number): boolean {
  const gap = a.last < b.first ? b.first - a.last : a.first > b.last ? a.first - b.last : 0;
  return gap >= 1 && gap <= distance;
}
