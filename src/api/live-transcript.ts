import { queryOptions } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { createLiveTranscriptReader, type LiveSnapshot, type LiveTranscriptReader } from '../lib/transcript/live.ts';
import { isApiError } from './api-error.ts';
import { getJson } from './client.ts';
import { fetchFileRange } from './files.ts';
import { liveKeys } from './keys.ts';
import { LIVE_POLL, liveRefetchInterval } from './live.ts';
import { liveTranscriptRecordSchema, page, single, type LiveTranscriptRecord } from './schemas.ts';

/**
 * Following a live call's transcript: its record (`/live/transcripts/{liveId}?transcriptVersion=1.7`,
 * an extension of the contract; the live record's id is the live-audio record's), then its JSONL file
 * tailed with `Range: bytes=N-` (206: new bytes; 416: nothing new; 200: the whole file) until the
 * end record. One tail per call for the whole tab, shared by everyone who subscribes (the live page,
 * the live board, the alert watcher), stopped when the last one leaves.
 *
 * How the tail behaves:
 * - The record is read through the app's fetch layer (getJson). 403: the key's plan has no live
 *   transcripts; 404: the record is missing, and one list request (`/live/transcripts?limit=1`) tells
 *   whether the data source offers live transcripts at all. Either "not offered" answer is
 *   remembered for the tab (no further record requests). Until the record names a file, it is read
 *   again at the live record's cadence (liveRefetchInterval).
 * - The file is read from the first byte not yet read (N), every 2 s while a page reads the call and
 *   every 4 s for background readers or a hidden tab (polling goes on while hidden: alerts need it).
 *   206 appends; 416 is nothing new; 200 (a host that ignores Range) takes the bytes from N on. Bytes
 *   go through one streaming decoder, so a character split between reads is whole.
 * - The end record stops it ('ended'; a failure code's user_reason is the message). A record that
 *   says the call is over while the file has gone silent stops it too.
 * - Network errors and 5xx keep the snapshot and back off (doubling, at most 15 s); after three in a
 *   row the view is 'stalled' with a calm message. No new byte (not even a keep-alive) for 20 s
 *   while the call is live: 'stalled' (the record is then re-read every 15 s to learn whether the
 *   call ended); back to 'rolling' with the next bytes. A file that answers 401, 403 or 404 makes the
 *   tail read the record again before the next try (a signed URL may have expired: a new address is
 *   read on from N); three in a row: 'unavailable'. A record that answers 400 to transcriptVersion=1.7
 *   is asked again without it (the service's default file, 1.6).
 * - With no subscriber the tail pauses (a read in flight is finished and kept, none is started) and
 *   keeps what it has read, so a page opened again resumes from N; the 8 most recently left are kept.
 * - Requests and bytes are counted per call (liveTranscriptCounters), for the cost benchmark.
 */

export type LiveTranscriptState =
  /** Nothing read yet. */
  | 'loading'
  /** Words arriving (or waiting for the next). */
  | 'rolling'
  /** No new line (not even a keep-alive) for a while: still trying; `message` says so. */
  | 'stalled'
  /** The end record arrived; `snapshot.end` says how (code 0: success; else `message` holds its user_reason). */
  | 'ended'
  /** No transcript for this call: 403 (the key's plan), 404 (no such record or file), an upstream without the live lists; `message` says which, calmly. */
  | 'unavailable';

export interface LiveTranscriptView {
  state: LiveTranscriptState;
  /** What has been read; undefined until the first bytes. Kept through stalls and failures. */
  snapshot: LiveSnapshot | undefined;
  /** One calm line for the reader (stalled, unavailable, ended with a failure code); undefined otherwise. */
  message?: string;
}

export interface LiveTranscriptOptions {
  /** `page`: the call is being read (poll every ~2 s); `background`: the board or the alert watcher (every ~4 s). The fastest subscriber wins. Default `page`. */
  pace?: 'page' | 'background';
}

/** The file version asked for: 1.7 carries refinements. */
export const LIVE_TRANSCRIPT_VERSION = '1.7';
/** ms between reads of the file. */
export const LIVE_TRANSCRIPT_PACE = { page: 2_000, background: 4_000 } as const;
/** No new byte for this long while the call is live: stalled. */
export const LIVE_TRANSCRIPT_STALL_MS = 20_000;
/** The longest wait between tries after failures. */
export const LIVE_TRANSCRIPT_MAX_BACKOFF_MS = 15_000;
/** While stalled, how often the record is read again (has the call ended?). */
const RECORD_CHECK_MS = 15_000;
const FAILURES_BEFORE_MESSAGE = 3;
const MISSING_FILE_TRIES = 3;
const PAUSED_KEPT = 8;

