/**
 * Every endpoint's queryOptions against real sandbox data: the request reaches the right URL, the
 * body validates, and nothing is lost on the way (the result equals what the sandbox sent).
 */
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { audioQueries, fetchAudioChapters } from '../../src/api/audio.ts';
import { companyQueries, fetchCompanySegments } from '../../src/api/companies.ts';
import { documentTypeQueries } from '../../src/api/document-types.ts';
import { documentQueries } from '../../src/api/documents.ts';
import { eventTypeQueries } from '../../src/api/event-types.ts';
import { eventQueries } from '../../src/api/events.ts';
import { liveQueries } from '../../src/api/live.ts';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import { LIVE_STATES } from '../../src/api/schemas.ts';
import { sandbox, sandboxJson, seenRequests, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = createTestQueryClient();
});

const samples = sandbox.sampleIds();
const withAudio = samples.eventWithAudioAndTranscript!;

/** The single request made since the test started, as path + query. */
function lastRequest(): string {
  const url = new URL(seenRequests.at(-1)!);
  return `${url.pathname}${url.search}`;
}

interface Single<T = Record<string, unknown>> {
  data: T;
}

describe('the sandbox offers what these tests need', () => {
  it('has a recording with a transcript, a PDF, a live call and an announced one', () => {
    expect(withAudio).toBeDefined();
    expect(samples.pdfDocumentId).toBeDefined();
    expect(samples.liveEventId).toBeDefined();
    expect(samples.willBeLiveEventId).toBeDefined();
  });
});

