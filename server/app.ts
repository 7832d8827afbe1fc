import { Duplex } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bufferedBody, bufferedResponse } from './buffered.ts';
import { createCalendarFeed, FEED_PATH } from './calendar-feed.ts';
import type { ServerConfig } from './config.ts';
import { createFileProxy, FILE_ROUTE } from './files.ts';
import { API_PREFIX, createApiProxy, type ApiProxy } from './proxy.ts';
import { createSandbox, type Sandbox } from './sandbox/app.ts';
import { errorResponse } from './sandbox/errors.ts';
import { createSearchService, SEARCH_PATH, type SearchService } from './search/service.ts';
import { createRouteHints } from './route-hints.ts';
import { createStaticHandler, pickEncoding } from './static.ts';

/**
 * The Node side, composed once for `vite` dev, `vite preview` (through server/dev-middleware.ts)
 * and `npm start` (server/main.ts):
 *   /public/v3/*       the API proxy (server/proxy.ts), to the real service or the sandbox
 *   /sandbox-files/*   the sandbox's file host  } sandbox mode only
 *   /__sandbox/*       the sandbox's test controls }
 *   /app-config.json   { dataSource } for the "Sandbox data" badge
 *   /files?url=        same-origin reads of files on allowlisted hosts (server/files.ts)
 *   /api/calendar.ics  a calendar feed of companies' coming events (server/calendar-feed.ts)
 *   /api/search…       transcript search (server/search/), over an index kept by this process
 *   /healthz           { status: 'ok' }
 *   everything else    dist/ (production only): files, SPA fallback, caching
 * with security headers on every response and compression of text responses.
 */

export interface ServerAppOptions {
  /** Serve the built app from this directory (production). */
  distDir?: string;
  /** Where request log lines go when config.logRequests is on; default stdout. */
  log?: (line: string) => void;
}

export const RESERVED_PREFIXES = ['/public/', '/sandbox-files/', '/__sandbox/', '/assets/', '/api/'];

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // The real file host is another origin: audio, HLS segments and documents come from https:.
  "media-src 'self' blob: https:",
  "connect-src 'self' https:",
  "worker-src 'self' blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), autoplay=(self), fullscreen=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

/** The origin of the requests the server makes to itself (the search index reading the API and files). */
const INTERNAL_ORIGIN = 'http://search.internal';

export type ServerApp = Hono & { search: SearchService };

export function createServerApp(config: ServerConfig, options: ServerAppOptions = {}): ServerApp {
  const log = config.logRequests ? (options.log ?? ((line: string) => void process.stdout.write(`${line}\n`))) : undefined;
  let sandbox: Sandbox | undefined;
  let proxy: ApiProxy;
  if (config.dataSource === 'upstream') {
    proxy = createApiProxy({ apiKey: config.upstream.apiKey, baseUrl: config.upstream.baseUrl, timeoutMs: config.proxyTimeoutMs, log });
  } else {
    const { seed, now, companies, clockRate, apiKey, publicUrl, dataset, contract } = config.sandbox;
    sandbox = createSandbox({ seed, now, companies, clockRate, apiKey, publicUrl, dataset, contract });
    const { fetch: sandboxFetch } = sandbox;
    proxy = createApiProxy({
      apiKey: sandbox.apiKey,
      baseUrl: 'http://sandbox.internal',
      forward: (request) => sandboxFetch(request),
      timeoutMs: config.proxyTimeoutMs,
      sandbox: true,
      inProcess: true,
      log,
    });
  }
  const serveStatic = options.distDir
    ? createStaticHandler({ root: options.distDir, reservedPrefixes: RESERVED_PREFIXES, headLinks: createRouteHints(options.distDir).linksFor })
    : undefined;

  const app = new Hono();
  app.use('*', securityHeaders());
  app.use('*', requestTargetGuard());
  app.use('*', compression());

  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  app.get('/app-config.json', (c) => c.json({ dataSource: config.dataSource }, 200, { 'cache-control': 'no-store' }));
  app.all(`${API_PREFIX.slice(0, -1)}/*`, (c) => proxy(c.req.raw));
  const calendarFeed = createCalendarFeed({ proxy, now: sandbox ? () => sandbox!.clock.now() : undefined });
  app.all(FEED_PATH, (c) => calendarFeed(c.req.raw));
  const fileRoute = createFileProxy({
    allowedOrigins: config.fileHosts,
    sandbox: sandbox ? { fetch: sandbox.fetch, publicUrl: config.sandbox.publicUrl } : undefined,
    timeoutMs: config.proxyTimeoutMs,
  });
  app.all(FILE_ROUTE, (c) => fileRoute(c.req.raw));

  // The search index reads the API through the same proxy (the key stays here) and transcript
  // files through the same file route (allowlisted hosts, timeout) as the browser does.
  const search = createSearchService({
    config: config.search,
    source: [
      sandbox
        ? `sandbox:${config.sandbox.seed}:${config.sandbox.companies}:${config.sandbox.dataset}:${new Date(sandbox.clock.now()).toISOString().slice(0, 10)}`
        : `upstream:${config.upstream!.baseUrl}`,
      `scope:${config.search.scope.companyIds.join(',')}:${config.search.scope.countries.join(',')}`,
    ].join('|'),
    api: (path, query) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
      const qs = search.size > 0 ? `?${search}` : '';
      return proxy(new Request(`${INTERNAL_ORIGIN}${API_PREFIX.slice(0, -1)}${path}${qs}`, { headers: { accept: 'application/json' } }));
    },
    file: (url, signal) => fileRoute(new Request(`${INTERNAL_ORIGIN}${FILE_ROUTE}?url=${encodeURIComponent(url)}`, { signal })),
  });
  app.all(SEARCH_PATH, (c) => search.handle(c.req.raw));
  app.all(`${SEARCH_PATH}/*`, (c) => search.handle(c.req.raw));

  const sandboxRoute = (c: Context) => (sandbox ? sandbox.fetch(c.req.raw) : notFound(c));
  app.all('/sandbox-files/*', sandboxRoute);
  app.all('/__sandbox/*', sandboxRoute);

  app.all('*', async (c) => (serveStatic ? ((await serveStatic(c.req.raw)) ?? notFound(c)) : notFound(c)));
  app.notFound(notFound);
  app.onError((error, c) => {
    console.error('server: unexpected error', error);
    return errorResponse(500, `Internal server error while handling ${c.req.method} ${c.req.path}`);
  });
  return Object.assign(app, { search });
}

