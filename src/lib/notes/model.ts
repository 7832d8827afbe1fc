import { z } from 'zod/mini';
import { describeIssues } from '../zod-issues.ts';

/**
 * What a listener keeps from a call: bookmarks (a moment, with an optional note) and highlights
 * (a run of whole sentences, with a colour and an optional note). Both are anchored to times in
 * the recording, not to positions on a page, so they survive re-rendering, show in the recording's
 * transcript and in the document viewer alike, and sit on the seek bar.
 *
 * Each item carries the call's names as they were when it was kept, so "My notes" lists and
 * exports them without asking the API again. Notes are plain text: shown as text, never as markup.
 */

export const NOTE_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export type NoteColor = (typeof NOTE_COLORS)[number];

/** The longest note kept (characters); a longer one is cut there. */
export const NOTE_MAX = 4000;
/** The longest quote a highlight keeps (characters). */
export const QUOTE_MAX = 20_000;

/** Where an item was kept: the call, its recording and the names to show. */
export interface NoteCall {
  eventId: number;
  /** The recording it plays in; absent when the event has none yet (a highlight in the document viewer). */
  audioId?: number;
  companyId?: number;
  /** The company's name, as shown when it was kept. */
  company: string;
  /** The call's name ("Q2 2026 earnings call"). */
  event: string;
  /** The event's date, ISO 8601. */
  date?: string;
}

interface ItemBase {
  id: string;
  call: NoteCall;
  note: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface Bookmark extends ItemBase {
  kind: 'bookmark';
  /** Seconds from the start of the recording. */
  at: number;
}

export interface Highlight extends ItemBase {
  kind: 'highlight';
  /** The first sentence's start and the last sentence's end, in seconds. */
  start: number;
  end: number;
  /** The sentences' text, as spoken. */
  quote: string;
  /** Who said it ("Ana Ruiz, Chief Financial Officer"), when one speaker did. */
  speaker?: string;
  /**
   * When more than one speaker did: each one's run of sentences, in the order spoken, so the quote
   * can name who said what. Highlights kept before this existed have neither (quoted as one).
   */
  parts?: HighlightPart[];
  color: NoteColor;
}

/** One speaker's run of sentences within a highlight. */
export interface HighlightPart {
  speaker: string;
  text: string;
  /** Seconds. */
  start: number;
  end: number;
}

/** The most speaker runs a highlight keeps. */
export const PARTS_MAX = 200;

export type NoteItem = Bookmark | Highlight;

/** Where an item starts in its call, in seconds. */
export function itemStart(item: NoteItem): number {
  return item.kind === 'bookmark' ? item.at : item.start;
}

/** Items in the order they happen in a call, then by when they were kept. */
export function byTimeInCall(a: NoteItem, b: NoteItem): number {
  return itemStart(a) - itemStart(b) || a.createdAt.localeCompare(b.createdAt);
}

/** A note as kept: text only, control characters other than line breaks and tabs dropped, cut at NOTE_MAX. */
export function cleanNote(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .trim()
      .slice(0, NOTE_MAX)
  );
}

export function newItemId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

const seconds = z.number().check(z.minimum(0), z.maximum(7 * 24 * 3600));
const isoTime = z.string().check(z.refine((value) => Number.isFinite(Date.parse(value)), 'is not a date and time'));
const id = z.int().check(z.positive());
const name = z.string().check(z.maxLength(300));

const callSchema = z.object({
  eventId: id,
  audioId: z.optional(id),
  companyId: z.optional(id),
  company: name,
  event: name,
  date: z.optional(z.string().check(z.maxLength(40))),
});

const base = {
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  call: callSchema,
  note: z.string().check(z.maxLength(NOTE_MAX)),
  createdAt: isoTime,
  updatedAt: isoTime,
};

