import { describe, expect, it } from 'vitest';
import { readIsin } from '../../../src/lib/filters/isin.ts';

describe('ISINs', () => {
  it('keeps ISINs whose check digit is right, upper-cased', () => {
    expect(readIsin('US0378331005')).toBe('US0378331005');
    expect(readIsin('us0378331005')).toBe('US0378331005');
    expect(readIsin('DE0007164600')).toBe('DE0007164600');
    expect(readIsin('GB0002634946')).toBe('GB0002634946');
    // Letters inside the code are expanded before the check (X = 33, V = 31, G = 16, Z = 35, A = 10).
    expect(readIsin('AU0000XVGZA3')).toBe('AU0000XVGZA3');
  });

  it('refuses a wrong check digit', () => {
    expect(readIsin('US0378331006')).toBeNull();
    expect(readIsin('DE0007164601')).toBeNull();
    expect(readIsin('AU0000XVGZA4')).toBeNull();
  });

  it('refuses the wrong shape', () => {
    expect(readIsin('US037833100')).toBeNull();
    expect(readIsin('US03783310055')).toBeNull();
    expect(readIsin('120378331005')).toBeNull();
    expect(readIsin('US037833100X')).toBeNull();
    expect(readIsin('NOT-AN-ISIN')).toBeNull();
  });
});
