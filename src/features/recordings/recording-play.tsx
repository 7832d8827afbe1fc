import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { audioQueries } from '../../api/audio.ts';
import type { AudioRecord } from '../../api/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDuration } from '../../lib/format.ts';
import { preloadHls, usePlayer, usePlayerState, type RecordingSource } from '../../lib/player/index.ts';
import { useRecordingSource } from './recording-source.ts';

/**
 * Play and Jump to Q&A for a recording: the one pair of buttons that starts a call, on its own
 * page, on its company's "Latest earnings call" card and on its event's page. Play toggles when the
 * recording is already in the player; Jump to Q&A plays from where the questions start.
 */
export function RecordingPlayButtons({ audio, t, size = 'md' }: { audio: AudioRecord; t?: number; size?: 'sm' | 'md' }) {
  const { source } = useRecordingSource(audio);
  return <PlayButtons source={source} t={t} size={size} />;
}

export function PlayButtons({ source, t, size = 'md' }: { source: RecordingSource; t?: number; size?: 'sm' | 'md' }) {
  const player = usePlayer();
  const isCurrent = usePlayerState((s) => s.source?.key === source.key);
  const playing = usePlayerState((s) => s.source?.key === source.key && s.playing);

  const play = (startAt?: number) => {
    if (isCurrent) {
      if (startAt !== undefined) player.playFrom(startAt);
      else player.toggle();
    } else player.load(source, { startAt: startAt ?? t });
  };

  return (
    <>
      <Button variant="primary" size={size} onClick={() => play()} onPointerEnter={preloadHls} onFocus={preloadHls}>
        {playing ? 'Pause recording' : 'Play recording'}
      </Button>
      {source.qna !== undefined && (
        <Button size={size} onClick={() => play(source.qna)} onPointerEnter={preloadHls} onFocus={preloadHls}>
          Jump to Q&amp;A <span className="tabular text-xs text-slate-600 dark:text-slate-400">{formatDuration(source.qna)}</span>
        </Button>
      )}
    </>
  );
}

/**
 * A call's recording as the player plays it (chapters included, as on the recording page), for
 * what plays the call from another page: the Q&A on the event and transcript pages. Routes pass
 * the player's panels in; `loading` is true while the recording or its chapters are on their way.
 */
type RenderSource = (source: RecordingSource | undefined, loading: boolean) => ReactNode;

/** For a recording the page already has. */
export function WithRecordingSource({ audio, children }: { audio: AudioRecord; children: RenderSource }) {
  const { source, chapters } = useRecordingSource(audio);
  return children(source, chapters.isPending);
}

/** For an event: its first recording (the query the transcript reader asks too), or none. */
export function WithEventRecording({ eventId, children }: { eventId: number; children: RenderSource }) {
  // With its event summary, so the player names the call (the same read as ▶ on a call elsewhere).
  const list = useQuery(audioQueries.list({ eventIds: [eventId], expand: ['event'], limit: 1 }));
  const audio = list.data?.data[0];
  if (audio) return <WithRecordingSource audio={audio}>{children}</WithRecordingSource>;
  // A failed lookup leaves the questions listed without playing.
  return children(undefined, list.isPending);
}
