import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, Readable, type Transform } from 'node:stream';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, createInflate, gunzipSync, inflateSync } from 'node:zlib';
import { bufferedBody, bufferedResponse } from './buffered.ts';
import { errorResponse } from './sandbox/errors.ts';

/**
 * The one API proxy that `vite` dev, `vite preview` and `npm start` all mount at /public/v3/*.
 *
 * The browser only ever talks to its own origin; this module adds the key and forwards to either
 * the real service or the in-process sandbox. Rules (each covered by test/server/proxy.test.ts):
 * - GET and HEAD only (405 with `Allow`); only paths under /public/v3/ (404); paths are plain
 *   segments of [A-Za-z0-9._~-]: no `..`, no percent-encoding, no backslashes, no absolute-form
 *   targets (400). The target URL is built from the configured base, never from the request.
 * - Request headers are an allowlist (accept, accept-language, conditionals, range); whatever the
 *   browser sent as x-api-key, cookie, authorization or hop-by-hop headers is dropped; the
 *   configured key is added. Sandbox fault controls (`__fault`, `__retryAfter`, `__delay`,
 *   `x-sandbox-*`) reach the sandbox only.
 * - Response headers are an allowlist too (never set-cookie); redirects are not followed (a
 *   cross-origin redirect would carry the key); in upstream mode the key is scrubbed from any
 *   header or text body that echoes it.
 * - No answer within timeoutMs: 504; unreachable: 502; browser gone: the upstream request is aborted.
 */

export interface ApiProxyOptions {
  /** The key added as x-api-key. */
  apiKey: string;
  /** Where requests go: `${baseUrl}/public/v3/...`. No trailing slash, no /public/v3. */
  baseUrl: string;
  /**
   * Sends the prepared request (carrying an AbortSignal). Default: node:http(s) over keep-alive
   * connections (see forwardOverHttp), never following a redirect.
   */
  forward?: (request: Request) => Promise<Response>;
  /** Time allowed for the upstream to answer (headers, and the body when it is buffered). */
  timeoutMs: number;
  /** Sandbox mode: keep fault controls and tell it the browser-facing origin for media URLs. */
  sandbox?: boolean;
  /**
   * The forward runs in this process (the embedded sandbox): the forwarded request carries no
   * AbortSignal (in Node a Request that follows a signal costs more than the sandbox's own work);
   * the proxy still races the answer against its timeout and the browser's abort, so a 504 or a
   * 499 is answered on time all the same.
   */
  inProcess?: boolean;
  /** Remove the key from upstream headers and text bodies (default: on unless `sandbox`). */
  redactKey?: boolean;
  /** Called with one line per request; the key never appears in it. */
  log?: (line: string) => void;
}

export type ApiProxy = (request: Request) => Promise<Response>;

export const API_PREFIX = '/public/v3/';

const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since', 'if-range', 'range'];
const PASSED_RESPONSE_HEADERS = new Set([
  'content-type',
  'content-language',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'retry-after',
  'allow',
  // The service's clock: countdowns to a call measure against it, not the reader's clock.
  'date',
  'vary',
]);
const PASSED_RESPONSE_HEADER_PREFIXES = ['x-ratelimit-', 'ratelimit'];
const SANDBOX_QUERY_PARAMS = new Set(['__fault', '__retryAfter', '__delay']);
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const MAX_URL_LENGTH = 8192;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const TEXT_TYPE = /^\s*(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)\b)/i;

class ProxyAbort extends Error {
  constructor(readonly kind: 'timeout' | 'client') {
    super(kind);
  }
}