function notFound(c: Context): Response {
  return errorResponse(404, `Cannot ${c.req.method} ${c.req.path.replace(/[^\x21-\x7e]/g, '?').slice(0, 200)}`);
}

function securityHeaders(): MiddlewareHandler {
  const entries = Object.entries(SECURITY_HEADERS);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of entries) headers.set(name, value);
    headers.delete('x-powered-by');
    headers.delete('set-cookie');
  };
}

/**
 * Refuses request targets that only the raw request line shows (node servers normalise `..`
 * away before the URL is parsed): absolute-form, dot segments raw or percent-encoded, encoded
 * slashes and backslashes, NUL, `//`.
 */
function requestTargetGuard(): MiddlewareHandler {
  return async (c, next) => {
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    const problem = raw === undefined ? undefined : rawTargetProblem(raw);
    if (problem) return errorResponse(400, problem);
    await next();
  };
}

export function rawTargetProblem(target: string): string | undefined {
  if (!target.startsWith('/')) return 'Absolute-form request targets are not accepted';
  const path = target.split('?')[0] ?? '';
  if (path.startsWith('//') || path.includes('//')) return 'Bad request path: empty segment';
  if (/\\|%5c|%2f|%00|%2e/i.test(path)) return 'Bad request path: encoded dots, slashes or backslashes are not accepted';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return 'Bad request path: dot segments are not accepted';
  return undefined;
}

const COMPRESSIBLE_TYPE = /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|ecmascript)|image\/svg\+xml)(?:[;\s]|$)/i;
const NO_BODY = new Set([101, 103, 204, 205, 206, 304]);
const THRESHOLD = 1024;
/** Bodies in memory up to this size are compressed in one call, on this thread (about 30-100 µs for a few kB). */
const ONE_SHOT_LIMIT = 256 * 1024;
/**
 * Brotli quality for a body in memory: 3 for small ones (an API page of a few kB: half the time of
 * quality 5, about 40 µs instead of 90, for some 6 % more bytes, ~40 bytes a page), 5 above 16 kB.
 */
const brotliQuality = (length: number) => (length <= 16 * 1024 ? 3 : 5);

/**
 * gzip or brotli (moderate level, streamed) for text responses: API JSON, transcripts, errors.
 * Never for media or ranges: anything that is a 206, answers a Range request, advertises byte
 * ranges, or is not a text type is left untouched. Static files arrive precompressed.
 */
function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // `res.body` is read last: touching it turns a buffered response into a stream, which costs
    // more to send than the response cost to make.
    if (c.req.method === 'HEAD' || NO_BODY.has(res.status) || c.req.header('range')) return;
    if (res.headers.has('content-encoding') || res.headers.has('content-range') || res.headers.get('accept-ranges') === 'bytes') return;
    if (!COMPRESSIBLE_TYPE.test(res.headers.get('content-type') ?? '')) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < THRESHOLD) return;

    const vary = res.headers.get('vary');
    if (!vary) res.headers.set('vary', 'Accept-Encoding');
    else if (vary !== '*' && !/accept-encoding/i.test(vary)) res.headers.set('vary', `${vary}, Accept-Encoding`);
    const encoding = pickEncoding(c.req.header('accept-encoding') ?? null);
    if (!encoding) return;

    const bytes = bufferedBody(res);
    if (bytes && bytes.byteLength <= ONE_SHOT_LIMIT) {
      const compressed =
        encoding === 'br'
          ? brotliCompressSync(bytes, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes.byteLength), [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
            })
          : gzipSync(bytes, { level: 6 });
      const headers = res.headers;
      headers.set('content-encoding', encoding);
      weakenEtag(headers);
      // Replaced, not merged: hono's merge would read the old body back as a stream.
      c.res = undefined as unknown as Response;
      c.res = bufferedResponse(compressed, { status: res.status, headers });
      return;
    }
    if (!res.body) return;

    const compressor = encoding === 'br' ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
    const { readable, writable } = Duplex.toWeb(compressor) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    c.res = new Response(res.body.pipeThrough({ readable, writable }), res);
    c.res.headers.delete('content-length');
    c.res.headers.set('content-encoding', encoding);
    weakenEtag(c.res.headers);
  };
}

/** A compressed body is not byte-for-byte the one a strong ETag named. */
function weakenEtag(headers: Headers): void {
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
}
