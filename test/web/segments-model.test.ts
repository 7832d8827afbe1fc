/** The Segments section's pure helpers: unit spelling, reading `other`, grouping records, axis ticks. */
import { describe, expect, it } from 'vitest';
import type { Segment } from '../../src/api/schemas.ts';
import {
  decimalsOf,
  figureFormatter,
  formatOther,
  groupSegments,
  niceScale,
  parseOther,
  spellUnit,
  yearOnYear,
} from '../../src/features/companies/segments/model.ts';

function record(overrides: Partial<Segment> & Pick<Segment, 'fiscalYear'>): Segment {
  return {
    companyId: 7,
    createdAt: `${overrides.fiscalYear + 1}-03-01T07:00:00.000Z`,
    updatedAt: `${overrides.fiscalYear + 1}-03-01T07:00:00.000Z`,
    reportDate: `${overrides.fiscalYear + 1}-02-20T07:00:00.000Z`,
    segmentItem: 'Revenue',
    segmentCategory: 'Business Segments',
    total: 100,
    totalUnit: 'MEUR',
    other: '10.0 (10.0%)',
    items: [
      { name: 'Cloud', value: 60 },
      { name: 'Devices', value: 30 },
    ],
    itemUnit: 'MEUR',
    ...overrides,
  };
}

describe('spellUnit', () => {
  it('spells out scaled currency codes', () => {
    expect(spellUnit('MEUR')).toBe('millions of EUR');
    expect(spellUnit('MUSD')).toBe('millions of USD');
    expect(spellUnit('MJPY')).toBe('millions of JPY');
    expect(spellUnit('BNUSD')).toBe('billions of USD');
    expect(spellUnit('KGBP')).toBe('thousands of GBP');
    expect(spellUnit('USDm')).toBe('millions of USD');
    expect(spellUnit('EUR bn')).toBe('billions of EUR');
    expect(spellUnit('MMXN')).toBe('millions of MXN');
  });

  it('keeps plain currencies, spells percent, and returns unknown codes unchanged', () => {
    expect(spellUnit('CHF')).toBe('CHF');
    expect(spellUnit('PCT')).toBe('percent');
    expect(spellUnit('%')).toBe('percent');
    expect(spellUnit('MXYZ')).toBe('MXYZ');
    expect(spellUnit('tonnes')).toBe('tonnes');
    expect(spellUnit('')).toBe('unit not given');
  });
});

describe('parseOther', () => {
  it('reads a value followed by a percentage in parentheses', () => {
    expect(parseOther('7.8 (1.9%)')).toEqual({ raw: '7.8 (1.9%)', value: 7.8, percent: 1.9, percentDecimals: 1 });
    expect(parseOther('-12.4 (-39.1%)')).toMatchObject({ value: -12.4, percent: -39.1 });
    expect(parseOther('1,234.5 ( 12% )')).toMatchObject({ value: 1234.5, percent: 12, percentDecimals: 0 });
    expect(parseOther('\u22123.5 (\u22120.4%)')).toMatchObject({ value: -3.5, percent: -0.4 });
  });

  it('reads a bare value', () => {
    expect(parseOther('42')).toEqual({ raw: '42', value: 42 });
  });

  it('keeps text it cannot read as it is', () => {
    for (const text of ['n/a', '1,5 (2,3%)', '7.8 (1.9)', '12 EUR', '(3%)', '']) {
      expect(parseOther(text)).toEqual({ raw: text });
    }
  });
});

describe('formatting', () => {
  it('counts decimals and formats with a minus sign for negatives', () => {
    expect(decimalsOf(12)).toBe(0);
    expect(decimalsOf(-46.3)).toBe(1);
    expect(decimalsOf(0.125)).toBe(3);
    const format = figureFormatter(1, 'en-US');
    expect(format(-46.3)).toBe('-46.3');
    expect(format(1234)).toBe('1,234.0');
    expect(format(-0)).toBe('0.0');
  });

  it('formats a parsed other in the block style and shows unreadable text as sent', () => {
    const format = figureFormatter(1, 'en-US');
    expect(formatOther(parseOther('-12.4 (-39.1%)'), format, 'en-US')).toBe('-12.4 (-39.1%)');
    expect(formatOther(parseOther('1234 (5%)'), format, 'en-US')).toBe('1,234.0 (5%)');
    expect(formatOther(parseOther('see note 4'), format, 'en-US')).toBe('see note 4');
  });

  it('gives year-on-year change, in percent only from a positive base', () => {
    expect(yearOnYear(100, 110)).toEqual({ change: 10, percent: 10 });
    expect(yearOnYear(-10, 5)).toEqual({ change: 15 });
    expect(yearOnYear(undefined, 5)).toBeUndefined();
  });
});

