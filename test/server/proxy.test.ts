import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { createApiProxy } from '../../server/proxy.ts';
import { rawRequest, serveApp, startStubUpstream, unusedPort, type StubUpstream } from './helpers.ts';

/** The proxy's rules, each proven against a real stub upstream through the real server app. */

const KEY = 'test-key-1a2b3c4d5e6f';

type Behaviour = (url: string) => { status: number; headers?: Record<string, string | string[]>; body?: string | Buffer } | 'hang' | 'reset';
let behaviour: Behaviour = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[]}' });
let stub: StubUpstream;
let server: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  stub = await startStubUpstream((req, respond) => {
    const answer = behaviour(req.url ?? '');
    if (answer === 'reset') req.socket.destroy();
    else if (answer !== 'hang') respond(answer.status, answer.headers ?? {}, answer.body);
  });
  const config = readServerConfig({ API_KEY: KEY, API_BASE_URL: `${stub.origin}/public/v3/`, PROXY_TIMEOUT_MS: '300' });
  server = await serveApp(createServerApp(config));
});

afterAll(async () => {
  await server.close();
  await stub.close();
});

afterEach(() => {
  stub.requests.length = 0;
  stub.closed.length = 0;
  behaviour = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[]}' });
});

describe('methods and paths', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s is 405 with Allow: GET, HEAD and never forwarded', async (method) => {
    const response = await fetch(`${server.origin}/public/v3/companies`, { method, body: method === 'OPTIONS' ? undefined : '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
    expect(stub.requests).toHaveLength(0);
  });

  it('forwards GET and HEAD to /public/v3 on the configured base (not doubled)', async () => {
    expect((await fetch(`${server.origin}/public/v3/companies/12?limit=2`)).status).toBe(200);
    const head = await fetch(`${server.origin}/public/v3/companies/12`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /public/v3/companies/12?limit=2', 'HEAD /public/v3/companies/12']);
  });

  it.each(['/public/v2/companies', '/public/v3', '/publicv3/companies', '/public/companies', '/v3/companies'])('%s is 404, not forwarded', async (path) => {
    const response = await fetch(`${server.origin}${path}`);
    expect(response.status).toBe(404);
    expect(stub.requests).toHaveLength(0);
  });

  it.each([
    '/public/v3/../../etc/passwd',
    '/public/v3/companies/../../admin',
    '/public/v3/companies/../events',
    '/public/v3/%2e%2e/%2e%2e/etc/passwd',
    '/public/v3/%2E%2E/admin',
    '/public/v3/companies/..%2f..%2fadmin',
    '/public/v3/companies%2f12',
    '/public/v3/companies%5c12',
    '/public/v3/companies\\..\\admin',
    '/public/v3//evil.example/x',
    '/public/v3/companies/%00',
    '/public/v3/./companies',
  ])('traversal %s is rejected and never forwarded', async (target) => {
    const response = await rawRequest(server.origin, target);
    expect([400, 404]).toContain(response.status);
    expect(stub.requests).toHaveLength(0);
  });

  it.each(['http://evil.example/public/v3/companies', `${'http://127.0.0.1'}:1/public/v3/companies`, '//evil.example/public/v3/companies'])(
    'absolute-form or protocol-relative target %s is rejected',
    async (target) => {
      const response = await rawRequest(server.origin, target);
      expect([400, 404]).toContain(response.status);
      expect(stub.requests).toHaveLength(0);
    },
  );

  it('rejects what survives URL parsing even without the raw-target guard', async () => {
    const calls: string[] = [];
    const proxy = createApiProxy({
      apiKey: KEY,
      baseUrl: 'http://upstream.test',
      timeoutMs: 1000,
      forward: async (request) => {
        calls.push(request.url);
        return new Response('{}');
      },
    });
    for (const path of ['/public/v3/companies%2f..%2f..%2fx', '/public/v3/a%5cb', '/public/v3//x', '/public/v3/a%2ex', '/public/v3/com%20panies']) {
      expect((await proxy(new Request(`http://app.test${path}`))).status, path).toBe(400);
    }
    expect((await proxy(new Request('http://app.test/public/v3/companies', { headers: { host: 'evil.example' } }))).status).toBe(400);
    expect(calls).toEqual([]);
    expect((await proxy(new Request('http://app.test/public/v3/companies/1/'))).status).toBe(200);
    expect(calls).toEqual(['http://upstream.test/public/v3/companies/1/']);
  });
});

