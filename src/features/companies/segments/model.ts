import type { Segment } from '../../../api/schemas.ts';

/**
 * Segment records (endpoint 3) turned into what the Segments section shows: one block of figures
 * per category, measure and unit, with fiscal years as columns. Pure functions, no React.
 */

// ---------------------------------------------------------------------------------------------
// Units

const SCALE_WORDS: Record<string, string> = {
  K: 'thousands',
  TH: 'thousands',
  THOUSAND: 'thousands',
  THOUSANDS: 'thousands',
  M: 'millions',
  MM: 'millions',
  MN: 'millions',
  MIO: 'millions',
  MLN: 'millions',
  MILLION: 'millions',
  MILLIONS: 'millions',
  B: 'billions',
  BN: 'billions',
  BLN: 'billions',
  MRD: 'billions',
  BILLION: 'billions',
  BILLIONS: 'billions',
};

const PLAIN_WORDS: Record<string, string> = {
  '%': 'percent',
  PCT: 'percent',
  PERCENT: 'percent',
};

let currencies: Set<string> | undefined;
/** Whether a three-letter code is an ISO 4217 currency this runtime knows (any code, when it cannot tell). */
function isCurrency(code: string): boolean {
  if (currencies === undefined) {
    const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] };
    try {
      currencies = new Set(intl.supportedValuesOf?.('currency') ?? []);
    } catch {
      currencies = new Set();
    }
  }
  return currencies.size === 0 || currencies.has(code);
}

/**
 * A unit code in words: "MEUR" → "millions of EUR", "USDbn" → "billions of USD", "PCT" → "percent".
 * A plain currency code stays as it is; a code it does not recognise is returned unchanged.
 */
export function spellUnit(code: string): string {
  const raw = code.trim();
  if (raw === '') return 'unit not given';
  const upper = raw.toUpperCase();
  const plain = PLAIN_WORDS[upper];
  if (plain) return plain;
  if (/^[A-Z]{3}$/.test(upper)) return upper;
  // Scale first ("MEUR", "BN USD", "MILLIONS_OF_EUR"), then currency first ("EURm", "USD BN", "EUR_MILLIONS").
  const scaleFirst = /^(K|TH|THOUSANDS?|MM|MN|MIO|MLN|M|MILLIONS?|BN|BLN|MRD|B|BILLIONS?)[\s_-]*(?:OF[\s_-]*)?([A-Z]{3})$/.exec(upper);
  const currencyFirst = /^([A-Z]{3})[\s_-]*(K|TH|THOUSANDS?|MM|MN|MIO|MLN|M|MILLIONS?|BN|BLN|MRD|B|BILLIONS?)$/.exec(upper);
  const scale = scaleFirst?.[1] ?? currencyFirst?.[2];
  const currency = scaleFirst?.[2] ?? currencyFirst?.[1];
  if (scale && currency && isCurrency(currency)) return `${SCALE_WORDS[scale]} of ${currency}`;
  return raw;
}

// ---------------------------------------------------------------------------------------------
// The `other` remainder ("7.8 (1.9%)")

export interface OtherFigure {
  /** The text as the service sent it. */
  raw: string;
  /** The remainder, when the text could be read. */
  value?: number;
  /** Its share of the total in percent, when given. */
  percent?: number;
  /** Decimals the percentage was given with (to show it as sent). */
  percentDecimals?: number;
}

