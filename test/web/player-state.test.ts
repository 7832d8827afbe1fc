/** The player's state with a stand-in media element: loading, chapters, resume, preferences, errors. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chapterLabel,
  chapterTree,
  currentChapter,
  nextChapterStart,
  previousChapterStart,
  type Player,
  type PlayerChapter,
  type RecordingSource,
} from '../../src/lib/player/index.ts';
import { createPlayer } from '../../src/lib/player/engine.ts';
import { parseTimeParam } from '../../src/lib/time-param.ts';
import { FakeMedia, fakeHls } from './player-fakes.ts';

const CHAPTERS: PlayerChapter[] = [
  { id: 1, title: 'Introduction', start: 0, end: 40, level: 1 },
  { id: 2, title: 'Prepared Remarks', start: 40, end: 136.5, level: 1 },
  { id: 3, title: 'CEO remarks', start: 40, end: 75.3, level: 2 },
  { id: 4, title: 'Financial review', start: 75.3, end: 114.6, level: 2 },
  { id: 5, title: 'Outlook', start: 114.6, end: 136.5, level: 2 },
  { id: 6, title: 'Q&A', start: 136.5, end: 231.6, level: 1 },
  { id: 7, title: 'Question from Tobias Wren', start: 140.1, end: 170.5, level: 2 },
  { id: 8, title: 'Closing remarks', start: 231.6, end: 256.1, level: 1 },
];

const recording = (over: Partial<RecordingSource> = {}): RecordingSource => ({
  kind: 'recording',
  key: 'recording:7',
  audioId: 7,
  title: 'Q4 2026 Earnings Call',
  artist: 'Bryrite',
  streamUrl: 'https://files.example/audio/7/index.m3u8',
  fileUrl: 'https://files.example/audio/7.mp3',
  duration: 256.1,
  qna: 136.5,
  chapters: CHAPTERS,
  ...over,
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let media: FakeMedia;
let player: Player;
let detach: () => void;

function setup(options: Parameters<typeof createPlayer>[0] = { loadHls: async () => null }) {
  media = new FakeMedia();
  player = createPlayer(options);
  detach = player.attach(media);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  detach?.();
  vi.useRealTimers();
});

describe('chapters', () => {
  it('nests level 2 under the level 1 chapter whose range holds it, in time order', () => {
    const tree = chapterTree([...CHAPTERS].reverse());
    expect(tree.map((node) => node.chapter.title)).toEqual(['Introduction', 'Prepared Remarks', 'Q&A', 'Closing remarks']);
    expect(tree[1]!.children.map((c) => c.title)).toEqual(['CEO remarks', 'Financial review', 'Outlook']);
    expect(tree[2]!.children.map((c) => c.title)).toEqual(['Question from Tobias Wren']);
    expect(tree[0]!.children).toEqual([]);
  });

  it('names the chapter playing, sub-chapter within section, and nothing in a gap', () => {
    expect(currentChapter(CHAPTERS, 80)?.title).toBe('Financial review');
    expect(chapterLabel(CHAPTERS, 80)).toBe('Prepared Remarks › Financial review');
    expect(chapterLabel(CHAPTERS, 10)).toBe('Introduction');
    // Q&A opens before its first question: the section alone.
    expect(chapterLabel(CHAPTERS, 137)).toBe('Q&A');
    expect(currentChapter(CHAPTERS, 300)).toBeUndefined();
  });

  it('previous goes to the start of this chapter, or the one before when just past its start; next to the following start', () => {
    expect(previousChapterStart(CHAPTERS, 90)).toBe(75.3);
    expect(previousChapterStart(CHAPTERS, 76)).toBe(40);
    expect(previousChapterStart(CHAPTERS, 1)).toBe(0);
    expect(nextChapterStart(CHAPTERS, 90)).toBe(114.6);
    expect(nextChapterStart(CHAPTERS, 75.3)).toBe(114.6);
    expect(nextChapterStart(CHAPTERS, 240)).toBeUndefined();
  });

  it('the player steps through chapters from where it is', async () => {
    setup();
    player.load(recording(), { startAt: 90 });
    await flush();
    player.nextChapter();
    expect(media.currentTime).toBe(114.6);
    // Just past a start: the chapter before; well into one: its own start.
    player.previousChapter();
    expect(media.currentTime).toBe(75.3);
    media.advance(10);
    player.previousChapter();
    expect(media.currentTime).toBe(75.3);
  });
});

describe('loading and playing', () => {
  it('cueing shows the source without touching the media element; Play loads it there', async () => {
    setup();
    player.load(recording(), { autoplay: false, startAt: 30 });
    expect(player.getState()).toMatchObject({ loaded: false, playing: false, currentTime: 30, duration: 256.1 });
    expect(media.sources).toEqual([]);

    player.play();
    await flush();
    // No MSE in this browser and no native HLS: the MP3.
    expect(media.sources).toEqual(['https://files.example/audio/7.mp3']);
    expect(media.currentTime).toBe(30);
    expect(player.getState()).toMatchObject({ loaded: true, playing: true, engine: 'file', buffering: false });
    media.advance(2);
    expect(player.getState().currentTime).toBe(32);
  });

  it('uses native HLS only where hls.js is not supported, and hls.js whenever it is', async () => {
    setup();
    media.nativeHls = 'maybe';
    player.load(recording());
    await flush();
    expect(media.sources).toEqual(['https://files.example/audio/7/index.m3u8']);
    expect(player.getState().engine).toBe('native-hls');
    detach();

    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    media.nativeHls = 'maybe';
    player.load(recording(), { startAt: 12 });
    await flush();
    expect(player.getState().engine).toBe('hls.js');
    expect(instances).toHaveLength(1);
    expect(instances[0]!.calls).toEqual(['attachMedia', 'loadSource https://files.example/audio/7/index.m3u8']);
    expect(instances[0]!.config.startPosition).toBe(12);
  });

  it('a browser that refuses to start sound leaves the recording ready, not stuck buffering', async () => {
    setup();
    media.rejectPlay = 'NotAllowedError';
    player.load(recording());
    await flush();
    expect(player.getState()).toMatchObject({ playing: false, buffering: false, loaded: true, error: null });
  });

  it('skips, seeks within bounds, and plays from a time', async () => {
    setup();
    player.load(recording(), { startAt: 10 });
    await flush();
    player.skip(-15);
    expect(media.currentTime).toBe(0);
    player.skip(30);
    expect(media.currentTime).toBe(30);
    player.seek(10_000);
    expect(media.currentTime).toBe(256);
    player.pause();
    player.playFrom(136.5);
    expect(media.currentTime).toBe(136.5);
    expect(player.getState().playing).toBe(true);
  });
});

describe('jumping while playing', () => {
  /** A recording playing with hls.js at 20 s, with 0–50 s buffered and seeks that land when the test says. */
  async function playing(options: Parameters<typeof createPlayer>[0] = {}) {
    const { Hls } = fakeHls();
    setup({ loadHls: async () => Hls, ...options });
    player.load(recording());
    await flush();
    // hls.js has the first segments in (the fake does not load them itself).
    media.readyState = 4;
    media.advance(20);
    media.bufferedSpans = [[0, 50]];
    media.slowSeeks = true;
    const heard: { currentTime: number; playing: boolean }[] = [];
    player.subscribe(() => heard.push({ currentTime: player.getState().currentTime, playing: player.getState().playing }));
    return heard;
  }

  it('a chapter not yet buffered: the page hears of it once the seek lands, and the new place is remembered', async () => {
    const heard = await playing();
    player.playFrom(231.6);
    expect(media.currentTime).toBe(231.6);
    // Whoever asks has the new place at once; the page re-renders once the audio is there.
    expect(player.getState()).toMatchObject({ currentTime: 231.6, playing: true });
    await flush();
    expect(heard).toEqual([]);

    media.finishSeek();
    await flush();
    expect(heard).toEqual([{ currentTime: 231.6, playing: true }]);
    // Saved as soon as the seek lands (not only on pause or leaving the page).
    expect(JSON.parse(localStorage.getItem('earnings-desk:player:positions')!)['recording:7'].t).toBe(231.6);

    // Reopened later, the recording resumes at the chapter.
    player.pause();
    detach();
    setup();
    player.load(recording(), { autoplay: false });
    expect(player.getState().currentTime).toBe(231.6);
  });

  it('a place already buffered reaches the page without waiting for the seek to land', async () => {
    const heard = await playing();
    player.playFrom(40);
    await flush();
    expect(heard).toEqual([{ currentTime: 40, playing: true }]);
  });

  it('a seek that never lands still reaches the page once the hold runs out', async () => {
    const heard = await playing({ timings: { seekHoldMs: 100 } });
    vi.useFakeTimers();
    player.playFrom(231.6);
    vi.advanceTimersByTime(99);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(heard).toEqual([{ currentTime: 231.6, playing: true }]);
  });

  it('pausing while a jump is fetched reaches the page without waiting for the seek to land', async () => {
    const heard = await playing();
    player.playFrom(231.6);
    player.pause();
    await flush();
    expect(heard).toEqual([{ currentTime: 231.6, playing: false }]);
    media.finishSeek();
    await flush();
    expect(heard.at(-1)).toEqual({ currentTime: 231.6, playing: false });
  });
});

