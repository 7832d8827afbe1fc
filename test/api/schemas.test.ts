/**
 * src/api/schemas.ts on its own: loose objects, strict types, and exactly the nulls upstream is
 * known to send. (The live-record helpers are in live.test.ts, safeHttpUrl in test/web/safe-url.test.ts.)
 */
import { describe, expect, it } from 'vitest';
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
} from '../../src/api/schemas.ts';
import { sandbox, sandboxJson, useSandboxServer } from '../support/sandbox-server.ts';

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
      expect(LIVE_STATES).toEqual([
        'notLive',
        'willBeLive',
        'live',
        'processingRecording',
        'recordingAvailable',
        'liveFailedInterrupted',
        'liveFailedNoAccess',
        'liveFailedNotStarted',
        'processingRecordingFailed',
      ]);
    });
  });
});