describe('companies', () => {
  it('1. list: one page of companies, validated and complete', async () => {
    const result = await queryClient.fetchQuery(companyQueries.list({ limit: 5 }));
    expect(lastRequest()).toBe('/public/v3/companies?limit=5');
    const raw = await sandboxJson<{ data: { tickers: { ticker: string; exchange: string }[] }[] }>('/companies?limit=5');
    // The same records, without the generic BASE listing the service adds beside each real one.
    expect(raw.data[0]!.tickers.filter((t) => t.exchange === 'BASE')).toHaveLength(1);
    expect(result).toEqual({ ...raw, data: raw.data.map((c) => ({ ...c, tickers: c.tickers.filter((t) => t.exchange !== 'BASE') })) });
    expect(result.data).toHaveLength(5);
    expect(result.data[0]).toMatchObject({ id: 1, tickers: expect.any(Array), isins: expect.any(Array) });
    expect(result.data.flatMap((c) => c.tickers.map((t) => t.exchange))).not.toContain('BASE');
    expect(result.pagination.nextCursor).toEqual(expect.any(Number));
  });

  it('1. list: every filter becomes the right query string, and the results honour it', async () => {
    const first = await sandboxJson<Single<{ id: number; country: string; tickers: { ticker: string; exchange: string }[]; isins: string[] }>>(
      `/companies/${samples.companyId}`,
    );
    const company = first.data;
    const ticker = company.tickers[0]!;
    const result = await queryClient.fetchQuery(
      companyQueries.list({
        countries: [company.country, 'ZZ'],
        exchanges: [ticker.exchange],
        tickers: [ticker.ticker],
        isins: [company.isins[0]!],
        ids: [company.id, 1],
        updatedAfter: '2000-01-01',
        updatedBefore: '2100-01-01T00:00:00.000Z',
        limit: 20,
        direction: 'desc',
      }),
    );
    const url = new URL(seenRequests.at(-1)!);
    expect(url.pathname).toBe('/public/v3/companies');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      countries: `${company.country},ZZ`,
      exchanges: ticker.exchange,
      tickers: ticker.ticker,
      isins: company.isins[0],
      ids: `${company.id},1`,
      updatedAfter: '2000-01-01',
      updatedBefore: '2100-01-01T00:00:00.000Z',
      limit: '20',
      direction: 'desc',
    });
    // Lists keep commas literal (the contract's "comma-separated, no blanks").
    expect(url.search).toContain(`ids=${company.id},1`);
    expect(result.data.map((c) => c.id)).toContain(company.id);
    for (const c of result.data) expect([company.country, 'ZZ']).toContain(c.country);
  });

  it('1. list: passes a received cursor back, and leaves out empty filters', async () => {
    const first = await queryClient.fetchQuery(companyQueries.list({ limit: 3 }));
    const cursor = first.pagination.nextCursor!;
    const second = await queryClient.fetchQuery(companyQueries.list({ limit: 3, cursor, countries: [], tickers: undefined, updatedAfter: '' }));
    expect(lastRequest()).toBe(`/public/v3/companies?limit=3&cursor=${cursor}`);
    expect(second.data.map((c) => c.id)).toEqual([4, 5, 6]);
  });

  it('2. detail: one company', async () => {
    const company = await queryClient.fetchQuery(companyQueries.detail(samples.companyId));
    expect(lastRequest()).toBe(`/public/v3/companies/${samples.companyId}`);
    const raw = (await sandboxJson<Single<{ tickers: { ticker: string; exchange: string }[] }>>(`/companies/${samples.companyId}`)).data;
    expect(company).toEqual({ ...raw, tickers: raw.tickers.filter((t) => t.exchange !== 'BASE') });
  });

  it('3. segments: one page, with limit, cursor and direction', async () => {
    const id = samples.companyId;
    const first = await fetchCompanySegments(id, { limit: 2, direction: 'asc' });
    expect(lastRequest()).toBe(`/public/v3/companies/${id}/segments?limit=2&direction=asc`);
    expect(first).toEqual(await sandboxJson(`/companies/${id}/segments?limit=2&direction=asc`));
    expect(first.data[0]).toMatchObject({ companyId: id, items: expect.any(Array), total: expect.any(Number) });

    const cursor = first.pagination.nextCursor!;
    const second = await fetchCompanySegments(id, { limit: 2, cursor, direction: 'asc' });
    expect(lastRequest()).toBe(`/public/v3/companies/${id}/segments?limit=2&direction=asc&cursor=${cursor}`);
    expect(second).toEqual(await sandboxJson(`/companies/${id}/segments?limit=2&direction=asc&cursor=${cursor}`));
  });

  it('3. segments: segmentsAll walks every page to the end', async () => {
    const id = samples.companyId;
    const all = await sandboxJson<{ data: unknown[] }>(`/companies/${id}/segments?limit=500`);
    expect(all.data.length).toBeGreaterThan(0);
    expect((await queryClient.fetchQuery(companyQueries.segmentsAll(id))).items).toEqual(all.data);
  });
});

describe('events and event types', () => {
  it('4. event detail', async () => {
    const event = await queryClient.fetchQuery(eventQueries.detail(withAudio.eventId));
    expect(lastRequest()).toBe(`/public/v3/events/${withAudio.eventId}`);
    expect(event).toEqual((await sandboxJson<Single>(`/events/${withAudio.eventId}`)).data);
    expect(event.id).toBe(withAudio.eventId);
  });

  it('5. event type detail, cached for the session', async () => {
    const options = eventTypeQueries.detail(27);
    expect(options.staleTime).toBe(Infinity);
    expect(options.gcTime).toBe(Infinity);
    const type = await queryClient.fetchQuery(options);
    expect(lastRequest()).toBe('/public/v3/event-types/27');
    expect(type).toEqual((await sandboxJson<Single>('/event-types/27')).data);
    expect(type).toMatchObject({ id: 27, name: 'Q2', parent: 'Earnings Call' });

    // Asked again: served from the cache, no second request.
    const count = seenRequests.length;
    await queryClient.fetchQuery(eventTypeQueries.detail(27));
    expect(seenRequests).toHaveLength(count);
  });
});

