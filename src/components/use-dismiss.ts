import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The one rule for putting away something that lies over the page (a popover, a panel opened by a
 * button): while `open`, Escape puts it away (`how` is 'escape': the caller sends the focus back to
 * the button that opened it) and so does a press anywhere outside the elements in `inside` (`how`
 * is 'outside': the focus stays where the reader pressed).
 */
export function useDismiss(open: boolean, inside: readonly RefObject<HTMLElement | null>[], onDismiss: (how: 'escape' | 'outside') => void): void {
  // The latest callback and elements, without re-adding the listeners on every render.
  const latest = useRef({ inside, onDismiss });
  useLayoutEffect(() => {
    latest.current = { inside, onDismiss };
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      latest.current.onDismiss('escape');
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (latest.current.inside.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
}
