import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { createFileProxy } from '../../server/files.ts';
import { rawConnection, serveApp } from './helpers.ts';

/**
 * The file route's bodies, read through a real socket from a real file host: exactly the bytes the
 * headers describe and nothing after them (compressed files), and timeouts that cut a stalled file
 * but not a slow one.
 */

const TIMEOUT_MS = 250;

/** A 200,045-byte "PDF" whose bytes after the first 277 hold a complete HTTP response (the probe's crafted file). */
const PDF = (() => {
  const smuggled = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 25\r\n\r\n<script>alert(1)</script>');
  const bytes = Buffer.alloc(200_045);
  let seed = 7;
  for (let i = 0; i < bytes.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = i % 3 === 0 ? 0x41 + (seed % 26) : 0x20;
  }
  Buffer.from('%PDF-1.4\n').copy(bytes, 0);
  smuggled.copy(bytes, 277);
  return bytes;
})();
const PLAIN = Buffer.from('%PDF-1.4 second file');
// Compressed once here: brotli at its default quality takes longer than the route's timeout.
const GZIPPED = gzipSync(PDF);
const BROTLI = brotliCompressSync(PDF);

let host: Server;
let hostOrigin: string;
let app: { origin: string; close(): Promise<void> };
/** Responses the file host has not finished (closed by the other side when they end). */
const hostClosed: string[] = [];

/** Writes `chunks` pieces of `body`, one every `everyMs`, then ends (or stops after `stallAfter` pieces). */
function trickle(res: ServerResponse, body: Buffer, chunks: number, everyMs: number, stallAfter = Infinity) {
  const size = Math.ceil(body.length / chunks);
  let sent = 0;
  const step = () => {
    if (res.destroyed) return;
    if (sent >= stallAfter) return; // stalls: headers and some bytes sent, then nothing, the connection held open
    const piece = body.subarray(sent * size, (sent + 1) * size);
    sent++;
    if (sent >= chunks) res.end(piece);
    else {
      res.write(piece);
      setTimeout(step, everyMs);
    }
  };
  step();
}

beforeAll(async () => {
  host = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) hostClosed.push(req.url ?? '');
    });
    const pdf = { 'content-type': 'application/pdf' };
    switch (req.url) {
      case '/gzip.pdf': {
        res.writeHead(200, { ...pdf, 'content-encoding': 'gzip', 'content-length': GZIPPED.length });
        return res.end(GZIPPED);
      }
      case '/br.pdf': {
        res.writeHead(200, { ...pdf, 'content-encoding': 'br', 'content-length': BROTLI.length });
        return res.end(BROTLI);
      }
      case '/gzip-range.pdf': {
        const gz = GZIPPED.subarray(0, 100);
        res.writeHead(206, { ...pdf, 'content-encoding': 'gzip', 'content-range': `bytes 0-99/${GZIPPED.length}`, 'content-length': 100 });
        return res.end(gz);
      }
      case '/zstd.pdf':
        res.writeHead(200, { ...pdf, 'content-encoding': 'zstd', 'content-length': 4 });
        return res.end('zzzz');
      case '/plain.pdf':
        res.writeHead(200, { ...pdf, 'content-length': PLAIN.length });
        return res.end(PLAIN);
      case '/slow.pdf':
        // 12 pieces 60 ms apart: about 0.7 s in all, well past the 250 ms timeout, never idle that long.
        res.writeHead(200, { ...pdf, 'content-length': PDF.length });
        return trickle(res, PDF, 12, 60);
      case '/stalls.pdf':
        res.writeHead(200, { ...pdf, 'content-length': PDF.length });
        return trickle(res, PDF, 12, 20, 3);
      case '/stalls-chunked.pdf':
        res.writeHead(200, pdf);
        return trickle(res, PDF, 12, 20, 3);
      case '/stalls.json':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 4096 });
        return trickle(res, Buffer.alloc(4096, 0x20), 4, 20, 2);
      case '/no-headers.pdf':
        return; // never answers
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const config = readServerConfig({
    SANDBOX_COMPANIES: '30',
    SANDBOX_NOW: '2026-11-21T12:00:00Z',
    SANDBOX_CLOCK_RATE: '0',
    FILE_HOSTS: hostOrigin,
    PROXY_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  app = await serveApp(createServerApp(config));
});

afterAll(async () => {
  await app?.close();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
});

