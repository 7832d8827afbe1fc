import type { Listener, Player } from './engine.ts';
import { initialState } from './initial-state.ts';
import type { PlayerState } from './types.ts';

/**
 * The app's one player; the root layout gives it its <audio> element.
 *
 * Its engine (how a stream is played, recovered and timed) is loaded on the first thing asked of
 * it, a Play or a cue, not with the page: lists, search results and record pages show their ▶ and
 * read "nothing is playing" from here without it. Whatever is asked before the engine arrives is
 * done, in order, once it has (a few milliseconds, or the time of one request on a slow network).
 */

let engine: Player | null = null;
let loading: Promise<Player> | null = null;
let queued: ((engine: Player) => void)[] = [];
let waiting: PlayerState | null = null;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** Loads the engine (once); `preloadHls` and the recording page warm it before the first Play. */
export function loadPlayerEngine(): Promise<Player> {
  loading ??= import('./engine.ts').then(
    ({ createPlayer }) => {
      const created = createPlayer();
      created.subscribe(notify);
      engine = created;
      const calls = queued;
      queued = [];
      for (const call of calls) call(created);
      notify();
      return created;
    },
    () => {
      // Offline, or a new version replaced the file: the next Play tries again; a Play that waits
      // for it (usePlayCall) says why nothing plays.
      loading = null;
      queued = [];
      throw new Error('the player could not load; check the connection and try again');
    },
  );
  return loading;
}

/** Does `call` now, or once the engine is there (loading it unless `onlyIfLoading`). */
function whenLoaded(call: (engine: Player) => void, onlyIfLoading = false): void {
  if (engine) return call(engine);
  if (onlyIfLoading && !loading) return;
  queued.push(call);
  loadPlayerEngine().catch(() => {});
}

export const player: Player = {
  getState: () => engine?.getState() ?? (waiting ??= initialState()),
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  attach(media) {
    if (engine) return engine.attach(media);
    let detach: (() => void) | undefined;
    let detached = false;
    whenLoaded((loaded) => {
      if (!detached) detach = loaded.attach(media);
    });
    return () => {
      detached = true;
      detach?.();
    };
  },
  load: (source, options) => whenLoaded((loaded) => loaded.load(source, options)),
  play: () => whenLoaded((loaded) => loaded.play()),
  // Nothing is playing before the engine has loaded: nothing to pause, stop or empty.
  pause: () => whenLoaded((loaded) => loaded.pause(), true),
  close: () => whenLoaded((loaded) => loaded.close(), true),
  toggle: () => whenLoaded((loaded) => loaded.toggle()),
  seek: (seconds) => whenLoaded((loaded) => loaded.seek(seconds)),
  skip: (delta) => whenLoaded((loaded) => loaded.skip(delta)),
  playFrom: (seconds) => whenLoaded((loaded) => loaded.playFrom(seconds)),
  playClip: (range) => whenLoaded((loaded) => loaded.playClip(range)),
  previousChapter: () => whenLoaded((loaded) => loaded.previousChapter()),
  nextChapter: () => whenLoaded((loaded) => loaded.nextChapter()),
  setChapters: (key, chapters) => whenLoaded((loaded) => loaded.setChapters(key, chapters)),
  setRate: (rate) => whenLoaded((loaded) => loaded.setRate(rate)),
  setVolume: (volume) => whenLoaded((loaded) => loaded.setVolume(volume)),
  setMuted: (muted) => whenLoaded((loaded) => loaded.setMuted(muted)),
  toggleMute: () => whenLoaded((loaded) => loaded.toggleMute()),
  retry: () => whenLoaded((loaded) => loaded.retry()),
  goLive: () => whenLoaded((loaded) => loaded.goLive()),
};

/** Warms the engine and hls.js (pointing at a Play button, a recording page once idle), creating nothing. */
export function preloadHls(): void {
  loadPlayerEngine()
    .then(() => import('./engine.ts'))
    .then((loaded) => loaded.preloadHls())
    .catch(() => {});
}
