import type { Transcript } from '../transcript/model.ts';
import type { FigureUnit, MovedFigure, SentenceRef, SpokenFigure } from './model.ts';

/**
 * The number reader: figures said in a call, with what they measure, spoken ("thirty nine point
 * eight percent") or written ("$346 million", "39.8%", "25 bps"), and the pairing of the same
 * measure across two calls. Pure.
 *
 * Each sentence is cut into tokens once (one linear regular expression) and read left to right
 * with bounded look-backs, so a 60-minute call reads in a few milliseconds.
 *
 * What a figure measures is the noun phrase said before it in its clause ("gross margin was …"),
 * else the one said right after it ("… in cash", "… percent growth"), else the measure of the
 * figure before it in the sentence ("revenue was …, up five percent"), else the subject of the
 * verb before it ("China declined eleven percent"). A figure with nothing it measures is left out.
 * A change ("up five percent", "down ninety basis points") is signed (down is negative) and pairs
 * as "<measure> growth" (percent) or "<measure> change" (other units). The figure said for
 * comparison ("from seventeen point eight percent a year ago", "compared with eighty one cents")
 * is not this quarter's level and is left out.
 */

// ---------------------------------------------------------------------------------------------
// Tokens

type Kind = 'num' | 'word' | 'sym' | 'punct';

interface Token {
  /** Lower case; a word's possessive "'s" removed. */
  w: string;
  kind: Kind;
  start: number;
  end: number;
}

