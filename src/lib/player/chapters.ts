import type { PlayerChapter } from './types.ts';

/** Chapter arithmetic: nesting, the chapter at a time, and the starts to step between. */

export interface ChapterNode {
  chapter: PlayerChapter;
  children: PlayerChapter[];
}

const byStart = (a: PlayerChapter, b: PlayerChapter) => a.start - b.start || a.level - b.level;

/**
 * Level 1 chapters in time order, each with the deeper chapters that start inside its range.
 * A deeper chapter outside every section stays visible as a section of its own.
 */
export function chapterTree(chapters: readonly PlayerChapter[]): ChapterNode[] {
  const sorted = [...chapters].filter((c) => Number.isFinite(c.start)).sort(byStart);
  const sections = sorted.filter((c) => c.level <= 1);
  const nodes: ChapterNode[] = sections.map((chapter) => ({ chapter, children: [] }));
  const orphans: ChapterNode[] = [];
  for (const chapter of sorted) {
    if (chapter.level <= 1) continue;
    const parent = nodes.find((node) => chapter.start >= node.chapter.start && chapter.start < node.chapter.end);
    if (parent) parent.children.push(chapter);
    else orphans.push({ chapter, children: [] });
  }
  return [...nodes, ...orphans].sort((a, b) => byStart(a.chapter, b.chapter));
}

/** The section (level 1) and the sub-section (deepest level) playing at `time`; either may be missing. */
export function chaptersAt(chapters: readonly PlayerChapter[], time: number): { section?: PlayerChapter; sub?: PlayerChapter } {
  let section: PlayerChapter | undefined;
  let sub: PlayerChapter | undefined;
  for (const chapter of chapters) {
    if (time < chapter.start || time >= chapter.end) continue;
    if (chapter.level <= 1) {
      if (!section || chapter.start >= section.start) section = chapter;
    } else if (!sub || chapter.level > sub.level || (chapter.level === sub.level && chapter.start >= sub.start)) {
      sub = chapter;
    }
  }
  return { section, sub };
}

/** The innermost chapter at `time`. */
export function currentChapter(chapters: readonly PlayerChapter[], time: number): PlayerChapter | undefined {
  const { section, sub } = chaptersAt(chapters, time);
  return sub ?? section;
}

/** "Section › Sub-section", or the one that exists. */
export function chapterLabel(chapters: readonly PlayerChapter[], time: number): string | undefined {
  const { section, sub } = chaptersAt(chapters, time);
  if (section && sub) return `${section.title} › ${sub.title}`;
  return (sub ?? section)?.title;
}

/** Every distinct chapter start, in order (sections and sub-sections alike). */
export function chapterStarts(chapters: readonly PlayerChapter[]): number[] {
  const starts = [...new Set(chapters.map((c) => c.start).filter((s) => Number.isFinite(s) && s >= 0))];
  return starts.sort((a, b) => a - b);
}

/** Within this many seconds of a chapter's start, "previous" goes to the chapter before (as CD players do). */
export const RESTART_GRACE = 3;

/** Where "previous chapter" goes from `time`: the start of this chapter, or of the one before if just past it. */
export function previousChapterStart(chapters: readonly PlayerChapter[], time: number): number | undefined {
  const starts = chapterStarts(chapters);
  let target: number | undefined;
  for (const start of starts) {
    if (start <= time - RESTART_GRACE) target = start;
  }
  if (target === undefined && starts.length > 0) return 0;
  return target;
}

/** Where "next chapter" goes from `time`, or undefined in the last one. */
export function nextChapterStart(chapters: readonly PlayerChapter[], time: number): number | undefined {
  return chapterStarts(chapters).find((start) => start > time + 0.5);
}
