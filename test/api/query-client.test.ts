/**
 * The app QueryClient's retry policy, end to end through the sandbox: 429 waits for Retry-After,
 * 5xx and network errors back off, 404 / malformed / bad requests are never retried. Timers are
 * faked (setTimeout only) so the waits are checked exactly without slowing the suite.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { companyQueries } from '../../src/api/companies.ts';
import { eventTypeQueries } from '../../src/api/event-types.ts';
import {
  backoffDelay,
  createQueryClient,
  createTestQueryClient,
  DEFAULT_STALE_TIME,
  MAX_RETRIES,
  retryDelay,
  shouldRetry,
} from '../../src/api/query-client.ts';
import { apiPath, forwardToSandbox, sandbox, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const companyRequests = () => seenRequests.filter((url) => new URL(url).pathname === '/public/v3/companies/1').length;

/** Lets pending promises (fetch, MSW, the sandbox) settle without moving the fake clock. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => queueMicrotask(resolve));
  await vi.advanceTimersByTimeAsync(0);
}

describe('retry policy through a real QueryClient', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('429: waits Retry-After seconds, then retries and succeeds', async () => {
    sandbox.faults.add({ kind: '429', scope: 'api', match: '/companies/1', times: 1, retryAfter: 5 });
    const client = createQueryClient();
    const promise = client.fetchQuery(companyQueries.detail(1));
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );

    await settle();
    expect(companyRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(companyRequests()).toBe(1); // not before the wait
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(companyRequests()).toBe(2);
    await expect(promise).resolves.toMatchObject({ id: 1 });
  });

  it("429 with Retry-After as an HTTP date: waits exactly until that time, counted on the answer's clock", async () => {
    let calls = 0;
    server.use(
      http.get(apiPath('/companies/:id'), ({ request }) => {
        calls += 1;
        if (calls > 1) return forwardToSandbox(request);
        // The service's clock, not this machine's: 3 s from the answer's Date to the time it names.
        const headers = { date: 'Sat, 21 Nov 2026 12:00:00 GMT', 'retry-after': 'Sat, 21 Nov 2026 12:00:03 GMT' };
        return HttpResponse.json({ statusCode: 429, message: 'Too Many Requests' }, { status: 429, headers });
      }),
    );
    const client = createQueryClient();
    const promise = client.fetchQuery(companyQueries.detail(1));
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_999);
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(calls).toBe(2);
    await expect(promise).resolves.toMatchObject({ id: 1 });
  });

  it('429 with a huge Retry-After: waits at most 60 s', async () => {
    sandbox.faults.add({ kind: '429', scope: 'api', match: '/companies/1', times: 1, retryAfter: 3_600 });
    const client = createQueryClient();
    const promise = client.fetchQuery(companyQueries.detail(1));
    await settle();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(companyRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_100);
    await settle();
    expect(companyRequests()).toBe(2);
    await expect(promise).resolves.toMatchObject({ id: 1 });
  });

  it('503: retries with growing waits, and succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // jitter at its minimum: half of each step
    sandbox.faults.add({ kind: '503', scope: 'api', match: '/companies/1', times: 2 });
    const client = createQueryClient();
    const promise = client.fetchQuery(companyQueries.detail(1));
    await settle();
    expect(companyRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(490); // first wait: 1000 ms step → 500 ms
    expect(companyRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    await settle();
    expect(companyRequests()).toBe(2);
    // The second request went out at 500 ms; second wait: 2000 ms step → 1000 ms, due at 1500 ms.
    await vi.advanceTimersByTimeAsync(970); // now at 1480 ms
    expect(companyRequests()).toBe(2);
    await vi.advanceTimersByTimeAsync(40);
    await settle();
    expect(companyRequests()).toBe(3);
    await expect(promise).resolves.toMatchObject({ id: 1 });
  });

  it('503 that persists: gives up after 3 retries with the last error', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    sandbox.faults.add({ kind: '503', scope: 'api', match: '/companies/1' });
    const client = createQueryClient();
    const promise = client.fetchQuery(companyQueries.detail(1));
    const outcome = promise.catch((error: unknown) => error);
    await settle();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 100);
    await settle();
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, kind: 'server' });
    expect(companyRequests()).toBe(1 + MAX_RETRIES);
  });

  it('a dropped connection (network): retried', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    sandbox.faults.add({ kind: 'drop', scope: 'api', match: '/companies/1', times: 1 });
    const client = createQueryClient();
    const promise = client.fetchQuery(companyQueries.detail(1));
    await vi.advanceTimersByTimeAsync(20); // the drop happens 10 ms into the body
    await settle();
    expect(companyRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    await settle();
    expect(companyRequests()).toBe(2);
    await expect(promise).resolves.toMatchObject({ id: 1 });
  });

  it('404: not retried', async () => {
    const client = createQueryClient();
    const outcome = client.fetchQuery(companyQueries.detail(999_999)).catch((error: unknown) => error);
    await settle();
    const error = await outcome;
    expect(error).toMatchObject({ kind: 'not-found' });
    expect(seenRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seenRequests).toHaveLength(1);
  });

  it('malformed body: not retried', async () => {
    sandbox.faults.add({ kind: 'malformed', scope: 'api', match: '/companies/1' });
    const client = createQueryClient();
    const outcome = client.fetchQuery(companyQueries.detail(1)).catch((error: unknown) => error);
    await settle();
    expect(await outcome).toMatchObject({ kind: 'malformed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(companyRequests()).toBe(1);
  });

  it('400 bad request, 401 and 403: not retried', async () => {
    const client = createQueryClient();
    const bad = await client.fetchQuery(companyQueries.list({ limit: 0 })).catch((error: unknown) => error);
    expect(bad).toMatchObject({ kind: 'bad-request' });
    for (const kind of ['401', '403'] as const) {
      sandbox.faults.add({ kind, scope: 'api', match: '/companies/1', times: 1 });
      client.removeQueries();
      const error = await client.fetchQuery(companyQueries.detail(1)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seenRequests).toHaveLength(3);
  });

  it('createTestQueryClient: no retry at all', async () => {
    sandbox.faults.add({ kind: '503', scope: 'api', match: '/companies/1', times: 1 });
    const client = createTestQueryClient();
    const error = await client.fetchQuery(companyQueries.detail(1)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'server' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(companyRequests()).toBe(1);
  });
});

describe('policy functions', () => {
  const error = (kind: ApiError['kind'], retryAfter?: number) => new ApiError({ status: kind === 'rate-limited' ? 429 : 500, kind, message: kind, retryAfter });

  it('shouldRetry: transient kinds only, at most 3 times', () => {
    for (const kind of ['rate-limited', 'network', 'timeout', 'server'] as const) {
      expect(shouldRetry(0, error(kind))).toBe(true);
      expect(shouldRetry(2, error(kind))).toBe(true);
      expect(shouldRetry(3, error(kind))).toBe(false);
    }
    for (const kind of ['unauthorized', 'forbidden', 'not-found', 'malformed', 'bad-request'] as const) {
      expect(shouldRetry(0, error(kind))).toBe(false);
    }
    expect(shouldRetry(0, new TypeError('bug'))).toBe(false);
  });

  it('retryDelay: Retry-After (capped at 60 s) for 429, backoff with jitter otherwise', () => {
    expect(retryDelay(0, error('rate-limited', 2))).toBe(2_000);
    expect(retryDelay(0, error('rate-limited', 0))).toBe(0);
    expect(retryDelay(2, error('rate-limited', 7_200))).toBe(60_000);
    expect(retryDelay(0, error('rate-limited'), () => 0)).toBe(500);
    expect(retryDelay(1, error('server'), () => 0)).toBe(1_000);
    expect(retryDelay(1, error('server'), () => 1)).toBe(2_000);
  });

  it('backoffDelay: grows exponentially, stays within [step/2, step], capped at 30 s', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    for (let i = 0; i < 50; i++) {
      const value = backoffDelay(2);
      expect(value).toBeGreaterThanOrEqual(2_000);
      expect(value).toBeLessThanOrEqual(4_000);
    }
  });

  it('defaults: 60 s stale time, no refetch on window focus; per-query options still win', () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(DEFAULT_STALE_TIME);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(client.defaultQueryOptions(eventTypeQueries.detail(1)).staleTime).toBe(Infinity);
    const custom = createQueryClient({ defaultOptions: { queries: { staleTime: 5 } } });
    expect(custom.getDefaultOptions().queries!.staleTime).toBe(5);
    expect(custom.getDefaultOptions().queries!.retry).toBe(shouldRetry);
  });
});
