import type { Transcript } from './model.ts';

/**
 * A live transcript: the JSONL file the service grows while a call is live, read line by line into
 * the same Transcript every reader of a recording uses (paragraphs, sentences, speakers), plus what
 * only a live file says: where the Q&A starts, which words were just refined, how the stream ended.
 * Pure (no DOM, no fetch): the browser and the Node server both import it.
 *
 * INTERFACE FIRST (to be implemented): the types below are the contract the live page, the alert
 * watcher and the live board build on.
 */

/** How the file ended: its `end` record (code 0 is success; `userReason` is meant to be shown). */
export interface LiveTranscriptEnd {
  code: number;
  userReason?: string;
  systemReason?: string;
}

export interface LiveSnapshot {
  /** The words so far as a Transcript: display paragraphs are runs of one speaker within one file paragraph. */
  transcript: Transcript;
  /** `file_format_version` of the start record ("1.6", "1.7", or another). */
  version?: string;
  /** Seconds: where the Q&A starts, once the file says so (a predicted-qna start, or predicted-speech ending). */
  qnaStart?: number;
  /** Seconds: the end of the last word received (how far the text has got). */
  lastWordEnd: number;
  /** Sentence indexes changed by a refinement, with the revision that changed them (to mark them for a moment). */
  changed: ReadonlyMap<number, number>;
  /** Increases with every line applied that changed what is shown. */
  revision: number;
  /** Interruptions of the stream (seconds), and whether it said it was restarting. */
  interruptions: readonly { time: number; restarting: boolean }[];
  /** Present once the end record arrived: nothing more will come. */
  end?: LiveTranscriptEnd;
}

export interface LiveTranscriptReader {
  /** Feeds the next bytes of the file as text (a chunk may end mid-line: the rest is kept for the next). */
  push(text: string): void;
  /** What has been read so far (a new object whenever `revision` changed; the same object otherwise). */
  snapshot(): LiveSnapshot;
}

export declare function createLiveTranscriptReader(): LiveTranscriptReader;
