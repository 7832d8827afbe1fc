/**
 * Company search ranking, tuned for how analysts type: a ticker or an ISIN is meant exactly, a
 * name is typed from its start (or from the start of one of its words), and a slip of the finger
 * should still find the company.
 *
 * Order of relevance (higher first):
 *   exact ISIN > exact ticker > ticker prefix > ISIN prefix > name prefix > word prefixes
 *   > substring > one-typo word prefix > letters in order (subsequence)
 * Ties go to the shorter display name, then alphabetical order.
 *
 * Everything a keystroke needs is precomputed per company, so a query over 20,000 companies is a
 * tight loop over plain strings.
 */

export interface IndexedCompany {
  id: number;
  name: string;
  displayName: string;
  country: string;
  tickers: { ticker: string; exchange: string }[];
  isins: string[];
  updatedAt: string;
}

/** The per-company strings the ranking reads. */
export interface SearchEntry {
  company: IndexedCompany;
  /** Normalized display name ("société générale" → "societe generale"). */
  display: string;
  /** Normalized legal name. */
  legal: string;
  /** Words of both names, deduplicated. */
  words: string[];
  /** Both names without spaces, for the subsequence match. */
  compact: string;
  /** Lower-case tickers, and the same without punctuation ("brk.b" and "brkb"). */
  tickers: string[];
  /** Lower-case ISINs. */
  isins: string[];
}

export interface SearchHit {
  company: IndexedCompany;
  score: number;
  /** Why it matched, for the option's secondary line. */
  reason: 'isin' | 'ticker' | 'ticker-prefix' | 'isin-prefix' | 'name';
  /** The ticker that matched, when one did. */
  ticker?: { ticker: string; exchange: string };
}

export interface SearchResult {
  hits: SearchHit[];
  /** How many companies matched in all (hits holds at most `limit`). */
  total: number;
}

export const SCORE = {
  isin: 10_000,
  ticker: 9_000,
  tickerPrefix: 6_000,
  isinPrefix: 5_500,
  namePrefix: 4_000,
  legalPrefix: 3_800,
  wordPrefixes: 3_000,
  substring: 2_000,
  typo: 1_000,
  subsequence: 100,
} as const;

const MARKS = /[\u0300-\u036f]/g;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

/** Lower case, accents removed, anything but letters and digits turned into single spaces. */
export function normalize(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(NON_WORD, ' ').trim();
}

export function toEntry(company: IndexedCompany): SearchEntry {
  const display = normalize(company.displayName);
  const legal = normalize(company.name);
  const words = [...new Set(`${display} ${legal}`.split(' ').filter(Boolean))];
  const tickers: string[] = [];
  for (const { ticker } of company.tickers) {
    const lower = ticker.toLowerCase();
    tickers.push(lower);
    const bare = lower.replace(NON_WORD, '');
    if (bare !== lower) tickers.push(bare);
  }
  return {
    company,
    display,
    legal,
    words,
    compact: `${display.replaceAll(' ', '')} ${legal.replaceAll(' ', '')}`,
    tickers,
    isins: company.isins.map((isin) => isin.toLowerCase()),
  };
}

/** A prepared query: built once per keystroke, read for every company. */
export interface PreparedQuery {
  raw: string;
  /** Lower-case, trimmed, inner spaces kept: what ticker and ISIN matches compare. */
  code: string;
  normalized: string;
  tokens: string[];
  compact: string;
}

export function prepareQuery(query: string): PreparedQuery {
  const code = query.trim().toLowerCase();
  const normalized = normalize(query);
  return {
    raw: query,
    code,
    normalized,
    tokens: normalized ? normalized.split(' ') : [],
    compact: normalized.replaceAll(' ', ''),
  };
}

/** True when `needle`'s letters appear in `haystack` in order; the score favours tight matches. */
function subsequenceScore(needle: string, haystack: string): number {
  let position = -1;
  let gaps = 0;
  for (let i = 0; i < needle.length; i++) {
    const found = haystack.indexOf(needle[i]!, position + 1);
    if (found === -1) return 0;
    if (position !== -1) gaps += found - position - 1;
    position = found;
  }
  // At most 99, at least 1: fewer gaps rank higher.
  return Math.max(1, 99 - gaps);
}

