/**
 * The app's one audio player: what it can play and what it reports. Any feature can drive it
 * through `player` (src/lib/player/index.ts) and read it with `usePlayerState`.
 */

/** A chapter of a recording, in seconds. Level 1 is a section; level 2 a sub-section inside one. */
export interface PlayerChapter {
  id: number | string;
  title: string;
  start: number;
  end: number;
  level: number;
}

interface SourceBase {
  /** Identifies what is playing, e.g. `recording:6740` or `live:7059`; resume positions are kept per key. */
  key: string;
  /** The event's title (Media Session title). */
  title: string;
  /** The company's name (Media Session artist). */
  artist?: string;
  /** HLS playlist URL: played with hls.js where supported, natively otherwise. */
  streamUrl?: string;
}

/** A finished recording: a VOD playlist, with its MP3 as the fallback. */
export interface RecordingSource extends SourceBase {
  kind: 'recording';
  audioId: number;
  /** The call it records, and its company and day: what a bookmark made while listening keeps. */
  eventId?: number;
  companyId?: number;
  /** The event's date, ISO 8601. */
  date?: string;
  /** MP3 URL, used when the stream cannot play. */
  fileUrl?: string;
  /** Seconds, from the record (the media's own duration wins once known). */
  duration?: number;
  /** Start of the Q&A, in seconds (0 or undefined: unknown). */
  qna?: number;
  chapters?: readonly PlayerChapter[];
}

/** A call being streamed now: a growing playlist, no resume, a "Go live" edge. */
export interface LiveSource extends SourceBase {
  kind: 'live';
  liveId: number;
  /** The call being streamed: a bookmark made while listening is kept against it, and plays from its recording once published. */
  eventId?: number;
  companyId?: number;
  /** The call's scheduled start, ISO 8601 (what a bookmark made while listening keeps as its date). */
  date?: string;
  streamUrl: string;
  /** A file to fall back to, if the live record offers one (usually none). */
  fileUrl?: string;
  /** Start of the Q&A, in seconds, once the live transcript says so (the page hands it in with `load(…, { autoplay: false })`). */
  qna?: number;
  chapters?: readonly PlayerChapter[];
}

export type PlayerSource = RecordingSource | LiveSource;

/** How the audio reaches the element. */
export type PlaybackEngine = 'hls.js' | 'native-hls' | 'file';

export interface PlayerState {
  source: PlayerSource | null;
  /** True once the media element was given the source (something was asked to play). */
  loaded: boolean;
  /** The listener wants sound: Play was pressed and not paused since. */
  playing: boolean;
  /** Playing is wanted but audio is not flowing yet (loading, seeking, waiting for data). */
  buffering: boolean;
  ended: boolean;
  currentTime: number;
  /** Seconds; NaN while unknown, Infinity for a live stream without an end. */
  duration: number;
  /** End of the buffered range around the playhead, in seconds. */
  bufferedEnd: number;
  rate: number;
  volume: number;
  muted: boolean;
  engine: PlaybackEngine | null;
  /** Something the listener should know that is not an error (a fallback, a retry under way). */
  notice: string | null;
  /** Playback stopped for good; `retry()` tries again from the same position. */
  error: string | null;
  /**
   * For live sources: the live edge, whether the playhead is at it, and whether the stream has
   * ended (its playlist was closed with #EXT-X-ENDLIST: the call is over). Once ended, `edge` is
   * the end of what was streamed, `duration` is finite, what was streamed plays to its end and
   * seeks like a recording, and `goLive()` does nothing.
   */
  live: { edge: number | null; atEdge: boolean; ended: boolean } | null;
  /**
   * A clip being played: playback pauses at `end`. It ends there, or when the listener seeks
   * outside it, or when another source loads.
   */
  clip: TimeRange | null;
}

/** A stretch of a recording, in seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/** The subset of HTMLMediaElement the player uses (so tests can stand in a fake element). */
export interface MediaLike extends EventTarget {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly readyState: number;
  readonly seekable: TimeRanges;
  readonly buffered: TimeRanges;
  readonly error: MediaError | null;
  playbackRate: number;
  defaultPlaybackRate: number;
  volume: number;
  muted: boolean;
  src: string;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  canPlayType(type: string): string;
  removeAttribute(name: string): void;
}

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_RATE = 0.5;
export const MAX_RATE = 3;
/** Back and forward skips, in seconds. */
export const SKIP_BACK = 15;
export const SKIP_FORWARD = 30;