describe('resume and preferences', () => {
  it('reopens a recording where it was left, and from the start once finished', async () => {
    setup();
    player.load(recording());
    await flush();
    media.advance(100);
    player.pause();
    detach();

    setup();
    player.load(recording(), { autoplay: false });
    expect(player.getState().currentTime).toBe(100);
    // A deep link wins over the remembered place.
    player.close();
    player.load(recording(), { autoplay: false, startAt: 5 });
    expect(player.getState().currentTime).toBe(5);

    player.play();
    await flush();
    media.advance(250);
    media.dispatchEvent(new Event('ended'));
    detach();
    setup();
    player.load(recording(), { autoplay: false });
    expect(player.getState().currentTime).toBe(0);
  });

  it('remembers speed, volume and mute, and applies them to the element', async () => {
    setup();
    player.setRate(1.75);
    player.setVolume(0.4);
    player.toggleMute();
    detach();

    setup();
    expect(player.getState()).toMatchObject({ rate: 1.75, volume: 0.4, muted: true });
    player.load(recording());
    await flush();
    expect(media).toMatchObject({ playbackRate: 1.75, defaultPlaybackRate: 1.75, volume: 0.4, muted: true });
  });

  it('ignores stored values that are corrupt or out of range', () => {
    localStorage.setItem('earnings-desk:player:prefs', JSON.stringify({ rate: 'fast', volume: 7, muted: 'yes' }));
    localStorage.setItem('earnings-desk:player:positions', JSON.stringify({ 'recording:7': { t: -40, at: 1 } }));
    setup();
    expect(player.getState()).toMatchObject({ rate: 1, volume: 1, muted: false });
    player.load(recording(), { autoplay: false });
    expect(player.getState().currentTime).toBe(0);

    localStorage.setItem('earnings-desk:player:prefs', '{not json');
    localStorage.setItem('earnings-desk:player:positions', '[1,2]');
    detach();
    setup();
    expect(player.getState().rate).toBe(1);
    player.setRate(99);
    expect(player.getState().rate).toBe(3);
  });
});

