import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { AudioRecord } from '../../api/schemas.ts';
import { useCompanyNames } from '../../components/company-names.tsx';
import { recordingChaptersQuery } from './recording-queries.ts';
import { usePlayer, type RecordingSource } from '../../lib/player/index.ts';
import { recordingKey, toPlayerChapters, toRecordingSource } from '../../lib/player/recording-source.ts';

export { recordingKey, toPlayerChapters, toRecordingSource };

/** The recording as a source (with its chapters once loaded), and the chapters query for its states. */
export function useRecordingSource(audio: AudioRecord) {
  const chapters = useQuery(recordingChaptersQuery(audio.id));
  const company = useCompanyNames([audio.companyId]).get(audio.companyId);
  const type = useQuery({ ...eventTypeQueries.detail(audio.event?.typeId ?? 0), enabled: audio.event !== undefined });
  const source = useMemo(() => toRecordingSource(audio, company, chapters.data, type.data), [audio, company, chapters.data, type.data]);
  return { source, chapters };
}

/**
 * Opening a recording's page puts it in the player, ready to play, when the player is empty;
 * `?t=` moves it to that time (and plays, when the page was reached by a click inside the app),
 * and a clip (`end`) makes the player pause at the clip's end.
 * A different recording that is already playing is never interrupted.
 */
export function useCueRecording(source: RecordingSource, t: number | undefined, end?: number): void {
  const player = usePlayer();
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    const state = player.getState();
    const cue = `${t ?? ''}-${end ?? ''}`;
    const fresh = applied.current !== cue;
    if (state.source?.key === source.key) {
      // Same recording: newer details (chapters, company) without interrupting it.
      player.load(source, { autoplay: false });
      if (t !== undefined && fresh) {
        if (end !== undefined) player.load(source, { startAt: t, endAt: end, autoplay: state.playing });
        else player.seek(t);
      }
    } else if (state.source === null) {
      const activated = typeof navigator !== 'undefined' && (navigator as { userActivation?: { isActive: boolean } }).userActivation?.isActive === true;
      player.load(source, { startAt: t, endAt: end, autoplay: t !== undefined && activated });
    }
    applied.current = cue;
  }, [player, source, t, end]);
}
