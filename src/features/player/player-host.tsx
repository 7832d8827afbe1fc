import { useLayoutEffect, useRef } from 'react';
import { usePlayer, usePlayerState } from '../../lib/player/index.ts';
import DockedPlayer from './docked-player.tsx';

/**
 * The app's one <audio> element, in the root layout so it keeps playing across pages, and the
 * docked player bar while there is something to play. The root loads this (and the player with
 * it) once something is first given to the player; from then on it stays mounted.
 */
export default function PlayerHost() {
  const player = usePlayer();
  const audio = useRef<HTMLAudioElement>(null);
  const hasSource = usePlayerState((s) => s.source !== null);
  // Attached in the commit that mounts the element (a layout effect), so nothing that sees the
  // player bar on screen can act on the player before it has its element.
  useLayoutEffect(() => {
    if (!audio.current) return;
    return player.attach(audio.current);
  }, [player]);
  return (
    <>
      {/* Controls are the player bar's; the element itself stays out of sight and out of the tab order.
          Spoken calls carry their text in the transcript panel, which follows playback, rather than in a caption track. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} preload="none" hidden />
      {hasSource && <DockedPlayer />}
    </>
  );
}