describe('errors', () => {
  it('a fatal media error is recovered once; a second one hands over to the MP3 at the same place', async () => {
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    player.load(recording());
    await flush();
    const hls = instances[0]!;
    media.advance(42);
    hls.emit('hlsError', { fatal: false, type: 'mediaError', details: 'bufferStalledError' });
    expect(hls.calls).not.toContain('recoverMediaError');
    hls.emit('hlsError', { fatal: true, type: 'mediaError', details: 'bufferAppendError' });
    expect(hls.calls.filter((c) => c === 'recoverMediaError')).toHaveLength(1);
    hls.emit('hlsError', { fatal: true, type: 'mediaError', details: 'bufferAppendError' });
    expect(hls.calls.filter((c) => c === 'recoverMediaError')).toHaveLength(1);
    expect(hls.calls).toContain('destroy');
    await flush();
    expect(media.sources.at(-1)).toBe('https://files.example/audio/7.mp3');
    expect(media.currentTime).toBe(42);
    expect(player.getState()).toMatchObject({ engine: 'file', playing: true, error: null });
    expect(player.getState().notice).toMatch(/Playing the MP3 file instead/);
  });

  it('fatal network errors are retried with growing delays a bounded number of times, then give up on the stream', async () => {
    vi.useFakeTimers();
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    player.load(recording({ fileUrl: undefined }));
    await vi.advanceTimersByTimeAsync(0);
    const hls = instances[0]!;
    // The playlist never arrived: load it again.
    hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'manifestLoadError' });
    expect(player.getState().notice).toBe('Connection problem: retrying (1 of 3)…');
    await vi.advanceTimersByTimeAsync(499);
    expect(hls.calls.filter((c) => c.startsWith('loadSource'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(hls.calls.filter((c) => c.startsWith('loadSource'))).toHaveLength(2);

    // Once it has: restart loading where the playhead is, after 1 s, then 2 s.
    hls.emit('hlsManifestParsed', {});
    hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'fragLoadError', frag: { sn: 3 } });
    await vi.advanceTimersByTimeAsync(1000);
    hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'fragLoadError', frag: { sn: 3 } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(hls.calls.filter((c) => c.startsWith('startLoad'))).toHaveLength(2);

    // Retries used up, no MP3: a message and a stop, no loop.
    hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'fragLoadError', frag: { sn: 3 } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hls.calls.filter((c) => c.startsWith('startLoad'))).toHaveLength(2);
    expect(hls.calls).toContain('destroy');
    expect(player.getState()).toMatchObject({ playing: false, buffering: false, loaded: false });
    expect(player.getState().error).toMatch(/kept failing to load \(an audio segment could not be loaded\)\. Playback stopped\./);

    // Retry starts afresh, from the same place.
    player.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(instances).toHaveLength(2);
    expect(player.getState()).toMatchObject({ error: null, playing: true, engine: 'hls.js' });
  });

  it('a segment that loads after a retry earns later trouble a fresh set of retries', async () => {
    vi.useFakeTimers();
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    player.load(recording());
    await vi.advanceTimersByTimeAsync(0);
    const hls = instances[0]!;
    hls.emit('hlsManifestParsed', {});
    for (let round = 0; round < 5; round++) {
      hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'fragLoadError', frag: { sn: round } });
      await vi.advanceTimersByTimeAsync(500);
      hls.emit('hlsFragBuffered', { frag: { sn: round + 1 } });
    }
    expect(hls.calls.filter((c) => c.startsWith('startLoad'))).toHaveLength(5);
    expect(player.getState().engine).toBe('hls.js');
  });

  it('the retrying notice goes once the failed segment arrives, even if playback never had to stop', async () => {
    vi.useFakeTimers();
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    player.load(recording());
    await vi.advanceTimersByTimeAsync(0);
    const hls = instances[0]!;
    hls.emit('hlsManifestParsed', {});
    hls.emit('hlsError', { fatal: true, type: 'networkError', details: 'fragLoadError', frag: { sn: 12 } });
    expect(player.getState().notice).toBe('Connection problem: retrying (1 of 3)…');
    await vi.advanceTimersByTimeAsync(500);
    hls.emit('hlsFragBuffered', { frag: { sn: 11 } });
    expect(player.getState().notice).toBe('Connection problem: retrying (1 of 3)…');
    hls.emit('hlsFragBuffered', { frag: { sn: 12 } });
    expect(player.getState().notice).toBeNull();
    expect(player.getState()).toMatchObject({ engine: 'hls.js', error: null });
  });

  it('an MP3 that fails ends in a message; nothing plays on silently', async () => {
    setup();
    player.load(recording({ streamUrl: undefined }));
    await flush();
    media.failWith(2);
    expect(player.getState()).toMatchObject({ playing: false, loaded: false, error: 'The audio file could not be loaded.' });
  });

  it('wanting to play and getting no audio for too long ends in a message', async () => {
    vi.useFakeTimers();
    setup({ loadHls: async () => null, timings: { stallMs: 5000 } });
    player.load(recording());
    await vi.advanceTimersByTimeAsync(0);
    media.dispatchEvent(new Event('waiting'));
    Object.assign(media, { readyState: 2 });
    media.dispatchEvent(new Event('waiting'));
    expect(player.getState().buffering).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(player.getState().error).toMatch(/No audio arrived for 5 seconds/);
  });
});

