import type { Highlight, NoteColor, NoteItem } from './model.ts';

/** How highlights look and where they fall: the same in every view and on the seek bar. */

/** The colour classes of a highlight, the same in every view. */
export const HIGHLIGHT_CLASSES: Record<NoteColor, string> = {
  yellow: 'bg-yellow-200 dark:bg-yellow-500/40',
  green: 'bg-green-200 dark:bg-green-600/40',
  blue: 'bg-sky-200 dark:bg-sky-600/40',
  pink: 'bg-pink-200 dark:bg-pink-600/40',
};

/** The swatch beside a colour's name (the seek bar's bands, the colour choice). */
export const SWATCH_CLASSES: Record<NoteColor, string> = {
  yellow: 'bg-yellow-400',
  green: 'bg-green-500',
  blue: 'bg-sky-500',
  pink: 'bg-pink-500',
};

export const COLOR_NAMES: Record<NoteColor, string> = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink' };

/** For each sentence index, the highlight that covers it (the newest where two do). */
export function highlightsBySentence(items: readonly NoteItem[], sentences: readonly { index: number; start: number; end: number }[]): Map<number, Highlight> {
  const highlights = items.filter((item): item is Highlight => item.kind === 'highlight');
  const covered = new Map<number, Highlight>();
  if (highlights.length === 0) return covered;
  const newestFirst = [...highlights].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const sentence of sentences) {
    const middle = (sentence.start + sentence.end) / 2;
    const hit = newestFirst.find((item) => middle >= item.start && middle <= item.end);
    if (hit) covered.set(sentence.index, hit);
  }
  return covered;
}
