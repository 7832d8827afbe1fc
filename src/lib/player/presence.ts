import { useSyncExternalStore } from 'react';

/**
 * Whether the player has ever been given something to play. The root layout reads only this, so
 * the player itself (its engine and its bar) loads with the first recording opened, not with the
 * first page.
 */
let active = false;
const listeners = new Set<() => void>();

export function markPlayerActive(): void {
  if (active) return;
  active = true;
  for (const listener of [...listeners]) listener();
}

export function usePlayerActive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
    () => false,
  );
}
