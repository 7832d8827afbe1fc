/**
 * The schemas on their own: loose objects, strict types, and exactly the nulls upstream is known
 * to send. Plus the live-record helpers and safeHttpUrl, which the UI applies to every URL in data.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { fetchLiveAudioForEvent, liveQueries, liveRefetchInterval } from '../../src/api/live.ts';
import {
  audioSchema,
  companySchema,
  documentSchema,
  isKnownLiveState,
  LIVE_STATES,
  liveAudioSchema,
  page,
  segmentSchema,
  single,
  type LiveAudio,
} from '../../src/api/schemas.ts';
import { safeHttpUrl } from '../../src/lib/safe-url.ts';
import { apiPath, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const samples = sandbox.sampleIds();

describe('schemas', () => {
  it('accept every record the sandbox serves for a sample of list pages', async () => {
    const checks: [string, ReturnType<typeof page>][] = [
      ['/companies?limit=80', page(companySchema)],
      [`/companies/${samples.companyId}/segments?limit=100`, page(segmentSchema)],
      ['/audio?limit=200&expand=event', page(audioSchema)],
      ['/documents/transcripts?limit=200&expand=event&direction=desc', page(documentSchema)],
    ];
    for (const [path, schema] of checks) {
      const result = schema.safeParse(await sandboxJson(path));
      expect(result.success, `${path}: ${result.error?.message}`).toBe(true);
    }
  });

  it('keep unknown fields (loose objects) at every level', () => {
    const parsed = single(companySchema).parse({
      data: {
        id: 1,
        name: 'N',
        displayName: 'N',
        country: 'US',
        tickers: [{ ticker: 'T', exchange: 'NYSE', primary: true }],
        isins: [],
        backlinkUrl: 'https://x.example/',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        sector: 'Energy',
      },
      requestId: 'abc',
    });
    expect(parsed.data).toMatchObject({ sector: 'Energy', tickers: [{ primary: true }] });
    expect(parsed).toMatchObject({ requestId: 'abc' });
  });

  it('reject a wrong type (strict types), including a number sent as a string', () => {
    const record = {
      companyId: 1,
      createdAt: 'a',
      updatedAt: 'a',
      fiscalYear: 2025,
      reportDate: 'a',
      segmentItem: 'Revenue',
      segmentCategory: 'Business',
      total: 10,
      totalUnit: 'MUSD',
      other: '0 (0%)',
      items: [{ name: 'A', value: -2 }],
      itemUnit: 'MUSD',
    };
    expect(segmentSchema.safeParse(record).success).toBe(true);
    expect(segmentSchema.safeParse({ ...record, total: '10' }).success).toBe(false);
    expect(segmentSchema.safeParse({ ...record, fiscalYear: 2025.5 }).success).toBe(false);
    expect(segmentSchema.safeParse({ ...record, items: [{ name: 'A', value: null }] }).success).toBe(false);
  });

  it('page(): nextCursor may be a number, null, or missing (normalised to null)', () => {
    const schema = page(companySchema);
    expect(schema.parse({ data: [], pagination: { nextCursor: 24 } }).pagination.nextCursor).toBe(24);
    expect(schema.parse({ data: [], pagination: { nextCursor: null } }).pagination.nextCursor).toBeNull();
    expect(schema.parse({ data: [], pagination: {} }).pagination.nextCursor).toBeNull();
    expect(schema.safeParse({ data: [], pagination: { nextCursor: '24' } }).success).toBe(false);
    expect(schema.safeParse({ data: {}, pagination: {} }).success).toBe(false);
  });

  describe('live audio', () => {
    const base = {
      id: 9,
      eventId: 9,
      companyId: 2,
      date: '2026-11-21T12:00:00.000Z',
      createdAt: '2026-11-07T12:00:00.000Z',
      updatedAt: '2026-11-21T12:00:00.000Z',
    };

    it('audio and wentLiveAt may be null, or absent (read as null)', () => {
      expect(liveAudioSchema.parse({ ...base, state: 'notLive', audio: null, wentLiveAt: null })).toMatchObject({ audio: null, wentLiveAt: null });
      expect(liveAudioSchema.parse({ ...base, state: 'notLive' })).toMatchObject({ audio: null, wentLiveAt: null });
      expect(liveAudioSchema.safeParse({ ...base, state: 'live', audio: 42 }).success).toBe(false);
    });

    it('state: any string is accepted (future values are shown, not a crash); a non-string is not', () => {
      const future = liveAudioSchema.parse({ ...base, state: 'liveOnMars' });
      expect(future.state).toBe('liveOnMars');
      expect(isKnownLiveState(future.state)).toBe(false);
      expect(isKnownLiveState('processingRecording')).toBe(true);
      expect(liveAudioSchema.safeParse({ ...base, state: 3 }).success).toBe(false);
      expect(LIVE_STATES).toHaveLength(9);
    });

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

    it('forEvent: a record that belongs to another event is "not found"', async () => {
      const real = await sandboxJson<{ data: Record<string, unknown> }>(`/live/audio/${samples.liveEventId}`);
      server.use(http.get(apiPath('/live/audio/:id'), () => HttpResponse.json({ data: { ...real.data, eventId: 1 } })));
      const error = await fetchLiveAudioForEvent(samples.liveEventId!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    });
  });
});

describe('safeHttpUrl', () => {
  it.each([
    ['https://ir.calaneon.example/', 'https://ir.calaneon.example/'],
    ['http://localhost:3000/sandbox-files/audio/1.mp3', 'http://localhost:3000/sandbox-files/audio/1.mp3'],
    ['  https://a.example/x?y=1#z  ', 'https://a.example/x?y=1#z'],
    ['HTTPS://A.EXAMPLE', 'https://a.example/'],
  ])('accepts %s', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'ftp://files.example/x',
    'file:///etc/passwd',
    '//evil.example/x',
    '/relative/path',
    'relative',
    'https://user:pass@evil.example/',
    'http://',
    '',
    '   ',
  ])('rejects %j', (input) => {
    expect(safeHttpUrl(input)).toBeUndefined();
  });

  it('rejects what is not a string', () => {
    expect(safeHttpUrl(undefined)).toBeUndefined();
    expect(safeHttpUrl(null)).toBeUndefined();
    expect(safeHttpUrl(42)).toBeUndefined();
    expect(safeHttpUrl({ href: 'https://a.example' })).toBeUndefined();
  });
});
