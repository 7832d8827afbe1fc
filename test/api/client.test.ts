/**
 * getJson: URL building, and every way a request can fail, each turned into the right ApiError
 * (or, for an abort, passed through untouched). Real sandbox answers where the sandbox can produce
 * the case (its own errors and fault injection), MSW overrides for bodies it never sends.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiUrl, buildQueryString, describeIssues, errorFromResponse, getJson, OWN_API_PREFIX, parseRetryAfter } from '../../src/api/client.ts';
import { resetServerClock, serverClockKnown, serverNow } from '../../src/api/server-clock.ts';
import { ApiError, type ApiErrorKind } from '../../src/api/api-error.ts';
import { fetchCompanies, fetchCompany } from '../../src/api/companies.ts';
import { companySchema, page, single } from '../../src/api/schemas.ts';
import {
  apiPath,
  forwardToSandbox,
  sandbox,
  SANDBOX_NOW,
  sandboxJson,
  seenRequests,
  server,
  TEST_ORIGIN,
  useSandboxServer,
} from '../support/sandbox-server.ts';

useSandboxServer();

const companyPage = page(companySchema);
const companySingle = single(companySchema);

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function replyWith(status: number, body: BodyInit | null, headers: Record<string, string> = {}) {
  server.use(http.get(apiPath('/companies/:id'), () => new HttpResponse(body, { status, headers })));
}

describe('URLs', () => {
  it('builds /public/v3 URLs on the page origin', () => {
    expect(TEST_ORIGIN).toBe('http://localhost:3000');
    expect(apiUrl('/companies/7')).toBe('http://localhost:3000/public/v3/companies/7');
    expect(apiUrl('companies')).toBe('http://localhost:3000/public/v3/companies');
  });

  it('falls back to a relative URL where there is no location (a server or a worker without one)', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'location');
    Object.defineProperty(globalThis, 'location', { value: undefined, configurable: true });
    try {
      expect(apiUrl('/audio', { limit: 2 })).toBe('/public/v3/audio?limit=2');
    } finally {
      Object.defineProperty(globalThis, 'location', original!);
    }
  });

  it('skips undefined, null, empty strings and empty lists; joins arrays with commas; encodes values', () => {
    expect(
      buildQueryString({
        limit: 10,
        cursor: undefined,
        direction: null,
        countries: [],
        tickers: ['A B', '', 'C&D'],
        ids: [1, 2, 3],
        updatedAfter: '',
        startDate: '2026-01-01T00:00:00+01:00',
        flag: false,
      }),
    ).toBe('limit=10&tickers=A%20B,C%26D&ids=1,2,3&startDate=2026-01-01T00%3A00%3A00%2B01%3A00&flag=false');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString({ tickers: [' ', ''] })).toBe('');
  });

  it('sends the request the sandbox understands (round trip of an encoded date)', async () => {
    const result = await fetchCompanies({ updatedAfter: '2000-01-01T00:00:00+01:00', limit: 1 });
    expect(result.data).toHaveLength(1);
    expect(seenRequests.at(-1)).toBe('http://localhost:3000/public/v3/companies?updatedAfter=2000-01-01T00%3A00%3A00%2B01%3A00&limit=1');
  });

  it('never sends a key: the proxy (here the MSW handler) adds it', async () => {
    let sentKey: string | null = 'unset';
    server.use(
      http.get(apiPath('/companies/:id'), ({ request }) => {
        sentKey = request.headers.get('x-api-key');
        return forwardToSandbox(request);
      }),
    );
    await fetchCompany(1);
    expect(sentKey).toBeNull();
  });
});

describe('HTTP errors from the sandbox itself', () => {
  it('404 for an unknown id: kind not-found, the service message', async () => {
    const error = await apiError(fetchCompany(999_999));
    expect(error).toMatchObject({ status: 404, kind: 'not-found', message: 'Not Found' });
    expect(error.url).toBe('/public/v3/companies/999999');
  });

  it('400 for a bad parameter: kind bad-request, the message names the parameter', async () => {
    const error = await apiError(fetchCompanies({ limit: 0 }));
    expect(error).toMatchObject({ status: 400, kind: 'bad-request', message: 'limit must not be less than 1' });
  });

  it('401 when the key is missing: kind unauthorized', async () => {
    // A proxy that forgot the key.
    server.use(http.get(apiPath('/companies/:id'), ({ request }) => sandbox.fetch(new Request(request.url))));
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ status: 401, kind: 'unauthorized', message: 'Unauthorized' });
  });

  const faults: [kind: string, status: number, expected: ApiErrorKind, message: RegExp][] = [
    ['401', 401, 'unauthorized', /^Unauthorized$/],
    ['403', 403, 'forbidden', /^Forbidden$/],
    ['404', 404, 'not-found', /^Not Found$/],
    ['500', 500, 'server', /Upstream failure 500/],
    ['502', 502, 'server', /Upstream failure 502/],
    ['503', 503, 'server', /Upstream failure 503/],
  ];
  it.each(faults)('sandbox fault %s → status %i, kind %s', async (fault, status, kind, message) => {
    sandbox.faults.add({ kind: fault as '500', scope: 'api', match: '/companies', times: 1 });
    const error = await apiError(fetchCompany(1));
    expect(error.status).toBe(status);
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.retryAfter).toBeUndefined();
  });

  it('429 with Retry-After in seconds: kind rate-limited, retryAfter parsed', async () => {
    sandbox.faults.add({ kind: '429', scope: 'api', match: '/companies', times: 1, retryAfter: 7 });
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ status: 429, kind: 'rate-limited', retryAfter: 7, message: 'ThrottlerException: Too Many Requests' });
  });
});

describe('HTTP errors with bodies the sandbox never sends', () => {
  it("429 with Retry-After as an HTTP date: the seconds from the answer's own Date to it, whatever the local clock says", async () => {
    replyWith(429, JSON.stringify({ statusCode: 429, message: 'Slow down' }), {
      date: 'Sat, 21 Nov 2026 12:00:00 GMT',
      'retry-after': 'Sat, 21 Nov 2026 12:01:30 GMT',
      'content-type': 'application/json',
    });
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfter: 90, message: 'Slow down' });
  });

  it('429 with Retry-After as an HTTP date and no Date header: the seconds from now', () => {
    const headers = new Headers({ 'retry-after': 'Sat, 21 Nov 2026 12:00:42 GMT' });
    const error = errorFromResponse(429, headers, '', '/public/v3/companies/1', Date.parse('2026-11-21T12:00:00.000Z'));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfter: 42 });
  });

  it('429 without Retry-After: retryAfter undefined, a default message', async () => {
    replyWith(429, '');
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfter: undefined, message: expect.stringMatching(/too many requests/i) });
  });

  it('a NestJS validation body whose message is an array: the items joined', async () => {
    replyWith(
      400,
      JSON.stringify({ statusCode: 400, message: ['limit must not be greater than 500', 'direction must be asc or desc'], error: 'Bad Request' }),
      { 'content-type': 'application/json' },
    );
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({
      status: 400,
      kind: 'bad-request',
      message: 'limit must not be greater than 500; direction must be asc or desc',
    });
  });

  it('the documented 400 body, field by field: the fields kept, each message once, strings and odd items read too', async () => {
    replyWith(
      400,
      JSON.stringify({
        statusCode: 400,
        error: 'Bad Request',
        message: [
          { field: 'countries', message: 'countries must be a valid ISO31661 Alpha2 code' },
          { field: 'limit', message: 'must not be greater than 500' },
          'direction must be asc or desc',
          { nothing: true },
          42,
        ],
      }),
      { 'content-type': 'application/json' },
    );
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({
      status: 400,
      kind: 'bad-request',
      message: 'countries must be a valid ISO31661 Alpha2 code; limit: must not be greater than 500; direction must be asc or desc',
    });
    expect(error.fields).toEqual([
      { field: 'countries', message: 'countries must be a valid ISO31661 Alpha2 code' },
      { field: 'limit', message: 'must not be greater than 500' },
    ]);
  });

  it('an HTML error page (a gateway in between): a status-based message, no markup', async () => {
    replyWith(502, '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>', {
      'content-type': 'text/html',
    });
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ status: 502, kind: 'server' });
    expect(error.message).toBe('The data service failed (HTTP 502). Try again in a moment.');
  });

  it('an empty body: a status-based message', async () => {
    replyWith(503, null, { 'retry-after': '30' });
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ status: 503, kind: 'server', retryAfter: 30 });
    expect(error.message).toMatch(/HTTP 503/);
  });

  it('a JSON body without a usable message: a status-based message', async () => {
    replyWith(403, JSON.stringify({ statusCode: 403, message: [42, ''] }));
    expect((await apiError(fetchCompany(1))).message).toBe('This data is not included in the API plan.');
    replyWith(401, JSON.stringify('nope'));
    expect((await apiError(fetchCompany(1))).message).toBe('The API key is missing or was rejected.');
  });

  it('504 from a gateway: kind timeout', async () => {
    replyWith(504, 'Gateway Timeout', { 'content-type': 'text/plain' });
    expect(await apiError(fetchCompany(1))).toMatchObject({ status: 504, kind: 'timeout' });
  });

  it('other 4xx are bad requests; an unknown status is a server error', async () => {
    replyWith(422, '{}');
    expect(await apiError(fetchCompany(1))).toMatchObject({ status: 422, kind: 'bad-request' });
    replyWith(599, '');
    expect(await apiError(fetchCompany(1))).toMatchObject({ status: 599, kind: 'server' });
  });
});

describe('bodies that do not match', () => {
  it('malformed JSON (the sandbox fault): kind malformed', async () => {
    sandbox.faults.add({ kind: 'malformed', scope: 'api', times: 1 });
    const error = await apiError(fetchCompanies());
    expect(error).toMatchObject({ status: 200, kind: 'malformed' });
    expect(error.message).toBe('Its answer was cut off or garbled.');
  });

  it('a field of the wrong type deep in a list: kind malformed, the message names the field', async () => {
    const real = await sandboxJson<{ data: { tickers: { exchange: unknown }[] }[] }>('/companies?limit=5');
    real.data[3]!.tickers[0]!.exchange = 42;
    server.use(http.get(apiPath('/companies'), () => HttpResponse.json(real)));
    const error = await apiError(fetchCompanies({ limit: 5 }));
    expect(error.kind).toBe('malformed');
    expect(error.message).toContain('data[3].tickers[0].exchange: expected string, received number');
    expect(error.message).toContain('/public/v3/companies');
    expect(error.cause).toBeInstanceOf(z.core.$ZodError);
  });

  it('a missing required field, an id that is not an integer, a missing envelope: each named', async () => {
    const real = await sandboxJson<{ data: Record<string, unknown> }>('/companies/1');
    // The id is required (display fields such as displayName may be missing, see schemas.ts).
    delete real.data.id;
    server.use(http.get(apiPath('/companies/:id'), () => HttpResponse.json(real)));
    expect((await apiError(fetchCompany(1))).message).toContain('data.id: expected number, received undefined');

    server.use(http.get(apiPath('/companies/:id'), () => HttpResponse.json({ data: { ...real.data, displayName: 'x', id: 1.5 } })));
    expect((await apiError(fetchCompany(1))).message).toContain('data.id: expected int, received number');

    server.use(http.get(apiPath('/companies'), () => HttpResponse.json({ data: [] })));
    expect((await apiError(fetchCompanies())).message).toContain('pagination: expected object, received undefined');
  });

  it('lists at most three problems, then how many more', () => {
    const result = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() }).safeParse({});
    expect(describeIssues(result.error!.issues)).toBe(
      'a: expected string, received undefined; b: expected string, received undefined; c: expected string, received undefined (and 2 more)',
    );
  });

  it('unknown extra fields are kept, not rejected', async () => {
    const real = await sandboxJson<{ data: Record<string, unknown> }>('/companies/1');
    server.use(http.get(apiPath('/companies/:id'), () => HttpResponse.json({ data: { ...real.data, sector: 'Utilities' }, meta: 1 })));
    const body = await getJson('/companies/1', { schema: companySingle });
    expect(body.data).toMatchObject({ id: 1, sector: 'Utilities' });
  });

  it('validates with whatever schema it is given', async () => {
    const result = await getJson('/companies', { query: { limit: 2 }, schema: companyPage });
    expect(result.data).toHaveLength(2);
  });
});

describe('network failures, timeouts and aborts', () => {
  it('a network error: kind network, status 0', async () => {
    server.use(http.get(apiPath('/companies/:id'), () => HttpResponse.error()));
    const error = await apiError(fetchCompany(1));
    expect(error).toMatchObject({ status: 0, kind: 'network', message: expect.stringMatching(/could not reach/i) });
  });

  it('a body that breaks off mid-stream (the sandbox drop fault): kind network', async () => {
    sandbox.faults.add({ kind: 'drop', scope: 'api', times: 1 });
    const error = await apiError(fetchCompanies());
    expect(error).toMatchObject({ status: 0, kind: 'network' });
  });

  it('a request that takes longer than timeoutMs: kind timeout', async () => {
    sandbox.faults.add({ kind: 'slow', scope: 'api', times: 1, delayMs: 5_000 });
    const error = await apiError(getJson('/companies', { schema: companyPage, timeoutMs: 50 }));
    expect(error).toMatchObject({ status: 0, kind: 'timeout', message: expect.stringMatching(/too long/) });
  });

  it('an abort while waiting for the response rethrows the AbortError untouched', async () => {
    sandbox.faults.add({ kind: 'slow', scope: 'api', times: 1, delayMs: 5_000 });
    const controller = new AbortController();
    const promise = getJson('/companies', { schema: companyPage, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await caught(promise);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBe(controller.signal.reason);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an abort with a reason rethrows that reason', async () => {
    sandbox.faults.add({ kind: 'slow', scope: 'api', times: 1, delayMs: 5_000 });
    const controller = new AbortController();
    const reason = new Error('navigated away');
    const promise = getJson('/companies', { schema: companyPage, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    expect(await caught(promise)).toBe(reason);
  });

  it('an abort while the body streams in is rethrown untouched too', async () => {
    const controller = new AbortController();
    server.use(
      http.get(apiPath('/companies'), () => {
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"data":['));
            setTimeout(() => controller.abort(), 10); // the rest never comes
          },
        });
        return new HttpResponse(body, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const error = await caught(getJson('/companies', { schema: companyPage, signal: controller.signal }));
    expect(error).toBe(controller.signal.reason);
  });

  it('an already aborted signal never sends the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await caught(getJson('/companies', { schema: companyPage, signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
    expect(seenRequests).toHaveLength(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');
  it.each([
    ['7', 7],
    [' 0 ', 0],
    ['1.5', 1.5],
    ['Sat, 21 Nov 2026 12:00:30 GMT', 30],
    ['Sat, 21 Nov 2026 11:59:00 GMT', 0],
    ['', undefined],
    ['-5', undefined],
    ['1e3', undefined],
    ['soon', undefined],
    [null, undefined],
  ] as const)('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('a body that stalls', () => {
  it('is given up after timeoutMs: kind timeout', async () => {
    server.use(
      http.get(apiPath('/companies'), () => {
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"data":['));
          },
        });
        return new HttpResponse(body, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const error = await apiError(getJson('/companies', { schema: companyPage, timeoutMs: 50 }));
    expect(error).toMatchObject({ status: 0, kind: 'timeout' });
  });
});

describe("the service's clock", () => {
  it("is read from the data service's answers, not from our own server's (transcript search), whose clock is the machine's", async () => {
    resetServerClock();
    server.use(http.get('*/api/clock-check', () => HttpResponse.json({}, { headers: { date: 'Wed, 01 Jan 2031 00:00:00 GMT' } })));
    await getJson('/clock-check', { prefix: OWN_API_PREFIX, schema: z.object({}) });
    expect(serverClockKnown()).toBe(false);
    await fetchCompany(1);
    expect(serverClockKnown()).toBe(true);
    // The sandbox's clock (21 Nov 2026), to within the Date header's second.
    expect(Math.abs(serverNow() - SANDBOX_NOW)).toBeLessThan(2_000);
  });
});
