import { lazy, Suspense, useEffect, useRef } from 'react';
import { usePlayer, usePlayerState } from '../../lib/player/index.ts';

// The bar's code loads with the first thing played or cued, not with the first page.
const DockedPlayer = lazy(() => import('./docked-player.tsx'));

/**
 * The app's one <audio> element, in the root layout so it keeps playing across pages, and the
 * docked player bar once there is something to play.
 */
export function PlayerHost() {
  const player = usePlayer();
  const audio = useRef<HTMLAudioElement>(null);
  const hasSource = usePlayerState((s) => s.source !== null);
  useEffect(() => {
    if (!audio.current) return;
    return player.attach(audio.current);
  }, [player]);
  return (
    <>
      {/* Controls are the player bar's; the element itself stays out of sight and out of the tab order.
          Spoken calls carry their text in the transcript panel, which follows playback, rather than in a caption track. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} preload="none" hidden />
      {hasSource && (
        <Suspense fallback={<div className="h-[84px] border-t border-slate-200 dark:border-slate-800" aria-hidden="true" />}>
          <DockedPlayer />
        </Suspense>
      )}
    </>
  );
}
