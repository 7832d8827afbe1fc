/**
 * The transcript search's query syntax, read once for the browser (to explain a mistake while
 * typing) and the server (which searches with it):
 *
 *   tariffs margin         both words (any form: "tariff", "tariffs"; "margins" finds "margin")
 *   "gross margin"         the words next to each other, in that order
 *   tariffs OR duties      either (OR in capitals binds the words on each side of it)
 *   -china                 leave out what mentions it (a word or a "phrase")
 *   tariff*                words that start with it
 *
 * The result is PostgreSQL tsquery text in which every word is a quoted lexeme made only of letters
 * and digits, so nothing typed can change the query's structure; the server passes it as a bound
 * parameter to `to_tsquery('english', …)`, which stems each word. Characters outside the syntax
 * (; ( ) < > | & \ and the like) are refused by name rather than quietly dropped.
 */

export const MAX_QUERY_LENGTH = 500;
export const MAX_QUERY_TERMS = 24;

export type SearchTerm =
  { kind: 'word'; word: string; prefix: boolean; exclude: boolean } | { kind: 'phrase'; words: string[]; prefix: boolean; exclude: boolean };

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
  'Words find any form (tariff, tariffs). "gross margin" finds the exact phrase, OR finds either, -china leaves out, guid* finds words that start so.';

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

export function leftOutCommonWordsNotice(term: SearchTerm): string {
  const written = term.kind === 'word' ? term.word : `"${term.words.join(' ')}"`;
  return `-${written.slice(0, 80)} leaves nothing out: it has only ${COMMON_WORDS}.`;
}

/** One term as tsquery text (an excluded one with its !). */
export function termQuery(term: SearchTerm): string {
  return termText(term);
}

function termText(term: SearchTerm): string {
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
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!token.quoted && !token.exclude && !token.prefix && token.text === 'OR') {
      const previous = groups.at(-1);
      if (!previous || pendingOr || index === tokens.length - 1 || previous[0]!.exclude) {
        return { ok: false, problem: 'OR needs a word or a phrase on each side: tariffs OR duties.' };
      }
      pendingOr = true;
      continue;
    }
    const words = (searchWord(token.text).match(WORD_PART) ?? []).slice(0, MAX_QUERY_TERMS + 1);
    if (words.length === 0) {
      if (token.quoted) return { ok: false, problem: 'An empty phrase finds nothing: put words between the quotation marks.' };
      if (pendingOr) return { ok: false, problem: 'OR needs a word or a phrase on each side: tariffs OR duties.' };
      continue; // punctuation on its own (a lone "-", "%", "...") says nothing
    }
    const term: SearchTerm =
      words.length === 1 && !token.quoted
        ? { kind: 'word', word: words[0]!, prefix: token.prefix, exclude: token.exclude }
        : { kind: 'phrase', words, prefix: token.prefix, exclude: token.exclude };
    if (pendingOr) {
      if (term.exclude) return { ok: false, problem: 'OR needs a word or a phrase on each side: tariffs OR duties.' };
      groups.at(-1)!.push(term);
      pendingOr = false;
    } else {
      groups.push([term]);
    }
  }
  const count = groups.reduce((sum, group) => sum + group.length, 0);
  if (count > MAX_QUERY_TERMS) return { ok: false, problem: `At most ${MAX_QUERY_TERMS} words and phrases in one search.` };
  if (count === 0) return { ok: false, problem: 'Type a word or a phrase to search for: punctuation alone finds nothing.' };
  if (groups.every((group) => group[0]!.exclude)) {
    return { ok: false, problem: 'Say what to find as well: -word only leaves out what mentions it.' };
  }
  const tsquery = groups.map((group) => (group.length === 1 ? termText(group[0]!) : `(${group.map(termText).join(' | ')})`)).join(' & ');
  const words = [...new Set(groups.flat().flatMap((term) => (term.exclude ? [] : term.kind === 'word' ? [term.word] : term.words)))];
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
  const bare = /^[\p{L}\p{N}]\S*$/u.test(text) && text !== 'OR';
  const q = bare ? text : `"${text}"`;
  const parsed = parseSearchQuery(q);
  if (!parsed.ok) return { ok: false, problem: parsed.problem };
  const term = parsed.groups.length === 1 && parsed.groups[0]!.length === 1 ? parsed.groups[0]![0]! : undefined;
  // A bare token reads as one word or one phrase; anything else it could read as is not a term.
  if (!term || term.exclude || term.prefix) return { ok: false, problem: `“${text.slice(0, 60)}” is not a term: a term is words as said.` };
  return { ok: true, q, tsquery: parsed.tsquery, words: parsed.words };
}
