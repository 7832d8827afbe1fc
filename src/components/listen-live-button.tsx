import type { LiveAudio } from '../api/schemas.ts';
import { usePlayer, usePlayerState } from '../lib/player/index.ts';
import { liveKey, toLiveSource } from '../lib/player/live-source.ts';
import { buttonClass } from './ui/button.tsx';

/** The player's key for a live stream (kept here for the pages that import it from here; it lives in src/lib/player/live-source.ts). */
export { liveKey };

/**
 * "Listen": starts a call that is live now in the docked player, in one click, from any list.
 * Nothing when the record is not live or its stream is not a web link; "Playing" once it is the
 * stream in the player.
 */
export function ListenLiveButton({ record, title, artist }: { record: LiveAudio; title: string; artist: string | undefined }) {
  const player = usePlayer();
  const key = liveKey(record.id);
  const current = usePlayerState((s) => s.source?.key);
  const source = record.state === 'live' ? toLiveSource(record, { title, artist }) : undefined;
  if (!source) return null;
  if (current === key) return <span className="text-xs font-medium text-red-700 dark:text-red-300">Playing</span>;
  return (
    <button type="button" className={buttonClass({ variant: 'primary', size: 'xs' })} aria-label={`Listen live: ${title}`} onClick={() => player.load(source)}>
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-white" />
      Listen
    </button>
  );
}