const NUMBER = String.raw`[+\-\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const OTHER_PATTERN = new RegExp(String.raw`^(${NUMBER})\s*(?:\(\s*(${NUMBER})\s*%\s*\))?$`);

function toNumber(text: string): number {
  return Number(text.replace(/,/g, '').replace('\u2212', '-'));
}

function decimalsIn(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * Reads the `other` text: a value followed by a percentage in parentheses ("-12.4 (-39.1%)"),
 * or a bare value. Anything else keeps only `raw`, so it can be shown as it is.
 */
export function parseOther(text: string): OtherFigure {
  const match = OTHER_PATTERN.exec(text.trim());
  if (!match) return { raw: text };
  const value = toNumber(match[1]!);
  if (!Number.isFinite(value)) return { raw: text };
  const figure: OtherFigure = { raw: text, value };
  if (match[2] !== undefined) {
    figure.percent = toNumber(match[2]);
    figure.percentDecimals = decimalsIn(match[2]);
  }
  return figure;
}

// ---------------------------------------------------------------------------------------------
// Grouping

export interface TotalFigure {
  value: number;
  /** Unit code of the total (usually the block's unit). */
  unit: string;
}

export interface SegmentRow {
  name: string;
  /** One entry per year of the block; undefined where the item was not reported that year. */
  values: (number | undefined)[];
}

/** The figures of one measure in one unit: rows are segments, columns are fiscal years (ascending). */
export interface SegmentBlock {
  /** Unit code of the items (and of `other`, which the service gives without a unit). */
  unit: string;
  years: number[];
  rows: SegmentRow[];
  /** `other` per year; undefined where the record gave none. */
  other: (OtherFigure | undefined)[];
  /** Total per year (always present: every record carries one). */
  totals: TotalFigure[];
  /** Decimals to show every figure of the block with, so columns line up and nothing is rounded away. */
  decimals: number;
}

export interface SegmentMeasure {
  /** The `segmentItem`, e.g. "Revenue". */
  measure: string;
  /** Usually one; several when the measure was reported in different units across years. */
  blocks: SegmentBlock[];
}

export interface SegmentCategory {
  /** The `segmentCategory`, e.g. "Business Segments". */
  category: string;
  measures: SegmentMeasure[];
}

export interface SegmentOverview {
  categories: SegmentCategory[];
  /** Every fiscal year present, ascending. */
  years: number[];
  /** Records left out because a later record for the same category, measure, unit and year replaced them. */
  superseded: number;
}

const MAX_DECIMALS = 4;

/** Decimals a number is written with (12.25 → 2), at most MAX_DECIMALS. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = String(Math.abs(value));
  if (text.includes('e')) return MAX_DECIMALS;
  return Math.min(MAX_DECIMALS, decimalsIn(text));
}

const UNNAMED = 'Unnamed segment';

/** The later of two records for the same slot: the one updated last, then the one reported last. */
function isNewer(candidate: Segment, current: Segment): boolean {
  if (candidate.updatedAt !== current.updatedAt) return (candidate.updatedAt ?? '') > (current.updatedAt ?? '');
  return (candidate.reportDate ?? '') > (current.reportDate ?? '');
}

/** Item names of one record made unique ("Europe", "Europe (2)") so no figure is lost. */
function namedItems(record: Segment): { name: string; value: number }[] {
  const seen = new Map<string, number>();
  return record.items.map((item) => {
    const base = item.name?.trim() || UNNAMED;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { name: count === 1 ? base : `${base} (${count})`, value: item.value };
  });
}

function buildBlock(unit: string, byYear: Map<number, Segment>): SegmentBlock {
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const records = years.map((year) => byYear.get(year)!);
  // Row order: as the latest year reports them, then items seen only in earlier years (latest first).
  const names: string[] = [];
  const values = new Map<string, (number | undefined)[]>();
  for (let index = records.length - 1; index >= 0; index--) {
    for (const item of namedItems(records[index]!)) {
      let row = values.get(item.name);
      if (!row) {
        row = years.map(() => undefined);
        values.set(item.name, row);
        names.push(item.name);
      }
      row[index] = item.value;
    }
  }
  const other = records.map((record) => (!record.other?.trim() ? undefined : parseOther(record.other)));
  const totals = records.map((record) => ({ value: record.total, unit: record.totalUnit ?? '' }));
  const figures = [...[...values.values()].flat(), ...other.map((figure) => figure?.value), ...totals.map((total) => total.value)].filter(
    (value): value is number => value !== undefined,
  );
  return {
    unit,
    years,
    rows: names.map((name) => ({ name, values: values.get(name)! })),
    other,
    totals,
    decimals: figures.reduce((max, value) => Math.max(max, decimalsOf(value)), 0),
  };
}

/**
 * Groups segment records by category, then measure, then unit, with one column per fiscal year.
 * Categories and measures keep the order the service lists them in. Where two records fill the same
 * slot (a restatement), the one updated last wins.
 */
export function groupSegments(records: readonly Segment[]): SegmentOverview {
  // category → measure → unit → year → record, each level in order of first appearance.
  const tree = new Map<string, Map<string, Map<string, Map<number, Segment>>>>();
  let superseded = 0;
  const years = new Set<number>();
  for (const record of records) {
    const category = record.segmentCategory?.trim() || 'Category not given';
    const measure = record.segmentItem?.trim() || 'Figures';
    const unit = record.itemUnit?.trim() ?? '';
    let measures = tree.get(category);
    if (!measures) tree.set(category, (measures = new Map()));
    let units = measures.get(measure);
    if (!units) measures.set(measure, (units = new Map()));
    let byYear = units.get(unit);
    if (!byYear) units.set(unit, (byYear = new Map()));
    const current = byYear.get(record.fiscalYear);
    if (current) {
      superseded++;
      if (!isNewer(record, current)) continue;
    }
    byYear.set(record.fiscalYear, record);
    years.add(record.fiscalYear);
  }
  const categories: SegmentCategory[] = [...tree].map(([category, measures]) => ({
    category,
    measures: [...measures].map(([measure, units]) => ({
      measure,
      // Blocks in order of their latest year, newest last, so the current unit reads last.
      blocks: [...units].map(([unit, byYear]) => buildBlock(unit, byYear)).sort((a, b) => a.years[a.years.length - 1]! - b.years[b.years.length - 1]!),
    })),
  }));
  return { categories, years: [...years].sort((a, b) => a - b), superseded };
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** A formatter for a block's figures: grouping separators, a fixed number of decimals, a minus sign. */
export function figureFormatter(decimals: number, locale?: string): (value: number) => string {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'auto' });
  // Intl writes a hyphen-minus in most locales; keep it (it pastes into spreadsheets as a number).
  return (value) => format.format(value === 0 ? 0 : value);
}

/**
 * A parsed `other` in the block's formatting: the value, and its share as "(1.9%)" when given.
 * Text that could not be read comes back as it was sent.
 */
export function formatOtherParts(other: OtherFigure, format: (value: number) => string, locale?: string): { main: string; share?: string } {
  if (other.value === undefined) return { main: other.raw };
  if (other.percent === undefined) return { main: format(other.value) };
  const digits = other.percentDecimals ?? 1;
  const percent = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    other.percent === 0 ? 0 : other.percent,
  );
  return { main: format(other.value), share: `(${percent}%)` };
}

/** "7.8 (1.9%)": `formatOtherParts` on one line. */
export function formatOther(other: OtherFigure, format: (value: number) => string, locale?: string): string {
  const { main, share } = formatOtherParts(other, format, locale);
  return share ? `${main} ${share}` : main;
}

/** Change from one year to the next, in the block's unit and (when the base is positive) in percent. */
export function yearOnYear(previous: number | undefined, current: number | undefined): { change: number; percent?: number } | undefined {
  if (previous === undefined || current === undefined) return undefined;
  const change = current - previous;
  return previous > 0 ? { change, percent: (change / previous) * 100 } : { change };
}

// ---------------------------------------------------------------------------------------------
// Axis

/**
 * Axis bounds and round ticks covering [min, max] and zero, about `count` ticks. A side that only
 * holds a sliver (less than half a tick step, e.g. a small negative remainder) gets just enough
 * room for it instead of a whole step, so it does not squeeze the rest of the chart.
 */
export function niceScale(min: number, max: number, count = 5): { lower: number; upper: number; ticks: number[]; step: number } {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { lower: 0, upper: 1, ticks: [0, 1], step: 1 };
  if (low === high) return { lower: 0, upper: 1, ticks: [0, 1], step: 1 };
  const rough = (high - low) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const ratio = rough / magnitude;
  // Nearest of 1, 2, 5 and 10 on a log scale (thresholds at the geometric means).
  const step = (ratio >= Math.sqrt(50) ? 10 : ratio >= Math.sqrt(10) ? 5 : ratio >= Math.sqrt(2) ? 2 : 1) * magnitude;
  const margin = step * 0.1;
  const lower = low === 0 ? 0 : -low < step / 2 ? low - margin : Math.floor(low / step) * step;
  const upper = high === 0 ? 0 : high < step / 2 ? high + margin : Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Integer multiples of the step avoid drift (0.1 + 0.2 ≠ 0.3).
  for (let i = Math.ceil(lower / step); i * step <= upper + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return { lower, upper, ticks, step };
}
