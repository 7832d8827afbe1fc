import { useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { NoRecordingError, usePlayCall } from '../../components/use-play-call.ts';
import { preloadHls, usePlayer, usePlayerState } from '../../lib/player/index.ts';
import { recordingKey } from '../../lib/player/recording-source.ts';

/**
 * ▶ on a row of a list of recordings: plays the call in the docked player (read and loaded with
 * its chapters on the press, as ▶ on a search hit does, so a list of fifty asks nothing more), or
 * pauses and resumes it when it is the one in the player.
 */
export function RecordingRowPlay({ audioId, eventId, call, company }: { audioId: number; eventId: number; call: string; company?: string }) {
  const player = usePlayer();
  const play = usePlayCall();
  const isCurrent = usePlayerState((s) => s.source?.key === recordingKey(audioId));
  const playing = usePlayerState((s) => s.source?.key === recordingKey(audioId) && s.playing);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string>();
  const onPress = async () => {
    if (isCurrent) return player.toggle();
    setProblem(undefined);
    setStarting(true);
    try {
      await play({ eventId, audioId, company }, 0);
    } catch (error) {
      setProblem(error instanceof NoRecordingError ? error.message : `The recording could not be loaded: ${(error as Error).message}`);
    } finally {
      setStarting(false);
    }
  };
  const what = company ? `${call}, ${company}` : call;
  return (
    <>
      <button
        type="button"
        onClick={() => void onPress()}
        onPointerEnter={preloadHls}
        onFocus={preloadHls}
        disabled={starting}
        aria-label={`${playing ? 'Pause' : 'Play'} ${what}`}
        className={buttonClass({ size: 'xs', className: 'w-16' })}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Play'}
      </button>
      {problem && (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </>
  );
}
