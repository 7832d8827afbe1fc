/**
 * Clips in the player: playClip and load(…, { startAt, endAt }) play a stretch of a recording and
 * pause at its end: on a 'timeupdate' past it, or by a timer for the last second (timeupdates
 * come only every quarter second or so). Seeking away from the clip lets the call play on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayer } from '../../src/lib/player/engine.ts';
import type { Player, RecordingSource } from '../../src/lib/player/index.ts';
import { FakeMedia } from './player-fakes.ts';

const recording = (over: Partial<RecordingSource> = {}): RecordingSource => ({
  kind: 'recording',
  key: 'recording:7',
  audioId: 7,
  title: 'Q4 2026 Earnings Call',
  artist: 'Bryrite',
  fileUrl: 'https://files.example/audio/7.mp3',
  duration: 256.1,
  ...over,
});
const other = recording({ key: 'recording:8', audioId: 8, title: 'Q3 2026 Earnings Call', fileUrl: 'https://files.example/audio/8.mp3' });

let media: FakeMedia;
let player: Player;
let detach: () => void;

/** Lets the media element's queued events (metadata) and the player's batched updates run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  media = new FakeMedia();
  // No hls.js and no native HLS: the MP3, as in the player's other tests.
  player = createPlayer({ loadHls: async () => null });
  detach = player.attach(media);
});
afterEach(() => {
  detach();
  vi.useRealTimers();
});

async function playing(source = recording()) {
  player.load(source);
  await settle();
  expect(player.getState()).toMatchObject({ loaded: true, playing: true });
}

describe('playClip', () => {
  it('plays from the start and pauses at the end by a timer for the last stretch, between timeupdates', async () => {
    await playing();
    player.playClip({ start: 24, end: 31 });
    expect(media.currentTime).toBe(24);
    expect(player.getState()).toMatchObject({ clip: { start: 24, end: 31 }, playing: true });

    media.advance(6); // 30 s: a second left, no timer yet
    media.advance(0.5); // 30.5 s: half a second left, timed
    media.runQuietly(0.5); // the element reaches 31 s with no timeupdate on the way
    await vi.advanceTimersByTimeAsync(499);
    expect(media.paused).toBe(false);
    expect(player.getState().clip).toEqual({ start: 24, end: 31 });

    await vi.advanceTimersByTimeAsync(1);
    expect(media.paused).toBe(true);
    expect(player.getState()).toMatchObject({ clip: null, playing: false, currentTime: 31 });
  });

  it('times the last stretch at the playback speed', async () => {
    await playing();
    player.setRate(2);
    player.playClip({ start: 24, end: 31 });
    media.advance(6.5); // half a second of media left: a quarter second at double speed
    media.runQuietly(0.5);
    await vi.advanceTimersByTimeAsync(249);
    expect(media.paused).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(media.paused).toBe(true);
    expect(player.getState().clip).toBeNull();
  });

  it('a timeupdate past the end pauses and puts the element back at the end; Play then goes on with the call', async () => {
    await playing();
    player.playClip({ start: 24, end: 31 });
    media.advance(7.5);
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(31);
    expect(player.getState()).toMatchObject({ clip: null, playing: false, currentTime: 31 });

    // The clip is over: playing again does not stop at its end a second time.
    player.play();
    media.advance(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(media.paused).toBe(false);
    expect(player.getState()).toMatchObject({ playing: true, currentTime: 33, clip: null });
  });

  it('seeking inside the clip keeps it; seeking outside it ends it and the call plays on', async () => {
    await playing();
    player.playClip({ start: 24, end: 31 });
    player.seek(27);
    expect(player.getState().clip).toEqual({ start: 24, end: 31 });
    // Just before the start (a rewind by a fraction) still counts as the clip.
    player.seek(23.75);
    expect(player.getState().clip).toEqual({ start: 24, end: 31 });

    media.advance(6.75); // 30.5 s: the last-stretch timer is armed
    player.seek(100);
    expect(player.getState().clip).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    media.advance(1);
    expect(media.paused).toBe(false);
    expect(player.getState()).toMatchObject({ playing: true, currentTime: 101 });
  });

  it('seeking to before the clip, or skipping past its end, ends it too', async () => {
    await playing();
    player.playClip({ start: 24, end: 31 });
    player.seek(20);
    expect(player.getState().clip).toBeNull();

    player.playClip({ start: 24, end: 31 });
    player.skip(30);
    expect(media.currentTime).toBe(54);
    expect(player.getState().clip).toBeNull();
  });

  it('does nothing for an empty or reversed range', async () => {
    await playing();
    media.advance(10);
    player.playClip({ start: 31, end: 24 });
    player.playClip({ start: 24, end: 24 });
    expect(player.getState()).toMatchObject({ clip: null, currentTime: 10 });
  });
});

describe('load with endAt', () => {
  it('on another source, makes a clip of startAt–endAt and pauses at its end', async () => {
    await playing();
    media.advance(10);
    player.load(other, { startAt: 24, endAt: 31 });
    expect(player.getState()).toMatchObject({ source: { key: 'recording:8' }, clip: { start: 24, end: 31 }, currentTime: 24 });
    await settle();
    expect(media.sources.at(-1)).toBe('https://files.example/audio/8.mp3');
    expect(media.currentTime).toBe(24);
    expect(media.paused).toBe(false);

    media.advance(7.25);
    expect(media.paused).toBe(true);
    expect(player.getState()).toMatchObject({ clip: null, playing: false, currentTime: 31 });
  });

  it('cued without playing, keeps the clip for when Play is pressed', async () => {
    player.load(other, { startAt: 24, endAt: 31, autoplay: false });
    expect(player.getState()).toMatchObject({ loaded: false, clip: { start: 24, end: 31 }, currentTime: 24 });
    expect(media.sources).toEqual([]);

    player.play();
    await settle();
    expect(media.currentTime).toBe(24);
    media.advance(7);
    expect(media.paused).toBe(true);
    expect(player.getState().clip).toBeNull();
  });

  it('on the source already playing, moves to the clip without reloading it, and stops at its end', async () => {
    await playing(other);
    media.advance(100);
    player.load(other, { startAt: 24, endAt: 31, autoplay: false });
    expect(media.sources).toEqual(['https://files.example/audio/8.mp3']);
    expect(media.currentTime).toBe(24);
    expect(player.getState().clip).toEqual({ start: 24, end: 31 });
    media.advance(7);
    expect(media.paused).toBe(true);
    expect(player.getState()).toMatchObject({ clip: null, currentTime: 31 });
  });

  it('an end not after the start, or no start, is no clip', async () => {
    player.load(other, { startAt: 31, endAt: 24 });
    expect(player.getState().clip).toBeNull();
    player.load(recording(), { endAt: 24 });
    expect(player.getState().clip).toBeNull();
  });
});
