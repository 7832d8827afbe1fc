import type HlsType from 'hls.js';
import type { ErrorData } from 'hls.js';
import { nextChapterStart, previousChapterStart } from './chapters.ts';
import { markPlayerActive } from './presence.ts';
import { initialState } from './initial-state.ts';
import { clampRate, clampVolume, clearPosition, readPosition, savePosition, savePrefs } from './storage.ts';
import type { MediaLike, PlayerChapter, PlayerSource, PlayerState, TimeRange } from './types.ts';

/**
 * The player: one media element, one source at a time, a small external store that React reads
 * with useSyncExternalStore. It picks how to play (hls.js where MSE exists, native HLS where only
 * that exists, the MP3 otherwise or when the stream fails) and recovers from errors the way the
 * hls.js documentation describes, within bounds:
 * - a fatal media error: `recoverMediaError()` once; a second one gives up on the stream;
 * - a fatal network error: retried with exponential backoff (`loadSource` again when the playlist
 *   never arrived, `startLoad` otherwise) up to NETWORK_RETRIES times, counted afresh only once a
 *   later segment has loaded;
 * - then the MP3 takes over at the same position, and if there is none or it fails too, playback
 *   stops with a message and `retry()`;
 * - and a watchdog: wanting to play but hearing nothing for STALL_MS ends in a message too.
 */

export type HlsConstructor = typeof HlsType;

export interface PlayerOptions {
  /** Loads hls.js on first use (a dynamic import, so it stays out of the first bundle). */
  loadHls?: () => Promise<HlsConstructor | null>;
  /** Overrides for the timings (tests use short ones). */
  timings?: Partial<typeof DEFAULT_TIMINGS>;
}

export interface LoadOptions {
  /** Start here (seconds); default: where the listener left this source, else 0. */
  startAt?: number;
  /** Start playing now (default true); false only shows it in the player, ready to play. */
  autoplay?: boolean;
  /** Play only to here (seconds): with `startAt`, a clip (see PlayerState.clip). */
  endAt?: number;
}

export const DEFAULT_TIMINGS = {
  /** Fatal network errors retried before giving up on the stream. */
  networkRetries: 3,
  /** First retry delay; doubles each time. */
  retryBaseMs: 500,
  /** Wanting to play and getting nothing for this long ends in an error message. */
  stallMs: 20_000,
  /** How often the position is saved while playing. */
  saveEveryMs: 5_000,
  /**
   * The longest a jump into audio not yet buffered holds back the page's re-render (see
   * holdForSeek), so the page answers within the 100 ms a response to input may take.
   */
  seekHoldMs: 60,
};

export type Listener = () => void;

