import type { DroppedFilter } from '../../lib/filters/dropped.ts';

/** My notes' address (`/notes?q=…&kind=…`), read on its own so the route does not load the page to read it. */

export type NotesKind = 'all' | 'bookmark' | 'highlight';

export interface NotesAddress {
  q?: string;
  /** As the link wrote it; parseNotesAddress says whether the page can use it. */
  kind?: string;
}

const KINDS = new Set(['all', 'bookmark', 'highlight']);

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const written = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return written.trim() ? written.slice(0, 200) : undefined;
}

/**
 * The route's validateSearch: known keys as the link wrote them (text). The router keeps every key
 * of the address whatever this returns, so the page reads it through parseNotesAddress.
 */
export function validateNotesAddress(search: Record<string, unknown>): NotesAddress {
  const q = text(search.q);
  const kind = text(search.kind);
  return { ...(q ? { q } : {}), ...(kind ? { kind } : {}) };
}

/** The search and the kind the page can use, and each value it cannot (named in the dropped-filters notice). */
export function parseNotesAddress(address: NotesAddress | Record<string, unknown>): { q: string; kind: NotesKind; dropped: DroppedFilter[] } {
  const raw = address as Record<string, unknown>;
  const dropped: DroppedFilter[] = [];
  const q = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).slice(0, 200) : '';
  if (q === '' && text(raw.q)) dropped.push({ field: 'q', label: 'Search my notes', value: text(raw.q)! });
  const kindText = text(raw.kind);
  const kind = kindText && KINDS.has(kindText) ? (kindText as NotesKind) : 'all';
  if (kindText && !KINDS.has(kindText)) dropped.push({ field: 'kind', label: 'Show', value: kindText });
  return { q, kind, dropped };
}
