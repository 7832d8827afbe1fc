import type { LiveAudio } from '../../api/schemas.ts';
import { usePlayer, usePlayerState, type LiveSource } from '../../lib/player/index.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * Listening to a live call in the app's one (docked) player: the status page and the live board
 * both start the stream through here, so a call has one player key and one source shape.
 */

export function liveKey(liveId: number): string {
  return `live:${liveId}`;
}

/** The player source of a live record's stream, or null when it has no playable (http/https) address. */
export function liveSource(record: LiveAudio, title: string, artist: string | undefined): LiveSource | null {
  const stream = safeHttpUrl(record.audio);
  if (!stream) return null;
  return { kind: 'live', key: liveKey(record.id), liveId: record.id, title, artist, streamUrl: stream };
}

/** Whether this record's live stream is the one in the player. */
export function useIsInPlayer(liveId: number): boolean {
  return usePlayerState((s) => s.source?.key) === liveKey(liveId);
}

/**
 * "Listen live": loads the stream into the docked player. `label` names the call where several
 * buttons share a page (the visible text stays "Listen live").
 */
export function ListenLiveButton({ source, label, size = 'md' }: { source: LiveSource; label?: string; size?: 'sm' | 'md' }) {
  const player = usePlayer();
  return (
    <button type="button" aria-label={label} className={buttonClass({ variant: 'primary', size })} onClick={() => player.load(source)}>
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white" />
      Listen live
    </button>
  );
}