export interface Player {
  getState(): PlayerState;
  subscribe(listener: Listener): () => void;
  /** Gives the player its media element; returns a function that takes it back. */
  attach(media: MediaLike): () => void;
  /** Makes `source` the player's source (and plays it unless `autoplay: false`). */
  load(source: PlayerSource, options?: LoadOptions): void;
  play(): void;
  pause(): void;
  toggle(): void;
  seek(seconds: number): void;
  skip(deltaSeconds: number): void;
  /** Seeks and plays. */
  playFrom(seconds: number): void;
  /** Plays the current source from `range.start` and pauses at `range.end`. */
  playClip(range: TimeRange): void;
  previousChapter(): void;
  nextChapter(): void;
  setChapters(key: string, chapters: readonly PlayerChapter[]): void;
  setRate(rate: number): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  toggleMute(): void;
  /** After an error: tries the source again from where it stopped. */
  retry(): void;
  /** Live sources: jumps to the live edge. */
  goLive(): void;
  /** Stops and empties the player. */
  close(): void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

const defaultLoadHls = async (): Promise<HlsConstructor | null> => {
  // The light build plays everything an audio-only HLS needs (no subtitles, DRM or alternate tracks).
  const module = await import('hls.js/light');
  return module.default;
};

/** Warms the hls.js chunk (e.g. when a Play button is pointed at), without creating anything. */
export function preloadHls(): void {
  void import('hls.js/light').catch(() => {});
}

export function createPlayer(options: PlayerOptions = {}): Player {
  const loadHls = options.loadHls ?? defaultLoadHls;
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  const listeners = new Set<Listener>();
  let state = initialState();
  let media: MediaLike | null = null;
  let hls: HlsType | null = null;
  /** Increases with every new attempt to play; async work from an older attempt is dropped. */
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  let clipTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSave = 0;
  /** Position to apply once the element knows its duration (native and file playback). */
  let pendingSeek: number | undefined;
  /** Pauses the player made itself (teardown), whose 'pause' events are not a listener's pause. */
  let ownPauses = 0;
  /**
   * The live source's stream has ended (the call is over), and where it ends (seconds, when
   * known): kept for the source, across retries; a new source starts afresh.
   */
  let streamEnd: { at: number | undefined } | null = null;
  /** hls.js recovery bookkeeping for the current attempt. */
  let recovery = { mediaRecovered: false, networkRetries: 0, manifestLoaded: false, failedSn: -1 };

  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  /** While handling a media event: its state changes reach the page a task later, batched. */
  let inMediaEvent = false;
  /** Set while a jump into audio not yet buffered is being fetched: the page's re-render waits (see holdForSeek). */
  let seekHold: ReturnType<typeof setTimeout> | undefined;
  /** Whether the state changed while a seek held it back. */
  let heldChanges = false;
  const notify = () => {
    if (notifyTimer !== undefined) clearTimeout(notifyTimer);
    notifyTimer = undefined;
    if (seekHold !== undefined) clearTimeout(seekHold);
    seekHold = undefined;
    heldChanges = false;
    for (const listener of [...listeners]) listener();
  };
  /**
   * Updates the state. `later`: tell the listeners in the next task rather than now, so the media
   * element (and hls.js, which reacts to its 'seeking' event) starts fetching before the page
   * re-renders; getState() has the new state at once either way.
   */
  const set = (patch: Partial<PlayerState>, later = inMediaEvent) => {
    let changed = false;
    for (const key of Object.keys(patch) as (keyof PlayerState)[]) {
      if (!Object.is(state[key], patch[key])) {
        changed = true;
        break;
      }
    }
    if (!changed) return;
    state = { ...state, ...patch };
    if (!later) notify();
    else if (seekHold !== undefined) heldChanges = true;
    else notifyTimer ??= setTimeout(notify, 0);
  };
  /**
   * A jump (a chapter, a sentence) into audio not buffered yet, while playing with hls.js: the
   * page's re-render (React work on the transcript, chapters and bar, then style, layout and paint)
   * would otherwise run between the media element's 'seeking' and hls.js's next tick, and again
   * while the segment's answer waits to be handled, so the audio would start later. A timer set
   * at the click fires just before hls.js's, because 'seeking' comes some ms after the click. So
   * the page hears of the seek when it lands ('seeked'), on an error, or after timings.seekHoldMs at
   * most (a slow network), whichever comes first; getState() has the new state at once, and what
   * the listener does meanwhile (pause, speed, volume) is told at once as before.
   */
  const holdForSeek = () => {
    if (notifyTimer !== undefined) clearTimeout(notifyTimer);
    notifyTimer = undefined;
    heldChanges = true;
    // A seek during a hold keeps its deadline: the page still hears within seekHoldMs of the first.
    seekHold ??= setTimeout(releaseSeekHold, timings.seekHoldMs);
  };
  const releaseSeekHold = () => {
    if (seekHold === undefined) return;
    clearTimeout(seekHold);
    seekHold = undefined;
    if (heldChanges) notifyTimer ??= setTimeout(notify, 0);
    heldChanges = false;
  };

  const savePrefsNow = () => savePrefs({ rate: state.rate, volume: state.volume, muted: state.muted });

  const rememberPosition = (force = false) => {
    const source = state.source;
    if (!source || source.kind !== 'recording' || !state.loaded) return;
    const now = Date.now();
    if (!force && now - lastSave < timings.saveEveryMs) return;
    lastSave = now;
    const duration = Number.isFinite(state.duration) ? state.duration : source.duration;
    // Finished (or nearly): next time starts from the beginning.
    if (state.ended || (duration !== undefined && state.currentTime > duration - 5)) clearPosition(source.key);
    else savePosition(source.key, state.currentTime);
  };

  const bufferedEndAt = (time: number): number => {
    if (!media) return 0;
    const ranges = media.buffered;
    for (let i = 0; i < ranges.length; i++) {
      if (time >= ranges.start(i) - 0.25 && time <= ranges.end(i)) return ranges.end(i);
    }
    return 0;
  };

  /**
   * Whether the live stream has ended, from what the media element says: native HLS reports an
   * infinite duration while the playlist is open and the stream's length once it is closed.
   * (hls.js sets a finite duration on a live stream too; it says so with its level details: see
   * LEVEL_UPDATED in playHls.)
   */
  const noteNativeEnd = () => {
    if (streamEnd || state.source?.kind !== 'live' || state.engine !== 'native-hls' || !media) return;
    if (Number.isFinite(media.duration) && media.duration > 0) streamEnd = { at: media.duration };
  };

  /** Where an ended live stream ends: the element's duration once it knows it, else the playlist's end. */
  const endedDuration = (): number => {
    if (media && Number.isFinite(media.duration) && media.duration > 0) return media.duration;
    return streamEnd?.at ?? Infinity;
  };

  const liveInfo = (): PlayerState['live'] => {
    if (state.source?.kind !== 'live') return null;
    if (streamEnd) {
      const end = endedDuration();
      const edge = Number.isFinite(end) ? end : null;
      return { edge, atEdge: edge === null || !media ? false : media.currentTime >= edge - 6, ended: true };
    }
    let edge: number | null = hls?.liveSyncPosition ?? null;
    if (edge === null && media && media.seekable.length > 0) edge = media.seekable.end(media.seekable.length - 1);
    const atEdge = edge === null || !media ? true : media.currentTime >= edge - 6;
    return { edge, atEdge, ended: false };
  };

  // ---- the stall watchdog -------------------------------------------------------------------
  const clearStall = () => {
    if (stallTimer !== undefined) clearTimeout(stallTimer);
    stallTimer = undefined;
  };
  const armStall = () => {
    clearStall();
    if (!state.playing || !state.loaded || state.error) return;
    stallTimer = setTimeout(() => {
      if (state.playing && state.buffering && !state.error) {
        fail(`No audio arrived for ${Math.round(timings.stallMs / 1000)} seconds: the stream seems to have stopped.`);
      }
    }, timings.stallMs);
  };

  // ---- clips ---------------------------------------------------------------------------------
  const clearClipTimer = () => {
    if (clipTimer !== undefined) clearTimeout(clipTimer);
    clipTimer = undefined;
  };
  /**
   * Pauses at the clip's end. 'timeupdate' comes only every quarter second or so, so the last
   * stretch is timed: a timer for what is left at this speed, checked again when it fires.
   */
  const checkClip = () => {
    clearClipTimer();
    const clip = state.clip;
    if (!clip || !media || !state.loaded) return;
    const time = media.currentTime;
    if (time >= clip.end - 0.02) {
      set({ clip: null });
      player.pause();
      if (media.currentTime > clip.end) media.currentTime = clip.end;
      set({ currentTime: clip.end });
      return;
    }
    const left = clip.end - time;
    if (!media.paused && left < 1) clipTimer = setTimeout(checkClip, (left * 1000) / (state.rate || 1));
  };

  // ---- media element events -------------------------------------------------------------------
  const sync = () => {
    if (!media || !state.loaded) return;
    const source = state.source;
    let duration = media.duration;
    noteNativeEnd();
    // A live stream has no end until it ends: then it is as long as what was streamed.
    if (source?.kind === 'live') duration = streamEnd ? endedDuration() : Infinity;
    else if (!(Number.isFinite(duration) && duration > 0)) duration = source?.duration ?? NaN;
    const buffering = state.playing && (media.paused || media.readyState < 3);
    set({
      currentTime: pendingSeek ?? media.currentTime,
      duration,
      bufferedEnd: bufferedEndAt(media.currentTime),
      buffering,
      live: liveInfo(),
    });
  };

  const onEvent = (event: Event) => {
    inMediaEvent = true;
    try {
      handleMediaEvent(event);
    } finally {
      inMediaEvent = false;
    }
  };

  const handleMediaEvent = (event: Event) => {
    if (!media) return;
    switch (event.type) {
      case 'loadedmetadata':
        if (pendingSeek !== undefined) {
          const target = pendingSeek;
          pendingSeek = undefined;
          if (target > 0) media.currentTime = target;
        }
        applyPrefs();
        break;
      case 'playing':
        set({ playing: true, ended: false, error: null });
        // Recovery worked: drop the "retrying" notice (a fallback notice stays).
        if (state.notice?.startsWith('Connection problem') || state.notice?.startsWith('Recovering')) set({ notice: null });
        break;
      case 'pause':
        // Our own pauses (switching sources) are not the listener's.
        if (ownPauses > 0) {
          ownPauses--;
          break;
        }
        if (!media.ended) set({ playing: false });
        rememberPosition(true);
        break;
      case 'play':
        set({ playing: true });
        break;
      case 'ended':
        set({ playing: false, ended: true });
        rememberPosition(true);
        break;
      case 'seeked':
        releaseSeekHold();
        rememberPosition(true);
        break;
      case 'timeupdate':
        rememberPosition();
        checkClip();
        break;
      case 'error':
        releaseSeekHold();
        onMediaError();
        return;
    }
    const wasBuffering = state.buffering;
    sync();
    if (state.buffering && !wasBuffering) armStall();
    else if (!state.buffering) clearStall();
    else if (event.type === 'timeupdate' || event.type === 'progress') armStall();
  };

  const MEDIA_EVENTS = [
    'loadedmetadata',
    'durationchange',
    'timeupdate',
    'progress',
    'play',
    'playing',
    'pause',
    'waiting',
    'seeking',
    'seeked',
    'canplay',
    'ended',
    'error',
  ];

  const applyPrefs = () => {
    if (!media) return;
    media.defaultPlaybackRate = state.rate;
    media.playbackRate = state.rate;
    media.volume = state.volume;
    media.muted = state.muted;
  };

  // ---- starting and stopping ------------------------------------------------------------------
  const teardown = () => {
    attempt++;
    releaseSeekHold();
    clearClipTimer();
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
    clearStall();
    pendingSeek = undefined;
    if (hls) {
      hls.destroy();
      hls = null;
    }
    if (media) {
      if (!media.paused) {
        ownPauses++;
        media.pause();
      }
      if (media.src) {
        media.removeAttribute('src');
        media.load();
      }
    }
  };

  const playMedia = (current: number) => {
    if (!media) return;
    const promise = media.play();
    promise?.catch((error: unknown) => {
      if (current !== attempt) return;
      const name = (error as { name?: string } | null)?.name;
      // The browser wants a gesture first: stay ready at the same place; Play starts it.
      if (name === 'NotAllowedError') set({ playing: false, buffering: false });
      // AbortError: a new load or a pause interrupted it, which is expected. Real failures arrive as 'error'.
    });
  };

  const fail = (message: string) => {
    const position = state.currentTime;
    teardown();
    set({ error: message, notice: null, playing: false, buffering: false, loaded: false, engine: null, currentTime: position, live: null });
  };

  const playFile = (url: string, position: number, engine: 'file' | 'native-hls') => {
    if (!media) return;
    const current = attempt;
    set({ engine });
    pendingSeek = position > 0 ? position : undefined;
    media.src = url;
    applyPrefs();
    if (state.playing) playMedia(current);
  };

  /** The stream cannot go on: the MP3 takes over where it stopped, or the player stops with a message. */
  const streamFailed = (reason: string) => {
    const source = state.source;
    const position = media && state.engine ? (pendingSeek ?? media.currentTime) : state.currentTime;
    const wasPlaying = state.playing;
    const fallback = source?.fileUrl;
    if (!fallback || state.engine === 'file') {
      fail(`${reason} Playback stopped.`);
      return;
    }
    teardown();
    set({ notice: `${reason} Playing the MP3 file instead.`, currentTime: position, playing: wasPlaying, buffering: wasPlaying });
    playFile(fallback, position, 'file');
    if (wasPlaying) armStall();
  };

  const onMediaError = () => {
    if (!media || !state.loaded) return;
    const code = media.error?.code;
    if (state.engine === 'hls.js') {
      handleHlsError({ fatal: true, type: 'mediaError', details: 'mediaElementError' } as unknown as ErrorData);
      return;
    }
    if (state.engine === 'native-hls') {
      streamFailed('The stream could not be played.');
      return;
    }
    if (state.engine === 'file') {
      fail(code === 4 ? 'This audio format cannot be played here.' : 'The audio file could not be loaded.');
    }
  };

  const handleHlsError = (data: ErrorData) => {
    if (!data.fatal || !hls) return; // hls.js retries non-fatal errors itself
    const current = attempt;
    const type = String(data.type);
    if (type === 'mediaError') {
      if (!recovery.mediaRecovered) {
        recovery.mediaRecovered = true;
        set({ notice: 'Recovering from a playback error…' });
        hls.recoverMediaError();
        return;
      }
      streamFailed('The stream could not be decoded.');
      return;
    }
    if (type === 'networkError') {
      if (typeof data.frag?.sn === 'number') recovery.failedSn = Math.max(recovery.failedSn, data.frag.sn);
      if (recovery.networkRetries < timings.networkRetries) {
        const delay = timings.retryBaseMs * 2 ** recovery.networkRetries;
        recovery.networkRetries++;
        set({ notice: `Connection problem: retrying (${recovery.networkRetries} of ${timings.networkRetries})…`, buffering: state.playing });
        const url = state.source?.streamUrl;
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          if (current !== attempt || !hls) return;
          if (!recovery.manifestLoaded && url) hls.loadSource(url);
          else hls.startLoad(media?.currentTime ?? -1);
        }, delay);
        return;
      }
      streamFailed(`The stream kept failing to load (${describeDetails(data.details)}).`);
      return;
    }
    streamFailed('The stream could not be played.');
  };

  const playHls = (Hls: HlsConstructor, url: string, position: number) => {
    if (!media) return;
    const current = attempt;
    recovery = { mediaRecovered: false, networkRetries: 0, manifestLoaded: false, failedSn: -1 };
    const retryFast = { maxNumRetry: 2, retryDelayMs: 500, maxRetryDelayMs: 2000 };
    const policy = { default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 20_000, timeoutRetry: retryFast, errorRetry: retryFast } };
    const instance = new Hls({
      startPosition: position > 0 ? position : -1,
      // Audio segments are small: a worker costs more to start than it saves.
      enableWorker: false,
      maxBufferLength: 30,
      fragLoadPolicy: policy,
      playlistLoadPolicy: policy,
      manifestLoadPolicy: policy,
    });
    hls = instance;
    set({ engine: 'hls.js' });
    instance.on(Hls.Events.ERROR, (_event, data) => {
      if (current === attempt) handleHlsError(data);
    });
    instance.on(Hls.Events.MANIFEST_PARSED, () => {
      recovery.manifestLoaded = true;
    });
    instance.on(Hls.Events.FRAG_BUFFERED, (_event, data) => {
      // Progress past the fragment that failed: later trouble gets a fresh set of retries.
      const sn = data.frag.sn;
      // The fragment that failed has arrived: playback goes on (it may never have stopped, with
      // enough buffered), so the "retrying" notice goes too.
      if (current === attempt && typeof sn === 'number' && sn >= recovery.failedSn && state.notice?.startsWith('Connection problem')) set({ notice: null });
      if (typeof sn === 'number' && sn > recovery.failedSn && recovery.networkRetries > 0) {
        recovery.networkRetries = 0;
        recovery.failedSn = -1;
      }
    });
    instance.on(Hls.Events.LEVEL_UPDATED, (_event, data) => {
      if (current !== attempt) return;
      // The playlist reload that brings #EXT-X-ENDLIST: the call is over (hls.js stops reloading).
      if (state.source?.kind === 'live' && data.details.live === false) {
        streamEnd = { at: Number.isFinite(data.details.edge) && data.details.edge > 0 ? data.details.edge : undefined };
        set({ live: liveInfo(), duration: endedDuration() });
        return;
      }
      set({ live: liveInfo() });
    });
    instance.attachMedia(media as unknown as HTMLMediaElement);
    instance.loadSource(url);
    applyPrefs();
    if (state.playing) playMedia(current);
  };

  const start = async () => {
    const source = state.source;
    if (!source) return;
    teardown();
    const current = attempt;
    const position = state.currentTime;
    set({
      loaded: true,
      playing: true,
      buffering: true,
      ended: false,
      error: null,
      engine: null,
      live: source.kind === 'live' ? liveInfo() : null,
    });
    armStall();
    if (!media) return; // attach() starts it once an element arrives
    const stream = source.streamUrl;
    if (stream) {
      let Hls: HlsConstructor | null = null;
      try {
        Hls = await loadHls();
      } catch {
        Hls = null; // the chunk failed to load (offline?): native HLS or the MP3 may still work
      }
      if (current !== attempt) return;
      if (Hls?.isSupported()) {
        playHls(Hls, stream, position);
        return;
      }
      if (media.canPlayType(HLS_MIME)) {
        playFile(stream, position, 'native-hls');
        return;
      }
    }
    if (source.fileUrl) {
      playFile(source.fileUrl, position, 'file');
      return;
    }
    fail(
      source.streamUrl || source.fileUrl
        ? 'There is no audio for this recording that this browser can play.'
        : 'This recording has no audio address that can be played: only http and https links are opened.',
    );
  };

  const clampTime = (seconds: number) => {
    const duration = Number.isFinite(state.duration) ? state.duration : state.source?.kind === 'recording' ? state.source.duration : undefined;
    const max = duration !== undefined && Number.isFinite(duration) ? duration : Infinity;
    return Math.min(Math.max(0, seconds), max);
  };

  const player: Player = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(element) {
      if (media && media !== element) {
        teardown();
        for (const type of MEDIA_EVENTS) media.removeEventListener(type, onEvent);
        set({ loaded: false, playing: false, buffering: false, engine: null });
      }
      media = element;
      for (const type of MEDIA_EVENTS) element.addEventListener(type, onEvent);
      applyPrefs();
      // Play was asked for before an element existed: start now.
      if (state.source && state.loaded && state.playing && !state.engine) void start();
      const onHide = () => rememberPosition(true);
      window.addEventListener('pagehide', onHide);
      return () => {
        window.removeEventListener('pagehide', onHide);
        if (media !== element) return;
        rememberPosition(true);
        teardown();
        for (const type of MEDIA_EVENTS) element.removeEventListener(type, onEvent);
        media = null;
        set({ loaded: false, playing: false, buffering: false, engine: null });
      };
    },
    load(source, { startAt, autoplay = true, endAt } = {}) {
      markPlayerActive();
      const same = state.source?.key === source.key;
      const clip = endAt !== undefined && startAt !== undefined && endAt > startAt ? { start: startAt, end: endAt } : null;
      if (same) {
        // Keep what the page knows better now (chapters, titles), without interrupting playback.
        set({ source: { ...source, chapters: source.chapters ?? state.source?.chapters } as PlayerSource });
        if (clip) {
          if (autoplay) player.playClip(clip);
          else {
            player.seek(clip.start);
            set({ clip });
          }
          return;
        }
        if (startAt !== undefined) player.seek(startAt);
        if (autoplay) player.play();
        return;
      }
      rememberPosition(true);
      teardown();
      streamEnd = null;
      const resume = source.kind === 'recording' ? readPosition(source.key) : undefined;
      set({
        source,
        loaded: false,
        playing: false,
        buffering: false,
        ended: false,
        error: null,
        notice: null,
        engine: null,
        // A live stream starts at its edge unless a moment is asked for (a bookmark made while live).
        currentTime: source.kind === 'live' ? (startAt ?? 0) : (startAt ?? resume ?? 0),
        duration: source.kind === 'live' ? Infinity : (source.duration ?? NaN),
        bufferedEnd: 0,
        live: null,
        clip,
      });
      if (autoplay) void start();
    },
    play() {
      if (!state.source) return;
      if (!state.loaded || state.error) {
        void start();
        return;
      }
      if (state.ended && media) media.currentTime = 0;
      playMedia(attempt);
      set({ playing: true, buffering: media ? media.readyState < 3 : true }, true);
      armStall();
    },
    pause() {
      // The listener paused: the page hears of it (and of the seek being fetched) in the next task.
      releaseSeekHold();
      clearStall();
      clearClipTimer();
      if (media && state.loaded) media.pause();
      set({ playing: false, buffering: false });
    },
    toggle() {
      if (state.playing) player.pause();
      else player.play();
    },
    seek(seconds) {
      if (!state.source || !Number.isFinite(seconds)) return;
      const target = clampTime(seconds);
      // Seeking away from a clip lets the call play on.
      if (state.clip && (target < state.clip.start - 0.5 || target >= state.clip.end)) {
        clearClipTimer();
        set({ clip: null });
      }
      if (media && state.loaded && state.engine === 'hls.js' && media.readyState < 1 && state.playing) {
        // The stream is still starting at the old position: start it again at the new one.
        set({ currentTime: target, ended: false });
        void start();
        return;
      }
      if (media && state.loaded && state.engine) {
        if (pendingSeek !== undefined && media.readyState < 1) pendingSeek = target;
        else {
          if (state.engine === 'hls.js' && state.playing && bufferedEndAt(target) === 0) holdForSeek();
          media.currentTime = target;
        }
      }
      set({ currentTime: target, ended: false }, true);
      if (!state.loaded) rememberPositionCued(target);
    },
    skip(delta) {
      player.seek((media && state.loaded && state.engine ? media.currentTime : state.currentTime) + delta);
    },
    playFrom(seconds) {
      player.seek(seconds);
      player.play();
    },
    playClip(range) {
      if (!state.source || !(range.end > range.start)) return;
      player.seek(range.start);
      set({ clip: { start: range.start, end: range.end } });
      player.play();
    },
    previousChapter() {
      const target = previousChapterStart(state.source?.chapters ?? [], state.currentTime);
      if (target !== undefined) player.seek(target);
    },
    nextChapter() {
      const target = nextChapterStart(state.source?.chapters ?? [], state.currentTime);
      if (target !== undefined) player.seek(target);
    },
    setChapters(key, chapters) {
      if (state.source?.key !== key) return;
      set({ source: { ...state.source, chapters } });
    },
    setRate(rate) {
      const value = clampRate(rate);
      if (value === undefined) return;
      set({ rate: value });
      if (media) {
        media.defaultPlaybackRate = value;
        media.playbackRate = value;
      }
      savePrefsNow();
    },
    setVolume(volume) {
      const value = clampVolume(volume);
      if (value === undefined) return;
      set({ volume: value, muted: value === 0 ? state.muted : false });
      if (media) {
        media.volume = value;
        media.muted = state.muted;
      }
      savePrefsNow();
    },
    setMuted(muted) {
      set({ muted });
      if (media) media.muted = muted;
      savePrefsNow();
    },
    toggleMute() {
      player.setMuted(!state.muted);
    },
    retry() {
      if (!state.source) return;
      set({ error: null, notice: null });
      void start();
    },
    goLive() {
      if (state.source?.kind !== 'live' || !media || !state.loaded || streamEnd) return;
      const edge = liveInfo()?.edge;
      if (edge !== null && edge !== undefined) media.currentTime = edge;
      player.play();
    },
    close() {
      rememberPosition(true);
      teardown();
      const { rate, volume, muted } = state;
      streamEnd = null;
      set({ ...initialState(), rate, volume, muted });
    },
  };

  /** Seeking before anything played still moves where playback will resume. */
  const rememberPositionCued = (seconds: number) => {
    const source = state.source;
    if (source?.kind === 'recording' && seconds > 0) savePosition(source.key, seconds);
  };

  return player;
}

function describeDetails(details: string): string {
  if (/manifest|level/i.test(details)) return 'the playlist could not be loaded';
  if (/frag/i.test(details)) return 'an audio segment could not be loaded';
  return details;
}
