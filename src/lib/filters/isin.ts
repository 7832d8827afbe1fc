/**
 * ISINs (ISO 6166): two letters (the issuing country), nine letters or digits, and a check digit,
 * Luhn's over the code with each letter written as its number (A = 10 … Z = 35). The one copy of
 * the rule: the filters read ISINs with it and the sandbox makes its ISINs with it.
 */

/** The check digit for the first eleven characters of an ISIN. */
export function isinCheckDigit(body: string): number {
  const digits = [...body.toUpperCase()].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  // From the right: the rightmost digit of the body is doubled (the check digit, once appended, is not).
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The ISIN, upper-cased, when its shape and check digit are right; null otherwise. */
export function readIsin(item: string): string | null {
  const code = item.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(code)) return null;
  return isinCheckDigit(code.slice(0, 11)) === Number(code[11]) ? code : null;
}