const filePath = (path: string) => `/files?url=${encodeURIComponent(`${hostOrigin}${path}`)}`;

describe('compressed files', () => {
  it.each(['/gzip.pdf', '/br.pdf'])('%s: the whole decoded file, framed by its own headers, and the next response on the connection is ours', async (path) => {
    const connection = await rawConnection(app.origin);
    try {
      connection.send(filePath(path));
      const first = await connection.next();
      expect(first.status).toBe(200);
      expect(first.headers['content-encoding']).toBeUndefined();
      if (first.headers['content-length'] !== undefined) expect(Number(first.headers['content-length'])).toBe(first.body.length);
      expect(first.body.length).toBe(200_045);
      expect(first.body.equals(PDF)).toBe(true);

      // Anything written after the first response would be read here as the start of the second.
      connection.send(filePath('/plain.pdf'));
      const second = await connection.next();
      expect(second.status).toBe(200);
      expect(second.headers['content-type']).toBe('application/pdf');
      expect(second.body.toString()).toBe('%PDF-1.4 second file');
    } finally {
      connection.close();
    }
  });

  it('asks the file host for no compression', async () => {
    const seen: (string | undefined)[] = [];
    host.once('request', (req) => seen.push(req.headers['accept-encoding']));
    await (await fetch(`${app.origin}${filePath('/plain.pdf')}`)).arrayBuffer();
    expect(seen).toEqual(['identity']);
  });

  it('refuses a compressed range and an encoding it cannot read, saying why', async () => {
    const range = await fetch(`${app.origin}${filePath('/gzip-range.pdf')}`, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(502);
    expect((await range.json()).message).toBe('The file host sent a compressed part of the file, which cannot be passed on: ask for the whole file');
    const zstd = await fetch(`${app.origin}${filePath('/zstd.pdf')}`);
    expect(zstd.status).toBe(502);
    expect((await zstd.json()).message).toBe('The file host sent the file in an encoding that cannot be read (zstd)');
  });

  it('ends a body longer than the length it declared at that length, writing nothing after it', async () => {
    // A file host whose body runs past its Content-Length (fetch stands in for it: node's own client
    // reads by the length and would hide the rest).
    const route = createFileProxy({
      allowedOrigins: ['http://files.test'],
      timeoutMs: TIMEOUT_MS,
      fetch: async () => new Response('%PDF-1.4 and then HTTP/1.1 200 OK', { headers: { 'content-type': 'application/pdf', 'content-length': '8' } }),
    });
    const server = createServer(getRequestListener(route));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connection = await rawConnection(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      connection.send(`/files?url=${encodeURIComponent('http://files.test/x.pdf')}`);
      const first = await connection.next();
      expect(first.headers['content-length']).toBe('8');
      expect(first.body.toString()).toBe('%PDF-1.4');
      connection.send(`/files?url=${encodeURIComponent('http://files.test/y.pdf')}`);
      const second = await connection.next();
      expect(second.status).toBe(200);
      expect(second.body.toString()).toBe('%PDF-1.4');
    } finally {
      connection.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('slow and stalled files', () => {
  it('a file that streams for longer than PROXY_TIMEOUT_MS, never idle that long, arrives whole', async () => {
    const response = await fetch(`${app.origin}${filePath('/slow.pdf')}`);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(200_045);
    expect(body.equals(PDF)).toBe(true);
  });

  it.each(['/stalls.pdf', '/stalls-chunked.pdf'])(
    '%s: a file that stalls mid-body is cut: the browser sees an aborted response and the file host’s request is closed',
    async (path) => {
      const connection = await rawConnection(app.origin);
      try {
        connection.send(filePath(path));
        await expect(connection.next()).rejects.toThrow(/the connection closed/);
      } finally {
        connection.close();
      }
      await expect.poll(() => hostClosed).toContain(path);
    },
  );

  it('a JSON file that stalls before the server could compress it is a 502 saying so', async () => {
    const response = await fetch(`${app.origin}${filePath('/stalls.json')}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe('The answer broke off before its end');
  });

  it('headers that do not come within PROXY_TIMEOUT_MS are a 504', async () => {
    const response = await fetch(`${app.origin}${filePath('/no-headers.pdf')}`);
    expect(response.status).toBe(504);
    expect((await response.json()).message).toBe(`The file host did not answer within ${TIMEOUT_MS} ms`);
  });
});
