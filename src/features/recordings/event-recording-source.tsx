import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { audioQueries } from '../../api/audio.ts';
import type { AudioRecord } from '../../api/schemas.ts';
import type { RecordingSource } from '../../lib/player/index.ts';
import { useRecordingSource } from './recording-source.ts';

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
  const list = useQuery(audioQueries.list({ eventIds: [eventId], limit: 1 }));
  const audio = list.data?.data[0];
  if (audio) return <WithRecordingSource audio={audio}>{children}</WithRecordingSource>;
  // A failed lookup leaves the questions listed without playing.
  return children(undefined, list.isPending);
}
