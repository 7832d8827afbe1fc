import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { audioQueries } from '../api/audio.ts';
import { liveQueries } from '../api/live.ts';
import type { AudioRecord, LiveAudio } from '../api/schemas.ts';
import { loadPlayerEngine, usePlayer, type Player } from '../lib/player/index.ts';
import { liveKey, toLiveSource } from '../lib/player/live-source.ts';
import { recordingKey, toRecordingSource } from '../lib/player/recording-source.ts';

/**
 * Nothing can play this call yet (no recording, no live stream): a calm line for the listener,
 * not a failure. The message says why and what happens next.
 */
export class NoRecordingError extends Error {
  constructor(message = 'This call has no recording to play yet: once it is published, it plays from here.') {
    super(message);
  }
}

/** The call to play: its event, its recording when known, and the names to show. */
export interface CallToPlay {
  eventId: number;
  audioId?: number;
  company?: string;
  /** The call's name ("Q2 2026 earnings call"): the live stream's title in the player. */
  event?: string;
}

/** A recording found by its event is kept a while; "none yet" is asked again next time (it may have been published since). */
const FOUND_FOR = 5 * 60_000;

/**
 * Plays a call in the docked player from a moment (a search hit's sentence, a bookmark), or just a
 * stretch of it (a highlight, a clip: the player pauses at `end`):
 * - its recording, read by its id (endpoint 7) or found by its event (endpoint 6, `eventIds`),
 *   loaded with its chapters;
 * - else, for a call kept while it was live (its event only, no recording yet): the live stream,
 *   from the same moment (the stream and the recording share their clock from the call's start),
 *   found by the event's live record (`/live/audio?eventIds=`) while the call is live, or the
 *   stream already in the player after it ended (what was streamed, until the recording is listed);
 * - else a NoRecordingError saying why nothing plays yet (the recording is being processed, say).
 * What is already in the player just moves there.
 */
export function usePlayCall() {
  const player = usePlayer();
  const queryClient = useQueryClient();
  return useCallback(
    async (call: CallToPlay, start: number, end?: number) => {
      await loadPlayerEngine();
      const { source: current, live } = player.getState();
      const range = end !== undefined && end > start ? { start, end } : undefined;
      const moveThere = () => {
        if (range) player.playClip(range);
        else player.playFrom(start);
      };
      if (call.audioId !== undefined && current?.key === recordingKey(call.audioId)) return moveThere();
      // This call is live in the player: the moment is in its stream (once it has ended, its recording is looked for first).
      if (call.audioId === undefined && current?.kind === 'live' && current.eventId === call.eventId && live?.ended !== true) return moveThere();
      const audio = call.audioId !== undefined ? await recordingById(queryClient, call.audioId) : await recordingOfEvent(queryClient, call.eventId);
      if (audio) {
        if (current?.key === recordingKey(audio.id)) return moveThere();
        const chapters = await queryClient.fetchQuery(audioQueries.allChapters(audio.id, { levels: [1, 2] })).catch(() => undefined);
        player.load(toRecordingSource(audio, call.company ? { displayName: call.company } : undefined, chapters), { startAt: start, endAt: range?.end });
        return;
      }
      await playLive(queryClient, player, call, start, range?.end);
    },
    [player, queryClient],
  );
}

function recordingById(queryClient: QueryClient, audioId: number): Promise<AudioRecord> {
  return queryClient.fetchQuery({ ...audioQueries.detail(audioId, { expand: ['event'] }), staleTime: FOUND_FOR });
}

async function recordingOfEvent(queryClient: QueryClient, eventId: number): Promise<AudioRecord | undefined> {
  const page = await queryClient.fetchQuery({
    ...audioQueries.list({ eventIds: [eventId], expand: ['event'], limit: 1 }),
    staleTime: (query) => ((query.state.data?.data.length ?? 0) > 0 ? FOUND_FOR : 0),
  });
  return page.data[0];
}

/** The call's live stream from `start` while it is live; otherwise why nothing plays yet. */
async function playLive(queryClient: QueryClient, player: Player, call: CallToPlay, start: number, end: number | undefined) {
  const found = await queryClient.fetchQuery(liveQueries.forEvent(call.eventId));
  if (found.kind !== 'record') throw new NoRecordingError();
  const record = found.record;
  if (player.getState().source?.key === liveKey(record.id)) {
    if (end !== undefined) player.playClip({ start, end });
    else player.playFrom(start);
    return;
  }
  const source = record.state === 'live' ? toLiveSource(record, { title: call.event || 'Live call', artist: call.company || undefined }) : undefined;
  if (!source) throw new NoRecordingError(whyNothingPlays(record));
  player.load(source, { startAt: start, endAt: end });
}

function whyNothingPlays(record: LiveAudio): string {
  switch (record.state) {
    case 'live':
      return 'The call is live, but its stream cannot be played here yet; try again in a moment.';
    case 'processingRecording':
    case 'recordingAvailable':
      return 'The call has ended and its recording is being processed: once it is published, this plays from it, at the same moment.';
    default:
      return 'This call has no recording to play yet: once it is published, it plays from here.';
  }
}
