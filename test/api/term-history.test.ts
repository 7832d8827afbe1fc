/**
 * The term history through the app's fetch layer (fetchTermHistory, useTermHistory), against the
 * real search server (server/search/) over the web tests' sandbox, routed by MSW.
 *
 * Expected counts read off the sandbox by hand: with seed "web-tests" (80 companies, at
 * 2026-11-21T12:00Z), company 1's earnings calls (types 26-29) on or before 2026-11-01, newest first,
 * and the recorded call each speaks (server/sandbox/media/calls/call-N/script.json): events 1076
 * (call-6), 961 (call-8), 802 (call-6), 781 (call-3), 620 (call-6), 503 (call-5), 415 (call-6),
 * 333 (call-2), then 42 (call-2). "data center" is said in call-6 only, destocking in call-5 only,
 * tariffs in call-4 only.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import { fetchTermHistory, useTermHistory, type TermHistoryParams } from '../../src/api/search.ts';
import { seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';
import { useSearchServer } from '../support/search-server.ts';

useSandboxServer();
const search = useSearchServer([1]);

const EARNINGS = [26, 27, 28, 29];
const asked = () => seenRequests.filter((url) => new URL(url).pathname === '/api/search/terms').map((url) => new URL(url).search);

describe('fetchTermHistory', () => {
  it('asks the search server and keys the counts by each term as the caller gave it', async () => {
    const history = await fetchTermHistory({
      companyId: 1,
      eventTypeIds: EARNINGS,
      until: '2026-11-01',
      terms: ['Data center ', 'destocking', 'tariffs', 'of the'],
    });
    expect(asked()).toEqual(['?companyId=1&eventTypes=26,27,28,29&until=2026-11-01&terms=Data%20center,destocking,tariffs,of%20the']);
    // "of the" is only common words: no search finds it, so it is unknown rather than 0.
    expect(history).toEqual({
      calls: 8,
      callsWith: new Map([
        ['Data center ', 4],
        ['destocking', 1],
        ['tariffs', 0],
      ]),
    });
  });

  it('leaves out a term the server would refuse rather than failing the others', async () => {
    const history = await fetchTermHistory({
      companyId: 1,
      eventTypeIds: EARNINGS,
      until: '2026-11-01',
      calls: 9,
      terms: ['"data center"', 'destocking, inventory', 'x'.repeat(61), 'destocking'],
    });
    expect(asked()).toEqual(['?companyId=1&eventTypes=26,27,28,29&until=2026-11-01&calls=9&terms=destocking']);
    // The ninth call back is event 42 (call-2).
    expect(history).toEqual({ calls: 9, callsWith: new Map([['destocking', 1]]) });
  });

  it('fails with the server’s words, parameter by parameter, like every /api request', async () => {
    const failure = await fetchTermHistory({ companyId: 1, terms: ['tariffs'], calls: 21 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      kind: 'bad-request',
      fields: [{ field: 'calls', message: 'calls must be a whole number from 1 to 20' }],
    });
  });

  it('fails as malformed when the answer is not a term history', async () => {
    server.use(http.get('*/api/search/terms', () => HttpResponse.json({ calls: 8, terms: [{ term: 'tariffs', calls: 'none' }] })));
    const failure = await fetchTermHistory({ companyId: 1, terms: ['tariffs'] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'malformed' });
  });
});

describe('useTermHistory', () => {
  let wrapper: ({ children }: { children: ReactNode }) => ReactNode;
  beforeEach(() => {
    const queryClient = createTestQueryClient();
    wrapper = ({ children }) => createElement(QueryClientProvider, { client: queryClient }, children);
  });

  const params: TermHistoryParams = { companyId: 1, eventTypeIds: EARNINGS, until: '2026-11-01', terms: ['data center', 'tariffs'] };

  it('gives the history once the server has it', async () => {
    const { result } = renderHook(() => useTermHistory(params), { wrapper });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBeDefined());
    expect(result.current).toEqual({
      calls: 8,
      callsWith: new Map([
        ['data center', 4],
        ['tariffs', 0],
      ]),
    });
  });

  it('waits quietly while the index is being built, and asks again when the server said to', async () => {
    let refused = 0;
    server.use(
      http.get('*/api/search/terms', ({ request }) => {
        if (refused++ === 0) {
          return HttpResponse.json(
            { statusCode: 503, error: 'Service Unavailable', message: 'The search index is still being built.' },
            { status: 503, headers: { 'retry-after': '1' } },
          );
        }
        return search.service().handle(request);
      }),
    );
    const { result } = renderHook(() => useTermHistory(params), { wrapper });
    await waitFor(() => expect(refused).toBe(1));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.callsWith.get('data center')).toBe(4));
    expect(asked()).toHaveLength(2);
  });

  it('asks nothing without a term or a company', async () => {
    const { result: noTerms } = renderHook(() => useTermHistory({ ...params, terms: [] }), { wrapper });
    const { result: onlyRefused } = renderHook(() => useTermHistory({ ...params, terms: ['"quoted"', ' '] }), { wrapper });
    const { result: noCompany } = renderHook(() => useTermHistory({ ...params, companyId: undefined }), { wrapper });
    // One that does ask, to know the others had their chance to.
    const { result: asking } = renderHook(() => useTermHistory(params), { wrapper });
    await waitFor(() => expect(asking.current).toBeDefined());
    expect(noTerms.current).toBeUndefined();
    expect(onlyRefused.current).toBeUndefined();
    expect(noCompany.current).toBeUndefined();
    expect(asked()).toHaveLength(1);
  });
});
