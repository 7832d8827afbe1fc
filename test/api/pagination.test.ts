import { waitFor } from '@testing-library/react';
/**
 * Infinite lists and fetchAllPages stop where a robust client must: a null or missing nextCursor,
 * a cursor that repeats, an empty page; and they never assume a page holds `limit` items. The
 * pages are crafted with MSW overrides (the sandbox itself always ends with null), built from real
 * sandbox records so they validate.
 */
import { InfiniteQueryObserver, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audioQueries, fetchAllAudioChapters } from '../../src/api/audio.ts';
import { companyQueries } from '../../src/api/companies.ts';
import { documentQueries } from '../../src/api/documents.ts';
import { companyKeys, documentKeys } from '../../src/api/keys.ts';
import { fetchAllPages, getNextPageParam, nextCursorOf } from '../../src/api/pagination.ts';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import type { Company, Page } from '../../src/api/schemas.ts';
import { apiPath, sandbox, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = createTestQueryClient();
});

let companies: Company[] = [];
beforeAll(async () => {
  companies = (await sandboxJson<{ data: Company[] }>('/companies?limit=30')).data;
});

/** Raw pages served by cursor ('' = no cursor sent); anything else is a test failure. */
type RawPage = { data: unknown[]; pagination?: Record<string, unknown> };
function serveCompanyPages(pages: Record<string, RawPage>) {
  server.use(
    http.get(apiPath('/companies'), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      const body = pages[cursor];
      if (!body) return HttpResponse.json({ statusCode: 400, message: `unexpected cursor "${cursor}"` }, { status: 400 });
      return HttpResponse.json(body);
    }),
  );
}

function cursorsSent(): string[] {
  return seenRequests.map((url) => new URL(url).searchParams.get('cursor') ?? '');
}

/** Fetches up to `pages` pages of the infinite company list, then reports whether it says there is more. */
async function walk(pages = 20) {
  const options = companyQueries.infinite({ limit: 5 });
  const data = await queryClient.fetchInfiniteQuery({ ...options, pages });
  const observer = new InfiniteQueryObserver(queryClient, options);
  const { hasNextPage } = observer.getCurrentResult();
  return { data, hasNextPage, ids: data.pages.flatMap((p) => p.data.map((c) => c.id)) };
}

describe('infinite lists stop where they must', () => {
  it('on a null cursor', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 5), pagination: { nextCursor: 41 } },
      '41': { data: companies.slice(5, 10), pagination: { nextCursor: null } },
    });
    const { data, hasNextPage, ids } = await walk();
    expect(data.pages).toHaveLength(2);
    expect(ids).toHaveLength(10);
    expect(hasNextPage).toBe(false);
    expect(cursorsSent()).toEqual(['', '41']);
  });

  it('on a missing cursor, and on a missing pagination.nextCursor key', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 5), pagination: { nextCursor: 41 } },
      '41': { data: companies.slice(5, 10), pagination: {} },
    });
    const { data, hasNextPage } = await walk();
    expect(data.pages).toHaveLength(2);
    expect(data.pages[1]!.pagination.nextCursor).toBeNull(); // normalised by the schema
    expect(hasNextPage).toBe(false);
  });

  it('on a cursor equal to the one just sent', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 5), pagination: { nextCursor: 41 } },
      '41': { data: companies.slice(5, 10), pagination: { nextCursor: 41 } },
    });
    const { data, hasNextPage } = await walk();
    expect(data.pages).toHaveLength(2);
    expect(hasNextPage).toBe(false);
    expect(cursorsSent()).toEqual(['', '41']);
  });

  it('on a cursor that points back to an earlier page (a cycle)', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 5), pagination: { nextCursor: 41 } },
      '41': { data: companies.slice(5, 10), pagination: { nextCursor: 83 } },
      '83': { data: companies.slice(10, 15), pagination: { nextCursor: 41 } },
    });
    const { data, hasNextPage } = await walk();
    expect(data.pages).toHaveLength(3);
    expect(hasNextPage).toBe(false);
  });

  it('on an empty page, even one that offers a cursor', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 5), pagination: { nextCursor: 41 } },
      '41': { data: [], pagination: { nextCursor: 83 } },
    });
    const { data, hasNextPage } = await walk();
    expect(data.pages).toHaveLength(2);
    expect(data.pages[1]!.data).toEqual([]);
    expect(hasNextPage).toBe(false);
    expect(cursorsSent()).toEqual(['', '41']);
  });

  it('keeps going through short pages (a demo key ignores limit)', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 2), pagination: { nextCursor: 17 } },
      '17': { data: companies.slice(2, 3), pagination: { nextCursor: 29 } },
      '29': { data: companies.slice(3, 7), pagination: { nextCursor: 305 } },
      '305': { data: companies.slice(7, 8), pagination: { nextCursor: null } },
    });
    const { data, hasNextPage, ids } = await walk();
    expect(data.pages.map((p) => p.data.length)).toEqual([2, 1, 4, 1]);
    expect(ids).toEqual(companies.slice(0, 8).map((c) => c.id));
    expect(hasNextPage).toBe(false);
  });

  it('reports a next page while there is one, and fetchNextPage follows it', async () => {
    serveCompanyPages({
      '': { data: companies.slice(0, 5), pagination: { nextCursor: 41 } },
      '41': { data: companies.slice(5, 10), pagination: { nextCursor: null } },
    });
    const options = companyQueries.infinite({ limit: 5 });
    const observer = new InfiniteQueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => {});
    try {
      await waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
      expect(observer.getCurrentResult().hasNextPage).toBe(true);
      await observer.fetchNextPage();
      const result = observer.getCurrentResult();
      expect(result.data?.pages).toHaveLength(2);
      expect(result.hasNextPage).toBe(false);
    } finally {
      unsubscribe();
    }
  });

  it('walks the real sandbox list to its end (80 companies, 25 a page: 25, 25, 25, 5)', async () => {
    const data = await queryClient.fetchInfiniteQuery({ ...companyQueries.infinite({ limit: 25 }), pages: 50 });
    expect(data.pages.map((p) => p.data.length)).toEqual([25, 25, 25, 5]);
    expect(data.pages.flatMap((p) => p.data.map((c) => c.id))).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(data.pages.at(-1)!.pagination.nextCursor).toBeNull();
    // Cursors are passed back as received, never computed: the first page sends none.
    expect(cursorsSent()[0]).toBe('');
    expect(cursorsSent().slice(1)).toEqual(data.pages.slice(0, -1).map((p) => String(p.pagination.nextCursor)));
  });

  it('walks the real sandbox list newest first', async () => {
    const data = await queryClient.fetchInfiniteQuery({ ...companyQueries.infinite({ limit: 30, direction: 'desc' }), pages: 50 });
    expect(data.pages.flatMap((p) => p.data.map((c) => c.id))).toEqual(Array.from({ length: 80 }, (_, i) => 80 - i));
  });
});

