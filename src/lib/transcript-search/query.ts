/**
 * The transcript search's query syntax, read once for the browser (to explain a mistake while
 * typing) and the server (which searches with it):
 *
 *   tariffs margin         both words (any form: "tariff", "tariffs"; "margins" finds "margin")
 *   "gross margin"         the words next to each other, in that order
 *   tariffs OR duties      either (OR in capitals binds the words on each side of it)
 *   -china                 leave out what mentions it (a word or a "phrase")
 *   tariff*                words that start with it
 *   margin NEAR/5 guidance  both, at most 5 words apart, in either order (NEAR alone: 10)
 *
 * The result is PostgreSQL tsquery text in which every word is a quoted lexeme made only of letters
 * and digits, so nothing typed can change the query's structure; the server passes it as a bound
 * parameter to `to_tsquery('english', …)`, which stems each word. Characters outside the syntax
 * (; ( ) < > | & \ and the like) are refused by name rather than quietly dropped.
 */

export const MAX_QUERY_LENGTH = 500;
export const MAX_QUERY_TERMS = 24;

/** A word, a word* or a "phrase": what stands on each side of NEAR. */
export type PlainTerm =
  { kind: 'word'; word: string; prefix: boolean; exclude: boolean } | { kind: 'phrase'; words: string[]; prefix: boolean; exclude: boolean };

/**
 * `a NEAR/n b`: both sides in one passage, at most `distance` words apart in either order, counted
 * as the index counts positions (every word, common ones too): from the end of the side said first
 * to the start of the other, so NEAR/1 is next to each other. Never left out, never a prefix itself.
 */
export type NearTerm = { kind: 'near'; sides: [PlainTerm, PlainTerm]; distance: number; prefix: false; exclude: false };

export type SearchTerm = PlainTerm | NearTerm;

export const NEAR_DEFAULT = 10;
export const NEAR_MAX = 50;

export type ParsedQuery =
  | {
      ok: true;
      /** tsquery text: `'tariff' & ('gross' <-> 'margin') & !'china'`. */
      tsquery: string;
      /** The query as groups of alternatives (OR) that must all match; excluded terms each alone. */
      groups: SearchTerm[][];
      /** The words a reader would look for, lower case, excluded ones left out. */
      words: string[];
    }
  | { ok: false; problem: string };

export const QUERY_HELP =
  'Words find any form (tariff, tariffs). "gross margin" finds the exact phrase, OR finds either, -china leaves out, guid* finds words that start so, margin NEAR/5 guidance finds both within 5 words.';

/** What the syntax counts as a word: a run of letters and digits ("it's" is it + s). Hits split passages the same way. */
export const WORD_PART = /[\p{L}\p{N}]+/gu;