export const LIVE_TRANSCRIPT_MESSAGES = {
  notOffered: 'This data source does not offer live transcripts; the audio plays on.',
  notInPlan: 'Your plan does not include live transcripts; the audio plays on.',
  noTranscript: 'This call has no live transcript; the audio plays on.',
  fileMissing: 'The live transcript could not be found; the audio plays on.',
  stalled: 'The live transcript has paused; still listening for more.',
  unreachable: 'The live transcript cannot be reached right now; still trying.',
  endedEarly: 'The live call stopped before its end; the transcript stops here.',
  refused: 'The data service would not give this call’s live transcript; the audio plays on.',
} as const;

const single_ = single(liveTranscriptRecordSchema);
const page_ = page(liveTranscriptRecordSchema);

/** A live record with its transcript URL (`/live/transcripts/{liveId}`, an extension of the contract). */
export async function fetchLiveTranscriptRecord(
  liveId: number,
  signal?: AbortSignal,
  /** null: the service's default (1.6). */
  version: string | null = LIVE_TRANSCRIPT_VERSION,
): Promise<LiveTranscriptRecord> {
  const body = await getJson(`/live/transcripts/${encodeURIComponent(liveId)}`, { query: { transcriptVersion: version }, schema: single_, signal });
  return body.data;
}

export const liveTranscriptQueries = {
  /** The record of a call's live transcript (state and file URL), re-read at the live cadence while it can change. */
  record: (liveId: number, version: string = LIVE_TRANSCRIPT_VERSION) =>
    queryOptions({
      queryKey: liveKeys.transcript(liveId, version),
      queryFn: ({ signal }) => fetchLiveTranscriptRecord(liveId, signal, version),
      staleTime: 5_000,
      refetchInterval: (query: { state: { data?: LiveTranscriptRecord } }) => liveRefetchInterval(query.state.data?.state, query.state.data?.date ?? undefined),
      refetchIntervalInBackground: false,
    }),
};

/** Timers and the clock the tail runs on (injected by tests). */
export interface LiveTranscriptScheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What following one call has cost. */
export interface LiveTranscriptCounters {
  /** Every request made: record, list probe and file reads. */
  requests: number;
  recordRequests: number;
  fileRequests: number;
  /** Bytes that came over the network for the file (a 200 counts the whole file again). */
  bytes: number;
  /** Bytes of the file read (the offset N). */
  fileBytes: number;
  /** When the first request was made (scheduler time), undefined before. */
  since?: number;
}

export interface LiveTranscriptHubOptions {
  scheduler?: LiveTranscriptScheduler;
  /** Whether the tab is hidden (default: document.visibilityState). */
  isHidden?: () => boolean;
}

export interface LiveTranscriptHub {
  subscribe(liveId: number, listener: (view: LiveTranscriptView) => void, options?: LiveTranscriptOptions): () => void;
  /** The current view of a call (a 'loading' view with no snapshot when not followed yet). */
  view(liveId: number): LiveTranscriptView;
  counters(liveId: number): LiveTranscriptCounters | undefined;
  /** Stops every tail and forgets everything (tests; a change of data source). */
  reset(): void;
}

const LOADING: LiveTranscriptView = Object.freeze({ state: 'loading', snapshot: undefined });

const realScheduler: LiveTranscriptScheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const documentHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

type Pace = NonNullable<LiveTranscriptOptions['pace']>;

interface Tail {
  liveId: number;
  reader: LiveTranscriptReader;
  view: LiveTranscriptView;
  listeners: Map<(view: LiveTranscriptView) => void, Pace>;
  url?: string;
  record?: LiveTranscriptRecord;
  offset: number;
  timer?: unknown;
  /** When the pending timer fires (scheduler time). */
  dueAt?: number;
  inFlight: boolean;
  done: boolean;
  failures: number;
  missingFile: number;
  /** The file answered 401/403/404: read the record again (a signed URL may have expired) before the file. */
  refresh: boolean;
  /** transcriptVersion asked for; null once the service refused 1.7 (400): its default. */
  version: string | null;
  /** Scheduler time of the last new bytes (or of the first file read). */
  lastBytesAt?: number;
  lastRecordCheck?: number;
  counters: LiveTranscriptCounters;
}

