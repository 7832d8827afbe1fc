/**
 * Readable file names built from what a file is about: `Acme Corp - Q3 2026 - Transcript (Edited).json`.
 * Characters that some file systems refuse (/ \ : * ? " < > | and control characters) become
 * spaces, runs of blanks collapse, and the stem is kept to a length every system accepts.
 */
const MAX_STEM = 120;

export function readableFileName(parts: readonly (string | number | null | undefined)[], extension: string): string {
  const stem = parts
    .map((part) => (part === null || part === undefined ? '' : String(part)))
    .map((part) =>
      part
        .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part !== '')
    .join(' - ')
    .slice(0, MAX_STEM)
    .replace(/[\s.-]+$/, '')
    .replace(/^[\s.]+/, '');
  const ext = extension.replace(/^\.+/, '');
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

/** Makes each name unique in the order given: a repeat gets ` (2)`, ` (3)` before its extension. */
export function uniqueFileNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    const candidate = dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
    seen.set(candidate.toLowerCase(), 1);
    return candidate;
  });
}

/** The extension a file of this content type should carry. */
export function extensionForType(contentType: string | null | undefined, fallback = 'bin'): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const known: Record<string, string> = {
    'application/pdf': 'pdf',
    'application/json': 'json',
    'text/plain': 'txt',
    'text/csv': 'csv',
    'text/html': 'html',
    'application/zip': 'zip',
    'audio/mpeg': 'mp3',
  };
  return known[type] ?? fallback;
}