/** A word as the search compares it (the query's words are read so). */
export const searchWord = (text: string) => text.normalize('NFKC').toLowerCase();
// Characters with a meaning in the syntax, or that sit inside words and numbers (it's, year-on-year,
// 3.5%, U.S., $2, 10,000, 50/50). Anything else is refused by name.
const ALLOWED = /^[\p{L}\p{M}\p{N}\s"“”*'’.,%$€£¥/:?!+-]$/u;

const quote = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/**
 * Words such as the, and, of are not indexed, so a search cannot find or leave them out. The server
 * says so in these words, for a search of nothing else (a 400) and for a left-out term (a notice).
 */
const COMMON_WORDS = 'common words (such as the, and, of), which are not indexed';

export function commonWordsProblem(q: string): string {
  return `“${q.trim().slice(0, 80)}” has only ${COMMON_WORDS}: add a word that carries meaning.`;
}

/** A term as it would be typed: margin, "gross margin", guid*, margin NEAR/5 guidance. */
export function writtenTerm(term: SearchTerm): string {
  if (term.kind === 'near') return `${writtenTerm(term.sides[0])} NEAR/${term.distance} ${writtenTerm(term.sides[1])}`;
  const body = term.kind === 'word' ? term.word : `"${term.words.join(' ')}"`;
  return `${body}${term.prefix ? '*' : ''}`;
}

export function leftOutCommonWordsNotice(term: SearchTerm): string {
  return `-${writtenTerm(term).slice(0, 80)} leaves nothing out: it has only ${COMMON_WORDS}.`;
}

/** For a side of NEAR made only of common words, which the index cannot place (the server checks it). */
export function nearCommonWordsProblem(side: PlainTerm): string {
  return `“${termWords(side).join(' ').slice(0, 80)}” beside NEAR has only ${COMMON_WORDS}: put a word that carries meaning on each side of NEAR.`;
}

/** One term as tsquery text (an excluded one with its !). */
export function termQuery(term: SearchTerm): string {
  return termText(term);
}

/**
 * NEAR as tsquery: PostgreSQL's `a <k> b` is b exactly k positions after a, so within n in either
 * order is each distance both ways (n ≤ 50 keeps it to at most 100 small alternatives). Both sides
 * come first on their own (`a & b & (…)`): PostgreSQL guesses an OR of many alternatives matches
 * most passages and reads the whole table instead of the index (NEAR/10 took 330 ms over 86,000
 * passages, 90–140 ms with the sides first); the sides alone let it read only passages with both.
 */
function nearText(term: NearTerm): string {
  const [a, b] = term.sides.map(termText);
  const alternatives: string[] = [];
  for (const [first, second] of a === b
    ? [[a, b]]
    : [
        [a, b],
        [b, a],
      ])
    for (let k = 1; k <= term.distance; k++) alternatives.push(`${first} <${k}> ${second}`);
  return `(${a} & ${b} & (${alternatives.join(' | ')}))`;
}

function termText(term: SearchTerm): string {
  if (term.kind === 'near') return nearText(term);
  const body =
    term.kind === 'word'
      ? quote(term.word, term.prefix)
      : term.words.length === 1
        ? quote(term.words[0]!, term.prefix)
        : `(${term.words.map((word, i) => quote(word, term.prefix && i === term.words.length - 1)).join(' <-> ')})`;
  return term.exclude ? `!${body}` : body;
}

function describeChar(ch: string): string {
  if (ch === '(' || ch === ')') return 'Brackets';
  if (ch === '[' || ch === ']' || ch === '{' || ch === '}') return 'Brackets';
  return `“${ch}”`;
}

interface Token {
  text: string;
  quoted: boolean;
  exclude: boolean;
  prefix: boolean;
}

/** The query split into tokens (quoted phrases whole), or the problem. */
function tokenize(input: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    let exclude = false;
    let at = i;
    if (ch === '-' && at + 1 < input.length && !/\s/u.test(input[at + 1]!)) {
      exclude = true;
      at++;
    }
    if (input[at] === '"' || input[at] === '“' || input[at] === '”') {
      const close = input.slice(at + 1).search(/["“”]/u);
      if (close < 0) return 'A quotation mark is not closed: end the phrase with " or remove it.';
      const text = input.slice(at + 1, at + 1 + close);
      let end = at + 1 + close + 1;
      let prefix = false;
      if (input[end] === '*') {
        prefix = true;
        end++;
      }
      tokens.push({ text, quoted: true, exclude, prefix });
      i = end;
      continue;
    }
    let end = at;
    while (end < input.length && !/\s/u.test(input[end]!) && !['"', '“', '”'].includes(input[end]!)) end++;
    let text = input.slice(at, end);
    let prefix = false;
    if (text.endsWith('*')) {
      prefix = true;
      text = text.slice(0, -1);
    }
    if (text.includes('*')) return '* goes at the end of a word: tariff* finds tariff, tariffs and tariffed.';
    if (prefix && !text) return '* goes at the end of a word: tariff* finds tariff, tariffs and tariffed.';
    tokens.push({ text, quoted: false, exclude, prefix });
    i = end;
  }
  return tokens;
}

/** The words of a term, in order. */
export function termWords(term: SearchTerm): string[] {
  if (term.kind === 'near') return term.sides.flatMap(termWords);
  return term.kind === 'word' ? [term.word] : term.words;
}

const NEAR_SIDES = 'NEAR needs a word or a phrase on each side: margin NEAR/5 guidance.';
const NEAR_WITH_OR = 'NEAR and OR cannot share a word: search margin NEAR/5 guidance and margin NEAR/5 outlook one at a time.';
const NEAR_CHAIN = 'One NEAR joins two words or phrases: margin NEAR/5 guidance. A chain (a NEAR b NEAR c) is not searched.';
const NEAR_EXCLUDED = 'NEAR joins words to find, not ones left out: margin NEAR/5 guidance -china.';

/** The n of NEAR/n (NEAR alone is NEAR/10), or the problem with it. */
function nearDistance(text: string): number | string {
  if (text === 'NEAR') return NEAR_DEFAULT;
  const n = /^NEAR\/([1-9]\d?)$/u.exec(text);
  if (!n || Number(n[1]) > NEAR_MAX) {
    return `${text.slice(0, 20)} is not a distance: NEAR/n takes a whole number of words from 1 to ${NEAR_MAX}, as in margin NEAR/5 guidance.`;
  }
  return Number(n[1]);
}

/** Reads a query typed by a reader. */
export function parseSearchQuery(raw: string): ParsedQuery {
  const input = raw.normalize('NFC');
  if (input.length > MAX_QUERY_LENGTH) {
    return {
      ok: false,
      problem: `The search is ${input.length.toLocaleString('en-US')} characters long; at most ${MAX_QUERY_LENGTH} are searched. Shorten it.`,
    };
  }
  if (!input.trim()) return { ok: false, problem: 'Type a word or a phrase to search for.' };
  for (const ch of input) {
    if (!ALLOWED.test(ch)) {
      return {
        ok: false,
        problem: `${describeChar(ch)} ${ch === '(' || ch === ')' || ch === '[' || ch === ']' || ch === '{' || ch === '}' ? 'have' : 'has'} no meaning in a search. Use words, "exact phrases", OR, -word to leave a word out and word* for words that start so.`,
      };
    }
  }
  const tokens = tokenize(input);
  if (typeof tokens === 'string') return { ok: false, problem: tokens };

  const groups: SearchTerm[][] = [];
  let pendingOr = false;
  let pendingNear: number | undefined;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    const bare = !token.quoted && !token.exclude && !token.prefix;
    if (bare && token.text === 'OR') {
      const previous = groups.at(-1);
      if (previous?.[0]?.kind === 'near' || pendingNear !== undefined) return { ok: false, problem: NEAR_WITH_OR };
      if (!previous || pendingOr || index === tokens.length - 1 || previous[0]!.exclude) {
        return { ok: false, problem: 'OR needs a word or a phrase on each side: tariffs OR duties.' };
      }
      pendingOr = true;
      continue;
    }
    if (bare && /^NEAR(\/|$)/u.test(token.text)) {
      const distance = nearDistance(token.text);
      if (typeof distance === 'string') return { ok: false, problem: distance };
      const previous = groups.at(-1);
      if (pendingOr) return { ok: false, problem: NEAR_WITH_OR };
      if (!previous || pendingNear !== undefined || index === tokens.length - 1) return { ok: false, problem: NEAR_SIDES };
      if (previous.length > 1) return { ok: false, problem: NEAR_WITH_OR };
      if (previous[0]!.kind === 'near') return { ok: false, problem: NEAR_CHAIN };
      if (previous[0]!.exclude) return { ok: false, problem: NEAR_EXCLUDED };
      pendingNear = distance;
      continue;
    }
    const words = (searchWord(token.text).match(WORD_PART) ?? []).slice(0, MAX_QUERY_TERMS + 1);
    if (words.length === 0) {
      if (token.quoted) return { ok: false, problem: 'An empty phrase finds nothing: put words between the quotation marks.' };
      if (pendingOr) return { ok: false, problem: 'OR needs a word or a phrase on each side: tariffs OR duties.' };
      continue; // punctuation on its own (a lone "-", "%", "...") says nothing
    }
    const term: PlainTerm =
      words.length === 1 && !token.quoted
        ? { kind: 'word', word: words[0]!, prefix: token.prefix, exclude: token.exclude }
        : { kind: 'phrase', words, prefix: token.prefix, exclude: token.exclude };
    if (pendingNear !== undefined) {
      if (term.exclude) return { ok: false, problem: NEAR_EXCLUDED };
      const previous = groups.at(-1)!;
      previous[0] = { kind: 'near', sides: [previous[0] as PlainTerm, term], distance: pendingNear, prefix: false, exclude: false };
      pendingNear = undefined;
    } else if (pendingOr) {
      if (term.exclude) return { ok: false, problem: 'OR needs a word or a phrase on each side: tariffs OR duties.' };
      groups.at(-1)!.push(term);
      pendingOr = false;
    } else {
      groups.push([term]);
    }
  }
  if (pendingNear !== undefined) return { ok: false, problem: NEAR_SIDES };
  const count = groups.flat().reduce((sum, term) => sum + (term.kind === 'near' ? 2 : 1), 0);
  if (count > MAX_QUERY_TERMS) return { ok: false, problem: `At most ${MAX_QUERY_TERMS} words and phrases in one search.` };
  if (count === 0) return { ok: false, problem: 'Type a word or a phrase to search for: punctuation alone finds nothing.' };
  if (groups.every((group) => group[0]!.exclude)) {
    return { ok: false, problem: 'Say what to find as well: -word only leaves out what mentions it.' };
  }
  const tsquery = groups.map((group) => (group.length === 1 ? termText(group[0]!) : `(${group.map(termText).join(' | ')})`)).join(' & ');
  const words = [...new Set(groups.flat().flatMap((term) => (term.exclude ? [] : termWords(term))))];
  return { ok: true, tsquery, groups, words };
}

export type ParsedTerm = { ok: true; q: string; tsquery: string; words: string[] } | { ok: false; problem: string };

/**
 * A term counted across calls (words as said: "tariffs", "data center") read as the one search that
 * finds it: its words as an exact phrase. `q` is that search as typed (`"data center"`; a single
 * word bare, `tariffs`), for a link to the search page; `tsquery` is what that search runs. The term
 * history (/api/search/terms) counts a call exactly when this search finds it. A term is words, not
 * a query: quotation marks and * are refused rather than read.
 */
export function parseTerm(raw: string): ParsedTerm {
  const text = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (/["“”*]/u.test(text)) return { ok: false, problem: `“${text.slice(0, 60)}” is not a term: a term is words as said, without quotation marks or *.` };
  if (!(searchWord(text).match(WORD_PART) ?? []).length) return { ok: false, problem: `“${text.slice(0, 60)}” is not a term: it has no word in it.` };
  const bare = /^[\p{L}\p{N}]\S*$/u.test(text) && text !== 'OR' && !/^NEAR(\/|$)/u.test(text);
  const q = bare ? text : `"${text}"`;
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const term = parsed.groups.length === 1 && parsed.groups[0]!.length === 1 ? parsed.groups[0]![0]! : undefined;
  // A bare token reads as one word or one phrase; anything else it could read as is not a term.
  if (!term || term.exclude || term.prefix) return { ok: false, problem: `“${text.slice(0, 60)}” is not a term: a term is words as said.` };
  return { ok: true, q, tsquery: parsed.tsquery, words: parsed.words };
}
