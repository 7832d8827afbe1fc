import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, readCountry } from '../../../src/lib/filters/countries.ts';
import { exchangeName, exchangeOptions } from '../../../src/lib/filters/exchanges.ts';

describe('ISO 3166-1 alpha-2 countries', () => {
  it('holds the 249 officially assigned codes', () => {
    expect(COUNTRY_CODES.size).toBe(249);
  });

  it('keeps assigned codes, upper-cased', () => {
    expect(readCountry('US')).toBe('US');
    expect(readCountry('gb')).toBe('GB');
    expect(readCountry('De')).toBe('DE');
    expect(readCountry('ss')).toBe('SS');
    expect(readCountry('AQ')).toBe('AQ');
  });

  it('refuses three-letter codes, reserved and user-assigned codes, and anything else', () => {
    expect(readCountry('USA')).toBeNull();
    expect(readCountry('XX')).toBeNull();
    expect(readCountry('XK')).toBeNull();
    expect(readCountry('UK')).toBeNull();
    expect(readCountry('EU')).toBeNull();
    expect(readCountry('ZZ')).toBeNull();
    expect(readCountry('U')).toBeNull();
    expect(readCountry('1A')).toBeNull();
    expect(readCountry('')).toBeNull();
  });
});

describe('country and exchange names', () => {
  it('names countries as a reader does', () => {
    expect(countryName('SE')).toBe('Sweden');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
  });

  it('offers every assigned country by name, in alphabetical order, none as a bare code', () => {
    const options = countryOptions();
    expect(options).toHaveLength(249);
    expect(options[0]).toEqual({ value: 'AF', label: 'Afghanistan' });
    expect(options.find((o) => o.value === 'SE')?.label).toBe('Sweden');
    expect(options.filter((o) => o.label === o.value)).toEqual([]);
  });

  it('names the exchanges of the data; an unknown symbol stays as written', () => {
    expect(exchangeName('NasdaqGS')).toBe('Nasdaq Global Select');
    expect(exchangeName('lse')).toBe('London Stock Exchange');
    expect(exchangeName('XETRA')).toBe('Xetra (Frankfurt)');
    expect(exchangeName('MOON')).toBe('MOON');
    const options = exchangeOptions(['MOON', 'nyse']);
    expect(options.find((o) => o.value === 'MOON')).toEqual({ value: 'MOON', label: 'MOON' });
    expect(options.filter((o) => o.value.toLowerCase() === 'nyse')).toEqual([{ value: 'NYSE', label: 'New York Stock Exchange' }]);
  });
});