describe('audio', () => {
  it('6. list: one page, with expand=event embedding the event summary', async () => {
    const result = await queryClient.fetchQuery(audioQueries.list({ limit: 3, expand: ['event'] }));
    expect(lastRequest()).toBe('/public/v3/audio?limit=3&expand=event');
    expect(result).toEqual(await sandboxJson('/audio?limit=3&expand=event'));
    for (const audio of result.data) {
      expect(audio.event).toMatchObject({ title: expect.any(String), date: expect.any(String) });
      expect(audio.fileUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/sandbox-files/`));
    }
  });

  it('6. list: every filter becomes the right query string, and the results honour it', async () => {
    const company = (
      await sandboxJson<Single<{ id: number; country: string; tickers: { ticker: string; exchange: string }[]; isins: string[] }>>(
        `/companies/${samples.companyId}`,
      )
    ).data;
    const ticker = company.tickers[0]!;
    const filters = {
      countries: [company.country],
      exchanges: [ticker.exchange],
      tickers: [ticker.ticker],
      isins: company.isins,
      companyIds: [company.id],
      eventIds: [withAudio.eventId, 1],
      startDate: '2020-01-01',
      endDate: '2026-12-31',
      updatedAfter: '2020-01-01T00:00:00Z',
      updatedBefore: '2030-01-01',
      expand: ['event'] as const,
      limit: 50,
      direction: 'desc' as const,
    };
    const result = await queryClient.fetchQuery(audioQueries.list(filters));
    const url = new URL(seenRequests.at(-1)!);
    expect(url.pathname).toBe('/public/v3/audio');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      countries: company.country,
      exchanges: ticker.exchange,
      tickers: ticker.ticker,
      isins: company.isins.join(','),
      companyIds: String(company.id),
      eventIds: `${withAudio.eventId},1`,
      startDate: '2020-01-01',
      endDate: '2026-12-31',
      updatedAfter: '2020-01-01T00:00:00Z',
      updatedBefore: '2030-01-01',
      expand: 'event',
      limit: '50',
      direction: 'desc',
    });
    expect(result.data.map((a) => a.id)).toEqual([withAudio.audioId]);
    expect(result.data[0]).toMatchObject({ companyId: company.id, eventId: withAudio.eventId, event: expect.any(Object) });
  });

  it('7. detail, with and without expand', async () => {
    const plain = await queryClient.fetchQuery(audioQueries.detail(withAudio.audioId));
    expect(lastRequest()).toBe(`/public/v3/audio/${withAudio.audioId}`);
    expect(plain).toEqual((await sandboxJson<Single>(`/audio/${withAudio.audioId}`)).data);
    expect(plain.event).toBeUndefined();
    expect(plain.audioMetadata).toMatchObject({ duration: expect.any(Number), mimetype: 'audio/mpeg' });

    const expanded = await queryClient.fetchQuery(audioQueries.detail(withAudio.audioId, { expand: ['event'] }));
    expect(lastRequest()).toBe(`/public/v3/audio/${withAudio.audioId}?expand=event`);
    expect(expanded.event).toEqual((await sandboxJson<Single>(`/audio/${withAudio.audioId}?expand=event`)).data.event);
  });

  it('8. chapters: one page, level 1 by default; levels=1,2 adds sub-sections', async () => {
    const id = withAudio.audioId;
    const top = await fetchAudioChapters(id);
    expect(lastRequest()).toBe(`/public/v3/audio/${id}/chapters`);
    expect(top).toEqual(await sandboxJson(`/audio/${id}/chapters`));
    expect(top.data.every((c) => c.level === 1)).toBe(true);

    const both = await fetchAudioChapters(id, { levels: [1, 2], limit: 100 });
    expect(lastRequest()).toBe(`/public/v3/audio/${id}/chapters?limit=100&levels=1,2`);
    expect(both).toEqual(await sandboxJson(`/audio/${id}/chapters?levels=1,2&limit=100`));
    expect(new Set(both.data.map((c) => c.level))).toEqual(new Set([1, 2]));
  });

  it('8. chapters: allChapters fetching every page', async () => {
    const id = withAudio.audioId;
    const expected = (await sandboxJson<{ data: unknown[] }>(`/audio/${id}/chapters?levels=1,2&limit=500`)).data;
    expect(expected.length).toBeGreaterThan(3);

    seenRequests.length = 0;
    const all = await queryClient.fetchQuery(audioQueries.allChapters(id, { levels: [1, 2], limit: 2 }));
    expect(all).toEqual(expected);
    expect(seenRequests).toHaveLength(Math.ceil(expected.length / 2));
  });
});

describe('live audio', () => {
  it('9. detail of a call that is live now: an HLS playlist, wentLiveAt set', async () => {
    const live = await queryClient.fetchQuery(liveQueries.detail(samples.liveId!));
    expect(lastRequest()).toBe(`/public/v3/live/audio/${samples.liveId}`);
    expect(live).toEqual((await sandboxJson<Single>(`/live/audio/${samples.liveId}`)).data);
    expect(live.state).toBe('live');
    expect(live.audio).toMatch(/\.m3u8$/);
    expect(live.wentLiveAt).toEqual(expect.any(String));
  });

  it('9. detail of an announced call: audio and wentLiveAt are null', async () => {
    const live = await queryClient.fetchQuery(liveQueries.detail(samples.willBeLiveId!));
    expect(live).toMatchObject({ state: 'willBeLive', audio: null, wentLiveAt: null });
  });

  it('9. follows a call through its states as the sandbox clock moves', async () => {
    const { clock } = await import('../support/sandbox-server.ts');
    const id = samples.willBeLiveId!;
    const seen = new Set<string>();
    for (let step = 0; step < 40; step++) {
      const live = await queryClient.fetchQuery({ ...liveQueries.detail(id), staleTime: 0 });
      seen.add(live.state);
      expect(LIVE_STATES as readonly string[]).toContain(live.state);
      clock.advance(30_000);
    }
    expect(seen.has('willBeLive')).toBe(true);
    expect(seen.size).toBeGreaterThan(2);
  });

  it('forEvent: the live record of an event, found through /live/audio?eventIds (its id is its own)', async () => {
    const found = await queryClient.fetchQuery(liveQueries.forEvent(samples.liveEventId!));
    expect(lastRequest()).toBe(`/public/v3/live/audio?eventIds=${samples.liveEventId}`);
    expect(found).toMatchObject({ kind: 'record', record: { id: samples.liveEventId! + 764, eventId: samples.liveEventId, state: 'live' } });
  });
});

describe('documents and document types', () => {
  it('10. detail of a PDF document, with and without expand', async () => {
    const id = samples.pdfDocumentId!;
    const plain = await queryClient.fetchQuery(documentQueries.detail(id));
    expect(lastRequest()).toBe(`/public/v3/documents/${id}`);
    expect(plain).toEqual((await sandboxJson<Single>(`/documents/${id}`)).data);
    expect(plain.fileUrl).toMatch(/\.pdf$/);
    expect(plain.event).toBeUndefined();

    const expanded = await queryClient.fetchQuery(documentQueries.detail(id, { expand: ['event'] }));
    expect(lastRequest()).toBe(`/public/v3/documents/${id}?expand=event`);
    expect(expanded).toEqual((await sandboxJson<Single>(`/documents/${id}?expand=event`)).data);
    expect(expanded.event).toMatchObject({ title: expect.any(String) });
  });

  it('11. transcripts: one page', async () => {
    const result = await queryClient.fetchQuery(documentQueries.transcripts({ limit: 4 }));
    expect(lastRequest()).toBe('/public/v3/documents/transcripts?limit=4');
    expect(result).toEqual(await sandboxJson('/documents/transcripts?limit=4'));
    for (const d of result.data) expect([15, 22]).toContain(d.typeId);
  });

  it('11. transcripts: every filter becomes the right query string, and the results honour it', async () => {
    const company = (
      await sandboxJson<Single<{ id: number; country: string; tickers: { ticker: string; exchange: string }[]; isins: string[] }>>(
        `/companies/${samples.companyId}`,
      )
    ).data;
    const ticker = company.tickers[0]!;
    const result = await queryClient.fetchQuery(
      documentQueries.transcripts({
        countries: [company.country],
        exchanges: [ticker.exchange],
        tickers: [ticker.ticker],
        isins: [company.isins[0]!],
        companyIds: [company.id],
        eventIds: [withAudio.eventId],
        startDate: '2020-01-01',
        endDate: '2026-11-21',
        updatedAfter: '2020-01-01',
        updatedBefore: '2027-01-01',
        expand: ['event'],
        typeIds: [15],
        documentGroupIds: [1, 2],
        limit: 10,
        direction: 'asc',
      }),
    );
    const url = new URL(seenRequests.at(-1)!);
    expect(url.pathname).toBe('/public/v3/documents/transcripts');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      countries: company.country,
      exchanges: ticker.exchange,
      tickers: ticker.ticker,
      isins: company.isins[0],
      companyIds: String(company.id),
      eventIds: String(withAudio.eventId),
      startDate: '2020-01-01',
      endDate: '2026-11-21',
      updatedAfter: '2020-01-01',
      updatedBefore: '2027-01-01',
      expand: 'event',
      typeIds: '15',
      documentGroupIds: '1,2',
      limit: '10',
      direction: 'asc',
    });
    expect(result.data.map((d) => d.id)).toEqual([withAudio.transcriptId]);
    expect(result.data[0]).toMatchObject({ typeId: 15, eventId: withAudio.eventId, event: expect.any(Object) });
  });

  it('11. transcripts: infinite, walked to the end of a filtered list', async () => {
    const expected = (await sandboxJson<{ data: unknown[] }>(`/documents/transcripts?companyIds=${samples.companyId}&limit=500`)).data;
    expect(expected.length).toBeGreaterThan(4);
    // About four pages, the last one short (React Query adds an abort listener per page, and Node
    // warns past ten on one signal).
    const limit = Math.ceil(expected.length / 4);
    const result = await queryClient.fetchInfiniteQuery({
      ...documentQueries.transcriptsInfinite({ companyIds: [samples.companyId], limit }),
      pages: 100,
    });
    expect(result.pages.length).toBe(Math.ceil(expected.length / limit));
    expect(result.pages.flatMap((p) => p.data)).toEqual(expected);
  });

  it('12. transcript detail, with its event summary', async () => {
    const transcript = await queryClient.fetchQuery(documentQueries.transcript(withAudio.transcriptId));
    expect(lastRequest()).toBe(`/public/v3/documents/transcripts/${withAudio.transcriptId}`);
    expect(transcript).toEqual((await sandboxJson<Single>(`/documents/transcripts/${withAudio.transcriptId}`)).data);
    expect(transcript.event).toMatchObject({ language: 'en' });
    expect(transcript.fileUrl).toMatch(/\.json$/);
  });

  it('13. document type detail, cached for the session', async () => {
    const options = documentTypeQueries.detail(11);
    expect(options.staleTime).toBe(Infinity);
    expect(options.gcTime).toBe(Infinity);
    const type = await queryClient.fetchQuery(options);
    expect(lastRequest()).toBe('/public/v3/document-types/11');
    expect(type).toEqual((await sandboxJson<Single>('/document-types/11')).data);
    expect(type).toMatchObject({ id: 11, name: 'Annual report', form: '10-K', documentGroupId: 4, category: expect.any(String) });
  });
});

describe('media URLs from data are served by the same sandbox', () => {
  it('a transcript file URL answers with transcript JSON', async () => {
    const transcript = await queryClient.fetchQuery(documentQueries.transcript(withAudio.transcriptId));
    const response = await fetch(transcript.fileUrl!);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { transcript?: { paragraphs?: unknown[] } };
    expect(body.transcript?.paragraphs?.length).toBeGreaterThan(0);
  });
});
