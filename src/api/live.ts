import { queryOptions } from '@tanstack/react-query';
import { ApiError, getJson } from './client.ts';
import { liveAudioSchema, single, type LiveAudio, type LiveState } from './schemas.ts';

/**
 * Endpoint 9: the live-audio record. Its state moves on its own (notLive → willBeLive → live →
 * processingRecording → recordingAvailable, with failures as side exits), so the query polls
 * while the state can still change and stops once it cannot.
 */

const liveSingle = single(liveAudioSchema);

export async function fetchLiveAudio(id: number, signal?: AbortSignal): Promise<LiveAudio> {
  const body = await getJson(`/live/audio/${encodeURIComponent(id)}`, { signal, schema: liveSingle });
  return body.data;
}

/**
 * The live record of an event. The spec serves it at /live/audio/{id} with an id of its own; in the
 * sandbox that id equals the event id. Arriving from an event we ask for that id and check that the
 * record is this event's: a record of another event is treated as "no live record" (not-found).
 */
export async function fetchLiveAudioForEvent(eventId: number, signal?: AbortSignal): Promise<LiveAudio> {
  const record = await fetchLiveAudio(eventId, signal);
  if (record.eventId !== eventId) {
    throw new ApiError({
      status: 404,
      kind: 'not-found',
      message: `No live audio record for event ${eventId}.`,
      url: `/public/v3/live/audio/${eventId}`,
    });
  }
  return record;
}

/** States after which nothing changes any more. */
const FINAL_STATES: ReadonlySet<string> = new Set([
  'recordingAvailable',
  'liveFailedInterrupted',
  'liveFailedNoAccess',
  'liveFailedNotStarted',
  'processingRecordingFailed',
]);

/**
 * How often to re-read a live record in a given state (ms), or false to stop: fast around the
 * moment of going live and while processing, slowly while merely announced, never once final.
 * An unknown (future) state is polled slowly rather than frozen.
 */
export function liveRefetchInterval(state: LiveState | undefined): number | false {
  if (state === undefined) return false;
  if (FINAL_STATES.has(state)) return false;
  switch (state) {
    case 'willBeLive':
    case 'live':
    case 'processingRecording':
      return 10_000;
    case 'notLive':
      return 60_000;
    default:
      return 30_000;
  }
}

export const liveKeys = {
  all: () => ['live'] as const,
  details: () => [...liveKeys.all(), 'detail'] as const,
  detail: (id: number) => [...liveKeys.details(), id] as const,
  forEvent: (eventId: number) => [...liveKeys.all(), 'event', eventId] as const,
};

const liveDefaults = {
  staleTime: 5_000,
  refetchInterval: (query: { state: { data?: LiveAudio } }) => liveRefetchInterval(query.state.data?.state),
  refetchIntervalInBackground: false,
} as const;

export const liveQueries = {
  /** One live-audio record by its own id (endpoint 9); polls while the state can change. */
  detail: (id: number) =>
    queryOptions({
      queryKey: liveKeys.detail(id),
      queryFn: ({ signal }) => fetchLiveAudio(id, signal),
      ...liveDefaults,
    }),
  /** The live record of an event (endpoint 9 with the event's id, checked to belong to it). */
  forEvent: (eventId: number) =>
    queryOptions({
      queryKey: liveKeys.forEvent(eventId),
      queryFn: ({ signal }) => fetchLiveAudioForEvent(eventId, signal),
      ...liveDefaults,
    }),
};
