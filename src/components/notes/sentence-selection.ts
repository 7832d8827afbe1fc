import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { SentenceRange } from '../../lib/notes/quote.ts';

/**
 * Selecting sentences of a transcript, the one way both transcript views do it. Highlights, quotes
 * and clips are all made of whole sentences (every `[data-index]` element), so what is kept always
 * has a speaker and times.
 *
 * - A mouse drag selects from the sentence the press started in to the one it ended in, either
 *   way; a drag that stays inside one sentence selects that sentence. While the button is down the
 *   sentences to be taken are outlined (`dragging` is true: a view shows its bar only once the drag
 *   ends), and the click that ends a drag is swallowed (it does not play). The browser's own text
 *   selection is then set to exactly those sentences, so what shows and what copies are the same.
 * - A press that does not move is left to the view (the recording plays from that sentence).
 * - Any other text selection (touch handles, a drag that started outside the sentences, the
 *   keyboard) is widened to the sentences it touches.
 * - `extendTo` (Shift+click, Shift+Enter or Shift+Space) selects from the sentence last chosen (the
 *   one last clicked or played, where the last drag started, the selection's anchor) to the one
 *   given; `extendBy` (Shift+arrows) grows the selection, or starts it at the focused sentence.
 */
export function useSentenceSelection(container: RefObject<HTMLElement | null>) {
  const [range, setRange] = useState<SentenceRange | null>(null);
  const [dragging, setDragging] = useState(false);
  /** The sentence extensions start from: the one last chosen. */
  const anchor = useRef<number | null>(null);
  const current = useRef<SentenceRange | null>(null);

  const update = useCallback((next: SentenceRange | null) => {
    if (next === null) anchor.current = null;
    current.current = next;
    setRange((before) => (before?.first === next?.first && before?.last === next?.last ? before : next));
  }, []);

  useEffect(() => {
    /** The press being followed: where it started, and the sentence the pointer is over. */
    let drag: { from: number; x: number; y: number; moved: boolean; over: number } | null = null;
    /** The click that ends a drag is not a click on a sentence. */
    let swallowClick = false;

    const sentenceOf = (node: EventTarget | Node | null): HTMLElement | null => {
      const box = container.current;
      const element = node instanceof Element ? node : node instanceof Node ? node.parentElement : null;
      const sentence = element?.closest<HTMLElement>('[data-index]') ?? null;
      return sentence && box?.contains(sentence) ? sentence : null;
    };
    const spanOf = (from: number, to: number) => ({ first: Math.min(from, to), last: Math.max(from, to) });

    const onMouseDown = (event: MouseEvent) => {
      swallowClick = false;
      drag = null;
      // Shift+press extends (the view's own click), a double click selects a word (widened below).
      if (event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey || event.detail > 1) return;
      const sentence = sentenceOf(event.target);
      if (!sentence) return;
      const from = Number(sentence.dataset.index);
      drag = { from, x: event.clientX, y: event.clientY, moved: false, over: from };
    };

    const onMouseMove = (event: MouseEvent) => {
      if (!drag) return;
      if ((event.buttons & 1) === 0) {
        // The button went up where this page could not see it (outside the window).
        drag = null;
        setDragging(false);
        return;
      }
      const over = sentenceOf(event.target);
      if (over) drag.over = Number(over.dataset.index);
      if (!drag.moved) {
        if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 4) return;
        drag.moved = true;
        setDragging(true);
      }
      update(spanOf(drag.from, drag.over));
    };

    const onMouseUp = (event: MouseEvent) => {
      const ended = drag;
      drag = null;
      if (!ended?.moved || event.button !== 0) return;
      // Where the press ended: the sentence under the pointer, else where the text selection reached
      // (the box scrolled under a drag past its edge), else the last sentence the pointer crossed.
      const selection = document.getSelection();
      const reached = selection && !selection.isCollapsed ? sentenceOf(selection.focusNode) : null;
      const to = Number((sentenceOf(event.target) ?? reached)?.dataset.index ?? ended.over);
      anchor.current = ended.from;
      update(spanOf(ended.from, to));
      selectWholeSentences(container.current, ended.from, to);
      setDragging(false);
      swallowClick = true;
    };

    const onClick = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    };

    const onSelectionChange = () => {
      if (drag) return;
      const box = container.current;
      const selection = document.getSelection();
      if (!box || !selection || selection.isCollapsed || selection.rangeCount === 0) return;
      const selected = selection.getRangeAt(0);
      if (!box.contains(selected.commonAncestorContainer)) return;
      const indexes = [...box.querySelectorAll<HTMLElement>('[data-index]')]
        .filter((element) => selected.intersectsNode(element) && !endsAtStartOf(selected, element))
        .map((element) => Number(element.dataset.index));
      if (indexes.length === 0) return;
      const first = Math.min(...indexes);
      const last = Math.max(...indexes);
      const at = Number(sentenceOf(selection.anchorNode)?.dataset.index ?? first);
      anchor.current = at >= first && at <= last ? at : first;
      update({ first, last });
    };

    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('mousemove', onMouseMove);
    document.addEventListener('mouseup', onMouseUp);
    // Capturing, on the document: before the page's own click handlers (React's, on its root).
    document.addEventListener('click', onClick, true);
    document.addEventListener('selectionchange', onSelectionChange);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('mousemove', onMouseMove);
      document.removeEventListener('mouseup', onMouseUp);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('selectionchange', onSelectionChange);
    };
  }, [container, update]);

  const clear = useCallback(() => {
    update(null);
    const selection = document.getSelection();
    if (selection && !selection.isCollapsed && container.current?.contains(selection.anchorNode)) selection.removeAllRanges();
  }, [container, update]);

  /** Shift+click, Shift+Enter or Shift+Space: from the sentence last chosen (else this one) to `index`. */
  const extendTo = useCallback(
    (index: number) => {
      anchor.current ??= index;
      update({ first: Math.min(anchor.current, index), last: Math.max(anchor.current, index) });
    },
    [update],
  );

  /** Shift+arrow from the focused sentence `from` to `index`: grows the selection there is, else starts one at `from`. */
  const extendBy = useCallback(
    (from: number, index: number) => {
      if (current.current === null || anchor.current === null) anchor.current = from;
      update({ first: Math.min(anchor.current, index), last: Math.max(anchor.current, index) });
    },
    [update],
  );

  /** The sentence chosen (clicked or played): where the next Shift-extension starts, without selecting it. */
  const anchorAt = useCallback((index: number) => {
    anchor.current = index;
  }, []);

  return { range, dragging, select: update, extendTo, extendBy, clear, anchorAt };
}

/** Sets the browser's text selection to sentences `from` to `to` whole, anchored at `from` (a drag's direction kept). */
function selectWholeSentences(box: HTMLElement | null, from: number, to: number): void {
  const start = box?.querySelector<HTMLElement>(`[data-index="${from}"]`);
  const end = box?.querySelector<HTMLElement>(`[data-index="${to}"]`);
  const selection = document.getSelection();
  if (!start || !end || !selection) return;
  try {
    if (from <= to) selection.setBaseAndExtent(start, 0, end, end.childNodes.length);
    else selection.setBaseAndExtent(start, start.childNodes.length, end, 0);
  } catch {
    // A sentence re-drawn between the press and now: the outline still shows what is selected.
  }
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
