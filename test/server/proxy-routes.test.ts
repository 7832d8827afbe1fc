import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, SECURITY_HEADERS, type ServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { serveApp, startStubUpstream, type StubUpstream } from './helpers.ts';

/**
 * The server answers /public/v3 GET and HEAD from node:http straight to the proxy's core (the
 * node-native route) and everything else through the Hono app. A browser must not be able to tell
 * them apart: the same statuses, headers and bytes for every kind of answer, as the Hono app served
 * by @hono/node-server alone (how the server ran before) gives them.
 */

const KEY = 'route-test-key-9f8e7d';
const DATE = 'Sat, 21 Nov 2026 12:00:00 GMT';
const LIST = JSON.stringify({ data: Array.from({ length: 40 }, (_, id) => ({ id, name: `Company ${id}`, country: 'Germany' })) });
const AUDIO = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

const answers: Record<string, { status: number; headers: Record<string, string>; body?: string | Buffer } | 'reset'> = {
  list: {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', etag: '"list-1"', 'cache-control': 'max-age=60', date: DATE },
    body: LIST,
  },
  small: { status: 200, headers: { 'content-type': 'application/json', date: DATE }, body: '{"data":[]}' },
  unauthorized: { status: 401, headers: { 'content-type': 'application/json', date: DATE }, body: '{"statusCode":401,"message":"Unauthorized"}' },
  forbidden: { status: 403, headers: { 'content-type': 'application/json', date: DATE }, body: '{"statusCode":403,"message":"Forbidden"}' },
  missing: { status: 404, headers: { 'content-type': 'application/json', date: DATE }, body: '{"statusCode":404,"message":"Not Found"}' },
  limited: {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '5', 'x-ratelimit-remaining': '0', 'set-cookie': 'a=b', date: DATE },
    body: '{"statusCode":429,"message":"Too Many Requests"}',
  },
  unavailable: { status: 503, headers: { 'content-type': 'text/plain', date: DATE }, body: 'down for maintenance' },
  dropped: 'reset',
  malformed: { status: 200, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', date: DATE }, body: 'not gzip at all' },
  audio: { status: 200, headers: { 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes', date: DATE }, body: AUDIO },
};

let stub: StubUpstream;
let app: ServerApp;
let native: { origin: string; close(): Promise<void> };
let hono: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  stub = await startStubUpstream((req, respond) => {
    const answer = answers[(req.url ?? '').replace(/^\/public\/v3\/|\?.*$/g, '')];
    if (!answer || answer === 'reset') req.socket.destroy();
    else respond(answer.status, answer.headers, answer.body);
  });
  app = createServerApp(readServerConfig({ API_KEY: KEY, API_BASE_URL: stub.origin, PROXY_TIMEOUT_MS: '2000' }));
  native = await serveApp(app);
  hono = await new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () => new Promise((done) => (server as Server).close(() => done())),
      }),
    );
  });
});

afterAll(async () => {
  await native.close();
  await hono.close();
  await stub.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers a browser could tell apart (not the connection's own, nor the server clock's date on errors). */
function comparable(answer: Answer): Omit<Answer, 'headers'> & { headers: Record<string, unknown> } {
  const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
  if (answer.headers.date !== DATE) delete headers.date;
  return { ...answer, headers };
}

const SECURITY = Object.fromEntries(Object.entries(SECURITY_HEADERS));

describe('the node-native /public/v3 route answers as the Hono app did', () => {
  const cases = [
    ['list', { 'accept-encoding': 'br' }],
    ['list', { 'accept-encoding': 'gzip, deflate' }],
    ['list', {}],
    ['list', { 'accept-encoding': 'br', range: 'bytes=0-9' }],
    ['small', { 'accept-encoding': 'gzip, br' }],
    ['unauthorized', { 'accept-encoding': 'br' }],
    ['forbidden', {}],
    ['missing', {}],
    ['limited', {}],
    ['unavailable', {}],
    ['dropped', {}],
    ['malformed', {}],
    ['audio', { 'accept-encoding': 'br' }],
  ] as const;

  it.each(cases)('%s with %o: the same status, headers and bytes', async (name, headers) => {
    const path = `/public/v3/${name}?limit=40`;
    const viaNative = await get(native.origin, path, headers);
    const viaHono = await get(hono.origin, path, headers);
    expect(comparable(viaNative)).toEqual(comparable(viaHono));
  });

  it('HEAD: the same status and headers, no body', async () => {
    const viaNative = await get(native.origin, '/public/v3/list', { 'accept-encoding': 'br' }, 'HEAD');
    const viaHono = await get(hono.origin, '/public/v3/list', { 'accept-encoding': 'br' }, 'HEAD');
    expect(comparable(viaNative)).toEqual(comparable(viaHono));
    expect(viaNative.body.byteLength).toBe(0);
  });

  it('a list: brotli, Vary, a weak ETag, the upstream’s cache headers and date, the security headers, and the right length', async () => {
    const answer = await get(native.origin, '/public/v3/list', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      etag: 'W/"list-1"',
      'cache-control': 'max-age=60',
      date: DATE,
      'content-length': String(answer.body.byteLength),
      ...SECURITY,
    });
    expect(brotliDecompressSync(answer.body).toString()).toBe(LIST);
    expect(answer.headers['x-api-key']).toBeUndefined();
  });

  it('the same list for gzip, and as it is without Accept-Encoding', async () => {
    const gzipped = await get(native.origin, '/public/v3/list', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(LIST);
    const plain = await get(native.origin, '/public/v3/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe('"list-1"');
    expect(plain.body.toString()).toBe(LIST);
  });

  it('errors of the upstream pass through; its failures are 502 JSON; never set-cookie', async () => {
    const limited = await get(native.origin, '/public/v3/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers).toMatchObject({ 'retry-after': '5', 'x-ratelimit-remaining': '0', ...SECURITY });
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(limited.body.toString())).toEqual({ statusCode: 429, message: 'Too Many Requests' });

    const dropped = await get(native.origin, '/public/v3/dropped');
    expect(dropped.status).toBe(502);
    expect(dropped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(dropped.body.toString())).toEqual({ statusCode: 502, message: 'The data service could not be reached', error: 'Bad Gateway' });

    const malformed = await get(native.origin, '/public/v3/malformed');
    expect(malformed.status).toBe(502);
    expect(JSON.parse(malformed.body.toString())).toEqual({ statusCode: 502, message: 'The data service sent an unusable response', error: 'Bad Gateway' });
  });

  it('media is streamed as it is (not compressed), byte for byte', async () => {
    const answer = await get(native.origin, '/public/v3/audio', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.body.equals(AUDIO)).toBe(true);
  });
});