const bookmarkSchema = z.object({ ...base, kind: z.literal('bookmark'), at: seconds });
const highlightSchema = z
  .object({
    ...base,
    kind: z.literal('highlight'),
    start: seconds,
    end: seconds,
    quote: z.string().check(z.minLength(1), z.maxLength(QUOTE_MAX)),
    speaker: z.optional(name),
    parts: z.optional(
      z.array(z.object({ speaker: name, text: z.string().check(z.maxLength(QUOTE_MAX)), start: seconds, end: seconds })).check(z.maxLength(PARTS_MAX)),
    ),
    color: z.enum(NOTE_COLORS),
  })
  .check(z.refine((item) => item.end >= item.start, { message: 'ends before it starts', path: ['end'] }));

export const noteItemSchema = z.discriminatedUnion('kind', [bookmarkSchema, highlightSchema]);

/** The file "Export all" writes and "Import" reads. */
export const NOTES_FILE_FORMAT = 'earnings-desk-notes';
export const NOTES_FILE_VERSION = 1;

export interface NotesFile {
  format: typeof NOTES_FILE_FORMAT;
  version: number;
  exportedAt: string;
  items: NoteItem[];
}

export function notesFile(items: readonly NoteItem[], now = new Date()): NotesFile {
  return { format: NOTES_FILE_FORMAT, version: NOTES_FILE_VERSION, exportedAt: now.toISOString(), items: [...items] };
}

/** The most items a notes file may hold (an import is read, checked and written whole). */
export const NOTES_FILE_MAX_ITEMS = 100_000;

const fileSchema = z.object({
  format: z.literal(NOTES_FILE_FORMAT, { error: `should be "${NOTES_FILE_FORMAT}"` }),
  version: z.int().check(z.minimum(1)),
  exportedAt: z.optional(z.string()),
  items: z.array(z.unknown()).check(z.maxLength(NOTES_FILE_MAX_ITEMS)),
});

export type NotesFileResult = { ok: true; items: NoteItem[] } | { ok: false; error: string };

/** Items checked per step when a file is read in steps. */
const CHECK_STEP = 2_000;

/**
 * Reads a notes file: yields how many items it has checked every CHECK_STEP items, and returns
 * the items or why the file cannot be imported. parseNotesFile runs it at once; readNotesFile
 * lets the page breathe between steps.
 */
function* checkNotesFile(text: string): Generator<{ checked: number; total: number }, NotesFileResult> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not valid JSON, so it is not an Earnings Desk notes file.' };
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) return { ok: false, error: `This is not an Earnings Desk notes file: ${describeIssues(file.error.issues)}.` };
  if (file.data.version > NOTES_FILE_VERSION) {
    return {
      ok: false,
      error: `This notes file was written by a newer version of Earnings Desk (file version ${file.data.version}); update the app, then import it.`,
    };
  }
  const items: NoteItem[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  const raws = file.data.items;
  for (let index = 0; index < raws.length; index++) {
    if (index > 0 && index % CHECK_STEP === 0) yield { checked: index, total: raws.length };
    const item = noteItemSchema.safeParse(raws[index]);
    if (!item.success) problems.push(`item ${index + 1}: ${describeIssues(item.error.issues)}`);
    else if (ids.has(item.data.id)) problems.push(`item ${index + 1}: the id "${item.data.id}" appears twice`);
    else {
      ids.add(item.data.id);
      items.push(item.data as NoteItem);
    }
  }
  if (problems.length > 0) {
    const more = problems.length > 3 ? `, and ${problems.length - 3} more` : '';
    return { ok: false, error: `Nothing was imported: ${problems.slice(0, 3).join('; ')}${more}.` };
  }
  return { ok: true, items };
}

/**
 * A notes file read whole, or why it cannot be: any item that is not valid rejects the file (an
 * import is all or nothing), with the first problems named by item.
 */
export function parseNotesFile(text: string): NotesFileResult {
  const steps = checkNotesFile(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** parseNotesFile in steps: the page's thread is let go between them (a task each), and `onProgress` hears how far it is. */
export async function readNotesFile(text: string, onProgress?: (progress: { checked: number; total: number }) => void): Promise<NotesFileResult> {
  const steps = checkNotesFile(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
