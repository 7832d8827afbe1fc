import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { serveApp } from './helpers.ts';

/** With no key configured, the same server forwards to the embedded sandbox, in process. */

let server: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  const config = readServerConfig({ SANDBOX_COMPANIES: '30', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_CLOCK_RATE: '0' });
  expect(config.dataSource).toBe('sandbox');
  server = await serveApp(createServerApp(config));
});

afterAll(async () => {
  await server.close();
});

describe('sandbox mode', () => {
  it('answers /public/v3 without any key from the browser', async () => {
    const response = await fetch(`${server.origin}/public/v3/companies?limit=2`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toHaveLength(2);
    expect(body.pagination).toHaveProperty('nextCursor');
  });

  it('ignores a key the browser sends (the proxy adds the sandbox’s own)', async () => {
    const response = await fetch(`${server.origin}/public/v3/companies?limit=1`, { headers: { 'x-api-key': 'wrong' } });
    expect(response.status).toBe(200);
  });

  it('writes media URLs on the app’s own origin, and they resolve (with ranges, uncompressed)', async () => {
    const { data } = await (await fetch(`${server.origin}/public/v3/audio?limit=1`)).json();
    const recording = data[0];
    expect(recording.fileUrl.startsWith(`${server.origin}/sandbox-files/`)).toBe(true);
    expect(recording.streamUrl.startsWith(`${server.origin}/sandbox-files/`)).toBe(true);

    const mp3 = await fetch(recording.fileUrl, { headers: { range: 'bytes=0-9', 'accept-encoding': 'gzip, br' } });
    expect(mp3.status).toBe(206);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect(mp3.headers.get('content-encoding')).toBeNull();
    expect((await mp3.arrayBuffer()).byteLength).toBe(10);

    const whole = await fetch(recording.fileUrl, { method: 'HEAD', headers: { 'accept-encoding': 'gzip, br' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-encoding')).toBeNull();

    const playlist = await fetch(recording.streamUrl);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTM3U');
  });

  it('answers HEAD on a transcript and a playlist with the Content-Length of the uncompressed GET', async () => {
    const { data } = await (await fetch(`${server.origin}/public/v3/documents/transcripts?limit=1`)).json();
    const { data: audio } = await (await fetch(`${server.origin}/public/v3/audio?limit=1`)).json();
    for (const url of [data[0].fileUrl, audio[0].streamUrl]) {
      const got = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      const bytes = (await got.arrayBuffer()).byteLength;
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status, url).toBe(200);
      expect(head.headers.get('content-length'), url).toBe(String(bytes));
    }
  });

  it('keeps the sandbox fault controls working through the proxy', async () => {
    const response = await fetch(`${server.origin}/public/v3/companies?__fault=429&__retryAfter=9`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('9');
    const header = await fetch(`${server.origin}/public/v3/companies`, { headers: { 'x-sandbox-fault': '503' } });
    expect(header.status).toBe(503);
  });

  it('mounts the sandbox test controls', async () => {
    const info = await (await fetch(`${server.origin}/__sandbox/info`)).json();
    expect(info.now).toBe('2026-11-21T12:00:00.000Z');
    const armed = await fetch(`${server.origin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: '500', scope: 'api', match: '/audio', times: 1 }),
    });
    expect(armed.status).toBe(201);
    expect((await fetch(`${server.origin}/public/v3/audio?limit=1`)).status).toBe(500);
    expect((await fetch(`${server.origin}/public/v3/audio?limit=1`)).status).toBe(200);
  });

  it('refuses fault rules a page on another site could send: a text/plain POST, a foreign Origin', async () => {
    const plain = await fetch(`${server.origin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ kind: '500', scope: 'api' }),
    });
    expect(plain.status).toBe(415);
    const foreign = await fetch(`${server.origin}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ kind: '500', scope: 'api' }),
    });
    expect(foreign.status).toBe(403);
    expect((await fetch(`${server.origin}/public/v3/companies?limit=1`)).status).toBe(200);
  });

  it('says sandbox in /app-config.json (not cached) and is healthy', async () => {
    const config = await fetch(`${server.origin}/app-config.json`);
    expect(config.headers.get('cache-control')).toBe('no-store');
    expect(await config.json()).toEqual({ dataSource: 'sandbox' });
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('compresses JSON API responses for browsers that accept it', async () => {
    const response = await fetch(`${server.origin}/public/v3/companies?limit=50`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await response.json()).data.length).toBeGreaterThan(0);
  });

  it('serves the five list endpoints beyond the contract by default, and only the 13 with SANDBOX_CONTRACT=strict', async () => {
    for (const path of ['/events', '/live/audio', '/documents', '/event-types', '/document-types']) {
      expect((await fetch(`${server.origin}/public/v3${path}?limit=1`)).status, path).toBe(200);
    }
    const strict = createServerApp(
      readServerConfig({ SANDBOX_COMPANIES: '30', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_CLOCK_RATE: '0', SANDBOX_CONTRACT: 'strict' }),
    );
    for (const path of ['/events', '/live/audio', '/documents', '/event-types', '/document-types']) {
      const response = await strict.fetch(new Request(`http://app.test/public/v3${path}`));
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, message: `Cannot GET /public/v3${path}`, error: 'Not Found' });
    }
    expect((await strict.fetch(new Request('http://app.test/public/v3/companies?limit=1'))).status).toBe(200);
    expect((await strict.fetch(new Request('http://app.test/public/v3/documents/transcripts?limit=1'))).status).toBe(200);
  });

  it('serves a live transcript on the app’s origin, its ranges uncompressed; SANDBOX_PLAN=no-live-transcripts makes the live lists 403', async () => {
    const { data } = await (await fetch(`${server.origin}/public/v3/live?states=live&limit=1&transcriptVersion=1.7`)).json();
    const url: string = data[0].transcript;
    expect(url.startsWith(`${server.origin}/sandbox-files/live/`)).toBe(true);
    const whole = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
    const size = Buffer.byteLength(whole);
    const tail = await fetch(url, { headers: { range: `bytes=${size - 20}-`, 'accept-encoding': 'gzip, br' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-encoding')).toBeNull();
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 20}-${size - 1}/${size}`);
    expect(await tail.text()).toBe(whole.slice(-20));
    const none = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe(`bytes */${size}`);

    const limited = createServerApp(
      readServerConfig({ SANDBOX_COMPANIES: '30', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_CLOCK_RATE: '0', SANDBOX_PLAN: 'no-live-transcripts' }),
    );
    for (const path of ['/live', '/live/transcripts']) {
      const response = await limited.fetch(new Request(`http://app.test/public/v3${path}`));
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
    expect((await limited.fetch(new Request('http://app.test/public/v3/live/audio?limit=1'))).status).toBe(200);
  });

  it('says upstream when a key and base URL are configured', async () => {
    const app = createServerApp(readServerConfig({ API_KEY: 'k-123456789', API_BASE_URL: 'https://api.example.com' }));
    const response = await app.fetch(new Request('http://app.test/app-config.json'));
    expect(await response.json()).toEqual({ dataSource: 'upstream' });
    expect((await app.fetch(new Request('http://app.test/sandbox-files/audio/1.mp3'))).status).toBe(404);
    expect((await app.fetch(new Request('http://app.test/__sandbox/info'))).status).toBe(404);
  });
});
