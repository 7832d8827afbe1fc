import { describe, expect, it } from 'vitest';
import { defineFilters } from '../../../src/lib/filters/define-filters.ts';
import { describeDropped } from '../../../src/lib/filters/dropped.ts';

/** A page that declares one filter of every kind. */
const filters = defineFilters({
  fields: {
    countries: { kind: 'countries', label: 'Countries' },
    exchanges: { kind: 'exchanges', label: 'Exchanges' },
    tickers: { kind: 'tickers', label: 'Tickers' },
    isins: { kind: 'isins', label: 'ISINs' },
    company: { kind: 'companyIds', label: 'Companies', param: 'companyIds' },
    typeIds: { kind: 'documentTypeIds', label: 'Document types' },
    groups: { kind: 'documentGroupIds', label: 'Document groups', param: 'documentGroupIds' },
    from: { kind: 'date', bound: 'from', label: 'Date from', param: 'startDate' },
    to: { kind: 'date', bound: 'to', label: 'Date to', param: 'endDate' },
    updatedAfter: { kind: 'date', bound: 'after', label: 'Updated after' },
    updatedBefore: { kind: 'date', bound: 'before', label: 'Updated before' },
  },
  direction: { default: 'desc' },
  maxItems: 3,
});

describe('list kinds', () => {
  it('upper-cases tickers, ISINs and countries; keeps exchanges as written', () => {
    const { filters: clean, dropped } = filters.parse({ tickers: 'brk/b,aapl', isins: 'us0378331005', countries: 'us;gb', exchanges: 'NasdaqGS xetra' });
    expect(clean).toEqual({ tickers: ['BRK/B', 'AAPL'], isins: ['US0378331005'], countries: ['US', 'GB'], exchanges: ['NasdaqGS', 'xetra'] });
    expect(dropped).toEqual([]);
  });

  it('refuses items that cannot be one, each on its own', () => {
    const { filters: clean, dropped } = filters.parse({
      countries: 'US,USA,XX',
      exchanges: 'NYSE,<b>',
      tickers: 'ACME,-X',
      isins: 'US0378331006,DE0007164600',
      company: '0,12,1.5,-3,abc',
      typeIds: '10,x',
      groups: '1,6,7,0',
    });
    expect(clean).toEqual({
      countries: ['US'],
      exchanges: ['NYSE'],
      tickers: ['ACME'],
      isins: ['DE0007164600'],
      company: ['12'],
      typeIds: ['10'],
      groups: ['1', '6'],
    });
    expect(describeDropped(dropped)).toBe(
      'Countries: USA; Countries: XX; Exchanges: <b>; Tickers: -X; ISINs: US0378331006; Companies: 0; Companies: 1.5; Companies: -3; Companies: abc; Document types: x; Document groups: 7; Document groups: 0',
    );
  });

  it('removes repeats after cleaning, and caps the items of a list, naming what was cut', () => {
    expect(filters.parse({ tickers: 'aapl,AAPL, Aapl' }).filters).toEqual({ tickers: ['AAPL'] });
    // Exchanges keep their spelling; the first one written stays.
    expect(filters.parse({ exchanges: 'NasdaqGS,NASDAQGS,nyse,NYSE' }).filters).toEqual({ exchanges: ['NasdaqGS', 'nyse'] });
    const capped = filters.parse({ company: '1,2,2,3,4,5' });
    expect(capped.filters).toEqual({ company: ['1', '2', '3'] });
    expect(describeDropped(capped.dropped)).toBe('Companies: 2 more than the 3 allowed');
  });

  it('reads a lone number and a repeated parameter', () => {
    expect(filters.parse({ company: 42, typeIds: [10, '11'] }).filters).toEqual({ company: ['42'], typeIds: ['10', '11'] });
  });

  it('treats empty values as no filter, not as a mistake', () => {
    expect(filters.parse({ tickers: ' ', from: '', company: ',' })).toEqual({ filters: {}, direction: 'desc', dropped: [] });
  });
});

describe('dates and order', () => {
  it('keeps real dates, names impossible ones', () => {
    const parsed = filters.parse({ from: '2026-02-28', to: '2026-02-31', updatedAfter: '2026-02-30T10:00:00Z', updatedBefore: '2026-03-01T10:00:00Z' });
    expect(parsed.filters).toEqual({ from: '2026-02-28', updatedBefore: '2026-03-01T10:00:00Z' });
    expect(describeDropped(parsed.dropped)).toBe('Date to: 2026-02-31; Updated after: 2026-02-30T10:00:00Z');
  });

  it('defaults the order per page, and names one it cannot read', () => {
    expect(filters.parse({}).direction).toBe('desc');
    expect(filters.parse({ direction: 'asc' }).direction).toBe('asc');
    const sideways = filters.parse({ direction: 'sideways' });
    expect(sideways.direction).toBe('desc');
    expect(describeDropped(sideways.dropped)).toBe('Order: sideways');
  });
});

