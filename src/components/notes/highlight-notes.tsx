import type { Highlight } from '../../lib/notes/index.ts';
import type { TranscriptParagraph } from '../../lib/transcript/index.ts';

/** The highlights over one paragraph's sentences (undefined when none, so a memoized paragraph keeps its props). */
export function paragraphHighlights(all: ReadonlyMap<number, Highlight>, paragraph: TranscriptParagraph): Map<number, Highlight> | undefined {
  let mine: Map<number, Highlight> | undefined;
  for (const sentence of paragraph.sentences) {
    const item = all.get(sentence.index);
    if (!item) continue;
    mine ??= new Map();
    mine.set(sentence.index, item);
  }
  return mine;
}

/** Whether `sentence` is the first this highlight covers in the paragraph (where "Highlighted:" is said). */
export function startsHighlight(paragraph: TranscriptParagraph, highlights: ReadonlyMap<number, Highlight> | undefined, index: number): boolean {
  const item = highlights?.get(index);
  if (!item) return false;
  const previous = paragraph.sentences.find((sentence) => sentence.index === index - 1);
  return !previous || highlights?.get(previous.index) !== item;
}

/**
 * The notes of the highlights in a paragraph, under it: each once, after the paragraph where the
 * highlight ends. Notes are text, shown as typed.
 */
export function HighlightNotes({ paragraph, highlights }: { paragraph: TranscriptParagraph; highlights: ReadonlyMap<number, Highlight> | undefined }) {
  if (!highlights) return null;
  // A highlight that runs on into the next paragraph ends after this one's end.
  const ending = [...new Set(highlights.values())].filter((item) => item.note && item.end <= paragraph.end + 0.05);
  return (
    <>
      {ending.map((item) => (
        <p key={item.id} className="mt-1 border-l-2 border-slate-400 pl-2 text-xs whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">
          <span className="font-medium">Your note: </span>
          {item.note}
        </p>
      ))}
    </>
  );
}
