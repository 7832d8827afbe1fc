/**
 * Stand-ins for the media element and for hls.js, for player tests in jsdom (which cannot play
 * audio). The fake element follows the HTMLMediaElement event order the player relies on:
 * setting `src` loads metadata, play() fires play then playing, seeking fires seeking then seeked
 * (at once, or when the test says with `slowSeeks`).
 */
import { act } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { player, type HlsConstructor, type MediaLike } from '../../src/lib/player/index.ts';

class Ranges implements TimeRanges {
  constructor(private readonly spans: [number, number][]) {}
  get length() {
    return this.spans.length;
  }
  start(i: number) {
    return this.spans[i]![0];
  }
  end(i: number) {
    return this.spans[i]![1];
  }
}

export class FakeMedia extends EventTarget implements MediaLike {
  private time = 0;
  private source = '';
  duration = NaN;
  paused = true;
  ended = false;
  readyState = 0;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  volume = 1;
  muted = false;
  preload = 'none';
  error: MediaError | null = null;
  /** What canPlayType answers for HLS ('' = no native HLS, like Chrome on desktop without MSE here). */
  nativeHls = '';
  /** When set, play() rejects with this error name (e.g. NotAllowedError). */
  rejectPlay: string | undefined;
  /** Every src given, in order. */
  sources: string[] = [];
  /** Duration the next loaded source reports. */
  mediaDuration = 256;
  /** What is buffered, as [start, end] spans. */
  bufferedSpans: [number, number][] = [];
  /** When true, a seek fires 'seeking' only; finishSeek() lands it (the segment arrived). */
  slowSeeks = false;

  get seekable() {
    return new Ranges(Number.isFinite(this.duration) ? [[0, this.duration]] : []);
  }
  get buffered() {
    return new Ranges(this.bufferedSpans);
  }
  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    this.time = value;
    this.fire('seeking');
    if (!this.slowSeeks) this.finishSeek();
  }
  /** Lands a seek: 'seeked', then 'timeupdate'. */
  finishSeek() {
    this.fire('seeked');
    this.fire('timeupdate');
  }
  get src() {
    return this.source;
  }
  set src(value: string) {
    this.source = value;
    this.sources.push(value);
    this.readyState = 0;
    this.duration = NaN;
    // Metadata arrives a moment later, as in a browser.
    queueMicrotask(() => {
      if (this.source !== value) return;
      this.duration = this.mediaDuration;
      this.readyState = 1;
      this.fire('loadedmetadata');
      this.fire('durationchange');
      if (!this.paused) {
        this.readyState = 4;
        this.fire('canplay');
        this.fire('playing');
      }
    });
  }
  removeAttribute(name: string) {
    if (name === 'src') this.source = '';
  }
  load() {
    this.readyState = 0;
  }
  canPlayType(type: string) {
    return type === 'application/vnd.apple.mpegurl' ? this.nativeHls : 'maybe';
  }
  play(): Promise<void> {
    if (this.rejectPlay) {
      const error = new Error('play() was refused');
      error.name = this.rejectPlay;
      return Promise.reject(error);
    }
    if (this.paused) {
      this.paused = false;
      this.ended = false;
      this.fire('play');
    }
    if (this.source) {
      this.readyState = 4;
      this.fire('playing');
    } else this.fire('waiting');
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  /** Plays on for `seconds` of media time. */
  advance(seconds: number) {
    this.time += seconds;
    this.fire('timeupdate');
  }
  /** Plays on for `seconds` without a 'timeupdate' (a browser sends one only every quarter second or so). */
  runQuietly(seconds: number) {
    this.time += seconds;
  }
  /** The element fails (code 2: network, 4: unsupported). */
  failWith(code: number) {
    this.error = { code, message: 'failed' } as MediaError;
    this.fire('error');
  }
  private fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

type Handler = (event: string, data: any) => void;

/** A stand-in for the hls.js class: records what the player asks of it and lets a test raise its events. */
export function fakeHls() {
  const instances: FakeHlsInstance[] = [];
  class FakeHlsInstance {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed', FRAG_BUFFERED: 'hlsFragBuffered', LEVEL_UPDATED: 'hlsLevelUpdated' };
    handlers = new Map<string, Handler[]>();
    calls: string[] = [];
    media: MediaLike | undefined;
    liveSyncPosition: number | null = null;
    constructor(public config: Record<string, unknown>) {
      instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    emit(event: string, data: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
    attachMedia(media: MediaLike) {
      this.media = media;
      this.calls.push('attachMedia');
    }
    loadSource(url: string) {
      this.calls.push(`loadSource ${url}`);
    }
    startLoad(position: number) {
      this.calls.push(`startLoad ${position}`);
    }
    recoverMediaError() {
      this.calls.push('recoverMediaError');
    }
    destroy() {
      this.calls.push('destroy');
    }
  }
  return { Hls: FakeHlsInstance as unknown as HlsConstructor, instances };
}

/**
 * A page test's player: `stage.attach(media)` gives the app's one player a stand-in element; after
 * each test the player is closed, the element taken back and what the player stored forgotten.
 */
export function usePlayerStage(): { attach(media: FakeMedia): void; detach(): void } {
  let detach: (() => void) | undefined;
  // The player imports its engine on the first thing asked of it, and hls.js on the first Play.
  // Cold (a fresh clone has no transform cache) those imports can take seconds on a busy machine,
  // which a page test's first Play would wait out in its 10 s: import them once before the tests, as
  // a hook may take its time (the app's player still creates its engine on first use).
  beforeAll(async () => {
    await Promise.all([import('hls.js/light'), import('../../src/lib/player/engine.ts')]);
  }, 60_000);
  afterEach(() => {
    act(() => player.close());
    detach?.();
    detach = undefined;
    localStorage.clear();
  });
  return {
    attach(media) {
      detach = player.attach(media);
    },
    /** Takes the element back now (a test that reopens the page). */
    detach() {
      detach?.();
      detach = undefined;
    },
  };
}
