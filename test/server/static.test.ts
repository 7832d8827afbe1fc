import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';
import { rawTargetProblem } from '../../server/app.ts';
import { precompressFiles } from '../../server/precompress.ts';
import { resolveInside } from '../../server/static.ts';
import { rawRequest, serveApp } from './helpers.ts';

/** `npm start` serving a (fake) built app: files, SPA fallback, caching, headers, compression. */

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
let root: string;
let dist: string;
let server: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'earnings-desk-static-'));
  dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'secret.txt'), 'outside dist');
  symlinkSync(join(root, 'secret.txt'), join(dist, 'assets', 'link.txt'));
  const config = readServerConfig({ SANDBOX_COMPANIES: '10' });
  server = await serveApp(createServerApp(config, { distDir: dist }));
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('production static server', () => {
  it('serves index.html for / and SPA routes, revalidated (no-cache), with the preload hints of the address', async () => {
    const expected: Record<string, string> = {
      '/': [
        '<link rel="preload" as="fetch" crossorigin href="/public/v3/audio?limit=10&amp;direction=desc&amp;expand=event">',
        '<link rel="preload" as="fetch" crossorigin href="/public/v3/documents/transcripts?limit=10&amp;direction=desc&amp;expand=event">',
      ].join('\n    '),
      '/companies/12': [
        '<link rel="preload" as="fetch" crossorigin href="/public/v3/companies/12">',
        '<link rel="preload" as="fetch" crossorigin href="/public/v3/audio?companyIds=12&amp;expand=event&amp;direction=desc&amp;limit=50">',
        '<link rel="preload" as="fetch" crossorigin href="/public/v3/documents/transcripts?companyIds=12&amp;expand=event&amp;direction=desc&amp;limit=50">',
        '<link rel="preload" as="fetch" crossorigin href="/public/v3/companies/12/segments?limit=500">',
      ].join('\n    '),
    };
    for (const path of ['/', '/companies/12', '/events/7/listen?t=30']) {
      const response = await fetch(`${server.origin}${path}`, { headers: html });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const hints = expected[path];
      expect(await response.text(), path).toBe(hints ? INDEX.replace('</head>', `  ${hints}\n  </head>`) : INDEX);
    }
  });

  it('never serves dot-files or dot-directories of the build (the chunk manifest)', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    for (const path of ['/.vite/manifest.json', '/.vite/', '/assets/.hidden']) {
      expect((await fetch(`${server.origin}${path}`)).status, path).toBe(404);
    }
    rmSync(join(dist, '.vite'), { recursive: true, force: true });
  });

  it('answers a conditional request for index.html with 304', async () => {
    const first = await fetch(`${server.origin}/`, { headers: html });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.origin}/`, { headers: { ...html, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('gives a real 404 for missing files, API-ish paths and non-HTML requests', async () => {
    expect((await fetch(`${server.origin}/missing.js`, { headers: html })).status).toBe(404);
    expect((await fetch(`${server.origin}/assets/app-zzz999.js`, { headers: html })).status).toBe(404);
    expect((await fetch(`${server.origin}/assets/nothing`, { headers: html })).status).toBe(404);
    expect((await fetch(`${server.origin}/public/v3/nothing-here`, { headers: html })).status).toBe(404);
    expect((await fetch(`${server.origin}/public/other`, { headers: html })).status).toBe(404);
    expect((await fetch(`${server.origin}/sandbox-files/nothing`, { headers: html })).status).toBe(404);
    expect((await fetch(`${server.origin}/companies/12`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('caches hashed assets for a year, immutable', async () => {
    const response = await fetch(`${server.origin}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends the security headers on every response, without X-Powered-By', async () => {
    for (const path of ['/', '/assets/app-abc123.js', '/missing.js', '/public/v3/companies?limit=1', '/healthz', '/app-config.json']) {
      const response = await fetch(`${server.origin}${path}`, { headers: html });
      expect(response.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob: https:; connect-src 'self' https:; worker-src 'self' blob:; font-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'",
    );
  });

  it('compresses large text with gzip or brotli, as the browser asks', async () => {
    const gzip = await rawRequest(server.origin, '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    const brotli = await fetch(`${server.origin}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe(SCRIPT);
    const json = await fetch(`${server.origin}/public/v3/companies?limit=10`, { headers: { 'accept-encoding': 'gzip' } });
    expect(json.headers.get('content-encoding')).toBe('gzip');
    const plain = await rawRequest(server.origin, '/assets/app-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('really is gzip on the wire', async () => {
    const { hostname, port } = new URL(server.origin);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        request({ host: hostname, port, path: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
          .on('error', reject)
          .end();
      });
    });
    expect(bytes.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(gunzipSync(bytes).toString()).toBe(SCRIPT);
  });

  it("sends the build's own compressed copies when they are there (no compressing on first request)", async () => {
    const copied = 'export const fromTheBuild = true;\n'.repeat(60);
    writeFileSync(join(dist, 'assets', 'pre-1a2b3c.js'), copied);
    expect(precompressFiles(join(dist, 'assets'))).toBeGreaterThan(0);
    // Proof the server reads the copy rather than compressing the file: the copy says something else.
    writeFileSync(join(dist, 'assets', 'pre-1a2b3c.js.br'), brotliCompressSync(Buffer.from('from the .br copy')));
    const brotli = await fetch(`${server.origin}/assets/pre-1a2b3c.js`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe('from the .br copy');
    const gzip = await fetch(`${server.origin}/assets/pre-1a2b3c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(copied);
  });

  it.each([
    '/assets/../../etc/passwd',
    '/assets/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..\\secret.txt',
    '/assets/%5c..%5c..%5csecret.txt',
    '//etc/passwd',
    '/../secret.txt',
  ])('traversal %s does not escape dist', async (target) => {
    const response = await rawRequest(server.origin, target, { headers: html });
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain('outside dist');
    expect(response.body).not.toContain('root:');
  });

  it('does not follow a symlink out of dist', async () => {
    const response = await fetch(`${server.origin}/assets/link.txt`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('outside dist');
  });

  it('resolves paths only inside the root', () => {
    expect(resolveInside(dist, '/index.html')).toBe(join(dist, 'index.html'));
    expect(resolveInside(dist, '/../secret.txt')).toBeUndefined();
    expect(resolveInside(dist, '/assets/../../secret.txt')).toBeUndefined();
    expect(resolveInside(dist, '/assets/link.txt')).toBeUndefined();
    expect(rawTargetProblem('/assets/app.js?x=..')).toBeUndefined();
    expect(rawTargetProblem('/a/../b')).toBeDefined();
    expect(rawTargetProblem('http://x/')).toBeDefined();
  });
});
