import { lazy, Suspense } from 'react';
import { usePlayerActive } from '../../lib/player/presence.ts';

const PlayerHost = lazy(() => import('./player-host.tsx'));

/** Where the player lives in the root layout: empty (and costing nothing) until something is opened to play. */
export function PlayerSlot() {
  const active = usePlayerActive();
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PlayerHost />
    </Suspense>
  );
}
