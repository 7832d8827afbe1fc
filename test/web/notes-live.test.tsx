/**
 * A bookmark or highlight made while a call was live (its event only: no recording yet), played
 * from My notes against the sandbox, whose clock the tests move: the live stream from that moment
 * while the call is live, a calm line while its recording is processed, the recording at the same
 * moment once it is listed (and the item listed on the recording's page); and the docked player's
 * LIVE badge giving way to "Ended" when the stream ends.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AudioRecord, LiveAudio } from '../../src/api/schemas.ts';
import { notes, type Bookmark, type Highlight } from '../../src/lib/notes/index.ts';
import { player } from '../../src/lib/player/index.ts';
import { toLiveSource } from '../../src/lib/player/live-source.ts';
import { markPlayerActive } from '../../src/lib/player/presence.ts';
import { renderApp } from '../support/render-app.tsx';
import { clock, sandbox, sandboxJson, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

useSandboxServer();
const stage = usePlayerStage();

const liveId = sandbox.sampleIds().liveId!;

async function liveRecord(): Promise<LiveAudio> {
  return (await sandboxJson<{ data: LiveAudio }>(`/live/audio/${liveId}`)).data;
}

/** Moves the sandbox clock on, 5 s at a time, until the call's live record is in `state`. */
async function untilState(state: string): Promise<void> {
  for (let step = 0; step < 2000; step++) {
    if ((await liveRecord()).state === state) return;
    clock.advance(5_000);
  }
  throw new Error(`live record ${liveId} never reached ${state}`);
}

async function kept(): Promise<{ bookmark: Bookmark; highlight: Highlight; eventId: number }> {
  const record = await liveRecord();
  const call = { eventId: record.eventId, companyId: record.companyId, company: 'Streamco', event: 'Q4 2026 earnings call' };
  const bookmark: Bookmark = {
    id: 'b-live',
    kind: 'bookmark',
    call,
    at: 42,
    note: 'Said while live',
    createdAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
  };
  const highlight: Highlight = {
    id: 'h-live',
    kind: 'highlight',
    call,
    start: 12.5,
    end: 18,
    quote: 'We raised the outlook.',
    color: 'yellow',
    note: '',
    createdAt: '2026-11-21T12:00:01.000Z',
    updatedAt: '2026-11-21T12:00:01.000Z',
  };
  await notes.put(bookmark);
  await notes.put(highlight);
  return { bookmark, highlight, eventId: record.eventId };
}

/** My notes, with the docked player given a stand-in element that plays HLS natively (as Safari does). */
async function openNotes(options: { streamLength?: number } = {}) {
  const result = await renderApp('/notes');
  await screen.findByRole('heading', { level: 1, name: 'My notes' });
  act(() => markPlayerActive());
  await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
  const media = new FakeMedia();
  media.nativeHls = 'maybe';
  // An open live playlist has no length.
  media.mediaDuration = options.streamLength ?? Infinity;
  stage.attach(media);
  return { ...result, media };
}