describe('what the page gets', () => {
  const parsed = filters.parse({
    countries: 'us,USA',
    company: '12,7',
    groups: 1,
    from: '2026-03-01',
    to: '2026-03-31',
    updatedAfter: '2026-02-31',
    direction: 'asc',
  });

  it('the API filters: each under its param, ids as numbers, days as explicit timestamps', () => {
    expect(filters.toApi(parsed)).toEqual({
      countries: ['US'],
      companyIds: [12, 7],
      documentGroupIds: [1],
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-03-31T23:59:59.999Z',
      direction: 'asc',
    });
    expect(filters.toApi(filters.parse({ updatedAfter: '2026-03-01', updatedBefore: '2026-03-05' }))).toEqual({
      updatedAfter: '2026-03-01T23:59:59.999Z',
      updatedBefore: '2026-03-05T00:00:00.000Z',
      direction: 'desc',
    });
  });

  it('the address for cleaned values: comma-joined, a lone id as a number, the order only when not the default', () => {
    expect(filters.toAddress(parsed)).toEqual({ countries: 'US', company: '12,7', groups: 1, from: '2026-03-01', to: '2026-03-31', direction: 'asc' });
    expect(filters.toAddress(filters.parse({ direction: 'desc' }))).toEqual({});
  });

  it('the count and the chips, one per item, in the declared order', () => {
    expect(filters.count(parsed)).toBe(5);
    expect(filters.chips(parsed)).toEqual([
      { field: 'countries', label: 'Countries', kind: 'countries', value: 'US' },
      { field: 'company', label: 'Companies', kind: 'companyIds', value: '12' },
      { field: 'company', label: 'Companies', kind: 'companyIds', value: '7' },
      { field: 'groups', label: 'Document groups', kind: 'documentGroupIds', value: '1' },
      { field: 'from', label: 'Date from', kind: 'date', value: '2026-03-01' },
      { field: 'to', label: 'Date to', kind: 'date', value: '2026-03-31' },
    ]);
  });

  it('the address without one chip: the other items stay; a field goes with its last item', () => {
    expect(filters.without(parsed, { field: 'company', value: '12' })).toEqual({
      countries: 'US',
      company: 7,
      groups: 1,
      from: '2026-03-01',
      to: '2026-03-31',
      direction: 'asc',
    });
    expect(filters.without(parsed, { field: 'from', value: '2026-03-01' })).toEqual({
      countries: 'US',
      company: '12,7',
      groups: 1,
      to: '2026-03-31',
      direction: 'asc',
    });
  });

  it('the text a form field shows, and what is wrong with a typed field', () => {
    expect(filters.text(parsed, 'company')).toBe('12,7');
    expect(filters.text(parsed, 'tickers')).toBe('');
    expect(filters.problem('company', '12, x')).toBe('Cannot use x. Choose companies by name from the list.');
    expect(filters.problem('countries', 'USA')).toBe('Cannot use USA. Choose countries from the list.');
    expect(filters.problem('to', '2026-02-31')).toBe('Cannot use 2026-02-31. Use a date such as 2026-11-21.');
    expect(filters.problem('company', '12, 7')).toBeUndefined();
  });
});

describe('validateSearch', () => {
  it('keeps the known keys as the link said them, as text; drops unknown keys', () => {
    expect(filters.validateSearch({ tickers: ' brk/b,aapl ', countries: ['US', 'USA'], updatedAfter: '2026-02-31', direction: 'sideways', junk: 'x' })).toEqual(
      {
        tickers: 'brk/b,aapl',
        countries: 'US,USA',
        updatedAfter: '2026-02-31',
        direction: 'sideways',
      },
    );
  });

  it('keeps a lone whole number as a number (so the address stays plain) and leaves out blanks', () => {
    expect(filters.validateSearch({ company: 12, typeIds: '11', tickers: '  ', isins: null, from: 1.5 })).toEqual({ company: 12, typeIds: 11, from: '1.5' });
  });

  it('caps very long text', () => {
    expect(String(filters.validateSearch({ tickers: 'A,'.repeat(5_000) }).tickers)).toHaveLength(2_000);
  });
});
