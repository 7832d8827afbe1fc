import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { isServerPath } from '../../server/dev-middleware.ts';

/**
 * `vite` dev and `vite preview` mount the same server app through the plugin, loaded from a real
 * config file (so Vite's own config bundling of the lazy import is exercised too).
 */

const configFile = join(import.meta.dirname, 'fixtures', 'vite.config.ts');
let root: string;
let dev: ViteDevServer;
let previewServer: PreviewServer;
let devOrigin: string;
let previewOrigin: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'earnings-desk-vite-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root">dev</div></body></html>');
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><html><body><div id="root">preview</div></body></html>');

  dev = await createServer({ configFile, root, server: { port: 0, host: '127.0.0.1', strictPort: false, ws: false } });
  await dev.listen();
  devOrigin = `http://127.0.0.1:${(dev.httpServer!.address() as AddressInfo).port}`;

  previewServer = await preview({ configFile, root, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  previewOrigin = `http://127.0.0.1:${(previewServer.httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await dev?.close();
  await new Promise<void>((resolve) => (previewServer ? previewServer.httpServer.close(() => resolve()) : resolve()));
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the Vite plugin', () => {
  it.each([
    ['dev', () => devOrigin],
    ['preview', () => previewOrigin],
  ])('%s: proxies /public/v3 to the sandbox and serves the server routes', async (_, origin) => {
    const companies = await fetch(`${origin()}/public/v3/companies?limit=2`);
    expect(companies.status).toBe(200);
    expect((await companies.json()).data).toHaveLength(2);
    expect(companies.headers.get('content-security-policy')).toContain("default-src 'self'");

    const { data } = await (await fetch(`${origin()}/public/v3/audio?limit=1`)).json();
    expect(data[0].fileUrl.startsWith(`${origin()}/sandbox-files/`)).toBe(true);
    expect((await fetch(data[0].fileUrl, { headers: { range: 'bytes=0-3' } })).status).toBe(206);

    expect(await (await fetch(`${origin()}/app-config.json`)).json()).toEqual({ dataSource: 'sandbox' });
    expect(await (await fetch(`${origin()}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${origin()}/__sandbox/info`)).status).toBe(200);
    expect((await fetch(`${origin()}/public/v3/companies`, { method: 'POST' })).status).toBe(405);
  });

  it('leaves everything else to Vite', async () => {
    expect(await (await fetch(`${devOrigin}/`, { headers: { accept: 'text/html' } })).text()).toContain('>dev<');
    expect(await (await fetch(`${previewOrigin}/`, { headers: { accept: 'text/html' } })).text()).toContain('>preview<');
  });

  it('claims only the server paths', () => {
    for (const path of ['/public/v3/companies', '/public/v3', '/sandbox-files/a.mp3', '/__sandbox/info', '/app-config.json', '/healthz', '/healthz?x=1']) {
      expect(isServerPath(path), path).toBe(true);
    }
    for (const path of ['/', '/src/main.tsx', '/@vite/client', '/companies/1', '/app-config.jsonx', '/healthzz', '/public/v2/x']) {
      expect(isServerPath(path), path).toBe(false);
    }
  });
});