describe('▶ on an item kept while the call was live', () => {
  it('plays the live stream from the bookmark’s moment while the call is live', async () => {
    expect((await liveRecord()).state).toBe('live');
    await kept();
    const { user, media } = await openNotes();

    await user.click(await screen.findByRole('button', { name: 'Play from 0:42' }));
    await waitFor(() => expect(media.currentTime).toBe(42));
    expect(media.sources).toEqual([`${TEST_ORIGIN}/sandbox-files/live/${liveId}/index.m3u8`]);
    expect(player.getState()).toMatchObject({
      source: { kind: 'live', key: `live:${liveId}`, title: 'Q4 2026 earnings call', artist: 'Streamco' },
      playing: true,
    });
    const dock = screen.getByRole('region', { name: 'Player' });
    expect(within(dock).getByText('LIVE')).toBeInTheDocument();

    // A highlight of the same call moves within the stream already playing, and stops at its end.
    await user.click(screen.getByRole('button', { name: 'Play highlight 0:12–0:18' }));
    await waitFor(() => expect(media.currentTime).toBe(12.5));
    expect(media.sources).toHaveLength(1);
    expect(player.getState().clip).toEqual({ start: 12.5, end: 18 });
  });

  it('says calmly that the recording is being processed once the call has ended, and plays nothing', async () => {
    await kept();
    await untilState('processingRecording');
    const { user, media } = await openNotes();

    await user.click(await screen.findByRole('button', { name: 'Play from 0:42' }));
    expect(
      await screen.findByText('The call has ended and its recording is being processed: once it is published, this plays from it, at the same moment.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(player.getState().source).toBeNull();
    expect(media.sources).toEqual([]);
  });

  it('while the recording is processed, moves within the ended stream when it is still in the player', async () => {
    await kept();
    const record = await liveRecord();
    const { user, media } = await openNotes();
    act(() => player.load(toLiveSource(record, { title: 'Q4 2026 earnings call', artist: 'Streamco' })!, { startAt: 200 }));
    await waitFor(() => expect(media.currentTime).toBe(200));
    await untilState('processingRecording');
    // The playlist was closed: the element knows the stream's length.
    act(() => {
      Object.assign(media, { duration: 1500.4 });
      media.dispatchEvent(new Event('durationchange'));
    });
    expect(player.getState().live?.ended).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Play from 0:42' }));
    await waitFor(() => expect(media.currentTime).toBe(42));
    expect(media.sources).toEqual([`${TEST_ORIGIN}/sandbox-files/live/${liveId}/index.m3u8`]);
    expect(screen.queryByText(/being processed/)).not.toBeInTheDocument();
  });

  it('plays the recording at the bookmark’s moment once it is listed, and lists the bookmark on the recording’s page', async () => {
    const { eventId } = await kept();
    await untilState('recordingAvailable');
    const audio = (await sandboxJson<{ data: AudioRecord[] }>(`/audio?eventIds=${eventId}`)).data[0]!;
    expect(audio).toBeDefined();
    const { user, media, router } = await openNotes({ streamLength: 300 });

    await user.click(await screen.findByRole('button', { name: 'Play from 0:42' }));
    await waitFor(() => expect(media.currentTime).toBe(42));
    expect(player.getState().source).toMatchObject({ kind: 'recording', key: `recording:${audio.id}`, audioId: audio.id });
    expect(media.sources).toEqual([audio.streamUrl]);

    // The recording's page lists the items kept while its call was live, on their times.
    await act(() => router.navigate({ to: '/recordings/$audioId', params: { audioId: audio.id } }));
    const list = await screen.findByRole('list', { name: 'Bookmarks and highlights' });
    expect(
      within(list)
        .getAllByRole('button', { name: /^Play/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Play highlight 0:12–0:18', 'Play from 0:42']);
  });
});

describe('the docked player on a live call', () => {
  it('keeps a bookmark by the call’s event and day (no recording yet), listed in My notes', async () => {
    const record = await liveRecord();
    const { user, media } = await openNotes();
    act(() => player.load(toLiveSource(record, { title: 'Q4 2026 earnings call', artist: 'Streamco' })!, { startAt: 61 }));
    await waitFor(() => expect(media.currentTime).toBe(61));
    const dock = screen.getByRole('region', { name: 'Player' });
    await user.click(within(dock).getByRole('button', { name: 'Bookmark this moment' }));
    await user.keyboard('{Escape}');

    expect(notes.getSnapshot().items.map((item) => item.call)).toEqual([
      { eventId: record.eventId, companyId: record.companyId, company: 'Streamco', event: 'Q4 2026 earnings call', date: record.date },
    ]);
    const section = await screen.findByRole('region', { name: 'Streamco' });
    expect(within(section).getByRole('link', { name: 'Q4 2026 earnings call' })).toHaveAttribute('href', `/events/${record.eventId}`);
    expect(within(section).getByRole('button', { name: 'Play from 1:01' })).toBeInTheDocument();
  });

  it('shows LIVE while the stream is open, and "Ended" with the call’s length once it is closed', async () => {
    await kept();
    const { user, media } = await openNotes();
    await user.click(await screen.findByRole('button', { name: 'Play from 0:42' }));
    const dock = screen.getByRole('region', { name: 'Player' });
    await waitFor(() => expect(within(dock).getByText('LIVE')).toBeInTheDocument());

    // The playlist reload that closes it: the element now knows the stream's length.
    act(() => {
      Object.assign(media, { duration: 1500.4 });
      media.dispatchEvent(new Event('durationchange'));
    });
    await waitFor(() => expect(within(dock).queryByText('LIVE')).not.toBeInTheDocument());
    expect(within(dock).getByText('Ended')).toBeInTheDocument();
    expect(within(dock).getByText('The call has ended: what was streamed plays to its end.')).toHaveAttribute('role', 'status');
    expect(within(dock).queryByRole('button', { name: 'Go live' })).not.toBeInTheDocument();
    expect(within(dock).getByText('25:00')).toBeInTheDocument();
    expect(within(dock).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '42 seconds of 25 minutes');
    expect(player.getState().playing).toBe(true);
  });
});
