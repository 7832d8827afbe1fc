import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { audioQueries } from '../api/audio.ts';
import { usePlayer } from '../lib/player/index.ts';
import { recordingKey, toRecordingSource } from '../lib/player/recording-source.ts';

export class NoRecordingError extends Error {
  constructor() {
    super('This call has no recording to play yet: once it is published, it plays from here.');
  }
}

/** The call to play: its event, its recording when known, and the company's name to show. */
export interface CallToPlay {
  eventId: number;
  audioId?: number;
  company?: string;
}

/**
 * Plays a call's recording in the docked player from a moment (a search hit's sentence, a
 * bookmark), or just a stretch of it (a highlight, a clip: the player pauses at `end`). The
 * recording is read by its id (endpoint 7) or found by its event (endpoint 6, `eventIds`), loaded
 * with its chapters, and started there; when it is already in the player, it just moves there.
 */
export function usePlayCall() {
  const player = usePlayer();
  const queryClient = useQueryClient();
  return useCallback(
    async (call: CallToPlay, start: number, end?: number) => {
      const current = player.getState().source;
      const range = end !== undefined && end > start ? { start, end } : undefined;
      if (call.audioId !== undefined && current?.key === recordingKey(call.audioId)) {
        if (range) player.playClip(range);
        else player.playFrom(start);
        return;
      }
      const audio =
        call.audioId !== undefined
          ? await queryClient.fetchQuery({ ...audioQueries.detail(call.audioId, { expand: ['event'] }), staleTime: 5 * 60_000 })
          : (await queryClient.fetchQuery({ ...audioQueries.list({ eventIds: [call.eventId], expand: ['event'], limit: 1 }), staleTime: 5 * 60_000 })).data[0];
      if (!audio) throw new NoRecordingError();
      if (current?.key === recordingKey(audio.id)) {
        if (range) player.playClip(range);
        else player.playFrom(start);
        return;
      }
      const chapters = await queryClient.fetchQuery(audioQueries.allChapters(audio.id, { levels: [1, 2] })).catch(() => undefined);
      player.load(toRecordingSource(audio, call.company ? { displayName: call.company } : undefined, chapters), { startAt: start, endAt: range?.end });
    },
    [player, queryClient],
  );
}
