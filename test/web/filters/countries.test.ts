import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, readCountry } from '../../../src/lib/filters/countries.ts';

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
