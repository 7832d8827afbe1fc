import { useEffect } from 'react';
import { chaptersAt, SKIP_BACK, SKIP_FORWARD, usePlayer, usePlayerState } from '../../lib/player/index.ts';

/**
 * The OS's media controls (lock screen, headset, keyboard media keys): title is the event,
 * artist the company, album the chapter playing; play, pause, seek and previous/next chapter
 * act on the player; the position is kept current.
 */
const getSession = (): MediaSession | undefined => (typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined);

export function useMediaSession(): void {
  const player = usePlayer();
  const source = usePlayerState((s) => s.source);
  const playing = usePlayerState((s) => s.playing);
  const second = usePlayerState((s) => Math.floor(s.currentTime));
  const duration = usePlayerState((s) => s.duration);
  const rate = usePlayerState((s) => s.rate);
  const album = usePlayerState((s) => {
    const { section, sub } = chaptersAt(s.source?.chapters ?? [], s.currentTime);
    return (sub ?? section)?.title ?? '';
  });

  useEffect(() => {
    const session = getSession();
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = source ? new MediaMetadata({ title: source.title, artist: source.artist ?? '', album }) : null;
  }, [source, album]);

  useEffect(() => {
    const session = getSession();
    if (!session) return;
    session.playbackState = !source ? 'none' : playing ? 'playing' : 'paused';
  }, [source, playing]);

  useEffect(() => {
    const session = getSession();
    if (!session?.setPositionState) return;
    if (!Number.isFinite(duration) || duration <= 0) return;
    try {
      session.setPositionState({ duration, playbackRate: rate, position: Math.min(second, duration) });
    } catch {
      // An inconsistent state (e.g. during a source change) is skipped, not fatal.
    }
  }, [duration, rate, second]);

  useEffect(() => {
    const session = getSession();
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => player.play()],
      ['pause', () => player.pause()],
      ['seekbackward', (details) => player.skip(-(details.seekOffset ?? SKIP_BACK))],
      ['seekforward', (details) => player.skip(details.seekOffset ?? SKIP_FORWARD)],
      ['seekto', (details) => details.seekTime !== undefined && player.seek(details.seekTime)],
      ['previoustrack', () => player.previousChapter()],
      ['nexttrack', () => player.nextChapter()],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [player]);
}
