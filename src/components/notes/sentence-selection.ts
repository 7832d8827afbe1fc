import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { SentenceRange } from '../../lib/notes/quote.ts';

/**
 * Selecting sentences of a transcript, the one way both transcript views do it: text selected
 * with the mouse or by touch is widened to whole sentences (every `[data-index]` element the
 * selection touches), and Shift with a click or an arrow key extends from the sentence where the
 * selection started. Highlights, quotes and clips are all made of whole sentences, so what is
 * kept always has a speaker and times.
 */
export function useSentenceSelection(container: RefObject<HTMLElement | null>) {
  const [range, setRange] = useState<SentenceRange | null>(null);
  /** Where a Shift-extended selection started. */
  const anchor = useRef<number | null>(null);

  const update = useCallback((next: SentenceRange | null) => {
    if (next === null) anchor.current = null;
    setRange((current) => (current?.first === next?.first && current?.last === next?.last ? current : next));
  }, []);

  useEffect(() => {
    const onSelectionChange = () => {
      const box = container.current;
      const selection = document.getSelection();
      if (!box || !selection || selection.isCollapsed || selection.rangeCount === 0) return;
      const selected = selection.getRangeAt(0);
      if (!box.contains(selected.commonAncestorContainer)) return;
      const indexes = [...box.querySelectorAll<HTMLElement>('[data-index]')]
        .filter((element) => selected.intersectsNode(element) && !endsAtStartOf(selected, element))
        .map((element) => Number(element.dataset.index));
      if (indexes.length === 0) return;
      anchor.current = Math.min(...indexes);
      update({ first: Math.min(...indexes), last: Math.max(...indexes) });
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [container, update]);

  const clear = useCallback(() => {
    update(null);
    const selection = document.getSelection();
    if (selection && !selection.isCollapsed && container.current?.contains(selection.anchorNode)) selection.removeAllRanges();
  }, [container, update]);

  /** Shift+click or Shift+arrow: from the anchor (else `from`) to `index`. */
  const extend = useCallback(
    (from: number, index: number) => {
      anchor.current ??= from;
      update({ first: Math.min(anchor.current, index), last: Math.max(anchor.current, index) });
    },
    [update],
  );

  /** Where the next Shift-extension starts (the sentence last clicked or moved to), without selecting it. */
  const anchorAt = useCallback((index: number) => {
    anchor.current = index;
  }, []);

  return { range, select: update, extend, clear, anchorAt };
}

/**
 * A selection that stops at the very start of a sentence (a drag that ends just before its first
 * word, at offset 0 of its text) takes none of its words, so it does not take that sentence.
 */
function endsAtStartOf(range: Range, element: HTMLElement): boolean {
  if (element.contains(range.startContainer) || !element.contains(range.endContainer)) return false;
  try {
    const taken = document.createRange();
    taken.setStart(element, 0);
    taken.setEnd(range.endContainer, range.endOffset);
    const words = taken.cloneContents();
    // "Highlighted:" is said to screen readers only; it is not a word anyone drags across.
    words.querySelectorAll('.sr-only').forEach((label) => label.remove());
    return (words.textContent ?? '').trim() === '';
  } catch {
    return false;
  }
}