/** Bytes of the file applied at once; a longer read is applied in slices (see readFile). */
const READ_SLICE = 64 * 1024;
/** Lets the page draw (a task boundary). */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A failure a retry cannot mend: the call has no transcript here. */
class Unavailable extends Error {}

export function createLiveTranscriptHub(options: LiveTranscriptHubOptions = {}): LiveTranscriptHub {
  const scheduler = options.scheduler ?? realScheduler;
  const isHidden = options.isHidden ?? documentHidden;
  const tails = new Map<number, Tail>();
  /** Why this data source gives no live transcripts (remembered for the tab), if it said so. */
  let notOffered: string | undefined;
  let visibilityBound = false;

  const setView = (tail: Tail, next: LiveTranscriptView) => {
    const now = tail.view;
    if (now.state === next.state && now.snapshot === next.snapshot && now.message === next.message) return;
    tail.view = next;
    for (const listener of [...tail.listeners.keys()]) {
      try {
        listener(next);
      } catch (error) {
        // One listener's failure must not stop the others (nor the tail).
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  const finish = (tail: Tail, state: 'ended' | 'unavailable', message: string | undefined, snapshot = tail.view.snapshot) => {
    tail.done = true;
    setView(tail, { state, snapshot, ...(message ? { message } : {}) });
  };

  const pace = (tail: Tail): number => {
    if (isHidden()) return LIVE_TRANSCRIPT_PACE.background;
    for (const chosen of tail.listeners.values()) if (chosen === 'page') return LIVE_TRANSCRIPT_PACE.page;
    return LIVE_TRANSCRIPT_PACE.background;
  };

  const schedule = (tail: Tail, ms: number) => {
    if (tail.timer !== undefined) scheduler.clearTimeout(tail.timer);
    tail.timer = undefined;
    tail.dueAt = undefined;
    if (tail.done || tail.listeners.size === 0) return;
    if (ms <= 0) {
      void step(tail); // at once (step never throws)
      return;
    }
    tail.dueAt = scheduler.now() + ms;
    tail.timer = scheduler.setTimeout(() => {
      tail.timer = undefined;
      tail.dueAt = undefined;
      void step(tail);
    }, ms);
  };

  /** A faster pace (a page subscriber, the tab shown again): bring the next read forward. */
  const hurry = (tail: Tail) => {
    // Only the file's reads follow the pace; the record's follow the live cadence.
    if (tail.done || tail.inFlight || tail.dueAt === undefined || !tail.url || tail.refresh) return;
    const wanted = pace(tail);
    const remaining = tail.dueAt - scheduler.now();
    if (remaining > wanted) schedule(tail, wanted);
  };

  const count = (tail: Tail, kind: 'recordRequests' | 'fileRequests' | null) => {
    tail.counters.requests++;
    if (kind) tail.counters[kind]++;
    tail.counters.since ??= scheduler.now();
  };

  /** Reads the record; returns the ms until the next step. */
  const readRecord = async (tail: Tail): Promise<number> => {
    if (notOffered) throw new Unavailable(notOffered);
    count(tail, 'recordRequests');
    let record: LiveTranscriptRecord;
    try {
      record = await fetchLiveTranscriptRecord(tail.liveId, undefined, tail.version);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && tail.version !== null) {
        tail.version = null; // a service that does not know this version: its default file (1.6) then
        return 0;
      }
      if (isApiError(error) && (error.status === 400 || error.status === 401)) throw new Unavailable(LIVE_TRANSCRIPT_MESSAGES.refused);
      if (isApiError(error) && error.status === 403) {
        notOffered = LIVE_TRANSCRIPT_MESSAGES.notInPlan;
        throw new Unavailable(notOffered);
      }
      if (isApiError(error) && (error.status === 404 || error.status === 410)) {
        // Is it this record, or the whole list? One request tells.
        count(tail, null);
        try {
          await getJson('/live/transcripts', { query: { limit: 1, transcriptVersion: LIVE_TRANSCRIPT_VERSION }, schema: page_ });
        } catch (probe) {
          if (isApiError(probe) && (probe.status === 404 || probe.status === 403)) {
            notOffered = probe.status === 403 ? LIVE_TRANSCRIPT_MESSAGES.notInPlan : LIVE_TRANSCRIPT_MESSAGES.notOffered;
            throw new Unavailable(notOffered);
          }
          throw probe;
        }
        throw new Unavailable(LIVE_TRANSCRIPT_MESSAGES.noTranscript);
      }
      throw error;
    }
    tail.record = record;
    tail.lastRecordCheck = scheduler.now();
    if (tail.url) {
      // Following already: a new address for the same file (a signed URL renewed) is read on from N.
      const renewed = tail.refresh;
      if (record.transcript) tail.url = record.transcript;
      tail.refresh = false;
      return renewed ? 0 : pace(tail);
    }
    if (record.transcript) {
      tail.url = record.transcript;
      tail.lastBytesAt = scheduler.now();
      return 0;
    }
    const interval = liveRefetchInterval(record.state, record.date ?? undefined);
    if (interval === false) throw new Unavailable(LIVE_TRANSCRIPT_MESSAGES.noTranscript);
    return interval || LIVE_POLL.idle;
  };

  /** Reads the file's new bytes; returns the ms until the next step. */
  const readFile = async (tail: Tail, url: string): Promise<number> => {
    count(tail, 'fileRequests');
    let range;
    try {
      range = await fetchFileRange(url, tail.offset);
    } catch (error) {
      if (isApiError(error) && [401, 403, 404, 410].includes(error.status)) {
        tail.missingFile++;
        if (tail.missingFile >= MISSING_FILE_TRIES) throw new Unavailable(LIVE_TRANSCRIPT_MESSAGES.fileMissing);
        tail.refresh = true;
      }
      throw error;
    }
    tail.missingFile = 0;
    tail.counters.bytes += range.received;
    const now = scheduler.now();
    if (range.bytes.length > 0) {
      tail.offset += range.bytes.length;
      tail.counters.fileBytes = tail.offset;
      // A long read (a reader arriving late to a long call: a 90-minute file is 1.1 MB) is applied
      // in slices, the page free to draw between them; one piece took 84–98 ms at 4× throttling.
      for (let at = 0; at < range.bytes.length; at += READ_SLICE) {
        if (at > 0) {
          await yieldToPage();
          if (tail.done) return 0;
        }
        tail.reader.pushBytes(range.bytes.subarray(at, at + READ_SLICE));
      }
      tail.lastBytesAt = now;
      const snapshot = tail.reader.snapshot();
      if (snapshot.end) {
        const failed = snapshot.end.code !== 0;
        finish(tail, 'ended', failed ? (snapshot.end.userReason ?? `The live transcript ended early (code ${snapshot.end.code}).`) : undefined, snapshot);
        return 0;
      }
      setView(tail, { state: 'rolling', snapshot });
      return pace(tail);
    }

    // Nothing new. Has the call ended without its end record, or gone quiet?
    const silent = now - (tail.lastBytesAt ?? now);
    // The record (as last read) says the call is over: the file has nothing more to give.
    const state = tail.record?.state;
    if (state !== undefined && state !== 'live' && state !== 'willBeLive' && state !== 'notLive') {
      finish(tail, 'ended', state === 'recordingAvailable' || state === 'processingRecording' ? undefined : LIVE_TRANSCRIPT_MESSAGES.endedEarly);
      return 0;
    }
    if (silent >= LIVE_TRANSCRIPT_STALL_MS) {
      setView(tail, { state: 'stalled', snapshot: tail.view.snapshot, message: LIVE_TRANSCRIPT_MESSAGES.stalled });
      if (now - (tail.lastRecordCheck ?? 0) >= RECORD_CHECK_MS) {
        await readRecord(tail);
        return 0; // read the file once more with what the record now says
      }
    } else if (tail.view.state === 'stalled' || tail.view.state === 'loading') {
      setView(tail, { state: tail.view.snapshot ? 'rolling' : 'loading', snapshot: tail.view.snapshot });
    }
    return pace(tail);
  };

  const step = async (tail: Tail): Promise<void> => {
    if (tail.done || tail.inFlight) return;
    tail.inFlight = true;
    let next: number;
    try {
      next = tail.url && !tail.refresh ? await readFile(tail, tail.url) : await readRecord(tail);
      tail.failures = 0;
      if (tail.view.message === LIVE_TRANSCRIPT_MESSAGES.unreachable) {
        setView(tail, { state: tail.view.snapshot ? 'rolling' : 'loading', snapshot: tail.view.snapshot });
      }
    } catch (error) {
      if (error instanceof Unavailable) {
        finish(tail, 'unavailable', error.message);
        next = 0;
      } else {
        tail.failures++;
        const retryAfter = isApiError(error) && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
        next = Math.max(retryAfter, Math.min(LIVE_TRANSCRIPT_MAX_BACKOFF_MS, pace(tail) * 2 ** tail.failures));
        if (tail.failures >= FAILURES_BEFORE_MESSAGE)
          setView(tail, { state: 'stalled', snapshot: tail.view.snapshot, message: LIVE_TRANSCRIPT_MESSAGES.unreachable });
      }
    } finally {
      tail.inFlight = false;
    }
    schedule(tail, next);
  };

  const onVisibility = () => {
    for (const tail of tails.values()) hurry(tail);
  };

  const dropPaused = () => {
    const paused = [...tails.values()].filter((tail) => tail.listeners.size === 0);
    for (const tail of paused.slice(0, Math.max(0, paused.length - PAUSED_KEPT))) tails.delete(tail.liveId);
  };

  const subscribe: LiveTranscriptHub['subscribe'] = (liveId, listener, subscribeOptions = {}) => {
    if (!visibilityBound && typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', onVisibility);
      visibilityBound = true;
    }
    let tail = tails.get(liveId);
    if (!tail) {
      tail = {
        liveId,
        reader: createLiveTranscriptReader(),
        view: LOADING,
        listeners: new Map(),
        offset: 0,
        inFlight: false,
        done: false,
        failures: 0,
        missingFile: 0,
        refresh: false,
        version: LIVE_TRANSCRIPT_VERSION,
        counters: { requests: 0, recordRequests: 0, fileRequests: 0, bytes: 0, fileBytes: 0 },
      };
    } else {
      tails.delete(liveId); // re-inserted below: most recently used last
    }
    tails.set(liveId, tail);
    const following = tail;
    let left = false;
    const wasIdle = following.listeners.size === 0;
    following.listeners.set(listener, subscribeOptions.pace ?? 'page');
    // The current view, told once the caller has its way to leave (never from inside this call).
    if (following.view !== LOADING) {
      queueMicrotask(() => {
        if (!left && following.listeners.has(listener)) listener(following.view);
      });
    }
    if (wasIdle && !following.done && !following.inFlight && following.timer === undefined) void step(following);
    else hurry(following);

    return () => {
      if (left) return;
      left = true;
      following.listeners.delete(listener);
      if (following.listeners.size === 0) {
        // Paused until someone subscribes again: no timer (a read in flight finishes and is kept).
        if (following.timer !== undefined) scheduler.clearTimeout(following.timer);
        following.timer = undefined;
        following.dueAt = undefined;
        dropPaused();
      }
    };
  };

  return {
    subscribe,
    view: (liveId) => tails.get(liveId)?.view ?? LOADING,
    counters: (liveId) => {
      const counters = tails.get(liveId)?.counters;
      return counters ? { ...counters } : undefined;
    },
    reset: () => {
      for (const tail of tails.values()) {
        tail.listeners.clear();
        tail.done = true;
        if (tail.timer !== undefined) scheduler.clearTimeout(tail.timer);
      }
      tails.clear();
      notOffered = undefined;
      if (visibilityBound) document.removeEventListener('visibilitychange', onVisibility);
      visibilityBound = false;
    },
  };
}

/** The tab's one hub. */
const hub = createLiveTranscriptHub();

/**
 * Follows a call's live transcript; the listener hears every new view, and the current one (when
 * there already is one: another subscriber's tail, or an ended call) in a microtask after this
 * returns. Returns the way to leave; the tail pauses when the last one leaves.
 */
export function subscribeLiveTranscript(liveId: number, listener: (view: LiveTranscriptView) => void, options?: LiveTranscriptOptions): () => void {
  return hub.subscribe(liveId, listener, options);
}

/** The current view of a call's live transcript ('loading' with no snapshot when not followed). */
export function getLiveTranscriptView(liveId: number): LiveTranscriptView {
  return hub.view(liveId);
}

/** Requests and bytes spent following a call so far (undefined when it was never followed). */
export function liveTranscriptCounters(liveId: number): LiveTranscriptCounters | undefined {
  return hub.counters(liveId);
}

/** Stops and forgets every tail (tests; a change of data source). */
export function resetLiveTranscripts(): void {
  hub.reset();
}

/** The live transcript of a call, kept current while mounted (undefined id or enabled=false: not followed). */
export function useLiveTranscript(liveId: number | undefined, options: LiveTranscriptOptions & { enabled?: boolean } = {}): LiveTranscriptView {
  const { enabled = true, pace: chosen = 'page' } = options;
  const id = enabled ? liveId : undefined;
  const subscribe = useCallback((notify: () => void) => (id === undefined ? () => {} : hub.subscribe(id, notify, { pace: chosen })), [id, chosen]);
  const current = () => (id === undefined ? LOADING : hub.view(id));
  return useSyncExternalStore(subscribe, current, current);
}