export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const { apiKey, timeoutMs } = options;
  const custom = options.forward;
  // A custom forward gets a Request carrying an AbortSignal (none in process); the default one is
  // handed a way to cancel instead (a signal costs more per request than the rest of the forward).
  const forward: Forward = custom
    ? (target, init) => {
        const controller = options.inProcess ? undefined : new AbortController();
        init.onCancel((reason) => controller?.abort(reason));
        return custom(new Request(target, { method: init.method, headers: init.headers, redirect: 'manual', signal: controller?.signal }));
      }
    : forwardOverHttp;
  const sandbox = options.sandbox ?? false;
  const redact = (options.redactKey ?? !sandbox) && apiKey.length > 0;
  const base = new URL(`${options.baseUrl.replace(/\/+$/, '')}${API_PREFIX}`);
  const scrub = (text: string) => (redact ? text.split(apiKey).join('[redacted]') : text);

  return async function proxy(request: Request): Promise<Response> {
    const started = performance.now();
    const url = new URL(request.url);
    let note = '';
    const done = (response: Response) => {
      if (options.log) {
        const ms = Math.round(performance.now() - started);
        options.log(scrub(`${request.method} ${describePath(url)} ${response.status} ${ms}ms${note ? ` ${note}` : ''}`));
      }
      return response;
    };

    const checked = checkTarget(request, url);
    if (checked) return done(checked);

    // Build the target from our own base: only the validated path and the query are taken over.
    const rest = url.pathname.slice(API_PREFIX.length);
    const search = sandbox ? url.search : withoutSandboxParams(url.search);
    const target = new URL(`${base.href}${rest}${search}`);
    if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) {
      return done(errorResponse(400, 'Bad request path'));
    }

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    if (sandbox) {
      for (const [name, value] of request.headers) if (name.startsWith('x-sandbox-')) headers[name] = value;
      headers['x-forwarded-host'] = url.host;
      headers['x-forwarded-proto'] = url.protocol.replace(/:$/, '');
    }
    headers['x-api-key'] = apiKey;

    if (request.signal.aborted) return done(clientClosed());
    let cancel: ((reason: ProxyAbort) => void) | undefined;
    let aborted: ProxyAbort | undefined;
    let stop: (reason: ProxyAbort) => void = () => {};
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    stopped.catch(() => {});
    const abort = (reason: ProxyAbort) => {
      if (aborted) return;
      aborted = reason;
      stop(reason);
      cancel?.(reason);
    };
    const onClientAbort = () => abort(new ProxyAbort('client'));
    request.signal.addEventListener('abort', onClientAbort, { once: true });
    const timer = setTimeout(() => abort(new ProxyAbort('timeout')), timeoutMs);

    try {
      const pending = forward(target, { method: request.method, headers, onCancel: (how) => (cancel = how) });
      // A forward that ignores the signal must not hold the browser: race it, and discard a late answer.
      pending.then((late) => aborted && discard(late)).catch(() => {});
      const upstream = await Promise.race([pending, stopped]);

      if (upstream.status >= 300 && upstream.status < 400 && upstream.status !== 304) {
        discard(upstream);
        note = `redirect ${upstream.status} not followed`;
        return done(errorResponse(502, 'The data service answered with a redirect, which is not followed'));
      }
      if (upstream.status < 200 || upstream.status > 599) {
        discard(upstream);
        return done(errorResponse(502, 'The data service sent an unusable response'));
      }

      if (options.inProcess && !redact && request.method !== 'HEAD' && !NULL_BODY_STATUSES.has(upstream.status)) {
        // The in-process answer is handed on as it is, its headers cut down to the same allowlist
        // (re-wrapping its body as a stream would cost more than producing it).
        const passed = passThrough(upstream);
        if (passed) return done(passed);
      }

      const responseHeaders = new Headers();
      for (const [name, value] of upstream.headers) {
        if (!passResponseHeader(name)) continue;
        if (redact && value.includes(apiKey)) continue;
        responseHeaders.append(name, value);
      }

      if (request.method === 'HEAD' || NULL_BODY_STATUSES.has(upstream.status)) {
        discard(upstream);
        return done(new Response(null, { status: upstream.status, headers: responseHeaders }));
      }
      const bytes = bufferedBody(upstream);
      if (bytes) {
        // The key is printable ASCII, so its bytes occur in the body exactly where its text does.
        const echoed = redact && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(apiKey);
        return done(
          bufferedResponse(echoed ? Buffer.from(scrub(Buffer.from(bytes).toString('utf8'))) : bytes, { status: upstream.status, headers: responseHeaders }),
        );
      }
      let body: BodyInit | null = upstream.body;
      if (redact && upstream.body && TEXT_TYPE.test(upstream.headers.get('content-type') ?? '')) {
        // Buffered (still under the timeout) so that an echoed key can be removed.
        const text = scrub(await Promise.race([upstream.text(), stopped]));
        responseHeaders.set('content-length', String(Buffer.byteLength(text)));
        body = text;
      }
      return done(new Response(body, { status: upstream.status, headers: responseHeaders }));
    } catch (error) {
      if (aborted?.kind === 'timeout') {
        note = 'timeout';
        return done(errorResponse(504, `The data service did not answer within ${timeoutMs} ms`));
      }
      if (aborted?.kind === 'client') return done(clientClosed());
      if (error instanceof UnusableAnswer) {
        note = error.message;
        return done(errorResponse(502, 'The data service sent an unusable response'));
      }
      note = errorCode(error);
      return done(errorResponse(502, 'The data service could not be reached'));
    } finally {
      // The timeout covers the answer (and a buffered body); the client-abort listener stays, so a
      // browser that leaves while a streamed body is in flight still aborts the upstream request.
      clearTimeout(timer);
    }
  };
}