/** True when `word` starts with `token` allowing one substitution, insertion, deletion or swap. */
export function prefixWithinOneEdit(token: string, word: string): boolean {
  const n = token.length;
  if (word.length < n - 1) return false;
  // Compare token against word prefixes of length n-1, n, n+1 with a banded edit distance.
  let prev = new Array<number>(n + 1);
  let curr = new Array<number>(n + 1);
  let prevPrev = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  const maxLen = Math.min(word.length, n + 1);
  let best = n; // distance of token to the empty prefix
  for (let i = 1; i <= maxLen; i++) {
    curr[0] = i;
    let rowMin = curr[0];
    for (let j = 1; j <= n; j++) {
      const cost = word.charCodeAt(i - 1) === token.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && word.charCodeAt(i - 1) === token.charCodeAt(j - 2) && word.charCodeAt(i - 2) === token.charCodeAt(j - 1)) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      curr[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (i >= n - 1) best = Math.min(best, curr[n]!);
    if (rowMin > 1) return false;
    [prevPrev, prev, curr] = [prev, curr, prevPrev];
  }
  return best <= 1;
}

/** The score of one company for a prepared query, 0 when it does not match. */
export function scoreEntry(entry: SearchEntry, query: PreparedQuery): Omit<SearchHit, 'company'> | null {
  const { code } = query;
  if (!code) return null;

  // Codes first: exact matches, then prefixes. Codes have no spaces.
  if (!code.includes(' ')) {
    for (let i = 0; i < entry.isins.length; i++) {
      if (entry.isins[i] === code) return { score: SCORE.isin, reason: 'isin' };
    }
    const bareCode = code.replace(NON_WORD, '');
    for (let i = 0; i < entry.tickers.length; i++) {
      const ticker = entry.tickers[i]!;
      if (ticker === code || ticker === bareCode) return { score: SCORE.ticker, reason: 'ticker', ticker: tickerOf(entry, ticker) };
    }
    for (let i = 0; i < entry.tickers.length; i++) {
      const ticker = entry.tickers[i]!;
      if (ticker.startsWith(code)) {
        return { score: SCORE.tickerPrefix - (ticker.length - code.length), reason: 'ticker-prefix', ticker: tickerOf(entry, ticker) };
      }
    }
    if (code.length >= 4) {
      for (let i = 0; i < entry.isins.length; i++) {
        if (entry.isins[i]!.startsWith(code)) return { score: SCORE.isinPrefix, reason: 'isin-prefix' };
      }
    }
  }

  const { normalized, tokens, compact } = query;
  if (!normalized) return null;
  if (entry.display.startsWith(normalized)) return { score: SCORE.namePrefix + closeness(normalized, entry.display), reason: 'name' };
  if (entry.legal.startsWith(normalized)) return { score: SCORE.legalPrefix + closeness(normalized, entry.legal), reason: 'name' };

  // Every token starts a word (in any order): "motor gen" finds "General Motors".
  if (tokens.every((token) => entry.words.some((word) => word.startsWith(token)))) {
    return { score: SCORE.wordPrefixes + tokens.length, reason: 'name' };
  }
  if (entry.display.includes(normalized) || entry.legal.includes(normalized)) return { score: SCORE.substring, reason: 'name' };

  // A slip of the finger: every token (4+ letters) starts a word within one edit.
  if (tokens.every((token) => (token.length >= 4 ? entry.words.some((word) => prefixWithinOneEdit(token, word)) : entry.words.some((word) => word.startsWith(token))))) {
    if (tokens.some((token) => token.length >= 4)) return { score: SCORE.typo, reason: 'name' };
  }
  if (compact.length >= 3) {
    const sub = subsequenceScore(compact, entry.compact);
    if (sub > 0) return { score: SCORE.subsequence + sub - 99, reason: 'name' };
  }
  return null;
}

/** 0..99: a query that covers more of the name ranks higher among prefix matches. */
function closeness(query: string, name: string): number {
  return Math.round((query.length / Math.max(1, name.length)) * 99);
}

function tickerOf(entry: SearchEntry, matched: string) {
  return entry.company.tickers.find((t) => {
    const lower = t.ticker.toLowerCase();
    return lower === matched || lower.replace(NON_WORD, '') === matched;
  });
}

function compareHits(a: SearchHit, b: SearchHit): number {
  return (
    b.score - a.score ||
    a.company.displayName.length - b.company.displayName.length ||
    a.company.displayName.localeCompare(b.company.displayName) ||
    a.company.id - b.company.id
  );
}

/** Ranks every entry for `query`; returns the best `limit` hits and how many matched in all. */
export function rank(entries: readonly SearchEntry[], query: string, limit = 20): SearchResult {
  const prepared = prepareQuery(query);
  if (!prepared.code) return { hits: [], total: 0 };
  const hits: SearchHit[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const scored = scoreEntry(entry, prepared);
    if (scored) hits.push({ company: entry.company, ...scored });
  }
  const total = hits.length;
  hits.sort(compareHits);
  return { hits: hits.slice(0, limit), total };
}

/** Shapes that look like a code the API can filter by. */
export function looksLikeIsin(query: string): boolean {
  return /^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$/.test(query.trim());
}
export function looksLikeTicker(query: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9.\-/]{0,9}$/.test(query.trim());
}
