import { readPrefs } from './storage.ts';
import type { PlayerState } from './types.ts';

/** An empty player with the listener's saved rate and volume: what it is before anything loads. */
export function initialState(): PlayerState {
  const prefs = readPrefs();
  return {
    source: null,
    loaded: false,
    playing: false,
    buffering: false,
    ended: false,
    currentTime: 0,
    duration: NaN,
    bufferedEnd: 0,
    rate: prefs.rate,
    volume: prefs.volume,
    muted: prefs.muted,
    engine: null,
    notice: null,
    error: null,
    live: null,
    clip: null,
  };
}
