/**
 * The app's one player loads its engine on the first thing asked of it, so no page downloads the
 * engine with its first screen: until then it reads as an empty player, and what was asked in the
 * meantime (an element to play in, a recording, a seek) is done in order once the engine is there.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPlayerEngine, player, type RecordingSource } from '../../src/lib/player/index.ts';
import { FakeMedia } from './player-fakes.ts';

const recording: RecordingSource = {
  kind: 'recording',
  key: 'recording:7',
  audioId: 7,
  title: 'Q4 2026 Earnings Call',
  artist: 'Bryrite',
  fileUrl: 'https://files.example/audio/7.mp3',
  duration: 256.1,
};

afterEach(() => localStorage.clear());

describe('the app player before its engine has loaded', () => {
  it('reads as an empty player with the saved speed, then does what was asked meanwhile, in order', async () => {
    localStorage.setItem('earnings-desk:player:prefs', JSON.stringify({ rate: 1.5, volume: 0.8, muted: false }));
    expect(player.getState()).toMatchObject({ source: null, playing: false, loaded: false, rate: 1.5, volume: 0.8 });

    const seen: (string | null)[] = [];
    const stop = player.subscribe(() => seen.push(player.getState().source?.key ?? null));
    const media = new FakeMedia();
    const detach = player.attach(media);
    player.load(recording);
    player.seek(42);
    // Nothing has happened yet: the engine is on its way.
    expect(player.getState().source).toBeNull();
    expect(media.sources).toEqual([]);

    await vi.waitFor(() => expect(player.getState()).toMatchObject({ source: { key: 'recording:7' }, loaded: true, playing: true }));
    expect(media.sources).toEqual(['https://files.example/audio/7.mp3']);
    await vi.waitFor(() => expect(media.currentTime).toBe(42));
    expect(seen).toContain('recording:7');

    // Once loaded, calls act at once.
    player.pause();
    expect(player.getState().playing).toBe(false);
    stop();
    player.close();
    detach();
    expect(player.getState().source).toBeNull();
    // The same engine from now on.
    expect((await loadPlayerEngine()).getState()).toBe(player.getState());
  });
});