describe('headers', () => {
  it('drops the browser’s x-api-key, cookie, authorization and hop-by-hop headers and adds the configured key', async () => {
    await fetch(`${server.origin}/public/v3/companies?ticker=AAPL`, {
      headers: {
        'x-api-key': 'browser-supplied-key',
        cookie: 'session=abc',
        authorization: 'Bearer browser-token',
        'proxy-authorization': 'Basic eA==',
        'x-forwarded-for': '10.0.0.1',
        'x-sandbox-fault': '500',
        accept: 'application/json',
        'if-none-match': '"v1"',
        range: 'bytes=0-99',
      },
    });
    expect(stub.requests).toHaveLength(1);
    const received = stub.requests[0]!.headers;
    expect(received['x-api-key']).toBe(KEY);
    expect(received.cookie).toBeUndefined();
    expect(received.authorization).toBeUndefined();
    expect(received['proxy-authorization']).toBeUndefined();
    expect(received['x-forwarded-for']).toBeUndefined();
    expect(received['x-forwarded-host']).toBeUndefined();
    expect(received['x-sandbox-fault']).toBeUndefined();
    expect(received.accept).toBe('application/json');
    expect(received['if-none-match']).toBe('"v1"');
    expect(received.range).toBe('bytes=0-99');
  });

  it('strips the sandbox fault parameters before the real service sees them', async () => {
    await fetch(`${server.origin}/public/v3/companies?__fault=429&limit=2&__retryAfter=5&__delay=100&levels=1,2`);
    expect(stub.requests[0]!.url).toBe('/public/v3/companies?limit=2&levels=1,2');
  });

  it('passes status, body, Retry-After, cache headers through; never set-cookie or content-encoding', async () => {
    behaviour = () => ({
      status: 429,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '17',
        'cache-control': 'no-store',
        etag: '"abc"',
        'x-ratelimit-remaining': '0',
        'set-cookie': ['tracking=1; Path=/', 'other=2'],
        'x-powered-by': 'Express',
        'access-control-allow-origin': '*',
      },
      body: '{"statusCode":429,"message":"ThrottlerException: Too Many Requests"}',
    });
    const response = await fetch(`${server.origin}/public/v3/companies`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('17');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBe('"abc"');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toEqual({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
  });

  it('passes a 304 through for conditional requests', async () => {
    behaviour = () => ({ status: 304, headers: { etag: '"v1"' } });
    const response = await fetch(`${server.origin}/public/v3/companies/1`, { headers: { 'if-none-match': '"v1"' } });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe('"v1"');
  });

  it('does not follow redirects (a cross-origin redirect would carry the key)', async () => {
    behaviour = () => ({ status: 302, headers: { location: 'http://127.0.0.1:1/steal' } });
    const response = await fetch(`${server.origin}/public/v3/companies`, { redirect: 'manual' });
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(stub.requests).toHaveLength(1);
  });

  it('scrubs the key from an upstream that echoes it', async () => {
    behaviour = () => ({
      status: 401,
      headers: { 'content-type': 'application/json', etag: `"${KEY}"` },
      body: JSON.stringify({ statusCode: 401, message: `Invalid API key ${KEY}` }),
    });
    const response = await fetch(`${server.origin}/public/v3/companies`);
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(text).not.toContain(KEY);
    expect(text).toContain('[redacted]');
    expect(response.headers.get('etag')).toBeNull();
  });

  it('asks for no compression, and decodes an answer the upstream compressed all the same (the key scrubbed from it too)', async () => {
    const body = JSON.stringify({ data: [{ id: 1, name: 'Acme' }], note: `key ${KEY}` });
    behaviour = () => ({ status: 200, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(body) });
    const response = await fetch(`${server.origin}/public/v3/companies`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ data: [{ id: 1, name: 'Acme' }], note: 'key [redacted]' });
    expect(stub.requests[0]!.headers['accept-encoding']).toBeUndefined();
  });

  it('sends again, once, when the upstream closed a kept-alive connection just as it was reused', async () => {
    await fetch(`${server.origin}/public/v3/companies`); // leaves a kept-alive connection to the upstream
    let answers = 0;
    behaviour = () => (answers++ === 0 ? 'reset' : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[1]}' });
    stub.requests.length = 0;
    const response = await fetch(`${server.origin}/public/v3/companies`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [1] });
    expect(stub.requests).toHaveLength(2);

    behaviour = () => 'reset';
    stub.requests.length = 0;
    const failing = await fetch(`${server.origin}/public/v3/companies`);
    expect(failing.status).toBe(502);
    expect(stub.requests.length).toBeLessThanOrEqual(2);
  });

  it('answers 502 for a body in an encoding it cannot read', async () => {
    behaviour = () => ({ status: 200, headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' }, body: 'not json' });
    const response = await fetch(`${server.origin}/public/v3/companies`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ statusCode: 502, message: 'The data service sent an unusable response', error: 'Bad Gateway' });
  });
});

describe('failures', () => {
  it('answers 504 JSON when the upstream does not answer within the timeout', async () => {
    behaviour = () => 'hang';
    // The upstream never answers, so a 504 naming the configured 300 ms is the timeout at work (no stopwatch: machine speed must not matter).
    const response = await fetch(`${server.origin}/public/v3/companies`);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ statusCode: 504, message: expect.stringContaining('300 ms'), error: 'Gateway Timeout' });
  });

  it('answers 504 even when the forwarder ignores the abort signal', async () => {
    const proxy = createApiProxy({ apiKey: KEY, baseUrl: 'http://upstream.test', timeoutMs: 100, forward: () => new Promise<Response>(() => {}) });
    const response = await proxy(new Request('http://app.test/public/v3/companies'));
    expect(response.status).toBe(504);
  });

  it('answers 502 JSON when the connection is refused', async () => {
    const port = await unusedPort();
    const app = createServerApp(readServerConfig({ API_KEY: KEY, API_BASE_URL: `http://127.0.0.1:${port}` }));
    const response = await app.fetch(new Request('http://app.test/public/v3/companies'));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ statusCode: 502, message: expect.any(String), error: 'Bad Gateway' });
  });

  it('aborts the upstream request when the browser goes away', async () => {
    behaviour = () => 'hang';
    // A long timeout, so that only the browser's abort can end the upstream request.
    const patient = await serveApp(createServerApp(readServerConfig({ API_KEY: KEY, API_BASE_URL: stub.origin, PROXY_TIMEOUT_MS: '20000' })));
    try {
      const controller = new AbortController();
      const pending = fetch(`${patient.origin}/public/v3/events?limit=1`, { signal: controller.signal }).catch((error: Error) => error);
      await expect.poll(() => stub.requests.length, { timeout: 2000 }).toBe(1);
      controller.abort();
      expect(await pending).toBeInstanceOf(Error);
      await expect.poll(() => stub.closed.map((r) => r.url), { timeout: 1000 }).toContain('/public/v3/events?limit=1');
    } finally {
      await patient.close();
    }
  });

  it('passes the browser’s abort on to the forwarded request’s signal', async () => {
    let forwarded: AbortSignal | undefined;
    const proxy = createApiProxy({
      apiKey: KEY,
      baseUrl: 'http://upstream.test',
      timeoutMs: 5000,
      forward: (request) => {
        forwarded = request.signal;
        return new Promise<Response>(() => {});
      },
    });
    const browser = new AbortController();
    const result = proxy(new Request('http://app.test/public/v3/companies', { signal: browser.signal }));
    await expect.poll(() => forwarded).toBeDefined();
    expect(forwarded!.aborted).toBe(false);
    browser.abort();
    expect(forwarded!.aborted).toBe(true);
    expect((await result).status).toBe(499);
  });
});

