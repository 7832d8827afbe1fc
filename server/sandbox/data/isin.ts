/** ISIN helpers: ISO 6166 check digit (Luhn over the letters-as-numbers expansion). */

export function isinCheckDigit(body: string): number {
  // body: 2-letter country + 9 alphanumerics
  let digits = '';
  for (const char of body.toUpperCase()) {
    const code = char.charCodeAt(0);
    digits += code >= 65 && code <= 90 ? String(code - 55) : char;
  }
  let sum = 0;
  let double = true; // rightmost digit of the expansion is doubled
  for (let i = digits.length - 1; i >= 0; i--) {
    let value = digits.charCodeAt(i) - 48;
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

export function makeIsin(country: string, nsin: string): string {
  const body = `${country}${nsin}`.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body)) throw new Error(`bad ISIN body ${body}`);
  return `${body}${isinCheckDigit(body)}`;
}

export function isValidIsin(isin: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}
