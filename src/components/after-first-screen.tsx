import { useDeferredValue, type ReactNode } from 'react';

/**
 * Content below a page's first screen. It is built in a second pass, after what is above it is on
 * screen, and that pass yields to the browser between components, so a long page does not freeze
 * a phone's main thread while it builds. Until then `fallback` stands in (nothing by default:
 * content below the first screen appears under what is already there, and nothing above moves).
 */
export function AfterFirstScreen({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
