import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { audioQueries } from '../../api/audio.ts';
import type { SearchCall } from '../../api/search.ts';
import { usePlayer } from '../../lib/player/index.ts';
import { recordingKey, toRecordingSource } from '../../lib/player/recording-source.ts';

export class NoRecordingError extends Error {
  constructor() {
    super('This call has no recording to play.');
  }
}

/**
 * Plays a call's recording in the docked player from a moment (a search hit's sentence): the
 * recording is found by its event (endpoint 6, `eventIds`), loaded with its chapters, and started
 * there; when it is already in the player, it just moves there.
 */
export function usePlayHit() {
  const player = usePlayer();
  const queryClient = useQueryClient();
  return useCallback(
    async (call: SearchCall, seconds: number) => {
      const page = await queryClient.fetchQuery({ ...audioQueries.list({ eventIds: [call.eventId], expand: ['event'], limit: 1 }), staleTime: 5 * 60_000 });
      const audio = page.data[0];
      if (!audio) throw new NoRecordingError();
      if (player.getState().source?.key === recordingKey(audio.id)) {
        player.playFrom(seconds);
        return;
      }
      const chapters = await queryClient.fetchQuery(audioQueries.allChapters(audio.id, { levels: [1, 2] })).catch(() => undefined);
      player.load(toRecordingSource(audio, { displayName: call.company.name }, chapters), { startAt: seconds });
    },
    [player, queryClient],
  );
}