interface ForwardInit {
  method: string;
  headers: Record<string, string>;
  /** Registers what stops the forwarded request (on a timeout, or when the browser left). */
  onCancel: (cancel: (reason: Error) => void) => void;
}
type Forward = (target: URL, init: ForwardInit) => Promise<Response>;

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * The default forward: node:http(s) over keep-alive connections to the upstream (no redirect is
 * ever followed; cancelling destroys the request). A text answer (JSON, errors) arrives whole, as
 * a bufferedResponse (so the key can be looked for in its bytes, and compression works on them);
 * any other body (audio, PDF) is streamed. A kept-alive connection the upstream closed just as it
 * was reused (ECONNRESET before any answer) is retried once on a new one: only GET and HEAD are
 * forwarded, so sending again is safe.
 */
function forwardOverHttp(target: URL, init: ForwardInit, retried = false): Promise<Response> {
  return new Promise((resolve, reject) => {
    const secure = target.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    const options = {
      protocol: target.protocol,
      hostname: target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: init.method,
      headers: init.headers,
      agent: secure ? agents.https : agents.http,
    };
    let answered = false;
    const request = send(options, (response) => {
      answered = true;
      const status = response.statusCode ?? 0;
      const responseHeaders = headersOf(response);
      if (init.method === 'HEAD' || NULL_BODY_STATUSES.has(status) || status < 200 || status > 599 || (status >= 300 && status < 400)) {
        response.resume();
        resolve(new Response(null, { status, headers: responseHeaders }));
        return;
      }
      // No compression is asked for; an answer compressed all the same is decoded (the browser
      // gets it recompressed, or not, by the server like any other).
      const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      const decoder = encoding === 'identity' || encoding === '' ? null : (DECODERS[encoding] ?? undefined);
      if (decoder === undefined) {
        response.resume();
        reject(new UnusableAnswer(`content-encoding ${encoding}`));
        return;
      }
      if (!TEXT_TYPE.test(responseHeaders.get('content-type') ?? '')) {
        const body = decoder ? pipeline(response, decoder.stream(), () => {}) : response;
        resolve(new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers: responseHeaders }));
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          resolve(bufferedResponse(decoder ? decoder.whole(bytes) : bytes, { status, headers: responseHeaders }));
        } catch {
          reject(new UnusableAnswer(`a body that is not valid ${encoding}`));
        }
      });
      response.on('error', reject);
      response.on('aborted', () => reject(new Error('the upstream closed the connection mid-answer')));
    });
    let cancelled = false;
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && !cancelled && request.reusedSocket && error.code === 'ECONNRESET' && !answered) {
        resolve(forwardOverHttp(target, init, true));
      } else reject(error);
    });
    init.onCancel((reason) => {
      cancelled = true;
      request.destroy(reason);
    });
    request.end();
  });
}

/** An answer the proxy cannot pass on (502 "unusable response"). */
class UnusableAnswer extends Error {}

