import type { LiveSnapshot } from '../lib/transcript/live.ts';

/**
 * Following a live call's transcript: its record (`/live/transcripts/{liveId}?transcriptVersion=1.7`,
 * an extension of the contract; the live record's id is the live-audio record's), then its JSONL file
 * tailed with `Range: bytes=N-` (206: new bytes; 416: nothing new; 200: the whole file) until the
 * end record. One tail per call for the whole tab, shared by everyone who subscribes (the live page,
 * the live board, the alert watcher), stopped when the last one leaves.
 *
 * INTERFACE FIRST (to be implemented): the types and signatures below are the contract.
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
  /** `page`: the call is being read (poll every ~2 s); `background`: the board or the alert watcher (every ~4 s). The fastest subscriber wins. */
  pace?: 'page' | 'background';
}

export declare function subscribeLiveTranscript(
  liveId: number,
  listener: (view: LiveTranscriptView) => void,
  options?: LiveTranscriptOptions,
): () => void;

/** The live transcript of a call, kept current while mounted (undefined id or enabled=false: not followed). */
export declare function useLiveTranscript(liveId: number | undefined, options?: LiveTranscriptOptions & { enabled?: boolean }): LiveTranscriptView;
