/** src/api/live.ts: how often a live record is polled, and the live record of an event. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { fetchLiveAudioForEvent, listRefetchInterval, liveQueries, liveRefetchInterval } from '../../src/api/live.ts';
import type { LiveAudio } from '../../src/api/schemas.ts';
import { apiPath, sandbox, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const samples = sandbox.sampleIds();

describe('live audio', () => {
  const base = {
    id: 9,
    eventId: 9,
    companyId: 2,
    date: '2026-11-21T12:00:00.000Z',
    createdAt: '2026-11-07T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
  };

  it('polls while the state can change, stops once it cannot', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(liveRefetchInterval('live')).toBe(5_000);
    expect(liveRefetchInterval('willBeLive', '2026-11-21T12:10:00Z', now)).toBe(5_000);
    // Within a minute of the scheduled start, and after it, faster: the moment it goes live matters.
    expect(liveRefetchInterval('willBeLive', '2026-11-21T12:00:45Z', now)).toBe(2_000);
    expect(liveRefetchInterval('willBeLive', '2026-11-21T11:59:00Z', now)).toBe(2_000);
    expect(liveRefetchInterval('processingRecording')).toBe(5_000);
    expect(liveRefetchInterval('notLive')).toBe(30_000);
    expect(liveRefetchInterval('liveOnMars')).toBe(30_000);
    for (const state of ['recordingAvailable', 'liveFailedInterrupted', 'liveFailedNoAccess', 'liveFailedNotStarted', 'processingRecordingFailed']) {
      expect(liveRefetchInterval(state)).toBe(false);
    }
    expect(liveRefetchInterval(undefined)).toBe(false);
    const interval = liveQueries.detail(1).refetchInterval as (query: { state: { data?: LiveAudio } }) => number | false;
    expect(interval({ state: { data: { ...base, state: 'live', audio: null, wentLiveAt: null } } })).toBe(5_000);
  });

  it('forEvent: found in /live/audio?eventIds; a listed record of another event is none; an event without one is none', async () => {
    const eventId = samples.liveEventId!;
    expect(await fetchLiveAudioForEvent(eventId)).toMatchObject({ kind: 'record', record: { id: eventId + 764, eventId } });
    expect(await fetchLiveAudioForEvent(99_999_999)).toEqual({ kind: 'none' });
    const real = await sandboxJson<{ data: Record<string, unknown> }>(`/live/audio/${eventId + 764}`);
    server.use(http.get(apiPath('/live/audio'), () => HttpResponse.json({ data: [{ ...real.data, eventId: 1 }], pagination: { nextCursor: null } })));
    expect(await fetchLiveAudioForEvent(eventId)).toEqual({ kind: 'none' });
  });

  it('forEvent: without the list (strict contract) it is unknown, and the event id is never asked as a live id', async () => {
    const eventId = samples.liveEventId!;
    server.use(http.get(apiPath('/live/audio'), () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })));
    seenRequests.length = 0;
    expect(await fetchLiveAudioForEvent(eventId)).toEqual({ kind: 'unknown' });
    // Remembered: the next event asks nothing at all.
    expect(await fetchLiveAudioForEvent(eventId + 1)).toEqual({ kind: 'unknown' });
    expect(seenRequests.map((u) => new URL(u).pathname)).toEqual(['/public/v3/live/audio']);
  });

  it('forEvent: other failures are errors, not "none"', async () => {
    server.use(http.get(apiPath('/live/audio'), () => HttpResponse.json({ statusCode: 500, message: 'Internal server error' }, { status: 500 })));
    await expect(fetchLiveAudioForEvent(samples.liveEventId!)).rejects.toBeInstanceOf(ApiError);
  });

  it('forEvent polls like the record it found, and not when there is none', () => {
    const interval = liveQueries.forEvent(1).refetchInterval as (query: { state: { data?: unknown } }) => number | false;
    expect(interval({ state: { data: { kind: 'record', record: { ...base, state: 'live', audio: null, wentLiveAt: null } } } })).toBe(5_000);
    expect(interval({ state: { data: { kind: 'record', record: { ...base, state: 'recordingAvailable', audio: null, wentLiveAt: null } } } })).toBe(false);
    expect(interval({ state: { data: { kind: 'none' } } })).toBe(false);
    expect(interval({ state: { data: { kind: 'unknown' } } })).toBe(false);
  });
});

describe('a list of live records (the board)', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const record = (state: string, date: string) => ({ id: 1, eventId: 1, companyId: 1, state, date }) as unknown as LiveAudio;
  const list = (...items: LiveAudio[]) => ({ available: true as const, value: { items, complete: true, requests: 1 } });

  it('is re-read at the pace of its most urgent call, but never faster than every 5 s', () => {
    // A call 45 s from its start asks a page following it for 2 s; the list stays at 5 s.
    expect(listRefetchInterval(list(record('willBeLive', '2026-11-21T12:00:45Z'), record('notLive', '2026-11-21T14:00:00Z')), now)).toBe(5_000);
    expect(listRefetchInterval(list(record('notLive', '2026-11-21T14:00:00Z')), now)).toBe(30_000);
    expect(listRefetchInterval(list(record('recordingAvailable', '2026-11-21T10:00:00Z')), now)).toBe(false);
    expect(listRefetchInterval({ available: false, extension: 'live' }, now)).toBe(false);
  });
});
