import { Random } from '../random.ts';
import { makeIsin } from './isin.ts';
import { MARKETS, SECONDARY_EXCHANGES, type Market } from './markets.ts';
import { BRAND_ENDS, BRAND_MIDDLES, BRAND_STARTS, FIRST_NAMES, INDUSTRIES, LAST_NAMES, type Industry } from './vocabulary.ts';

export interface Ticker {
  ticker: string;
  exchange: string;
}

export interface Person {
  name: string;
  role: string;
}

export interface CompanyRecord {
  id: number;
  /** Position in generation order: the stable key for everything derived from this company. */
  seedIndex: number;
  name: string;
  displayName: string;
  country: string;
  tickers: Ticker[];
  isins: string[];
  backlinkUrl: string;
  createdAt: number;
  updatedAt: number;
  market: Market;
  industry: Industry;
  /** Language of the company's events (ISO 639-1). */
  language: string;
  currency: string;
  /** Annual revenue, in millions of `currency`, for the latest fiscal year. */
  revenue: number;
  /** Days between quarter end and the earnings call. */
  reportLagDays: number;
  callHourUtc: number;
  executives: { ceo: Person; cfo: Person; ir: Person };
  slug: string;
}

const DAY = 86_400_000;

const VOWELS = /[aeiouy]$/i;

/** Joins syllables, dropping a vowel where two would meet ("Ivo" + "ex" → "Ivox"). */
function join(left: string, right: string): string {
  if (right === '') return left;
  if (VOWELS.test(left) && /^[aeiouy]/i.test(right)) return right.length > 1 ? left + right.slice(1) : left;
  return left + right;
}

/** Invented brand names of seven letters or more: short syllable pairs too often match real companies. */
function brandName(rng: Random): string {
  for (;;) {
    const name = join(join(rng.pick(BRAND_STARTS), rng.pick(BRAND_MIDDLES)), rng.pick(BRAND_ENDS)).replace(/(.)\1\1/g, '$1$1');
    if (name.length >= 7) return name;
  }
}

function personName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

function tickerFrom(brand: string, rng: Random, length: number): string {
  const letters = brand.toUpperCase().replace(/[^A-Z]/g, '');
  const consonants = letters.slice(1).replace(/[AEIOU]/g, '');
  let ticker = letters[0] ?? 'X';
  const pool = consonants.length >= length - 1 ? consonants : letters.slice(1);
  for (let i = 0; ticker.length < length && i < pool.length; i++) {
    if (rng.chance(0.55) || pool.length - i <= length - ticker.length) ticker += pool[i];
  }
  while (ticker.length < length) ticker += String.fromCharCode(65 + rng.int(0, 25));
  return ticker;
}

function nsin(rng: Random, alphanumeric: boolean): string {
  const chars = alphanumeric ? '0123456789ABCDEFGHJKLMNPRSTUVWXYZ' : '0123456789';
  let out = '';
  for (let i = 0; i < 9; i++) out += chars[rng.int(0, chars.length - 1)];
  return out;
}

/**
 * Builds `count` fictional listed companies. Ids follow creation order, as on a real service
 * whose ids are assigned when a record is created.
 */