/** A decoded text body may be at most this large (a compressed answer can expand a thousandfold). */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;
const DECODERS: Record<string, { whole: (bytes: Buffer) => Buffer; stream: () => Transform }> = {
  gzip: { whole: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createGunzip() },
  'x-gzip': { whole: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createGunzip() },
  deflate: { whole: (bytes) => inflateSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createInflate() },
  br: { whole: (bytes) => brotliDecompressSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createBrotliDecompress() },
};

function headersOf(response: IncomingMessage): Headers {
  // Only what the proxy may pass on (and content-type, which decides how the body is read).
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (passResponseHeader(name)) headers.append(name, raw[i + 1]!);
  }
  return headers;
}

/** Lets go of an answer's body without reading it. */
function discard(response: Response): void {
  // A body-less or buffered answer holds nothing to release (and reading `.body` would make a stream).
  if (bufferedBody(response) || response.status < 200 || response.status > 599 || NULL_BODY_STATUSES.has(response.status)) return;
  response.body?.cancel().catch(() => {});
}

/** A rejection (a Response) for anything the proxy will not forward, else undefined. */
function checkTarget(request: Request, url: URL): Response | undefined {
  if (url.pathname !== API_PREFIX.slice(0, -1) && !url.pathname.startsWith(API_PREFIX)) {
    return errorResponse(404, `Cannot ${request.method} ${safeText(url.pathname)}`);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(405, `Method ${safeText(request.method)} is not allowed: the API is read-only (GET, HEAD)`, { allow: 'GET, HEAD' });
  }
  if (request.url.length > MAX_URL_LENGTH) return errorResponse(414, 'The request URL is too long');
  // Absolute-form targets (`GET http://elsewhere/... HTTP/1.1`) show up as a URL host that differs
  // from the Host header; we never connect to either, but refuse them outright.
  const hostHeader = request.headers.get('host');
  if (hostHeader !== null && hostHeader !== url.host) {
    let host: string | undefined;
    try {
      host = new URL(`${url.protocol}//${hostHeader}`).host;
    } catch {
      host = undefined;
    }
    if (host !== url.host) return errorResponse(400, 'Absolute-form request targets are not accepted');
  }
  const rest = url.pathname.slice(API_PREFIX.length);
  const segments = rest.split('/');
  if (segments.at(-1) === '') segments.pop(); // one trailing slash is fine
  if (segments.length === 0) return errorResponse(404, `Cannot ${request.method} ${API_PREFIX}`);
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      return errorResponse(400, 'Bad request path: only plain path segments (letters, digits, . _ ~ -) are accepted');
    }
  }
  return undefined;
}

function withoutSandboxParams(search: string): string {
  if (search.length <= 1) return '';
  const kept = search
    .slice(1)
    .split('&')
    .filter((part) => {
      const name = part.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      return part !== '' && !SANDBOX_QUERY_PARAMS.has(decoded);
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

function passResponseHeader(name: string): boolean {
  return PASSED_RESPONSE_HEADERS.has(name) || PASSED_RESPONSE_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The response with every header outside the allowlist removed, or undefined when its headers are immutable. */
function passThrough(response: Response): Response | undefined {
  const dropped = [...response.headers.keys()].filter((name) => !passResponseHeader(name));
  try {
    for (const name of dropped) response.headers.delete(name);
  } catch {
    return undefined;
  }
  return response;
}

function clientClosed(): Response {
  return new Response(null, { status: 499 });
}

function errorCode(error: unknown): string {
  type WithCode = { code?: unknown; cause?: WithCode; errors?: WithCode[] };
  const seen = error as WithCode | undefined;
  const candidates = [seen?.cause?.code, seen?.cause?.errors?.[0]?.code, seen?.code];
  const code = candidates.find((value): value is string => typeof value === 'string' && /^[A-Z0-9_]+$/.test(value));
  return code ?? 'network error';
}

/** The path, and the query's parameter names without their values. */
export function describePath(url: URL): string {
  const names = [...new Set([...url.searchParams.keys()])].map(safeText);
  return `${safeText(url.pathname)}${names.length > 0 ? `?${names.join('&')}` : ''}`;
}

/** Printable, bounded text for log lines and messages. */
function safeText(text: string): string {
  const printable = text.replace(/[^\x21-\x7e]/g, '?');
  return printable.length > 200 ? `${printable.slice(0, 200)}…` : printable;
}
