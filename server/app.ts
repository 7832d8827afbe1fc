import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duplex, pipeline, Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bufferedBody, bufferedResponse } from './buffered.ts';
import { createCalendarFeed, FEED_PATH } from './calendar-feed.ts';
import { compressBuffered, compressResponse, compressStream, HeaderRecord, readSmallBody, type CompressionRequest, type HeaderAccess } from './compression.ts';
import type { ServerConfig } from './config.ts';
import { createFileProxy, FILE_ROUTE } from './files.ts';
import { API_PREFIX, createApiProxy, errorAnswer, type ApiProxy, type ProxyAnswer } from './proxy.ts';
import { createSandbox, type Sandbox } from './sandbox/app.ts';
import { errorParts, errorResponse } from './sandbox/errors.ts';
import { createSearchService, SEARCH_PATH, type SearchService } from './search/service.ts';
import { createRouteHints } from './route-hints.ts';
import { createStaticHandler } from './static.ts';

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

export type ServerApp = Hono & {
  search: SearchService;
  /**
   * The node-native route: answers a request the API proxy can take without a web Request (GET or
   * HEAD under /public/v3/ in upstream mode, with a plain Host and request target) and returns
   * true; anything else is left to `fetch` (the Hono app). Used by createNodeListener().
   */
  handleNode(req: IncomingMessage, res: ServerResponse): boolean;
};

export function createServerApp(config: ServerConfig, options: ServerAppOptions = {}): ServerApp {
  const log = config.logRequests ? (options.log ?? ((line: string) => void process.stdout.write(`${line}\n`))) : undefined;
  let sandbox: Sandbox | undefined;
  let proxy: ApiProxy;
  if (config.dataSource === 'upstream') {
    proxy = createApiProxy({ apiKey: config.upstream.apiKey, baseUrl: config.upstream.baseUrl, timeoutMs: config.proxyTimeoutMs, log });
  } else {
    const { seed, now, companies, clockRate, apiKey, publicUrl, dataset, contract, plan } = config.sandbox;
    sandbox = createSandbox({ seed, now, companies, clockRate, apiKey, publicUrl, dataset, contract, plan });
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
    ? createStaticHandler({
        root: options.distDir,
        reservedPrefixes: RESERVED_PREFIXES,
        headLinks: createRouteHints(options.distDir, sandbox ? () => sandbox!.clock.now() : Date.now).linksFor,
      })
    : undefined;

  const app = new Hono();
  app.use('*', securityHeaders());
  app.use('*', requestTargetGuard());
  app.use('*', compression());

  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  app.get('/app-config.json', (c) => c.json({ dataSource: config.dataSource }, 200, { 'cache-control': 'no-store' }));
  app.all(`${API_PREFIX.slice(0, -1)}/*`, (c) => proxy(c.req.raw));
  const calendarFeed = createCalendarFeed({ proxy, now: sandbox ? () => sandbox!.clock.now() : undefined, publicBaseUrl: config.publicBaseUrl });
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
    publicBaseUrl: config.publicBaseUrl,
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
  const handleNode = createNodeApiRoute(proxy);
  return Object.assign(app, { search, handleNode });
}

/**
 * The server's request listener (node:http): the node-native API route first, then the Hono app
 * through @hono/node-server. `npm start`, `vite` dev/preview (server/dev-middleware.ts), the tests
 * and the benchmark all serve the app through it.
 */
export function createNodeListener(
  app: ServerApp,
  options: { hostname?: string; overrideGlobalObjects?: boolean } = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const listener = getRequestListener(app.fetch, options);
  return async (req, res) => {
    if (hostHeaders(req) > 1) return refuse(res, 400, 'A request must have exactly one Host header');
    if (!app.handleNode(req, res)) await listener(req, res);
  };
}

/**
 * How many Host header fields the request has. node:http keeps the first of several and drops the
 * rest, so two (which a server must refuse, RFC 9112 §3.2) are only seen in the raw headers.
 */
function hostHeaders(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}

/** An error answer (errorResponse's body) written straight to node:http before any route, with the security headers; the connection closes after it. */
function refuse(res: ServerResponse, status: number, message: string): void {
  const parts = errorParts(status, message, { ...SECURITY_HEADERS, connection: 'close' });
  res.writeHead(status, { ...parts.headers, 'content-length': String(Buffer.byteLength(parts.body)) });
  res.end(parts.body);
}

/** Listens on port and host with createNodeListener(app); calls onListening with the port. */
export function listenServerApp(app: ServerApp, port: number, hostname: string, onListening: (info: AddressInfo) => void): Server {
  const server = createServer(createNodeListener(app, { hostname }));
  server.listen(port, hostname, () => onListening(server.address() as AddressInfo));
  return server;
}

/** The Host values @hono/node-server takes as they are (anything else is left to it to check). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/;

/**
 * /public/v3 GET and HEAD straight from node:http to the proxy's core (proxy.answer): the same
 * rules, timeout, errors and log line as the Hono route, then the same middleware work: the
 * request-target guard (a target it would refuse is left to the Hono app, which answers it),
 * compression and security headers. In sandbox mode (in process) everything goes through Hono.
 */
function createNodeApiRoute(proxy: ApiProxy): (req: IncomingMessage, res: ServerResponse) => boolean {
  if (proxy.inProcess) return () => false;
  return (req, res) => {
    const method = req.method;
    const target = req.url ?? '';
    if ((method !== 'GET' && method !== 'HEAD') || !target.startsWith(API_PREFIX)) return false;
    const host = req.headers.host;
    if (!host || !PLAIN_HOST.test(host) || rawTargetProblem(target) !== undefined) return false;
    let url: URL;
    try {
      url = new URL(`${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${host}${target}`);
    } catch {
      return false;
    }
    void proxy
      .answer({
        method,
        url,
        urlLength: url.href.length,
        header: (name) => requestHeader(req, name),
        headers: () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i]!.toLowerCase(), req.rawHeaders[i + 1]!]);
          return pairs;
        },
        watch: (onGone) => {
          if (res.destroyed || req.socket.destroyed) return true;
          res.once('close', () => {
            if (!res.writableFinished) onGone();
          });
          return false;
        },
      })
      .catch((error: unknown) => {
        console.error('server: unexpected error', error);
        return errorAnswer(500, `Internal server error while handling ${method} ${url.pathname}`);
      })
      .then((answer) => {
        try {
          writeAnswer(method, req, res, answer);
        } catch (error) {
          // As @hono/node-server does when a response cannot be written: logged, a 500 if nothing was sent yet.
          console.error('server: could not write the answer', error);
          try {
            if (res.headersSent) res.destroy();
            else writeAnswer(method, req, res, errorAnswer(500, `Internal server error while handling ${method} ${url.pathname}`));
          } catch {
            res.destroy();
          }
        }
      });
    return true;
  };
}