export function generateCompanies(seed: string, count: number, now: number): CompanyRecord[] {
  const usedNames = new Set<string>();
  const usedTickers = new Set<string>(); // `${exchange}:${ticker}`
  const usedIsins = new Set<string>();
  const allTickers: Ticker[] = [];
  const drafts: CompanyRecord[] = [];
  const marketWeights = MARKETS.map((market) => [market, market.weight] as const);
  const earliest = Date.UTC(2018, 0, 1);
  const latest = now - 3 * 365 * DAY;

  for (let index = 0; index < count; index++) {
    const rng = Random.derive(seed, `company/${index}`);
    const market = rng.weighted(marketWeights);
    const industry = rng.pick(INDUSTRIES);

    let displayName = '';
    for (let attempt = 0; attempt < 50 && (displayName === '' || usedNames.has(displayName)); attempt++) {
      const brand = brandName(rng);
      displayName = rng.chance(0.45) ? brand : `${brand} ${rng.pick(industry.nameWords)}`;
      if (attempt > 20) displayName = `${displayName} ${rng.pick(industry.nameWords)}`;
      if (attempt > 40) displayName = `${displayName} ${index}`;
    }
    usedNames.add(displayName);
    const brand = displayName.split(' ')[0] ?? displayName;
    const legalForm = rng.pick(market.legalForms);
    const name =
      legalForm.startsWith('Holding') || legalForm.startsWith('Group')
        ? `${displayName} ${legalForm}`
        : `${displayName}${legalForm.startsWith(',') ? '' : ' '}${legalForm}`;

    const exchange = rng.weighted(market.exchanges);
    const tickers: Ticker[] = [];
    const collide = allTickers.length > 20 && rng.chance(0.04);
    let primary = '';
    if (collide) {
      // The same symbol as a company on another exchange: the real service has such collisions.
      const other = allTickers.filter((t) => t.exchange !== exchange && !usedTickers.has(`${exchange}:${t.ticker}`));
      if (other.length > 0 && !market.numericTickers) primary = rng.pick(other).ticker;
    }
    for (let attempt = 0; primary === '' || usedTickers.has(`${exchange}:${primary}`); attempt++) {
      primary = market.numericTickers
        ? String(rng.int(1300, 9999))
        : attempt < 8
          ? tickerFrom(brand, rng, rng.int(3, 4))
          : `${tickerFrom(brand, rng, 3)}${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}`;
    }
    // The service lists a ticker's base listing under the generic exchange BASE beside its real one.
    tickers.push({ ticker: primary, exchange: 'BASE' }, { ticker: primary, exchange });
    usedTickers.add(`${exchange}:${primary}`);
    allTickers.push({ ticker: primary, exchange });

    const isins = [makeUniqueIsin(rng, market.country, usedIsins)];
    if (market.country !== 'US' && rng.chance(0.3)) {
      const secondary = rng.weighted(SECONDARY_EXCHANGES.filter(([code]) => !market.exchanges.some(([own]) => own === code)));
      const base = market.numericTickers ? tickerFrom(brand, rng, 4) : primary.replace(/\d/g, '').slice(0, 4) || tickerFrom(brand, rng, 4);
      let ticker = secondary === 'OTC' ? `${base.padEnd(4, 'X').slice(0, 4)}${rng.chance(0.5) ? 'Y' : 'F'}` : base;
      while (usedTickers.has(`${secondary}:${ticker}`)) ticker = `${ticker.slice(0, 3)}${String.fromCharCode(65 + rng.int(0, 25))}${ticker.slice(4)}`;
      tickers.push({ ticker, exchange: secondary });
      usedTickers.add(`${secondary}:${ticker}`);
      allTickers.push({ ticker, exchange: secondary });
      // A US depositary receipt carries a US ISIN of its own.
      if (secondary !== 'LSE' && secondary !== 'XETRA') isins.push(makeUniqueIsin(rng, 'US', usedIsins));
    }

    const slug = displayName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/(^-|-$)/g, '');
    const createdAt = Math.round(earliest + rng.next() * Math.max(DAY, latest - earliest));
    const updatedAt = rng.chance(0.35)
      ? Math.round(createdAt + rng.next() * (now - 7 * DAY - createdAt))
      : rng.chance(0.05)
        ? Math.round(now - rng.next() * 6 * DAY)
        : createdAt;
    const english = rng.chance(market.englishShare);
    const scale = rng.weighted([
      [80, 3],
      [600, 4],
      [4_000, 3],
      [25_000, 1],
    ] as const);
    const revenueUsd = scale * rng.float(0.5, 2.5);
    const fx: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, SEK: 10.5, CHF: 0.88, JPY: 150, CAD: 1.36, AUD: 1.52, DKK: 6.9, NOK: 10.7 };

    drafts.push({
      id: 0,
      seedIndex: index,
      name,
      displayName,
      country: market.country,
      tickers,
      isins,
      backlinkUrl: `https://ir.${slug}.example/`,
      createdAt,
      updatedAt,
      market,
      industry,
      language: english ? 'en' : market.language,
      currency: market.currency,
      revenue: Math.round(revenueUsd * (fx[market.currency] ?? 1) * 10) / 10,
      reportLagDays: rng.int(18, 44),
      callHourUtc: rng.pick(market.callHoursUtc),
      executives: {
        ceo: { name: personName(rng), role: 'Chief Executive Officer' },
        cfo: { name: personName(rng), role: 'Chief Financial Officer' },
        ir: { name: personName(rng), role: 'Head of Investor Relations' },
      },
      slug,
    });
  }

  drafts.sort((a, b) => a.createdAt - b.createdAt || a.seedIndex - b.seedIndex);
  drafts.forEach((company, i) => {
    company.id = i + 1;
  });
  return drafts;
}

function makeUniqueIsin(rng: Random, country: string, used: Set<string>): string {
  for (;;) {
    const isin = makeIsin(country, nsin(rng, country === 'US' || country === 'CA'));
    if (!used.has(isin)) {
      used.add(isin);
      return isin;
    }
  }
}
