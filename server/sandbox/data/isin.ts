import { isinCheckDigit } from '../../../src/lib/filters/isin.ts';

/** An ISIN for a country and a national code, with its check digit (the app's one ISIN rule). */
export function makeIsin(country: string, nsin: string): string {
  const body = `${country}${nsin}`.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body)) throw new Error(`bad ISIN body ${body}`);
  return `${body}${isinCheckDigit(body)}`;
}
