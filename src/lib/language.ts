/** A language code as words in the reader's language ("en" → "English (en)"); the code alone if unknown. */
export function languageName(code: string | null | undefined): string {
  const trimmed = code?.trim() ?? '';
  if (!trimmed) return '—';
  try {
    const names = new Intl.DisplayNames(undefined, { type: 'language' });
    const name = names.of(trimmed);
    return name && name.toLowerCase() !== trimmed.toLowerCase() ? `${name} (${trimmed})` : trimmed;
  } catch {
    return trimmed;
  }
}
