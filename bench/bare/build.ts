import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { createStaticHandler } from '../../server/static.ts';
import { SECURITY_HEADERS } from '../../server/app.ts';

/**
 * The bare anchor page (./index.html, ./main.tsx): built with Vite's own defaults and only the
 * React plugin, into a temporary directory of this checkout's own (never committed; rebuilt each
 * run), and served beside the app by
 * the same server process under BARE_PREFIX, with the app's own static handler (the same
 * compression and caching) and the app's security headers. Its one query goes to the app's
 * /public/v3 on the same origin.
 */

export const BARE_PREFIX = '/__bench/bare-app/';

/** Builds the bare page and returns its dist directory. */
export async function buildBareApp(): Promise<string> {
  const checkout = createHash('sha256').update(resolve('.')).digest('hex').slice(0, 12);
  const outDir = join(tmpdir(), `earnings-desk-bare-${checkout}`);
  await build({
    configFile: false,
    root: fileURLToPath(new URL('.', import.meta.url)),
    base: BARE_PREFIX,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Wraps the app's fetch: requests under BARE_PREFIX are answered from the bare page's build. */
export function withBareApp(appFetch: (request: Request) => Response | Promise<Response>, bareDist: string) {
  const serveBare = createStaticHandler({ root: bareDist });
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(BARE_PREFIX)) return appFetch(request);
    url.pathname = `/${url.pathname.slice(BARE_PREFIX.length)}`;
    const response = (await serveBare(new Request(url, { method: request.method, headers: request.headers }))) ?? new Response('Not found', { status: 404 });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
    return response;
  };
}

/** The file behind a script's URL path: the app's dist, or the bare page's build under BARE_PREFIX. */
export function fileForPath(path: string, bareDist: string, appDist = 'dist'): string {
  return path.startsWith(BARE_PREFIX) ? join(bareDist, path.slice(BARE_PREFIX.length)) : join(appDist, path);
}

/** A file's size gzipped at level 9, as the first-route figures count it. */
export const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;