describe('groupSegments', () => {
  it('groups by category, measure and unit, with years ascending and the service order kept', () => {
    const overview = groupSegments([
      record({ fiscalYear: 2025 }),
      record({ fiscalYear: 2024, segmentCategory: 'Geographic Segments', items: [{ name: 'Europe', value: 90 }] }),
      record({ fiscalYear: 2024 }),
      record({ fiscalYear: 2025, segmentItem: 'Operating Income', total: -5, other: '-2.0 (-40.0%)', items: [{ name: 'Cloud', value: -3 }] }),
    ]);
    expect(overview.years).toEqual([2024, 2025]);
    expect(overview.categories.map((c) => c.category)).toEqual(['Business Segments', 'Geographic Segments']);
    const business = overview.categories[0]!;
    expect(business.measures.map((m) => m.measure)).toEqual(['Revenue', 'Operating Income']);
    const revenue = business.measures[0]!.blocks[0]!;
    expect(revenue.years).toEqual([2024, 2025]);
    expect(revenue.rows).toEqual([
      { name: 'Cloud', values: [60, 60] },
      { name: 'Devices', values: [30, 30] },
    ]);
    const operating = business.measures[1]!.blocks[0]!;
    expect(operating.rows).toEqual([{ name: 'Cloud', values: [-3] }]);
    expect(operating.other[0]).toMatchObject({ value: -2, percent: -40 });
    expect(operating.totals).toEqual([{ value: -5, unit: 'MEUR' }]);
  });

  it('leaves a gap where an item is missing in a year, latest order first', () => {
    const [block] = groupSegments([
      record({
        fiscalYear: 2023,
        items: [
          { name: 'Legacy', value: 5 },
          { name: 'Cloud', value: 40 },
        ],
      }),
      record({
        fiscalYear: 2024,
        items: [
          { name: 'Cloud', value: 50 },
          { name: 'AI', value: 7.25 },
        ],
      }),
    ]).categories[0]!.measures[0]!.blocks;
    expect(block!.rows).toEqual([
      { name: 'Cloud', values: [40, 50] },
      { name: 'AI', values: [undefined, 7.25] },
      { name: 'Legacy', values: [5, undefined] },
    ]);
    expect(block!.decimals).toBe(2);
  });

  it('splits a measure reported in different units into blocks, and keeps the total unit', () => {
    const [measure] = groupSegments([
      record({ fiscalYear: 2022, itemUnit: 'KEUR', totalUnit: 'KEUR', total: 100000 }),
      record({ fiscalYear: 2023, totalUnit: 'BNEUR', total: 0.1 }),
    ]).categories[0]!.measures;
    expect(measure!.blocks.map((b) => [b.unit, b.years])).toEqual([
      ['KEUR', [2022]],
      ['MEUR', [2023]],
    ]);
    expect(measure!.blocks[1]!.totals).toEqual([{ value: 0.1, unit: 'BNEUR' }]);
  });

  it('keeps the latest-updated record when two fill the same year', () => {
    const overview = groupSegments([
      record({ fiscalYear: 2024, total: 100, updatedAt: '2025-03-01T07:00:00.000Z' }),
      record({ fiscalYear: 2024, total: 104, updatedAt: '2025-06-01T07:00:00.000Z' }),
      record({ fiscalYear: 2024, total: 99, updatedAt: '2025-04-01T07:00:00.000Z' }),
    ]);
    expect(overview.superseded).toBe(2);
    expect(overview.categories[0]!.measures[0]!.blocks[0]!.totals).toEqual([{ value: 104, unit: 'MEUR' }]);
  });

  it('names blank and repeated items so no figure is lost, and skips an empty other', () => {
    const [block] = groupSegments([
      record({
        fiscalYear: 2024,
        other: ' ',
        items: [
          { name: 'Europe', value: 1 },
          { name: 'Europe', value: 2 },
          { name: '', value: 3 },
        ],
      }),
    ]).categories[0]!.measures[0]!.blocks;
    expect(block!.rows.map((r) => r.name)).toEqual(['Europe', 'Europe (2)', 'Unnamed segment']);
    expect(block!.other).toEqual([undefined]);
  });

  it('returns nothing for no records', () => {
    expect(groupSegments([])).toEqual({ categories: [], years: [], superseded: 0 });
  });
});

describe('niceScale', () => {
  it('covers zero and the data with round ticks', () => {
    expect(niceScale(120, 830, 4)).toMatchObject({ lower: 0, upper: 1000, ticks: [0, 200, 400, 600, 800, 1000] });
    const mixed = niceScale(-26, 19.7, 4);
    expect(mixed.lower).toBeLessThanOrEqual(-26);
    expect(mixed.upper).toBeGreaterThanOrEqual(19.7);
    expect(mixed.ticks).toContain(0);
    expect(mixed.ticks).toEqual([-30, -20, -10, 0, 10, 20]);
  });

  it('gives a small negative sliver only the room it needs', () => {
    const scale = niceScale(-4.8, 821, 5);
    expect(scale.lower).toBeLessThan(-4.8);
    expect(scale.lower).toBeGreaterThan(-200);
    expect(scale.ticks[0]).toBe(0);
  });

  it('handles all-zero data', () => {
    expect(niceScale(0, 0)).toMatchObject({ lower: 0, upper: 1 });
  });
});
