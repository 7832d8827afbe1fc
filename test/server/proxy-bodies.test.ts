import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { createApiProxy, KeyScrubber } from '../../server/proxy.ts';
import { rawConnection, serveApp } from './helpers.ts';

/**
 * The API proxy's bodies from a real upstream through the real server app, read off a real socket:
 * framed by their own headers, bounded in memory, and the key scrubbed from every one of them.
 */

const KEY = 'test-key-77aa88bb99cc';
const MB = 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };
const COMPANIES = JSON.stringify({ data: Array.from({ length: 400 }, (_, id) => ({ id, name: `Company ${id}` })), pagination: { nextCursor: null } });
const GZIPPED = gzipSync(COMPANIES);
/** 17 MB of JSON-ish bytes gzipped into about 17 kB: over the cap once decoded. */
const BOMB = gzipSync(Buffer.alloc(17 * MB, 0x20));

let upstream: Server;
let app: { origin: string; close(): Promise<void> };
/** Per path: bytes the upstream wrote, and whether its connection was closed under it. */
const sent = new Map<string, { bytes: number; closed: boolean }>();

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const path = (req.url ?? '').replace(/^\/public\/v3/, '');
    const record = { bytes: 0, closed: false };
    sent.set(path, record);
    res.on('close', () => (record.closed = !res.writableFinished));
    switch (path) {
      case '/gzip':
        res.writeHead(200, { ...JSON_TYPE, 'content-encoding': 'gzip', 'content-length': GZIPPED.length });
        return res.end(GZIPPED);
      case '/bomb':
        res.writeHead(200, { ...JSON_TYPE, 'content-encoding': 'gzip', 'content-length': BOMB.length });
        return res.end(BOMB);
      case '/endless': {
        // A JSON answer that never ends: 64 kB at a time for as long as anyone reads it.
        res.writeHead(200, JSON_TYPE);
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const write = () => {
          while (!res.destroyed && res.write(chunk)) record.bytes += chunk.length;
          if (!res.destroyed) res.once('drain', write);
        };
        return write();
      }
      case '/octet':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(`binary\u0000${KEY}\u0001end`);
      case '/untyped':
        res.writeHead(200);
        return res.end(`no type ${KEY} here`);
      case '/ndjson':
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        return res.end(`{"id":1,"echo":"${KEY}"}\n{"id":2,"echo":"${KEY}"}\n`);
      case '/split': {
        // The key in two writes, one the proxy reads before the other is sent.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(`first ${KEY.slice(0, 9)}`);
        setTimeout(() => res.end(`${KEY.slice(9)} last`), 30);
        return;
      }
      default:
        res.writeHead(200, JSON_TYPE);
        return res.end('{"data":[]}');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  app = await serveApp(createServerApp(readServerConfig({ API_KEY: KEY, API_BASE_URL: base, PROXY_TIMEOUT_MS: '5000' })));
});

afterAll(async () => {
  await app?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('framing', () => {
  it('a gzipped upstream answer goes out decoded with its own length, and the next response on the connection is ours', async () => {
    const connection = await rawConnection(app.origin);
    try {
      connection.send('/public/v3/gzip', { 'accept-encoding': 'identity' });
      const first = await connection.next();
      expect(first.status).toBe(200);
      expect(first.headers['content-encoding']).toBeUndefined();
      expect(Number(first.headers['content-length'])).toBe(first.body.length);
      expect(first.body.toString()).toBe(COMPANIES);
      connection.send('/public/v3/companies');
      const second = await connection.next();
      expect(second.status).toBe(200);
      expect(second.body.toString()).toBe('{"data":[]}');
    } finally {
      connection.close();
    }
  });
});

describe('bodies over the cap', () => {
  it('an endless JSON answer is a 502 saying why, and the upstream connection is torn down', async () => {
    const response = await fetch(`${app.origin}/public/v3/endless`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      statusCode: 502,
      message: 'The data service sent an answer larger than 16 MB, which is not passed on',
      error: 'Bad Gateway',
    });
    await expect.poll(() => sent.get('/endless')?.closed).toBe(true);
    // What the upstream got to write before the connection closed: the cap and the socket buffers.
    expect(sent.get('/endless')!.bytes).toBeLessThan(24 * MB);
  });

  it('a compressed answer that decodes past the cap is a 502 saying why', async () => {
    const response = await fetch(`${app.origin}/public/v3/bomb`);
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('The data service sent an answer larger than 16 MB, which is not passed on');
  });
});

describe('the key in bodies of any type', () => {
  it.each([
    ['/octet', 'application/octet-stream', 'binary\u0000[redacted]\u0001end'],
    ['/untyped', null, 'no type [redacted] here'],
    ['/ndjson', 'application/x-ndjson', '{"id":1,"echo":"[redacted]"}\n{"id":2,"echo":"[redacted]"}\n'],
    ['/split', 'application/octet-stream', 'first [redacted] last'],
  ])('%s (%s) reaches the browser with the key scrubbed', async (path, type, expected) => {
    const response = await fetch(`${app.origin}/public/v3${path}`);
    expect(response.status).toBe(200);
    if (type) expect(response.headers.get('content-type')).toBe(type);
    expect(await response.text()).toBe(expected);
  });

  it('also through the proxy’s web route (the calendar feed and the search index use it)', async () => {
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const proxy = createApiProxy({ apiKey: KEY, baseUrl: base, timeoutMs: 5000 });
    for (const [path, expected] of [
      ['/octet', 'binary\u0000[redacted]\u0001end'],
      ['/split', 'first [redacted] last'],
    ]) {
      const response = await proxy(new Request(`http://app.test/public/v3${path}`));
      expect(await response.text()).toBe(expected);
    }
  });

  it('KeyScrubber finds the key split at every point between chunks, and repeated or back to back', async () => {
    const scrub = async (chunks: string[]) => {
      const scrubber = new KeyScrubber(KEY);
      const out: Buffer[] = [];
      scrubber.on('data', (chunk: Buffer) => out.push(chunk));
      const ended = new Promise((resolve) => scrubber.on('end', resolve));
      for (const chunk of chunks) scrubber.write(Buffer.from(chunk));
      scrubber.end();
      await ended;
      return Buffer.concat(out).toString();
    };
    for (let at = 0; at <= KEY.length; at++) {
      expect(await scrub([`a ${KEY.slice(0, at)}`, `${KEY.slice(at)} b`]), `split at ${at}`).toBe('a [redacted] b');
    }
    expect(await scrub([KEY.slice(0, 3), KEY.slice(3, 10), `${KEY.slice(10)}${KEY}`, 'x'])).toBe('[redacted][redacted]x');
    expect(await scrub(['test-key-', 'test-key-77aa88bb99cc!'])).toBe('test-key-[redacted]!');
    expect(await scrub(['no key at all'])).toBe('no key at all');
  });
});
