/**
 * An ISIN: two letters (the issuing country), nine letters or digits, and a check digit. The check
 * is Luhn's over the code with each letter written as its number (A = 10 … Z = 35).
 */
export function readIsin(item: string): string | null {
  const code = item.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/.test(code)) return null;
  return isinCheckDigitOk(code) ? code : null;
}

function isinCheckDigitOk(code: string): boolean {
  const digits = [...code].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let sum = 0;
  // From the right: the check digit as is, every second digit before it doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