describe('live sources', () => {
  it('plays a live stream with hls.js, never resumes it, knows its edge and goes live', async () => {
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    localStorage.setItem('earnings-desk:player:positions', JSON.stringify({ 'live:9': { t: 50, at: 1 } }));
    player.load({ kind: 'live', key: 'live:9', liveId: 9, title: 'Q4 call', artist: 'Bryrite', streamUrl: 'https://files.example/live/9/index.m3u8' });
    await flush();
    const hls = instances[0]!;
    expect(hls.config.startPosition).toBe(-1);
    expect(player.getState()).toMatchObject({ engine: 'hls.js', duration: Infinity, live: { atEdge: true, ended: false } });

    hls.liveSyncPosition = 120;
    media.currentTime = 60;
    hls.emit('hlsLevelUpdated', { details: { live: true, edge: 126 } });
    await flush();
    expect(player.getState().live).toEqual({ edge: 120, atEdge: false, ended: false });
    player.goLive();
    expect(media.currentTime).toBe(120);
    await flush();
    expect(player.getState().live?.atEdge).toBe(true);
    // Leaving a live stream remembers nothing to resume.
    player.close();
    expect(JSON.parse(localStorage.getItem('earnings-desk:player:positions')!)).toEqual({ 'live:9': { t: 50, at: 1 } });
  });

  it('when the call ends (the playlist reload brings #EXT-X-ENDLIST), says so, plays what was streamed to its end and seeks over all of it', async () => {
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    player.load({ kind: 'live', key: 'live:9', liveId: 9, title: 'Q4 call', streamUrl: 'https://files.example/live/9/index.m3u8' });
    await flush();
    const hls = instances[0]!;
    // While live, hls.js gives the element the playlist's length so far; the player still says live.
    hls.liveSyncPosition = 1480;
    Object.assign(media, { duration: 1486, readyState: 4 });
    media.currentTime = 1470;
    hls.emit('hlsLevelUpdated', { details: { live: true, edge: 1486 } });
    await flush();
    expect(player.getState()).toMatchObject({ duration: Infinity, live: { ended: false } });

    // The next reload: the playlist is closed at 1500.4 s.
    Object.assign(media, { duration: 1500.4 });
    hls.emit('hlsLevelUpdated', { details: { live: false, edge: 1500.4 } });
    await flush();
    expect(player.getState()).toMatchObject({ duration: 1500.4, live: { ended: true, edge: 1500.4 }, playing: true, error: null });
    // Nothing to go live to any more.
    player.goLive();
    expect(media.currentTime).toBe(1470);
    // Seeking reaches back to the call's start and no further than its end.
    player.seek(12);
    expect(media.currentTime).toBe(12);
    player.seek(5000);
    expect(media.currentTime).toBe(1500.4);
    await flush();
    expect(player.getState().live?.ended).toBe(true);
    // What was streamed plays to its end, which is the end.
    Object.assign(media, { ended: true });
    media.dispatchEvent(new Event('ended'));
    await flush();
    expect(player.getState()).toMatchObject({ ended: true, playing: false, live: { ended: true } });
  });

  it('knows a call ended with native HLS too: the element gives the stream a length', async () => {
    setup({ loadHls: async () => null });
    media.nativeHls = 'maybe';
    // Safari: an open live playlist has no length.
    media.mediaDuration = Infinity;
    player.load({ kind: 'live', key: 'live:9', liveId: 9, title: 'Q4 call', streamUrl: 'https://files.example/live/9/index.m3u8' });
    await flush();
    expect(player.getState()).toMatchObject({ engine: 'native-hls', duration: Infinity, live: { ended: false } });
    Object.assign(media, { duration: 1500.4 });
    media.dispatchEvent(new Event('durationchange'));
    await flush();
    expect(player.getState()).toMatchObject({ duration: 1500.4, live: { ended: true, edge: 1500.4 } });
  });

  it('a live stream loaded at a moment (a bookmark made while live) starts there, not at the edge', async () => {
    const { Hls, instances } = fakeHls();
    setup({ loadHls: async () => Hls });
    player.load({ kind: 'live', key: 'live:9', liveId: 9, title: 'Q4 call', streamUrl: 'https://files.example/live/9/index.m3u8' }, { startAt: 93.5 });
    await flush();
    expect(instances[0]!.config.startPosition).toBe(93.5);
  });
});

describe('deep links (?t=)', () => {
  it.each([
    ['90', 90],
    ['90.5', 90.5],
    ['1:30', 90],
    ['01:02:03', 3723],
    [90, 90],
  ])('%s is %s seconds', (value, seconds) => {
    expect(parseTimeParam(value)).toBe(seconds);
  });

  it.each(['-5', 'abc', '1:75', '', '1:2:3:4', null, -3, Number.NaN])('%s is no time', (value) => {
    expect(parseTimeParam(value)).toBeUndefined();
  });
});
