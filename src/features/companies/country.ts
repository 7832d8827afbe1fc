let names: Intl.DisplayNames | null | undefined;

/** "DE" → "Germany" in the reader's language; the code itself where the browser cannot name it. */
export function countryName(code: string | null | undefined): string {
  if (!code?.trim()) return '—';
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(undefined, { type: 'region' });
    } catch {
      names = null;
    }
  }
  if (!names || !/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