/** A request header as one value (repeated ones joined, as a web Headers does), or null. */
function requestHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/** Writes a proxy answer as the Hono middleware would have finished it: compressed, with security headers. */
function writeAnswer(method: string, req: IncomingMessage, res: ServerResponse, answer: ProxyAnswer): void {
  if (res.destroyed) {
    if (answer.body instanceof Readable) answer.body.destroy();
    else if (answer.body && !(answer.body instanceof Uint8Array)) answer.body.cancel().catch(() => {});
    return;
  }
  const headers = new HeaderRecord(answer.response ? Object.fromEntries(answer.response.headers) : answer.headers);
  const body = answer.response ? answer.response.body : answer.body;
  const bytes = body instanceof Uint8Array ? body : undefined;
  const plan = compressResponse(
    requestOf(method, (name) => requestHeader(req, name)),
    answer.status,
    headers,
    bytes,
  );
  applySecurityHeaders(headers);
  if (body !== null && !headers.has('content-type')) headers.set('content-type', 'text/plain; charset=UTF-8');
  if (bytes || body === null) {
    const sent = plan?.bytes ?? bytes;
    if (sent) headers.set('content-length', String(sent.byteLength));
    res.writeHead(answer.status, headers.values);
    res.end(sent);
    return;
  }
  const stream = body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  const steps: NodeJS.ReadWriteStream[] = plan ? [compressStream(headers, plan.encoding)] : [];
  res.writeHead(answer.status, headers.values);
  pipeline([stream, ...steps, res], () => {});
}

function notFound(c: Context): Response {
  return errorResponse(404, `Cannot ${c.req.method} ${c.req.path.replace(/[^\x21-\x7e]/g, '?').slice(0, 200)}`);
}

function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    applySecurityHeaders(c.res.headers);
  };
}

const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

/** The security headers every response carries (and none that reveal the server or set cookies). */
function applySecurityHeaders(headers: HeaderAccess): void {
  for (const [name, value] of SECURITY_ENTRIES) headers.set(name, value);
  headers.delete('x-powered-by');
  headers.delete('set-cookie');
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

/** Compression (server/compression.ts) of what the routes answered. */
function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // `res.body` is read last: touching it turns a buffered response into a stream, which costs
    // more to send than the response cost to make.
    const bytes = bufferedBody(res);
    const plan = compressResponse(
      requestOf(c.req.method, (name) => c.req.header(name) ?? null),
      res.status,
      res.headers,
      bytes,
    );
    if (!plan) return;
    if (plan.bytes) {
      // Replaced, not merged: hono's merge would read the old body back as a stream.
      const headers = res.headers;
      c.res = undefined as unknown as Response;
      c.res = bufferedResponse(plan.bytes, { status: res.status, headers });
      return;
    }
    if (!res.body) return;
    let body: Uint8Array | ReadableStream<Uint8Array>;
    try {
      body = await readSmallBody(res.body);
    } catch {
      // The route's body broke off (a file host that stalled) before anything was sent: a 502, not a 500.
      c.res = undefined as unknown as Response;
      c.res = errorResponse(502, 'The answer broke off before its end');
      return;
    }
    if (body instanceof Uint8Array) {
      const headers = res.headers;
      c.res = undefined as unknown as Response;
      c.res = bufferedResponse(compressBuffered(headers, plan.encoding, body), { status: res.status, headers });
      return;
    }
    const { readable, writable } = Duplex.toWeb(compressStream(res.headers, plan.encoding)) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
    c.res = new Response(body.pipeThrough({ readable, writable }), res);
  };
}

function requestOf(method: string, header: (name: string) => string | null): CompressionRequest {
  return { method, range: header('range'), acceptEncoding: header('accept-encoding') };
}