describe('nextCursorOf / getNextPageParam', () => {
  const page = (length: number, nextCursor?: number | null): Page<number> =>
    ({ data: Array.from({ length }, (_, i) => i), pagination: nextCursor === undefined ? {} : { nextCursor } }) as Page<number>;

  it('follows a fresh cursor', () => {
    expect(nextCursorOf(page(3, 24), 0)).toBe(24);
    expect(getNextPageParam(page(3, 24), [], 8, [0, 8])).toBe(24);
  });
  it('stops on null, missing, repeated, earlier and first-page cursors, and on an empty page', () => {
    expect(nextCursorOf(page(3, null), 0)).toBeUndefined();
    expect(nextCursorOf(page(3), 0)).toBeUndefined();
    expect(nextCursorOf({ data: [1] }, 0)).toBeUndefined();
    expect(nextCursorOf(page(3, 24), 24)).toBeUndefined();
    expect(getNextPageParam(page(3, 8), [], 24, [0, 8, 24])).toBeUndefined();
    expect(nextCursorOf(page(3, 0), undefined)).toBeUndefined();
    expect(nextCursorOf(page(0, 24), 8)).toBeUndefined();
  });
});

describe('fetchAllPages', () => {
  function pages(list: RawPage[]) {
    const sent: number[] = [];
    const byCursor = new Map<number, RawPage>();
    return {
      sent,
      fetchPage: async (cursor: number) => {
        sent.push(cursor);
        const index = sent.length - 1;
        const body = byCursor.get(cursor) ?? list[index];
        if (!body) throw new Error(`no page ${index}`);
        byCursor.set(cursor, body);
        return body as Page<number>;
      },
    };
  }

  it('concatenates short pages until the cursor is null', async () => {
    const { sent, fetchPage } = pages([
      { data: [1, 2], pagination: { nextCursor: 10 } },
      { data: [3], pagination: { nextCursor: 20 } },
      { data: [4, 5, 6], pagination: { nextCursor: null } },
    ]);
    expect(await fetchAllPages(fetchPage)).toEqual({ items: [1, 2, 3, 4, 5, 6], pages: 3, complete: true });
    expect(sent).toEqual([0, 10, 20]);
  });

  it('stops on a missing cursor, a repeated one, and an empty page', async () => {
    expect((await fetchAllPages(pages([{ data: [1], pagination: {} }]).fetchPage)).items).toEqual([1]);
    const repeated = pages([
      { data: [1], pagination: { nextCursor: 10 } },
      { data: [2], pagination: { nextCursor: 10 } },
    ]);
    expect(await fetchAllPages(repeated.fetchPage)).toEqual({ items: [1, 2], pages: 2, complete: true });
    expect(repeated.sent).toEqual([0, 10]);
    const empty = pages([
      { data: [1], pagination: { nextCursor: 10 } },
      { data: [], pagination: { nextCursor: 20 } },
    ]);
    expect(await fetchAllPages(empty.fetchPage)).toEqual({ items: [1], pages: 2, complete: true });
  });

  it('stops at maxPages and says the walk is incomplete', async () => {
    let n = 0;
    const endless = async () => ({ data: [n], pagination: { nextCursor: ++n * 8 } });
    const result = await fetchAllPages(endless, { maxPages: 5 });
    expect(result).toEqual({ items: [0, 1, 2, 3, 4], pages: 5, complete: false });
  });

  it('stops when its signal aborts between pages', async () => {
    const controller = new AbortController();
    const fetchPage = async (cursor: number) => {
      if (cursor === 10) controller.abort();
      return { data: [cursor], pagination: { nextCursor: cursor + 10 } };
    };
    await expect(fetchAllPages(fetchPage, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fetchAllAudioChapters walks real sandbox chapters page by page', async () => {
    const { audioId } = sandbox.sampleIds().eventWithAudioAndTranscript!;
    const expected = (await sandboxJson<{ data: unknown[] }>(`/audio/${audioId}/chapters?levels=1,2&limit=500`)).data;
    const chapters = await fetchAllAudioChapters(audioId, { levels: [1, 2], limit: 4 });
    expect(chapters).toEqual(expected);
    expect(seenRequests).toHaveLength(Math.ceil(expected.length / 4));
  });

  it('fetchAllAudioChapters copes with a service that returns fewer than limit per page', async () => {
    const { audioId } = sandbox.sampleIds().eventWithAudioAndTranscript!;
    const expected = (await sandboxJson<{ data: unknown[]; pagination: unknown }>(`/audio/${audioId}/chapters?levels=1,2&limit=500`)).data;
    // A demo key: 2 per page whatever limit says, cursors as the service gives them.
    server.use(
      http.get(apiPath('/audio/:id/chapters'), async ({ request }) => {
        const url = new URL(request.url);
        url.searchParams.set('limit', '2');
        return HttpResponse.json(await sandboxJson(`${url.pathname.replace('/public/v3', '')}${url.search}`));
      }),
    );
    const chapters = await queryClient.fetchQuery(audioQueries.allChapters(audioId, { levels: [1, 2] }));
    expect(chapters).toEqual(expected);
    expect(seenRequests).toHaveLength(Math.ceil(expected.length / 2));
    expect(new URL(seenRequests[0]!).searchParams.get('limit')).toBe('100');
  });
});

describe('query keys', () => {
  it('never share a key between a query and an infinite query', () => {
    expect(companyQueries.list({ limit: 5 }).queryKey).toEqual(['companies', 'list', { limit: 5 }]);
    expect(companyQueries.infinite({ limit: 5 }).queryKey).toEqual(['companies', 'infinite', { limit: 5 }]);
    expect(audioQueries.list().queryKey).not.toEqual(audioQueries.infinite().queryKey);
    expect(documentQueries.transcripts().queryKey).not.toEqual(documentQueries.transcriptsInfinite().queryKey);
  });

  it('go from general to specific, so a prefix invalidates everything below it', () => {
    const detail = companyKeys.detail(3);
    expect(detail.slice(0, 2)).toEqual(companyKeys.details());
    expect(companyKeys.details().slice(0, 1)).toEqual(companyKeys.all());
    expect(companyKeys.segmentList(3).slice(0, detail.length)).toEqual(detail);
    expect(documentKeys.transcriptDetail(9).slice(0, 2)).toEqual(documentKeys.transcripts());
  });

  it('treat empty filters as absent and ignore key order', () => {
    expect(companyKeys.list({ countries: [], tickers: undefined, updatedAfter: '' })).toEqual(companyKeys.list());
    expect(JSON.stringify(companyKeys.list({ limit: 5, direction: 'desc' }))).toBe(JSON.stringify(companyKeys.list({ direction: 'desc', limit: 5 })));
  });

  it('are distinct across endpoints that share ids', () => {
    const keys = [
      documentQueries.detail(5).queryKey,
      documentQueries.transcript(5).queryKey,
      audioQueries.detail(5).queryKey,
      audioQueries.detail(5, { expand: ['event'] }).queryKey,
      companyQueries.detail(5).queryKey,
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
