import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { parseFileHosts } from '../../server/files.ts';
import { serveApp, startStubUpstream, type StubUpstream } from './helpers.ts';

/** The same-origin file route: serves allowlisted file hosts (and the sandbox's own), nothing else. */

let app: { origin: string; close(): Promise<void> };
let allowed: StubUpstream;
let other: StubUpstream;

beforeAll(async () => {
  other = await startStubUpstream((req, respond) => respond(200, { 'content-type': 'application/pdf' }, 'OTHER HOST'));
  allowed = await startStubUpstream((req, respond) => {
    if (req.url === '/report.pdf')
      return respond(200, { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="r.pdf"', 'set-cookie': 'a=b' }, '%PDF-1.4 body');
    if (req.url === '/page.html') return respond(200, { 'content-type': 'text/html' }, '<script>alert(1)</script>');
    if (req.url === '/hop') return respond(302, { location: '/report.pdf' });
    if (req.url === '/escape') return respond(302, { location: `${other.origin}/secret.pdf` });
    if (req.url === '/gone.pdf') return respond(404, { 'content-type': 'text/plain' }, 'nope');
    if (req.url === '/range.pdf') return respond(206, { 'content-type': 'application/pdf', 'content-range': `bytes 0-3/10` }, `range=${req.headers.range}`);
    respond(404, {}, '');
  });
  const config = readServerConfig({ SANDBOX_COMPANIES: '30', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_CLOCK_RATE: '0', FILE_HOSTS: allowed.origin });
  app = await serveApp(createServerApp(config));
});

afterAll(async () => {
  await app.close();
  await allowed.close();
  await other.close();
});

const through = (url: string, init?: RequestInit) => fetch(`${app.origin}/files?url=${encodeURIComponent(url)}`, init);

describe('file route', () => {
  it('serves a file from an allowlisted host, without cookies or keys either way', async () => {
    const response = await through(`${allowed.origin}/report.pdf`, { headers: { cookie: 'session=1', 'x-api-key': 'k', authorization: 'Bearer x' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="r.pdf"');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toBe('%PDF-1.4 body');
    const seen = allowed.requests.at(-1)!;
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-api-key']).toBeUndefined();
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('refuses every host that is not on the allowlist (never an open proxy)', async () => {
    const before = other.requests.length;
    for (const url of [`${other.origin}/secret.pdf`, 'https://example.com/x.pdf', 'http://169.254.169.254/latest/meta-data']) {
      const response = await through(url);
      expect(response.status, url).toBe(403);
      expect((await response.json()).message).toMatch(/not on the allowlist/);
    }
    expect(other.requests.length).toBe(before);
  });

  it('rejects URLs that are not absolute http(s) without credentials, and other methods', async () => {
    expect((await fetch(`${app.origin}/files`)).status).toBe(400);
    expect((await through('/sandbox-files/documents/1/x.pdf')).status).toBe(400);
    expect((await through('file:///etc/passwd')).status).toBe(400);
    expect((await through(`http://user:pw@${new URL(allowed.origin).host}/report.pdf`)).status).toBe(400);
    const twice = await fetch(`${app.origin}/files?url=${encodeURIComponent(`${allowed.origin}/report.pdf`)}&url=x`);
    expect(twice.status).toBe(400);
    expect((await fetch(`${app.origin}/files?url=${encodeURIComponent(`${allowed.origin}/report.pdf`)}`, { method: 'POST' })).status).toBe(405);
  });

  it('follows redirects only within the allowlist', async () => {
    const hop = await through(`${allowed.origin}/hop`);
    expect(hop.status).toBe(200);
    expect(await hop.text()).toBe('%PDF-1.4 body');
    const before = other.requests.length;
    const escape = await through(`${allowed.origin}/escape`);
    expect(escape.status).toBe(502);
    expect(other.requests.length).toBe(before);
  });

  it('never serves a page that could run on the app’s origin', async () => {
    const response = await through(`${allowed.origin}/page.html`);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment');
  });

  it('passes ranges and failures through with a clear message', async () => {
    const range = await through(`${allowed.origin}/range.pdf`, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 0-3/10');
    expect(await range.text()).toBe('range=bytes=0-3');
    const gone = await through(`${allowed.origin}/gone.pdf`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toBe('The file host answered 404');
  });

  it('serves the sandbox’s own files in sandbox mode', async () => {
    const { data } = await (await fetch(`${app.origin}/public/v3/documents/transcripts?limit=1`)).json();
    const response = await through(data[0].fileUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = await response.json();
    expect(body.transcript.paragraphs.length).toBeGreaterThan(0);
  });

  it('serves a live transcript (JSONL) as it is, and its Range answers: 206 for new bytes, 416 with bytes */size when nothing is new', async () => {
    const { data } = await (await fetch(`${app.origin}/public/v3/live/transcripts?states=live&limit=1`)).json();
    const whole = await through(data[0].transcript);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(whole.headers.get('content-disposition')).toBeNull();
    const text = await whole.text();
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ type: 'start', file_format_version: '1.6' });
    const size = Buffer.byteLength(text);
    const tail = await through(data[0].transcript, { headers: { range: `bytes=${size - 5}-` } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(await tail.text()).toBe(text.slice(-5));
    const none = await through(data[0].transcript, { headers: { range: `bytes=${size}-` } });
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe(`bytes */${size}`);
  });
});

describe('FILE_HOSTS', () => {
  it('takes host names (https), host:port and origins, and reports anything else', () => {
    expect(parseFileHosts('files.example.com, cdn.example.com:8443,http://127.0.0.1:9000')).toEqual({
      origins: ['https://files.example.com', 'https://cdn.example.com:8443', 'http://127.0.0.1:9000'],
      problems: [],
    });
    expect(parseFileHosts('').origins).toEqual([]);
    expect(parseFileHosts('https://x.example/path,ftp://y.example').problems).toHaveLength(2);
    expect(() => readServerConfig({ FILE_HOSTS: 'https://x.example/path' })).toThrow(/FILE_HOSTS/);
  });
});
