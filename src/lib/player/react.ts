import { useSyncExternalStore } from 'react';
import type { Player } from './engine.ts';
import { player as appPlayer } from './instance.ts';
import type { PlayerState } from './types.ts';

/** The player React components talk to: the app's one player. */
export function usePlayer(): Player {
  return appPlayer;
}

/**
 * A slice of the player's state; the component re-renders only when the slice changes, so select
 * primitives (or objects the store keeps, such as `source`).
 */
export function usePlayerState<T>(select: (state: PlayerState) => T): T {
  const player = usePlayer();
  return useSyncExternalStore(
    player.subscribe,
    () => select(player.getState()),
    () => select(player.getState()),
  );
}
