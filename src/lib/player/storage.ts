/**
 * What the player remembers in localStorage: speed, volume and mute, and where each recording was
 * left. Every value read back is checked: a hand-edited or corrupt entry falls back to defaults.
 */
import { MAX_RATE, MIN_RATE } from './types.ts';

const PREFS_KEY = 'earnings-desk:player:prefs';
const POSITIONS_KEY = 'earnings-desk:player:positions';
/** Recordings remembered; the oldest are forgotten first. */
const MAX_POSITIONS = 100;

export interface PlayerPrefs {
  rate: number;
  volume: number;
  muted: boolean;
}

export const DEFAULT_PREFS: PlayerPrefs = { rate: 1, volume: 1, muted: false };

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the preference lasts for this page only.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function clampRate(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.min(MAX_RATE, Math.max(MIN_RATE, Math.round(value * 100) / 100));
}

export function clampVolume(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.min(1, Math.max(0, value));
}

export function readPrefs(): PlayerPrefs {
  const stored = read(PREFS_KEY);
  if (!isObject(stored)) return { ...DEFAULT_PREFS };
  return {
    rate: clampRate(stored.rate) ?? DEFAULT_PREFS.rate,
    volume: clampVolume(stored.volume) ?? DEFAULT_PREFS.volume,
    muted: typeof stored.muted === 'boolean' ? stored.muted : DEFAULT_PREFS.muted,
  };
}

export function savePrefs(prefs: PlayerPrefs): void {
  write(PREFS_KEY, prefs);
}

interface StoredPosition {
  t: number;
  at: number;
}

function readPositions(): Record<string, StoredPosition> {
  const stored = read(POSITIONS_KEY);
  const out: Record<string, StoredPosition> = {};
  if (!isObject(stored)) return out;
  for (const [key, value] of Object.entries(stored)) {
    if (!isObject(value)) continue;
    const { t, at } = value;
    if (typeof t === 'number' && Number.isFinite(t) && t >= 0 && typeof at === 'number' && Number.isFinite(at)) out[key] = { t, at };
  }
  return out;
}

/** Where the listener left this source, in seconds; undefined when never played or finished. */
export function readPosition(key: string): number | undefined {
  return readPositions()[key]?.t;
}

export function savePosition(key: string, seconds: number): void {
  if (!Number.isFinite(seconds) || seconds < 0) return;
  const positions = readPositions();
  positions[key] = { t: Math.round(seconds * 10) / 10, at: Date.now() };
  const keys = Object.keys(positions);
  if (keys.length > MAX_POSITIONS) {
    keys.sort((a, b) => positions[a]!.at - positions[b]!.at);
    for (const old of keys.slice(0, keys.length - MAX_POSITIONS)) delete positions[old];
  }
  write(POSITIONS_KEY, positions);
}

export function clearPosition(key: string): void {
  const positions = readPositions();
  if (!(key in positions)) return;
  delete positions[key];
  write(POSITIONS_KEY, positions);
}
