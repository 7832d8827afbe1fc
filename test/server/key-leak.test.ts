import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { rawRequest, serveApp, startStubUpstream, unusedPort, type StubUpstream } from './helpers.ts';

/**
 * The key never reaches the browser or a log line: a real stub upstream, the real server app on a
 * real port, request logging on, every byte the browser receives and every line written checked.
 */

const KEY = 'test-key-9f8e7d6c5b4a';
const output: string[] = [];
let stub: StubUpstream;
let server: { origin: string; close(): Promise<void> };
let refusedServer: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      output.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))).join(' '));
      original(...args);
    });
  }

  stub = await startStubUpstream((req, respond) => {
    const path = req.url ?? '';
    if (path.startsWith('/public/v3/hang')) return;
    if (path.startsWith('/public/v3/echo')) {
      // A careless upstream that echoes the key back in its error and headers.
      return respond(
        401,
        { 'content-type': 'application/json', 'x-echo': KEY, 'www-authenticate': `ApiKey ${KEY}`, etag: `"${KEY}"` },
        JSON.stringify({ statusCode: 401, message: `Invalid key "${KEY}"`, error: 'Unauthorized' }),
      );
    }
    if (path.startsWith('/public/v3/limited')) {
      return respond(429, { 'content-type': 'text/plain', 'retry-after': '3' }, `slow down ${KEY}`);
    }
    respond(200, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ data: [{ id: 1, name: 'Acme' }], pagination: { nextCursor: null } }));
  });
  const env = { API_KEY: KEY, API_BASE_URL: stub.origin, PROXY_TIMEOUT_MS: '200', LOG_REQUESTS: '1' };
  server = await serveApp(createServerApp(readServerConfig(env)));
  refusedServer = await serveApp(createServerApp(readServerConfig({ ...env, API_BASE_URL: `http://127.0.0.1:${await unusedPort()}` })));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
  await refusedServer?.close();
  await stub?.close();
});

function expectNoKey(where: string, text: string) {
  expect(text.includes(KEY), `${where} contains the key:\n${text}`).toBe(false);
}

describe('the API key', () => {
  it('reaches the upstream, and nothing the browser receives or the server writes', async () => {
    const requests: Array<{ target: string; init?: RequestInit; origin?: string }> = [
      { target: '/public/v3/companies?limit=2' },
      { target: '/public/v3/companies', init: { method: 'HEAD' } },
      { target: '/public/v3/companies', init: { headers: { 'x-api-key': 'guess', cookie: 'a=b', authorization: 'Bearer x' } } },
      { target: '/public/v3/echo' },
      { target: '/public/v3/limited' },
      { target: '/public/v3/hang' },
      { target: '/public/v3/companies', origin: 'refused' },
      { target: '/public/v3/companies', init: { method: 'POST', body: '{}' } },
      { target: '/public/v3/companies', init: { method: 'OPTIONS' } },
      { target: '/public/v2/companies' },
      { target: '/public/v3/a%2fb' },
      { target: '/app-config.json' },
      { target: '/healthz' },
      { target: '/sandbox-files/audio/1.mp3' },
      { target: '/__sandbox/info' },
      { target: '/companies/12', init: { headers: { accept: 'text/html' } } },
    ];
    const statuses: number[] = [];
    for (const { target, init, origin } of requests) {
      const response = await fetch(`${origin === 'refused' ? refusedServer.origin : server.origin}${target}`, init);
      statuses.push(response.status);
      for (const [name, value] of response.headers) expectNoKey(`${target} header ${name}`, `${name}: ${value}`);
      expectNoKey(`${target} body`, await response.text());
    }
    expect(statuses).toEqual([200, 200, 200, 401, 429, 504, 502, 405, 405, 404, 400, 200, 200, 404, 404, 404]);

    for (const target of ['/public/v3/../../etc/passwd', 'http://evil.example/public/v3/companies', '/public/v3/%2e%2e/x']) {
      const response = await rawRequest(server.origin, target);
      expectNoKey(`${target} raw`, JSON.stringify(response));
    }

    // The upstream did get it, and only the configured one.
    const forwarded = stub.requests.filter((r) => r.url.startsWith('/public/v3/'));
    expect(forwarded.length).toBeGreaterThanOrEqual(6);
    for (const request of forwarded) {
      expect(request.headers['x-api-key']).toBe(KEY);
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }

    const written = output.join('');
    expect(written).toMatch(/GET \/public\/v3\/companies\?limit 200 \d+ms/);
    expect(written).toMatch(/GET \/public\/v3\/hang 504/);
    expect(written).toMatch(/GET \/public\/v3\/companies 502 \d+ms/);
    expectNoKey('stdout/stderr/console', written);
  });

  it('is not shown when the config is printed or serialised', () => {
    const config = readServerConfig({ API_KEY: KEY, API_BASE_URL: 'https://api.example.com' });
    expect(config.dataSource).toBe('upstream');
    expect(config.upstream?.apiKey).toBe(KEY);
    expectNoKey('JSON.stringify(config)', JSON.stringify(config));
    expectNoKey('inspect(config)', inspect(config, { depth: 10 }));
    expectNoKey('template string', `${JSON.stringify({ ...config })}`);
  });
});
