import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { getAllExtensionPages, getExtension, type AllItems, type ExtensionResult } from './extensions.ts';
import type { CompanyCodeFilters } from './params.ts';
import { serverNow } from './server-clock.ts';
import { liveAudioSchema, page, single, type LiveAudio, type LiveState } from './schemas.ts';
import { liveKeys } from './keys.ts';

/**
 * Endpoint 9: the live-audio record. Its state moves on its own (notLive → willBeLive → live →
 * processingRecording → recordingAvailable, with failures as side exits), so the query polls
 * while the state can still change and stops once it cannot.
 */

const liveSingle = single(liveAudioSchema);
const livePage = page(liveAudioSchema);

/** The filters of `/live/audio` (an extension of the contract). */
export interface LiveListFilters extends CompanyCodeFilters {
  companyIds?: readonly number[];
  eventIds?: readonly number[];
  states?: readonly string[];
  /** Records whose scheduled start is on or after this time (ISO 8601). */
  startDate?: string;
  /** ... and on or before this time. */
  endDate?: string;
}

/** Every live record matching the filters (all pages, 500 a page), soonest first. */
export async function fetchLiveList(filters: LiveListFilters, signal?: AbortSignal): Promise<ExtensionResult<AllItems<LiveAudio>>> {
  const result = await getAllExtensionPages<LiveAudio>('live', { query: { ...filters }, schema: livePage, signal, maxPages: 10 });
  if (!result.available) return result;
  const time = (record: LiveAudio) => (record.date ? Date.parse(record.date) : NaN) || Infinity;
  return { available: true, value: { ...result.value, items: [...result.value.items].sort((a, b) => time(a) - time(b) || a.id - b.id) } };
}

export async function fetchLiveAudio(id: number, signal?: AbortSignal): Promise<LiveAudio> {
  const body = await getJson(`/live/audio/${encodeURIComponent(id)}`, { signal, schema: liveSingle });
  return body.data;
}

/**
 * An event's live record, as far as the data source can tell: the record; `none` (the event has no
 * live record: it was not broadcast live); or `unknown` (this data source cannot look a live record
 * up by its event).
 */
export type EventLive = { kind: 'record'; record: LiveAudio } | { kind: 'none' } | { kind: 'unknown' };

/**
 * The live record of an event. A live record has an id of its own (the service's documentation
 * shows id 127537 for eventId 128301), so the event's id says nothing about it: the record is found
 * with `/live/audio?eventIds=` (an extension of the contract), and checked to be this event's.
 *
 * A data source that keeps to the 13 endpoints of the contract (404 or 403 on the list, remembered
 * for the session) has no way from an event to its live record, and the answer is `unknown`. The
 * app does not ask `/live/audio/{eventId}` instead: that id names another event's record, or none,
 * at the real service and at the sandbox alike, so the answer would always be thrown away by the
 * check, at the cost of a request to a rate-limited upstream on every event page.
 */
export async function fetchLiveAudioForEvent(eventId: number, signal?: AbortSignal): Promise<EventLive> {
  const listed = await getExtension('live', { query: { eventIds: eventId }, schema: livePage, signal });
  if (!listed.available) return { kind: 'unknown' };
  const record = listed.value.data.find((item) => item.eventId === eventId);
  return record ? { kind: 'record', record } : { kind: 'none' };
}

/** States after which nothing changes any more. */
const FINAL_STATES: ReadonlySet<string> = new Set([
  'recordingAvailable',
  'liveFailedInterrupted',
  'liveFailedNoAccess',
  'liveFailedNotStarted',
  'processingRecordingFailed',
]);

/** Polling cadence, in ms. */
export const LIVE_POLL = {
  /** willBeLive, live, processingRecording: the state can change any moment. */
  active: 5_000,
  /** willBeLive within a minute of (or past) its scheduled start: the moment it goes live. */
  imminent: 2_000,
  /** notLive, or a state this app does not know yet. */
  idle: 30_000,
} as const;

/**
 * How often to re-read a live record (ms), or false to stop: every few seconds while the state can
 * change soon, faster still as the scheduled start nears, slowly while merely announced, never once
 * final. An unknown (future) state is polled slowly rather than frozen.
 */
export function liveRefetchInterval(state: LiveState | undefined, date?: string, now: number = serverNow()): number | false {
  if (state === undefined) return false;
  if (FINAL_STATES.has(state)) return false;
  switch (state) {
    case 'willBeLive': {
      const start = date ? Date.parse(date) : NaN;
      return Number.isFinite(start) && start - now <= 60_000 ? LIVE_POLL.imminent : LIVE_POLL.active;
    }
    case 'live':
    case 'processingRecording':
      return LIVE_POLL.active;
    default:
      return LIVE_POLL.idle;
  }
}

/** True once a state can no longer change. */
export function isFinalLiveState(state: LiveState): boolean {
  return FINAL_STATES.has(state);
}

const liveDefaults = {
  staleTime: 5_000,
  refetchInterval: (query: { state: { data?: LiveAudio } }) => liveRefetchInterval(query.state.data?.state, query.state.data?.date ?? undefined),
  // Paused while the tab is hidden; read again the moment it is visible.
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
} as const;

export const liveQueries = {
  /** One live-audio record by its own id (endpoint 9); polls while the state can change. */
  detail: (id: number) =>
    queryOptions({
      queryKey: liveKeys.detail(id),
      queryFn: ({ signal }) => fetchLiveAudio(id, signal),
      ...liveDefaults,
    }),
  /** The live record of an event (`/live/audio?eventIds=`, checked to belong to it); polls like the record while it can change. */
  forEvent: (eventId: number) =>
    queryOptions({
      queryKey: liveKeys.forEvent(eventId),
      queryFn: ({ signal }) => fetchLiveAudioForEvent(eventId, signal),
      ...liveDefaults,
      refetchInterval: (query: { state: { data?: EventLive } }) => {
        const found = query.state.data;
        return found?.kind === 'record' ? liveRefetchInterval(found.record.state, found.record.date ?? undefined) : false;
      },
    }),
  /**
   * Live records by filter (`/live/audio`), re-read at the live view's cadence while any of them
   * can still change; never re-read once the data source has said it does not offer the list.
   */
  list: (filters: LiveListFilters) =>
    queryOptions({
      queryKey: liveKeys.list(filters),
      queryFn: ({ signal }) => fetchLiveList(filters, signal),
      staleTime: 5_000,
      refetchInterval: (query: { state: { data?: ExtensionResult<AllItems<LiveAudio>> } }) => listRefetchInterval(query.state.data),
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: 'always',
    }),
};

/**
 * The shortest interval any record of a list asks for (see liveRefetchInterval), but never faster
 * than the active pace (5 s): a list of many calls always has one about to start, and the 2 s pace
 * of a page following that one call would cost the upstream 1,800 requests an hour.
 */
export function listRefetchInterval(data: ExtensionResult<AllItems<LiveAudio>> | undefined, now: number = serverNow()): number | false {
  if (!data?.available) return false;
  let shortest: number | false = false;
  for (const record of data.value.items) {
    const interval = liveRefetchInterval(record.state, record.date ?? undefined, now);
    if (interval !== false && (shortest === false || interval < shortest)) shortest = interval;
  }
  return shortest === false ? false : Math.max(shortest, LIVE_POLL.active);
}