const TOKEN = /(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)|([A-Za-z]+(?:['’][A-Za-z]+)*)|([$€£¥%])|([,;:.!?()\u2013\u2014\-/\u2212])/g;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const kind: Kind = match[1] ? 'num' : match[2] ? 'word' : match[3] ? 'sym' : 'punct';
    let w = match[0].toLowerCase();
    if (kind === 'word' && (w.endsWith("'s") || w.endsWith('’s'))) w = w.slice(0, -2);
    tokens.push({ w, kind, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

const word = (t: readonly Token[], i: number): string => (i >= 0 && i < t.length ? t[i]!.w : '');

/** A set of words from one string: `words('up grew rose')`. */
const words = (list: string) => new Set(list.split(' '));
const map = <V>(entries: Record<string, V>) => new Map<string, V>(Object.entries(entries));

// ---------------------------------------------------------------------------------------------
// Numbers

const SMALL = new Map(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((w, value) => [w, value]),
);
const TENS = map({ twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 });
const DIGIT = map({ zero: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 });
const SCALE = map({ thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 });
/** Written after digits: "2.1bn", "$346m", "12k". */
const SHORT_SCALE = map({ k: 1e3, m: 1e6, mm: 1e6, mn: 1e6, b: 1e9, bn: 1e9, tn: 1e12 });

interface Read {
  value: number;
  end: number;
}

/** Floating point noise off ("2.1 × 1e9", "39 + 0.8"). */
const tidy = (value: number) => (Number.isInteger(value) ? value : Number(value.toPrecision(12)));

/** "seven", "nineteen", "forty", "forty two", "forty-two". */
function readSmall(t: readonly Token[], i: number): Read | undefined {
  const tens = TENS.get(word(t, i));
  if (tens !== undefined) {
    let j = i + 1;
    if (word(t, j) === '-') j++;
    const unit = SMALL.get(word(t, j));
    if (unit !== undefined && unit >= 1 && unit <= 9) return { value: tens + unit, end: j + 1 };
    return { value: tens, end: i + 1 };
  }
  const small = SMALL.get(word(t, i));
  return small === undefined ? undefined : { value: small, end: i + 1 };
}

/** Below a thousand: "three hundred forty six", "one hundred and twelve", "a hundred". */
function readHundreds(t: readonly Token[], i: number): Read | undefined {
  let first = readSmall(t, i);
  if (!first && word(t, i) === 'a' && (word(t, i + 1) === 'hundred' || SCALE.has(word(t, i + 1)))) first = { value: 1, end: i + 1 };
  if (!first) return undefined;
  let { value, end } = first;
  if (word(t, end) === 'hundred' && value > 0 && value < 100) {
    value *= 100;
    end++;
    const at = word(t, end) === 'and' ? end + 1 : end;
    const rest = readSmall(t, at);
    // "one hundred and two hundred": the "and" separates two numbers.
    if (rest && rest.value > 0 && word(t, rest.end) !== 'hundred') {
      value += rest.value;
      end = rest.end;
    }
  }
  return { value, end };
}

/** After "point": "eight" → "8", "one two" → "12", "twenty five" → "25". */
function readDecimals(t: readonly Token[], i: number): { digits: string; end: number } | undefined {
  const first = word(t, i);
  if (TENS.has(first) || (SMALL.get(first) ?? 0) >= 10) {
    const small = readSmall(t, i)!;
    return { digits: String(small.value), end: small.end };
  }
  let digits = '';
  let end = i;
  for (let digit = DIGIT.get(word(t, end)); digit !== undefined; digit = DIGIT.get(word(t, end))) {
    digits += String(digit);
    end++;
  }
  return digits ? { digits, end } : undefined;
}

/** A number in words, scales included: "two point one billion", "three hundred forty six million". */
function readWords(t: readonly Token[], i: number): (Read & { scale: number }) | undefined {
  let total = 0;
  let at = i;
  let lastScale = Infinity;
  let read = false;
  for (;;) {
    let group: number;
    let end: number;
    const hundreds = readHundreds(t, at);
    if (hundreds) ({ value: group, end } = hundreds);
    else if (!read && word(t, at) === 'point' && readDecimals(t, at + 1)) [group, end] = [0, at];
    else break;
    // Compound numbers go on only with a smaller scale or hundreds: "one million two hundred thousand".
    if (read && !((SCALE.get(word(t, end)) ?? Infinity) < lastScale || group >= 100)) break;
    read = true;
    let decimal = false;
    if (word(t, end) === 'point') {
      const decimals = readDecimals(t, end + 1);
      if (decimals) [group, end, decimal] = [Number(`${group}.${decimals.digits}`), decimals.end, true];
    }
    const scale = SCALE.get(word(t, end));
    if (scale !== undefined && scale < lastScale) {
      total += group * scale;
      lastScale = scale;
      at = end + 1;
      if (decimal) break;
      continue;
    }
    total += group;
    at = end;
    break;
  }
  return read ? { value: tidy(total), end: at, scale: lastScale === Infinity ? 1 : lastScale } : undefined;
}

/** Digits, words, or "half a …"; with its scale. */
function readPlain(t: readonly Token[], i: number): (Read & { scale: number }) | undefined {
  const token = t[i];
  if (!token) return undefined;
  if (token.kind === 'num') {
    const value = Number(token.w.replace(/,/g, ''));
    if (!Number.isFinite(value)) return undefined;
    const next = t[i + 1];
    const attached = next !== undefined && (next.start === token.end || next.w === 'bn' || next.w === 'mn');
    const scale = SCALE.get(word(t, i + 1)) ?? (attached ? SHORT_SCALE.get(next.w) : undefined);
    return scale === undefined ? { value, end: i + 1, scale: 1 } : { value: tidy(value * scale), end: i + 2, scale };
  }
  if (token.w === 'half' && word(t, i + 1) === 'a') return { value: 0.5, end: i + 2, scale: 1 };
  const words = readWords(t, i);
  if (words && words.scale === 1 && word(t, words.end) === 'and' && word(t, words.end + 1) === 'a' && word(t, words.end + 2) === 'half') {
    return { value: words.value + 0.5, end: words.end + 3, scale: 1 };
  }
  return words;
}

// ---------------------------------------------------------------------------------------------
// Units and currencies

const CURRENCY_SYMBOL = map({ $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' });
const CURRENCY_CODE = map({ usd: 'USD', eur: 'EUR', gbp: 'GBP', jpy: 'JPY', chf: 'CHF', sek: 'SEK', nok: 'NOK', dkk: 'DKK', cad: 'CAD', aud: 'AUD' });
const CURRENCY_WORD = map({
  dollar: 'USD',
  dollars: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
  sterling: 'GBP',
  yen: 'JPY',
  franc: 'CHF',
  francs: 'CHF',
  krona: 'SEK',
  kronor: 'SEK',
  ...Object.fromEntries(CURRENCY_CODE),
});
/** "US dollars", "Canadian dollars", "Swiss francs". */
const CURRENCY_ADJECTIVE = map({ us: 'USD', american: 'USD', canadian: 'CAD', australian: 'AUD', swiss: 'CHF', swedish: 'SEK' });
const MINOR = map({ cent: 0.01, cents: 0.01, pence: 0.01, penny: 0.01 });
const TIMES_NOT = words('a an per each this that in over since last during the');

interface Unit {
  unit: FigureUnit;
  currency?: string;
  factor: number;
  end: number;
}

function readUnit(t: readonly Token[], j: number, currency: string | undefined): Unit | undefined {
  const a = word(t, j);
  const b = word(t, j + 1);
  if (a === '%' || a === 'percent') return { unit: 'percent', factor: 1, end: j + 1 };
  if (a === 'per' && b === 'cent') return { unit: 'percent', factor: 1, end: j + 2 };
  if ((a === 'percentage' || a === 'basis') && (b === 'point' || b === 'points')) return { unit: a === 'basis' ? 'bps' : 'points', factor: 1, end: j + 2 };
  if (a === 'bps' || a === 'bp' || a === 'bips' || a === 'bip') return { unit: 'bps', factor: 1, end: j + 1 };
  if (a === 'points' || a === 'point' || a === 'pts' || a === 'pt' || a === 'ppts' || a === 'ppt' || a === 'pp')
    return { unit: 'points', factor: 1, end: j + 1 };
  if ((a === 'times' || a === 'x') && !TIMES_NOT.has(b)) return { unit: 'multiple', factor: 1, end: j + 1 };
  const adjective = CURRENCY_ADJECTIVE.get(a);
  if (adjective && CURRENCY_WORD.has(b)) return readUnit(t, j + 1, currency ?? adjective);
  const named = CURRENCY_WORD.get(a);
  if (named) return { unit: 'money', currency: currency ?? named, factor: 1, end: j + 1 };
  const minor = MINOR.get(a);
  if (minor) return { unit: 'money', currency: currency ?? (a === 'pence' || a === 'penny' ? 'GBP' : 'USD'), factor: minor, end: j + 1 };
  return undefined;
}

interface Amount {
  value: number;
  unit?: FigureUnit;
  currency?: string;
  /** The scale said (1e6 for "million"), 1 when none. */
  scale: number;
  /** Cents: 0.01. */
  factor: number;
  start: number;
  end: number;
}

/** "-5%", "−0.2x": a minus sign written against the number, not between two ("4-6%"). */
const isMinusSign = (t: readonly Token[], at: number) => {
  const [sign, next, before] = [t[at], t[at + 1], t[at - 1]];
  return (sign?.w === '-' || sign?.w === '\u2212') && next?.kind === 'num' && next.start === sign.end && (!before || before.end < sign.start);
};

/** One amount: "$346 million", "thirty nine point eight percent", "one dollar and twelve cents". */
function readAmount(t: readonly Token[], i: number): Amount | undefined {
  let at = i;
  let sign = 1;
  if (word(t, at) === 'minus' || word(t, at) === 'negative') [sign, at] = [-1, at + 1];
  else if (isMinusSign(t, at)) [sign, at] = [-1, at + 1];
  let currency: string | undefined;
  const prefix = t[at]?.kind === 'sym' ? CURRENCY_SYMBOL.get(word(t, at)) : CURRENCY_CODE.get(word(t, at));
  if (prefix) [currency, at] = [prefix, at + 1];
  const plain = readPlain(t, at);
  if (!plain) return undefined;
  let value = plain.value;
  let end = plain.end;
  const unit = readUnit(t, end, currency);
  if (unit) {
    value = tidy(value * unit.factor);
    end = unit.end;
    // "one dollar and twelve cents"
    if (unit.factor === 1 && unit.unit === 'money' && word(t, end) === 'and') {
      const cents = readPlain(t, end + 1);
      if (cents && MINOR.has(word(t, cents.end))) [value, end] = [tidy(value + cents.value / 100), cents.end + 1];
    }
  }
  const found = unit ?? (currency ? { unit: 'money' as const, currency, factor: 1 } : undefined);
  return { value: sign * value, unit: found?.unit, currency: found?.currency, scale: plain.scale, factor: unit?.factor ?? 1, start: i, end };
}

/**
 * A number written out in words ("thirty nine point eight", "one hundred and twelve", "two point one
 * billion") or digits ("1,234.5", "$346 million", "forty basis points", "half a percent"), in its
 * unit (39.8 for "39.8%"); undefined when the text is not one number.
 */
export function readNumber(text: string): number | undefined {
  const tokens = tokenize(text);
  while (tokens.length > 0 && tokens.at(-1)!.kind === 'punct') tokens.pop();
  if (tokens.length === 0) return undefined;
  const amount = readAmount(tokens, 0);
  if (!amount || amount.end !== tokens.length) return undefined;
  if (amount.unit === undefined && tokens[0]!.w === 'half') return undefined; // "half a" without what it is half of
  return amount.value;
}

// ---------------------------------------------------------------------------------------------
// What a figure measures, and whether it is a change

/** Skipped when looking back from a figure for the word that says what it is ("grew about …"). */
const QUALIFIERS = words(
  'about around approximately roughly nearly almost some over more than less just under close only at least most another further a an by of between little slightly still well also now strong solid healthy record modest additional even another',
);
const UP = words(
  'up grew grow grows growing rose rise rises rising increased increase increases increasing gained gain gains improved improve improves improvement expanded expand expands expansion higher raised raise raises climbed jumped accelerated boosted lifted',
);
const DOWN = words(
  'down declined decline declines declining decreased decrease decreases fell fall falls falling dropped drop drops lower lowered reduced reduce reduces reducing reduction contracted contraction shrank slipped eased cut cuts trimmed trimming trim',
);
const AFTER_CHANGE = map<'up' | 'down'>({ higher: 'up', increase: 'up', rise: 'up', lower: 'down', decrease: 'down', decline: 'down', reduction: 'down' });
const PRONOUNS = words('we i you they it he she which who us them that this there');
/** The last word of what a figure measures. */
const HEADS = words(
  'revenue revenues sales margin margins income earnings profit profits ebitda ebit eps flow cash debt leverage ratio deposits deposit loans loan growth expenses expense opex expenditure expenditures capex spending costs cost charge charges savings inventory inventories capital dividend dividends buyback buybacks repurchases backlog bookings orders intake offs losses provisions volumes volume pricing prices price utilization headcount workforce customers subscribers users units shipments rate rates headwind tailwind share yield equity assets liquidity payout investment investments reduction demand base guidance outlook forecast target range',
);
/** Said as the measure's frame, not the measure: "our revenue guidance" measures revenue. */
const FRAME = words('guidance outlook forecast target range');
/** Never what is measured, even after "of": "of our shares", "to shareholders". */
const NOT_AFTER = words('share shares shareholders');
/** Left out of a measure's name. */
const FILLER = words('total overall reported diluted quarterly annual full year quarter current fiscal strong solid record');
/** Never part of a measure's name. */
const STOP = words(
  'the a an our their its your my these those and or but of for in on at to from by with as was were is are be been being has have had will would should could can may might do does did not no so than then also now still about around expect expects expected deliver delivered see saw represent represents drove generated ended reached achieved posted recorded model targeting maintaining keeping raising lowering cutting reaffirming reiterating plan intend released approved contributing including excluding more less while where when because what how if once after before into over under per each every all both any some just only very further another other same new',
);
/** Verbs whose subject is what a figure measures when nothing else says it ("China declined eleven percent"). */
const LINK = words(
  'was were is are grew rose fell declined increased decreased improved expanded contracted reached totaled totalled remained came stood ended gained dropped',
);
/** Words after a comma that start a clause of their own. */
const CLAUSE_START = words('and but so while which where as because although though including excluding with whereas when');
/** Names of more than one word that end in a head. */
const SPECIALS: readonly string[][] = [
  ['earnings', 'per', 'share'],
  ['net', 'charge', 'offs'],
  ['provisions', 'for', 'credit', 'losses'],
  ['return', 'on', 'equity'],
  ['return', 'on', 'tangible', 'common', 'equity'],
  ['return', 'on', 'invested', 'capital'],
];
const SYNONYMS = new Map<string, string>([
  ['eps', 'earnings per share'],
  ['capex', 'capital expenditure'],
  ['opex', 'operating expense'],
  ['buyback', 'share repurchase'],
  ['share buyback', 'share repurchase'],
  ['repurchase', 'share repurchase'],
  ['revenues', 'revenue'],
  ['growth', 'revenue growth'],
]);
/** Not made singular: "sales", "earnings", "losses". */
const PLURAL_ONLY = words('sales earnings savings losses series news proceeds utilities offs');

function singular(w: string): string {
  if (PLURAL_ONLY.has(w) || w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w;
  return w.endsWith('s') ? w.slice(0, -1) : w;
}

/** The last word made singular, keeping its case: "Deposits" → "Deposit". */
function singularLast(label: string): string {
  const at = label.lastIndexOf(' ') + 1;
  const last = label.slice(at);
  const one = singular(last.toLowerCase());
  return one === last.toLowerCase() ? label : label.slice(0, at) + last.slice(0, one.length);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Measure {
  key: string;
  label: string;
}

/** A measure from its words (token indexes, in order): filler and frame words out, synonyms in. */
function measureOf(t: readonly Token[], text: string, indexes: number[]): Measure | undefined {
  const kept = indexes.filter((i, k) => {
    const w = t[i]!.w;
    const constant = (w === 'constant' && word(t, indexes[k + 1] ?? -1) === 'currency') || (w === 'currency' && word(t, indexes[k - 1] ?? -1) === 'constant');
    return !FILLER.has(w) && !constant;
  });
  while (kept.length > 0 && FRAME.has(t[kept.at(-1)!]!.w)) kept.pop();
  if (kept.length === 0) return undefined;
  const words = kept.map((i) => t[i]!.w);
  if (words.length === 1 && (DOWN.has(words[0]!) || UP.has(words[0]!))) return undefined; // "a reduction of …" names no measure
  words[words.length - 1] = singular(words.at(-1)!);
  const joined = words.join(' ');
  const key = SYNONYMS.get(joined) ?? joined;
  const said = kept.map((i) => text.slice(t[i]!.start, t[i]!.end)).join(' ');
  return { key, label: capitalise(key === joined ? said : key) };
}

/** The noun phrase that ends at head `h` (not reaching before `bound`). */
function phraseEndingAt(t: readonly Token[], text: string, h: number, bound: number, hops = 0): Measure | undefined {
  let core = [h];
  for (const special of SPECIALS) {
    const from = h - special.length + 1;
    if (from >= bound && special.every((w, k) => word(t, from + k) === w)) {
      core = special.map((_, k) => from + k);
      break;
    }
  }
  const modifiers: number[] = [];
  for (let k = core[0]! - 1; k >= bound && modifiers.length < 4; k--) {
    const token = t[k]!;
    if (token.kind !== 'word' || STOP.has(token.w) || PRONOUNS.has(token.w) || UP.has(token.w) || DOWN.has(token.w) || LINK.has(token.w)) break;
    modifiers.unshift(k);
  }
  // "sales to end customers": the measure is what goes to them.
  const first = modifiers[0] ?? core[0]!;
  if (hops < 2 && word(t, first - 1) === 'to' && first - 2 >= bound && HEADS.has(word(t, first - 2)))
    return phraseEndingAt(t, text, first - 2, bound, hops + 1);
  return measureOf(t, text, [...modifiers, ...core]);
}

/** The noun phrase that starts at `i`, up to its last head: "data center revenue", "one time costs". */
function phraseStartingAt(t: readonly Token[], text: string, i: number): Measure | undefined {
  const words: number[] = [];
  let lastHead = -1;
  for (let k = i; k < t.length && words.length < 5; k++) {
    const token = t[k]!;
    if (token.w === 'per' && word(t, k + 1) === 'share') {
      words.push(k);
      continue;
    }
    if (token.kind !== 'word' || STOP.has(token.w) || PRONOUNS.has(token.w)) break;
    words.push(k);
    if (HEADS.has(token.w)) lastHead = words.length;
  }
  if (lastHead < 0) return undefined;
  const phrase = words.slice(0, lastHead);
  if (NOT_AFTER.has(t[phrase.at(-1)!]!.w)) return undefined;
  return measureOf(t, text, phrase);
}

const isEnd = (token: Token | undefined) => token?.kind === 'punct' && token.w !== ',' && token.w !== '-' && token.w !== '/';

/** Where a clause starts, looking back from `i`: after ; : . ( and after a comma that opens "and …", "which …". */
function isClauseBreak(t: readonly Token[], k: number): boolean {
  const token = t[k]!;
  return isEnd(token) || (token.w === ',' && CLAUSE_START.has(word(t, k + 1)));
}

interface Found {
  start: number;
  end: number;
  value: number;
  high?: number;
  unit: FigureUnit;
  currency?: string;
  change?: 'up' | 'down' | 'flat';
  /** The measure before any growth/change suffix, for a later figure of the same sentence to inherit. */
  base?: Measure;
  qualifier?: string;
}

/** How many words before its figure a measure may be said. */
const MEASURE_REACH = 40;

/** The measure said before the figure at `start`, not before `bound`; stops at a pronoun or a new clause. */
function measureBefore(t: readonly Token[], text: string, start: number, bound: number): { measure?: Measure; blocked: boolean } {
  // A measure is said close to its figure; the limit also keeps a sentence of a thousand "was flat" linear.
  for (let k = start - 1; k >= Math.max(bound, start - MEASURE_REACH); k--) {
    const w = t[k]!.w;
    if (isClauseBreak(t, k) || PRONOUNS.has(w)) {
      // "we bought back two hundred million dollars of shares"
      return { measure: repurchase(t, start, k), blocked: true };
    }
    if (HEADS.has(w)) {
      const measure = phraseEndingAt(t, text, k, bound);
      if (measure) return { measure, blocked: false };
    }
  }
  return { measure: repurchase(t, start, bound - 1), blocked: false };
}

/** "repurchased", "bought back" right before the figure (qualifiers skipped). */
function repurchase(t: readonly Token[], start: number, stop: number): Measure | undefined {
  let k = start - 1;
  while (k > stop && QUALIFIERS.has(word(t, k))) k--;
  const w = word(t, k);
  const said = w === 'repurchased' || (w === 'back' && /^(bought|buy|buying)$/.test(word(t, k - 1)));
  return said ? { key: 'share repurchase', label: 'Share repurchases' } : undefined;
}

/** The subject of the verb before the figure, in its clause: "China declined …", "Europe grew …". */
function subjectBefore(t: readonly Token[], text: string, start: number, bound: number): Measure | undefined {
  for (let k = start - 1; k >= bound; k--) {
    if (isClauseBreak(t, k)) return undefined;
    if (!LINK.has(t[k]!.w)) continue;
    const words: number[] = [];
    for (let m = k - 1; m >= bound && words.length < 3; m--) {
      const token = t[m]!;
      if (token.kind !== 'word' || STOP.has(token.w) || PRONOUNS.has(token.w) || SMALL.has(token.w) || TENS.has(token.w)) break;
      words.unshift(m);
    }
    return words.length > 0 ? measureOf(t, text, words) : undefined;
  }
  return undefined;
}

/** Whether a level is the one said for comparison: "from …", "compared with …", "… a year ago". */
function isComparison(t: readonly Token[], end: number, before: number): boolean {
  const w = word(t, before);
  if (w === 'from' || w === 'versus' || w === 'vs' || w === 'against') return true;
  if ((w === 'with' || w === 'to') && /^compar/.test(word(t, before - 1))) return true;
  let p = end;
  for (let skipped = 0; skipped < 3 && /^(in|the|for|same|period)$/.test(word(t, p)); skipped++) p++;
  if (word(t, p) === 'a') p++;
  const [a, b] = [word(t, p), word(t, p + 1)];
  return (/^(last|prior|previous)$/.test(a) && (b === 'year' || b === 'quarter')) || ((a === 'year' || a === 'quarter') && (b === 'ago' || b === 'earlier'));
}

/** The word before a figure once qualifiers are skipped, and whether "by" was among them. */
function lookBack(t: readonly Token[], start: number, bound: number): { at: number; sawBy: boolean } {
  let k = start - 1;
  let sawBy = false;
  while (k >= bound && QUALIFIERS.has(word(t, k)) && !isClauseBreak(t, k)) {
    if (word(t, k) === 'by') sawBy = true;
    k--;
  }
  return { at: k, sawBy };
}

function direction(t: readonly Token[], at: number, sawBy: boolean, bound: number): 'up' | 'down' | undefined {
  const w = word(t, at);
  if (UP.has(w)) return 'up';
  if (DOWN.has(w)) return 'down';
  if (w === 'us' && /^(cost|costs|took|shaved)$/.test(word(t, at - 1))) return 'down'; // "tariffs cost us about two points of gross margin"
  if (!sawBy) return undefined;
  // "would lower net interest margin by about five basis points"
  for (let k = at; k >= Math.max(bound, at - 6); k--) {
    if (t[k]!.kind === 'punct' || word(t, k) === 'to') return undefined;
    if (UP.has(word(t, k))) return 'up';
    if (DOWN.has(word(t, k))) return 'down';
  }
  return undefined;
}

const GUIDANCE =
  /\b(?:we (?:now )?expect|outlook|guidance|for the full year|full[- ]year|we(?: are|'re) (?:raising|reaffirming|lowering|maintaining|keeping|cutting|reiterating|narrowing|targeting)|(?:next|coming|following) quarter|we (?:now )?(?:anticipate|forecast|project))\b/;
const NEXT_QUARTER = /\b(?:next|coming|following) quarter\b/;
const YEAR = /\b(?:full[- ]year|fiscal year|for the year|this year)\b/;

/** The figures of one sentence. */
function readSentence(text: string): { tokens: Token[]; found: Found[] } {
  const t = tokenize(text);
  const found: Found[] = [];
  let i = 0;
  while (i < t.length) {
    const token = t[i]!;
    if (token.w === 'flat') {
      const figure = flatAt(t, text, i, found.at(-1)?.end ?? 0);
      if (figure) found.push(figure);
      i++;
      continue;
    }
    if ((token.kind === 'punct' && !isMinusSign(t, i)) || (token.kind === 'word' && STOP.has(token.w) && token.w !== 'a')) {
      i++;
      continue;
    }
    const a = readAmount(t, i);
    if (!a) {
      i++;
      continue;
    }
    const bound = found.at(-1)?.end ?? 0;
    const back = lookBack(t, i, bound);
    let figure: Found | undefined;
    const sep = word(t, a.end);
    const fromBefore = word(t, back.at) === 'from';
    if (word(t, back.at) === 'every' || word(t, back.at) === 'each') break; // a rule of thumb: "every five points of utilization is worth about one point of margin"
    if (fromBefore && sep === 'to') {
      // "up from seven to nine percent": where it was, not what it is
      i = readAmount(t, a.end + 1)?.end ?? a.end;
      continue;
    }
    if (!fromBefore && (sep === 'to' || sep === '-' || sep === '–' || sep === 'through' || (sep === 'and' && word(t, i - 1) === 'between'))) {
      const b = readAmount(t, a.end + 1);
      // "$1.65 to 1.68 billion": the second may leave its currency to the first.
      const unit = b?.unit ?? (a.unit === 'money' && b ? a.unit : undefined);
      if (b && unit && (!a.unit || a.unit === unit) && (!a.currency || !b.currency || a.currency === b.currency)) {
        let low = a.value;
        if (!a.unit) low = tidy(low * b.factor);
        if (a.scale === 1 && b.scale > 1) low = tidy(low * b.scale);
        figure = { start: i, end: b.end, value: Math.min(low, b.value), high: Math.max(low, b.value), unit, currency: b.currency ?? a.currency };
      }
    }
    if (!figure) {
      if (!a.unit && a.scale === 1) {
        i = a.end; // a number that is not a figure: "three themes", "the next twelve months"
        continue;
      }
      figure = { start: i, end: a.end, value: a.value, unit: a.unit ?? 'count', currency: a.currency };
    }
    i = figure.end;
    const done = describe(t, text, figure, back, found);
    if (done) found.push(done);
  }
  return { tokens: t, found };
}

/** Words between two figures without what the first was compared with: "…, compared with the same quarter last year, or …". */
function withoutComparison(between: string[]): string[] {
  const kept: string[] = [];
  for (let k = 0; k < between.length; k++) {
    const w = between[k]!;
    const opens = w === 'compared' || w === 'from' || w === 'versus' || w === 'vs' || (w === 'year' && between[k + 1] === 'over');
    // The phrase runs to its last "year", "quarter", "ago" or "earlier" before the next comma.
    let close = -1;
    for (let m = k + 1; opens && m < Math.min(between.length, k + 12) && !/^[,;:.]$/.test(between[m]!); m++)
      if (/^(year|quarter|ago|earlier)$/.test(between[m]!)) close = m;
    if (close < 0) kept.push(w);
    else k = close;
  }
  return kept;
}

/** A figure's change, measure and qualifier from its sentence; undefined when it is a comparison or measures nothing. */
function describe(t: readonly Token[], text: string, figure: Found, back: { at: number; sawBy: boolean }, found: Found[]): Found | undefined {
  const previous = found.at(-1);
  let bound = previous?.end ?? 0;
  let change: 'up' | 'down' | undefined = direction(t, back.at, back.sawBy, bound);
  let end = figure.end;
  const after = AFTER_CHANGE.get(word(t, end));
  if (!change && after) [change, end] = [after, end + 1];
  if (!change && isComparison(t, end, back.at)) return undefined;

  // What the figure before said after itself belongs to it: "four points to revenue and about six cents …".
  if (previous && /^(of|in|to|for)$/.test(word(t, bound))) {
    while (bound < figure.start && word(t, bound) !== 'and' && word(t, bound) !== 'or' && t[bound]!.kind !== 'punct') bound++;
  }
  const before = measureBefore(t, text, back.at + 1, bound);
  let measure = before.measure;
  const between = withoutComparison(t.slice(previous?.end ?? 0, figure.start).map((token) => token.w));
  const onlyOr = previous !== undefined && between.every((w) => w === ',' || w === 'or') && between.includes('or');
  // Only a change or a second figure of the same thing takes the measure before it: ", up five percent", ", or four percent".
  const joins = between.every((w) => w === ',' || w === 'or' || w === 'and' || QUALIFIERS.has(w) || UP.has(w) || DOWN.has(w));
  if (!measure && previous?.base && !before.blocked && joins) {
    measure = previous.base;
    if (onlyOr && !change && previous.change && previous.change !== 'flat') change = previous.change; // "up one percent, or five percent in …"
  }
  let post = end;
  if ((word(t, post) === 'in' || word(t, post) === 'at') && word(t, post + 1) === 'constant' && word(t, post + 2) === 'currency') post += 3;
  // "in constant currency" after the figure, or "our constant currency guidance" before it.
  const constant = post > end || between.some((w, k) => w === 'constant' && between[k + 1] === 'currency');
  const qualifier = constant ? 'in constant currency' : undefined;
  if (!measure) {
    if (HEADS.has(word(t, post))) measure = phraseStartingAt(t, text, post);
    else if (/^(of|in|to|for)$/.test(word(t, post))) {
      let k = post + 1;
      while (/^(our|the|its|their|total|this|that)$/.test(word(t, k))) k++;
      measure = phraseStartingAt(t, text, k);
    }
  }
  measure ??= subjectBefore(t, text, figure.start, previous?.end ?? 0);
  if (!measure) return undefined;
  const value = change === 'down' ? -figure.value : figure.value;
  const high = figure.high === undefined ? undefined : change === 'down' ? -figure.high : figure.high;
  return {
    ...figure,
    value: high === undefined ? value : Math.min(value, high),
    ...(high === undefined ? {} : { high: Math.max(value, high) }),
    ...(change ? { change } : {}),
    base: measure,
    ...(qualifier ? { qualifier } : {}),
  };
}

/** "gross margin to be flat", "revenue was flat": a change of nothing. */
function flatAt(t: readonly Token[], text: string, i: number, bound: number): Found | undefined {
  const before = word(t, i - 1);
  if (!/^(was|were|be|is|are|remain|remained|remains|stay|stayed|stays|broadly|roughly|essentially|largely|basically|about)$/.test(before)) return undefined;
  const { measure } = measureBefore(t, text, i, bound);
  if (!measure) return undefined;
  const margin = /(?:margin|ratio|rate|yield|leverage)$/.test(measure.key);
  return { start: i, end: i + 1, value: 0, unit: margin ? 'points' : 'percent', change: 'flat', base: measure };
}

/** The measure a figure pairs on: a change is "<measure> growth" (percent) or "<measure> change". */
function named(figure: Found): Measure {
  const base = figure.base!;
  let { key, label } = base;
  if (figure.change) {
    if (figure.unit === 'percent') {
      if (!key.endsWith('growth')) [key, label] = [`${key} growth`, `${singularLast(label)} growth`];
    } else [key, label] = [`${key} change`, `${singularLast(label)} change`];
  }
  if (figure.qualifier) [key, label] = [`${key} ${figure.qualifier}`, `${label} ${figure.qualifier}`];
  return { key, label };
}

/** A quick pass that leaves out sentences with no number in them (most of a call). */
const MAY_HAVE_FIGURE =
  /\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|half|flat|point)\b/i;

const HYPOTHETICAL = /\bwould(?: not|n't)? have\b/i;

/** Every figure in the transcript, in the order said. */
export function findFigures(transcript: Transcript): SpokenFigure[] {
  const figures: SpokenFigure[] = [];
  for (const paragraph of transcript.paragraphs) {
    for (const sentence of paragraph.sentences) {
      // "would have improved by about …": what did not happen is not a figure of the quarter.
      if (!MAY_HAVE_FIGURE.test(sentence.text) || HYPOTHETICAL.test(sentence.text)) continue;
      const { tokens, found } = readSentence(sentence.text);
      if (found.length === 0) continue;
      const lower = sentence.text.toLowerCase();
      const guidance = GUIDANCE.test(lower);
      const horizon = guidance ? (NEXT_QUARTER.test(lower) ? 'quarter' : YEAR.test(lower) ? 'year' : undefined) : undefined;
      const at: SentenceRef = { sentence: sentence.index, text: sentence.text, start: sentence.start, speaker: paragraph.speaker };
      for (const figure of found) {
        const { key, label } = named(figure);
        figures.push({
          measure: key,
          label,
          value: figure.value,
          ...(figure.high === undefined ? {} : { high: figure.high }),
          unit: figure.unit,
          ...(figure.currency ? { currency: figure.currency } : {}),
          ...(figure.change ? { change: figure.change } : {}),
          guidance,
          ...(horizon ? { horizon } : {}),
          said: sentence.text.slice(tokens[figure.start]!.start, tokens[figure.end - 1]!.end),
          at,
        });
      }
    }
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Showing figures

const MINUS = '\u2212';
const SYMBOL = new Map([
  ['USD', '$'],
  ['EUR', '€'],
  ['GBP', '£'],
  ['JPY', '¥'],
]);
const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function scaleOf(size: number): [number, string] {
  if (size >= 1e12) return [1e12, ' trillion'];
  if (size >= 1e9) return [1e9, ' billion'];
  if (size >= 1e6) return [1e6, ' million'];
  return [1, ''];
}

/** Sizes (no sign) in a unit: "39.8%", "4–6%", "$1.65–1.68 billion", "25 bps". */
function sizes(unit: FigureUnit, values: number[], currency: string | undefined): string {
  const largest = Math.max(...values.map(Math.abs));
  const [divide, scale] = unit === 'money' || unit === 'count' ? scaleOf(largest) : [1, ''];
  const money = unit === 'money' && divide === 1 && values.some((v) => !Number.isInteger(v));
  const numbers = values.map((v) => (money ? cents : plainNumber).format(tidy(Math.abs(v) / divide))).join('–');
  switch (unit) {
    case 'percent':
      return `${numbers}%`;
    case 'points':
      return `${numbers} ${values.length === 1 && Math.abs(values[0]!) === 1 ? 'pt' : 'pts'}`;
    case 'bps':
      return `${numbers} ${values.length === 1 && Math.abs(values[0]!) === 1 ? 'bp' : 'bps'}`;
    case 'multiple':
      return `${numbers}x`;
    case 'money': {
      const prefix = currency ? (SYMBOL.get(currency) ?? `${currency} `) : '';
      return `${prefix}${numbers}${scale}`;
    }
    case 'count':
      return `${numbers}${scale}`;
  }
}

const signOf = (value: number, always: boolean) => (value < 0 ? MINUS : always && value > 0 ? '+' : '');

/** A figure as the page shows it: "39.8%", "$346 million", "25 bps", "1.8x", "$1.42", "4–6%"; a change signed: "+5%", "−90 bps", "flat". */
export function formatFigure(figure: SpokenFigure): string {
  if (figure.change === 'flat') return 'flat';
  const signed = figure.change !== undefined;
  const { value, high } = figure;
  if (high === undefined || high === value) return `${signOf(value, signed)}${sizes(figure.unit, [value], figure.currency)}`;
  if (value >= 0) return `${signed ? '+' : ''}${sizes(figure.unit, [value, high], figure.currency)}`;
  return `${signOf(value, signed)}${sizes(figure.unit, [value], figure.currency)} to ${signOf(high, signed)}${sizes(figure.unit, [high], figure.currency)}`;
}

// ---------------------------------------------------------------------------------------------
// Pairing

const family = (f: SpokenFigure) => (f.unit === 'points' || f.unit === 'bps' ? 'pts' : f.unit === 'money' ? `money ${f.currency ?? ''}` : f.unit);
const CONSTANT = ' in constant currency';
/** Guidance pairs with guidance whether or not it is said in constant currency (a company states one growth outlook). */
const pairKey = (f: SpokenFigure) =>
  f.guidance ? `${f.measure.replace(CONSTANT, '')}|${family(f)}|${f.horizon === 'quarter' ? 'next quarter' : 'guidance'}` : `${f.measure}|${family(f)}|`;

function firstOfEach(figures: readonly SpokenFigure[]): Map<string, SpokenFigure> {
  const first = new Map<string, SpokenFigure>();
  for (const figure of figures) if (!first.has(pairKey(figure))) first.set(pairKey(figure), figure);
  return first;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals || 0;
const mid = (f: SpokenFigure) => (f.high === undefined ? f.value : (f.value + f.high) / 2);

/** current − previous in the unit that reads best; undefined where there is none. */
function deltaOf(current: SpokenFigure, previous: SpokenFigure, at: (f: SpokenFigure) => number): Pick<MovedFigure, 'delta' | 'deltaUnit'> {
  const [c, p] = [at(current), at(previous)];
  switch (family(current)) {
    case 'percent':
      return { delta: round(c - p, 2), deltaUnit: 'pts' };
    case 'pts':
      if (current.unit === 'points' && previous.unit === 'points') return { delta: round(c - p, 2), deltaUnit: 'pts' };
      return { delta: round((current.unit === 'points' ? c * 100 : c) - (previous.unit === 'points' ? p * 100 : p), 1), deltaUnit: 'bps' };
    case 'multiple':
      return { delta: round(c - p, 2), deltaUnit: 'multiple' };
    default: {
      const unit = current.unit === 'count' ? 'count' : 'money';
      if (current.change || previous.change || p === 0) return { delta: tidy(c - p), deltaUnit: unit };
      return { delta: round(((c - p) / Math.abs(p)) * 100, 1), deltaUnit: 'percent' };
    }
  }
}

function formatDelta(delta: number, unit: NonNullable<MovedFigure['deltaUnit']>, figure: SpokenFigure): string {
  const sign = signOf(delta, true);
  const size = Math.abs(delta);
  switch (unit) {
    case 'pts':
      return `${sign}${plainNumber.format(size)} ${size === 1 ? 'pt' : 'pts'}`;
    case 'bps':
      return `${sign}${plainNumber.format(size)} ${size === 1 ? 'bp' : 'bps'}`;
    case 'percent':
      return `${sign}${plainNumber.format(size)}%`;
    case 'multiple':
      return `${sign}${plainNumber.format(size)}x`;
    case 'money':
    case 'count':
      return `${sign}${sizes(unit, [size], figure.currency)}`;
  }
}

/** How big a move reads, across units: a point of margin ~ 100 bps ~ a 10% change in money. */
function moveSize(delta: number | undefined, unit: MovedFigure['deltaUnit'], previous: SpokenFigure | undefined): number {
  if (delta === undefined || unit === undefined) return 0;
  const size = Math.abs(delta);
  if (unit === 'pts') return size;
  if (unit === 'bps') return size / 100;
  if (unit === 'percent') return size / 10;
  const base = previous ? Math.abs(mid(previous)) : 0;
  return base > 0 ? (size / base) * 10 : 0;
}

/** Each measure of either call paired with the same measure in the other: guidance first, then the biggest moves. */
export function pairFigures(current: readonly SpokenFigure[], previous: readonly SpokenFigure[]): MovedFigure[] {
  const now = firstOfEach(current);
  const before = firstOfEach(previous);
  const keys = [...now.keys(), ...[...before.keys()].filter((key) => !now.has(key))];
  const moved = keys.map((key, order) => {
    const c = now.get(key);
    const p = before.get(key);
    const figure = (c ?? p)!;
    const suffix = !figure.guidance ? '' : figure.horizon === 'quarter' ? ' guidance (next quarter)' : ' guidance';
    // "Revenue growth guidance in constant currency"
    const label = figure.label.endsWith(CONSTANT) ? `${figure.label.slice(0, -CONSTANT.length)}${suffix}${CONSTANT}` : `${figure.label}${suffix}`;
    const measure = `${figure.measure.replace(CONSTANT, '')}${suffix}`;
    let summary: string;
    let delta: Pick<MovedFigure, 'delta' | 'deltaUnit'> = {};
    let size = 0;
    if (c && p) {
      const ranged = c.high !== undefined || p.high !== undefined;
      const same = c.value === p.value && c.high === p.high && c.unit === p.unit && c.change === p.change;
      const moves = deltaOf(c, p, mid);
      size = moveSize(moves.delta, moves.deltaUnit, p);
      if (!ranged) delta = moves;
      if (same) summary = `${label} ${formatFigure(c)} (unchanged)`;
      else if (ranged || delta.delta === undefined || delta.delta === 0) summary = `${label} ${formatFigure(c)} (was ${formatFigure(p)})`;
      else summary = `${label} ${formatFigure(c)} (was ${formatFigure(p)}, ${formatDelta(delta.delta, delta.deltaUnit!, c)})`;
    } else if (c) summary = `${label} ${formatFigure(c)} (new)`;
    else summary = `${label} (not said this quarter, was ${formatFigure(p!)})`;
    const entry: MovedFigure = { measure, label, ...(c ? { current: c } : {}), ...(p ? { previous: p } : {}), ...delta, guidance: figure.guidance, summary };
    return { entry, order, size, group: c && p ? 0 : c ? 1 : 2 };
  });
  // The same measure in two units ("revenue" in dollars and in percent) keeps one name each.
  const seen = new Map<string, number>();
  for (const { entry } of moved) seen.set(entry.measure, (seen.get(entry.measure) ?? 0) + 1);
  for (const { entry } of moved) if (seen.get(entry.measure)! > 1) entry.measure = `${entry.measure} (${family((entry.current ?? entry.previous)!)})`;
  moved.sort((a, b) => Number(b.entry.guidance) - Number(a.entry.guidance) || a.group - b.group || b.size - a.size || a.order - b.order);
  return moved.map(({ entry }) => entry);
}
