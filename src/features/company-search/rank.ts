/**
 * Company search ranking, tuned for how analysts type: a ticker or an ISIN is meant exactly, a
 * name is typed from its start (or from the start of one of its words), and a slip of the finger
 * should still find the company.
 *
 * Order of relevance (higher first):
 *   exact ISIN > exact ticker > ticker prefix > ISIN prefix > name prefix > word prefixes
 *   > substring > word prefix with one slip after its first letter > letters in order (subsequence)
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
  /** Which letters and digits occur in the names: a query with two letters the names lack cannot match them. */
  mask: number;
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
    mask: charMask(`${display}${legal}`),
    words,
    compact: `${display.replaceAll(' ', '')} ${legal.replaceAll(' ', '')}`,
    tickers,
    isins: company.isins.map((isin) => isin.toLowerCase()),
  };
}

/** One bit per letter (a–z) and per digit group: a cheap test that a text lacks some characters. */
export function charMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << (26 + ((c - 48) % 5));
    else if (c > 127) mask |= 1 << 31;
  }
  return mask;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A prepared query: built once per keystroke, read for every company. */
export interface PreparedQuery {
  raw: string;
  /** Lower-case, trimmed, inner spaces kept: what ticker and ISIN matches compare. */
  code: string;
  /** The code without punctuation ("brk.b" → "brkb"). */
  bareCode: string;
  normalized: string;
  tokens: string[];
  compact: string;
  mask: number;
}

export function prepareQuery(query: string): PreparedQuery {
  const code = query.trim().toLowerCase();
  const normalized = normalize(query);
  return {
    raw: query,
    code,
    bareCode: code.replace(NON_WORD, ''),
    normalized,
    tokens: normalized ? normalized.split(' ') : [],
    compact: normalized.replaceAll(' ', ''),
    mask: charMask(normalized.replaceAll(' ', '')),
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

// Rows of the edit-distance table, reused by every call (searching allocates nothing per word).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/** True when `word` starts with `token` allowing one substitution, insertion, deletion or swap. */
export function prefixWithinOneEdit(token: string, word: string): boolean {
  const n = token.length;
  if (word.length < n - 1) return false;
  // A slip after the first letter: the first letter is right, or the first two are swapped.
  // (Analysts rarely miss the first letter; checking it first skips the table for most words.)
  const t0 = token.charCodeAt(0);
  const w0 = word.charCodeAt(0);
  if (t0 !== w0 && !(n > 1 && word.length > 1 && t0 === word.charCodeAt(1) && token.charCodeAt(1) === w0)) return false;
  if (rowA.length <= n + 1) {
    rowA = new Int32Array(n + 2);
    rowB = new Int32Array(n + 2);
    rowC = new Int32Array(n + 2);
  }
  let prevPrev = rowC;
  let prev = rowA;
  let curr = rowB;
  for (let j = 0; j <= n; j++) prev[j] = j;
  const maxLen = Math.min(word.length, n + 1);
  let best = n;
  for (let i = 1; i <= maxLen; i++) {
    curr[0] = i;
    let rowMin = i;
    const w = word.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const t = token.charCodeAt(j - 1);
      let value = prev[j - 1]! + (w === t ? 0 : 1);
      const del = prev[j]! + 1;
      if (del < value) value = del;
      const ins = curr[j - 1]! + 1;
      if (ins < value) value = ins;
      if (i > 1 && j > 1 && w === token.charCodeAt(j - 2) && word.charCodeAt(i - 2) === t) {
        const swap = prevPrev[j - 2]! + 1;
        if (swap < value) value = swap;
      }
      curr[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (i >= n - 1 && curr[n]! < best) best = curr[n]!;
    if (rowMin > 1) return false;
    const spare = prevPrev;
    prevPrev = prev;
    prev = curr;
    curr = spare;
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
    const { bareCode } = query;
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
  // Letters of the query that the names lack: with none, anything may match; with one, only a
  // slip of the finger; with more, nothing (most companies stop here).
  const missing = bitCount(query.mask & ~entry.mask);
  if (missing > 1) return null;
  if (missing === 1) return typoMatch(entry, tokens);
  if (entry.display.startsWith(normalized)) return { score: SCORE.namePrefix + closeness(normalized, entry.display), reason: 'name' };
  if (entry.legal.startsWith(normalized)) return { score: SCORE.legalPrefix + closeness(normalized, entry.legal), reason: 'name' };

  // Every token starts a word (in any order): "motor gen" finds "General Motors".
  if (tokens.every((token) => entry.words.some((word) => word.startsWith(token)))) {
    return { score: SCORE.wordPrefixes + tokens.length, reason: 'name' };
  }
  if (entry.display.includes(normalized) || entry.legal.includes(normalized)) return { score: SCORE.substring, reason: 'name' };

  const typo = typoMatch(entry, tokens);
  if (typo) return typo;
  if (compact.length >= 3) {
    const sub = subsequenceScore(compact, entry.compact);
    if (sub > 0) return { score: SCORE.subsequence + sub - 99, reason: 'name' };
  }
  return null;
}

/** A slip of the finger: every token (4+ letters) starts a word within one edit, shorter ones exactly. */
function typoMatch(entry: SearchEntry, tokens: readonly string[]): Omit<SearchHit, 'company'> | null {
  let long = false;
  for (const token of tokens) {
    const fuzzy = token.length >= 4;
    long ||= fuzzy;
    let found = false;
    for (const word of entry.words) {
      if (fuzzy ? prefixWithinOneEdit(token, word) : word.startsWith(token)) {
        found = true;
        break;
      }
    }
    if (!found) return null;
  }
  return long ? { score: SCORE.typo, reason: 'name' } : null;
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

/**
 * Ranks every entry for `query`; returns the best `limit` hits and how many matched in all.
 * Keeps only the best `limit` while scanning (no sort of thousands of matches for one letter).
 */
export function rank(entries: readonly SearchEntry[], query: string, limit = 20): SearchResult {
  const prepared = prepareQuery(query);
  if (!prepared.code || limit <= 0) return { hits: [], total: 0 };
  const best: SearchHit[] = [];
  let total = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const scored = scoreEntry(entry, prepared);
    if (!scored) continue;
    total++;
    if (best.length === limit) {
      const worst = best[limit - 1]!;
      if (scored.score < worst.score) continue;
      if (scored.score === worst.score && entry.company.displayName.length > worst.company.displayName.length) continue;
    }
    const hit: SearchHit = { company: entry.company, ...scored };
    // Insert in order; the array is at most `limit` long.
    let at = best.length;
    while (at > 0 && compareHits(hit, best[at - 1]!) < 0) at--;
    if (at >= limit) continue;
    best.splice(at, 0, hit);
    if (best.length > limit) best.pop();
  }
  return { hits: best, total };
}

/**
 * True when the text typed names this company: it is the company's ticker or ISIN, or the start of
 * one, or the start of its name. A word inside the name, a slip of the finger or letters in order
 * are looser matches: "margin" finding "Marine Gas" is not the user naming a company.
 */
export function namesCompany(hit: Pick<SearchHit, 'reason' | 'score'>): boolean {
  return hit.reason !== 'name' || hit.score >= SCORE.legalPrefix;
}

/** Shapes that look like a code the API can filter by. */
export function looksLikeIsin(query: string): boolean {
  return /^[A-Za-z]{2}[A-Za-z0-9]{9}[0-9]$/.test(query.trim());
}
export function looksLikeTicker(query: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9.\-/]{0,9}$/.test(query.trim());
}
