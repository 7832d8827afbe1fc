import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Where a window-virtualized list starts on the page (its top plus the window's scroll), kept
 * current on resize and when what is above it changes height (a panel that loads or unfolds): the
 * virtualizer's `scrollMargin`. Returns the ref to put on the list.
 */
export function useListOffset<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setOffset((ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, offset };
}
