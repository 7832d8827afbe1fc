import { Fragment, type ReactNode } from 'react';

/**
 * Text with some words marked: what find-in-transcript and transcript search found, the one look
 * for a match everywhere (yellow; the match being stepped to in orange with a ring, and tagged
 * `data-current` so a view can scroll to it).
 */

export interface MarkedSegment {
  text: string;
  marked?: boolean;
  current?: boolean;
}

/** A text cut at [start, end) ranges (in order, not overlapping) into plain and marked segments. */
export function markedSegments(text: string, ranges: readonly { start: number; end: number; current?: boolean }[]): MarkedSegment[] {
  const segments: MarkedSegment[] = [];
  let at = 0;
  for (const range of ranges) {
    if (range.start > at) segments.push({ text: text.slice(at, range.start) });
    segments.push({ text: text.slice(range.start, range.end), marked: true, ...(range.current ? { current: true } : {}) });
    at = range.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

export function MarkedText({ segments }: { segments: readonly MarkedSegment[] }): ReactNode {
  return segments.map((segment, index) =>
    segment.marked ? (
      <mark
        key={index}
        data-current={segment.current ? 'true' : undefined}
        className={`rounded-sm px-0.5 text-current ${segment.current ? 'bg-orange-300 ring-2 ring-orange-500 dark:bg-orange-500/60' : 'bg-yellow-200 dark:bg-yellow-500/40'}`}
      >
        {segment.text}
      </mark>
    ) : (
      // Bare text, so the words around a mark stay the text of the element that holds them.
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