describe('logging', () => {
  it('logs method, path, parameter names, status and time; never values or the key', async () => {
    const lines: string[] = [];
    const proxy = createApiProxy({
      apiKey: KEY,
      baseUrl: 'http://upstream.test',
      timeoutMs: 1000,
      forward: async () => new Response(`{"echo":"${KEY}"}`, { headers: { 'content-type': 'application/json' } }),
      log: (line) => lines.push(line),
    });
    await proxy(new Request(`http://app.test/public/v3/companies?ticker=SECRET-TICKER&cursor=99&note=${KEY}`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/public\/v3\/companies\?ticker&cursor&note 200 \d+ms$/);
    expect(lines[0]).not.toContain(KEY);
    expect(lines[0]).not.toContain('SECRET-TICKER');
  });
});

describe('in process (the embedded sandbox)', () => {
  const inProcess = (forward: (request: Request) => Promise<Response>, timeoutMs = 1000) =>
    createApiProxy({ apiKey: KEY, baseUrl: 'http://sandbox.internal', forward, timeoutMs, sandbox: true, inProcess: true });

  it('hands the answer on with only the allowed headers (never set-cookie or internal ones)', async () => {
    let seen: Request | undefined;
    const proxy = inProcess(async (request) => {
      seen = request;
      return new Response('{"data":[]}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': 'a=b', 'x-internal': 'yes', 'retry-after': '3', etag: '"1"' },
      });
    });
    const response = await proxy(
      new Request('http://app.test/public/v3/companies?limit=1', { headers: { cookie: 'c=d', 'x-api-key': 'browser', authorization: 'Bearer x' } }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"data":[]}');
    expect([...response.headers.keys()].sort()).toEqual(['content-type', 'etag', 'retry-after']);
    expect(seen?.headers.get('x-api-key')).toBe(KEY);
    expect(seen?.headers.get('cookie')).toBeNull();
    expect(seen?.headers.get('authorization')).toBeNull();
  });

  it('still answers 504 on time when the sandbox does not answer', async () => {
    const proxy = inProcess(() => new Promise<Response>(() => {}), 100);
    expect((await proxy(new Request('http://app.test/public/v3/companies'))).status).toBe(504);
  });

  it('still answers 499 at once when the browser goes away', async () => {
    const proxy = inProcess(() => new Promise<Response>(() => {}), 60_000);
    const browser = new AbortController();
    const result = proxy(new Request('http://app.test/public/v3/companies', { signal: browser.signal }));
    browser.abort();
    expect((await result).status).toBe(499);
  });

  it('copies the headers when the answer’s own cannot be changed', async () => {
    const proxy = inProcess(async () => {
      const response = Response.redirect('http://sandbox.internal/elsewhere', 302);
      return new Proxy(response, { get: (target, name) => (name === 'status' ? 200 : Reflect.get(target, name)) }) as Response;
    });
    const response = await proxy(new Request('http://app.test/public/v3/companies'));
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
  });
});
