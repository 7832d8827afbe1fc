/** My notes' address (`/notes?q=…&kind=…`), read on its own so the route does not load the page to read it. */

export type NotesKind = 'all' | 'bookmark' | 'highlight';

export interface NotesAddress {
  q?: string;
  kind?: Exclude<NotesKind, 'all'>;
}

export function validateNotesAddress(search: Record<string, unknown>): NotesAddress {
  const q = typeof search.q === 'string' ? search.q.slice(0, 200) : typeof search.q === 'number' ? String(search.q) : undefined;
  const kind = search.kind === 'bookmark' || search.kind === 'highlight' ? search.kind : undefined;
  return { ...(q ? { q } : {}), ...(kind ? { kind } : {}) };
}
