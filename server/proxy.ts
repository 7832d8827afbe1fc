import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, createInflate, gunzipSync, inflateSync } from 'node:zlib';
import { bufferedBody, bufferedResponse } from './buffered.ts';
import { errorParts } from './sandbox/errors.ts';

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
 *   header and from every body that echoes it, whatever its type (a streamed body through
 *   KeyScrubber, which also finds a key split across chunks).
 * - A text answer is held in memory (to scrub it and compress it in one call) up to
 *   MAX_BODY_BYTES, raw and decoded: a longer one is 502 and its connection torn down. Any other
 *   body is streamed, never held.
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

/**
 * The proxy. One core (`answer`) does every rule above; it is reached two ways:
 * - `proxy(request)`: a web Request in, a Response out (the Hono route, the calendar feed, the
 *   search index);
 * - `proxy.answer(call)`: the same request described by a node:http server without building a
 *   web Request, and the answer as status, headers and bytes (or a stream) to write (the server's
 *   node-native route for /public/v3, server/app.ts: a web Request, Headers and Response per API
 *   call cost more CPU than the rest of the forward).
 */
export interface ApiProxy {
  (request: Request): Promise<Response>;
  answer(call: ProxyCall): Promise<ProxyAnswer>;
  /** The forward runs in this process (the embedded sandbox). */
  readonly inProcess: boolean;
}

/** A caller's request, as much of it as the proxy reads. */
export interface ProxyCall {
  method: string;
  /** The request's URL as the caller's server saw it (origin from the Host header). */
  url: URL;
  /** The length of the full request URL (the 414 limit). */
  urlLength: number;
  /** One request header (lowercase name), or null. */
  header(name: string): string | null;
  /** Every request header (read in sandbox mode only, for x-sandbox-*). */
  headers(): Iterable<[string, string]>;
  /**
   * Calls `onGone` once if the caller leaves before its answer is complete (also while a streamed
   * body is still being sent). Returns true, registering nothing, when it has already left.
   */
  watch(onGone: () => void): boolean;
}

/** The proxy's answer: headers are lowercase names (allowlisted upstream ones, or the proxy's own). */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  /** Bytes in memory, a stream, or none. */
  body: Uint8Array | Readable | ReadableStream<Uint8Array> | null;
  /** The in-process answer handed on as it is (its headers cut down to the allowlist). */
  response?: Response;
}

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

/** What a forward answered, before the proxy's rules are applied to it. */
interface Upstream {
  status: number;
  /** Its headers that may be passed on (allowlisted). */
  headers(): Iterable<[string, string]>;
  /** The whole body when it is in memory. */
  bytes: Uint8Array | undefined;
  /** Otherwise the body as a stream (or none). */
  stream(): Readable | ReadableStream<Uint8Array> | null;
  /** The body read as text (a streamed text answer, when the key must be looked for). */
  text(): Promise<string>;
  contentType: string;
  /** Lets go of the body without reading it. */
  discard(): void;
  /** The answer of a custom forward. */
  response?: Response;
}

export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const { apiKey, timeoutMs } = options;
  const custom = options.forward;
  const inProcess = Boolean(custom && options.inProcess);
  // A custom forward gets a Request carrying an AbortSignal (none in process); the default one is
  // handed a way to cancel instead (a signal costs more per request than the rest of the forward).
  const forward: Forward = custom
    ? async (target, init) => {
        const controller = inProcess ? undefined : new AbortController();
        init.onCancel((reason) => controller?.abort(reason));
        return upstreamOfResponse(
          await custom(new Request(target.href, { method: init.method, headers: init.headers, redirect: 'manual', signal: controller?.signal })),
        );
      }
    : forwardOverHttp;
  const sandbox = options.sandbox ?? false;
  const redact = (options.redactKey ?? !sandbox) && apiKey.length > 0;
  const base = new URL(`${options.baseUrl.replace(/\/+$/, '')}${API_PREFIX}`);
  const scrub = (text: string) => (redact ? text.split(apiKey).join('[redacted]') : text);

  async function answer(call: ProxyCall): Promise<ProxyAnswer> {
    const started = performance.now();
    const { url, method } = call;
    let note = '';
    const done = (result: ProxyAnswer) => {
      if (options.log) {
        const ms = Math.round(performance.now() - started);
        options.log(scrub(`${method} ${describePath(url)} ${result.status} ${ms}ms${note ? ` ${note}` : ''}`));
      }
      return result;
    };

    const checked = checkTarget(call);
    if (checked) return done(checked);

    // Build the target from our own base: only the validated path and the query are taken over.
    const rest = url.pathname.slice(API_PREFIX.length);
    const search = sandbox ? url.search : withoutSandboxParams(url.search);
    const target = new URL(`${base.href}${rest}${search}`);
    if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) {
      return done(errorAnswer(400, 'Bad request path'));
    }

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = call.header(name);
      if (value !== null) headers[name] = value;
    }
    if (sandbox) {
      for (const [name, value] of call.headers()) if (name.startsWith('x-sandbox-')) headers[name] = value;
      headers['x-forwarded-host'] = url.host;
      headers['x-forwarded-proto'] = url.protocol.replace(/:$/, '');
    }
    headers['x-api-key'] = apiKey;

    let cancel: ((reason: ProxyAbort) => void) | undefined;
    let aborted: ProxyAbort | undefined;
    let stop: (reason: ProxyAbort) => void = () => {};
    const abort = (reason: ProxyAbort) => {
      if (aborted) return;
      aborted = reason;
      stop(reason);
      cancel?.(reason);
    };
    if (call.watch(() => abort(new ProxyAbort('client')))) return done(clientClosed());
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    stopped.catch(() => {});
    const timer = setTimeout(() => abort(new ProxyAbort('timeout')), timeoutMs);

    try {
      const pending = forward(target, { method, headers, onCancel: (how) => (cancel = how) });
      // A forward that ignores the signal must not hold the browser: race it, and discard a late answer.
      pending.then((late) => aborted && late.discard()).catch(() => {});
      const upstream = await Promise.race([pending, stopped]);

      if (upstream.status >= 300 && upstream.status < 400 && upstream.status !== 304) {
        upstream.discard();
        note = `redirect ${upstream.status} not followed`;
        return done(errorAnswer(502, 'The data service answered with a redirect, which is not followed'));
      }
      if (upstream.status < 200 || upstream.status > 599) {
        upstream.discard();
        return done(errorAnswer(502, 'The data service sent an unusable response'));
      }

      if (inProcess && upstream.response && !redact && method !== 'HEAD' && !NULL_BODY_STATUSES.has(upstream.status)) {
        // The in-process answer is handed on as it is, its headers cut down to the same allowlist
        // (re-wrapping its body as a stream would cost more than producing it).
        const passed = passThrough(upstream.response);
        if (passed) return done({ status: passed.status, headers: {}, body: null, response: passed });
      }

      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of upstream.headers()) {
        if (redact && value.includes(apiKey)) continue;
        const before = responseHeaders[name];
        responseHeaders[name] = before === undefined ? value : `${before}, ${value}`;
      }

      if (method === 'HEAD' || NULL_BODY_STATUSES.has(upstream.status)) {
        upstream.discard();
        return done({ status: upstream.status, headers: responseHeaders, body: null });
      }
      const bytes = upstream.bytes;
      if (bytes) {
        // The key is printable ASCII, so its bytes occur in the body exactly where its text does.
        const echoed = redact && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(apiKey);
        return done({ status: upstream.status, headers: responseHeaders, body: echoed ? Buffer.from(scrub(Buffer.from(bytes).toString('utf8'))) : bytes });
      }
      const body = upstream.stream();
      if (redact && body && TEXT_TYPE.test(upstream.contentType)) {
        // Buffered (still under the timeout, at most MAX_BODY_BYTES) so that an echoed key can be removed.
        const text = scrub(await Promise.race([upstream.text(), stopped]));
        return done({ status: upstream.status, headers: responseHeaders, body: Buffer.from(text) });
      }
      if (redact && body) {
        // Any other type (octet-stream, ndjson, none) is streamed with the key scrubbed on the way.
        const source = body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
        const scrubbed = new KeyScrubber(apiKey);
        pipeline(source, scrubbed, () => {});
        return done({ status: upstream.status, headers: responseHeaders, body: scrubbed });
      }
      return done({ status: upstream.status, headers: responseHeaders, body });
    } catch (error) {
      if (aborted?.kind === 'timeout') {
        note = 'timeout';
        return done(errorAnswer(504, `The data service did not answer within ${timeoutMs} ms`));
      }
      if (aborted?.kind === 'client') return done(clientClosed());
      if (error instanceof TooLargeAnswer) {
        note = error.message;
        return done(errorAnswer(502, `The data service sent an answer larger than ${MAX_BODY_BYTES / 1024 / 1024} MB, which is not passed on`));
      }
      if (error instanceof UnusableAnswer) {
        note = error.message;
        return done(errorAnswer(502, 'The data service sent an unusable response'));
      }
      note = errorCode(error);
      return done(errorAnswer(502, 'The data service could not be reached'));
    } finally {
      // The timeout covers the answer (and a buffered body); the caller-gone watch stays, so a
      // browser that leaves while a streamed body is in flight still aborts the upstream request.
      clearTimeout(timer);
    }
  }

  const proxy = (request: Request) => answer(callOfRequest(request)).then(responseOf);
  return Object.assign(proxy, { answer, inProcess });
}

/** A web Request as a ProxyCall. */
function callOfRequest(request: Request): ProxyCall {
  return {
    method: request.method,
    url: new URL(request.url),
    urlLength: request.url.length,
    header: (name) => request.headers.get(name),
    headers: () => request.headers,
    watch: (onGone) => {
      if (request.signal.aborted) return true;
      request.signal.addEventListener('abort', onGone, { once: true });
      return false;
    },
  };
}

/** A ProxyAnswer as a web Response (a body in memory as a bufferedResponse, for compression). */
function responseOf(result: ProxyAnswer): Response {
  if (result.response) return result.response;
  const headers = new Headers(result.headers);
  const { body } = result;
  if (body instanceof Uint8Array) return bufferedResponse(body, { status: result.status, headers });
  const web = body instanceof Readable ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : body;
  return new Response(web, { status: result.status, headers });
}

/** The answer for an error the proxy gives itself (errorResponse()'s status, headers and body). */
export function errorAnswer(status: number, message: string, headers: Record<string, string> = {}): ProxyAnswer {
  const parts = errorParts(status, message, headers);
  return { status, headers: parts.headers, body: Buffer.from(parts.body) };
}

interface ForwardInit {
  method: string;
  headers: Record<string, string>;
  /** Registers what stops the forwarded request (on a timeout, or when the browser left). */
  onCancel: (cancel: (reason: Error) => void) => void;
}
type Forward = (target: URL, init: ForwardInit) => Promise<Upstream>;

/** A custom forward's Response as an Upstream. */
function upstreamOfResponse(response: Response): Upstream {
  const bytes = bufferedBody(response);
  return {
    status: response.status,
    headers: () => [...response.headers].filter(([name]) => passResponseHeader(name)),
    bytes,
    stream: () => response.body,
    text: () => readCapped(response.body),
    contentType: response.headers.get('content-type') ?? '',
    discard: () => discard(response),
    response,
  };
}

/** An answer read by forwardOverHttp as an Upstream. */
function upstreamOfHttp(status: number, headers: [string, string][], contentType: string, body: Uint8Array | Readable | null): Upstream {
  const bytes = body instanceof Uint8Array ? body : undefined;
  const stream = body instanceof Readable ? body : null;
  return {
    status,
    headers: () => headers,
    bytes,
    stream: () => stream,
    text: () => readCapped(stream),
    contentType,
    discard: () => {
      stream?.destroy();
    },
  };
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * The default forward: node:http(s) over keep-alive connections to the upstream (no redirect is
 * ever followed; cancelling destroys the request). A text answer (JSON, errors) arrives whole, as
 * bytes (so the key can be looked for in them, and compression works on them); any other body
 * (audio, PDF) is streamed. A kept-alive connection the upstream closed just as it was reused
 * (ECONNRESET before any answer) is retried once on a new one: only GET and HEAD are forwarded,
 * so sending again is safe.
 */
function forwardOverHttp(target: URL, init: ForwardInit, retried = false): Promise<Upstream> {
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
      const { pairs: responseHeaders, contentType, contentEncoding } = headersOf(response);
      if (init.method === 'HEAD' || NULL_BODY_STATUSES.has(status) || status < 200 || status > 599 || (status >= 300 && status < 400)) {
        response.resume();
        resolve(upstreamOfHttp(status, responseHeaders, contentType, null));
        return;
      }
      // No compression is asked for; an answer compressed all the same is decoded (the browser
      // gets it recompressed, or not, by the server like any other).
      const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
      const decoder = encoding === 'identity' || encoding === '' ? null : (DECODERS[encoding] ?? undefined);
      if (decoder === undefined) {
        response.resume();
        reject(new UnusableAnswer(`content-encoding ${encoding}`));
        return;
      }
      if (!TEXT_TYPE.test(contentType)) {
        const body = decoder ? pipeline(response, decoder.stream(), () => {}) : response;
        resolve(upstreamOfHttp(status, responseHeaders, contentType, body));
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        length += chunk.length;
        if (length <= MAX_BODY_BYTES) chunks.push(chunk);
        else {
          // Held no further: the connection is torn down, so the upstream stops sending.
          chunks.length = 0;
          reject(new TooLargeAnswer(`a body over ${MAX_BODY_BYTES} bytes`));
          response.destroy();
          request.destroy();
        }
      });
      response.on('end', () => {
        try {
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          resolve(upstreamOfHttp(status, responseHeaders, contentType, decoder ? decoder.whole(bytes) : bytes));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') reject(new TooLargeAnswer(`a body decoding to over ${MAX_BODY_BYTES} bytes`));
          else reject(new UnusableAnswer(`a body that is not valid ${encoding}`));
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
/** A text answer over MAX_BODY_BYTES (502, saying so). */
class TooLargeAnswer extends Error {}

/**
 * A text answer is held in memory up to this size, as received and decoded (a compressed answer can
 * expand a thousandfold). The service's largest page (500 companies) is about 170 kB.
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_DECODED_BYTES = MAX_BODY_BYTES;

/** A streamed body read as text, at most MAX_BODY_BYTES of it (else TooLargeAnswer, the stream cancelled). */
async function readCapped(body: Readable | ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  const source = body instanceof Readable ? body : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  for await (const chunk of source) {
    length += (chunk as Uint8Array).byteLength;
    if (length > MAX_BODY_BYTES) {
      source.destroy();
      throw new TooLargeAnswer(`a body over ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk as Uint8Array);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Replaces the key with [redacted] in a stream of bytes, wherever it falls, also across chunks: the
 * last key.length - 1 bytes of what has arrived are held back until the next chunk (or the end)
 * shows whether they start the key.
 */
export class KeyScrubber extends Transform {
  private readonly key: Buffer;
  private carry: Buffer = Buffer.alloc(0);
  constructor(key: string) {
    super();
    this.key = Buffer.from(key);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = data.indexOf(this.key, from); at !== -1; at = data.indexOf(this.key, from)) {
      parts.push(data.subarray(from, at), REDACTED);
      from = at + this.key.length;
    }
    const kept = Math.min(this.key.length - 1, data.length - from);
    parts.push(data.subarray(from, data.length - kept));
    this.carry = Buffer.from(data.subarray(data.length - kept));
    const out = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    callback(null, out.length > 0 ? out : undefined);
  }
  override _flush(callback: TransformCallback): void {
    callback(null, this.carry.length > 0 ? this.carry : undefined);
  }
}
const REDACTED = Buffer.from('[redacted]');
const DECODERS: Record<string, { whole: (bytes: Buffer) => Buffer; stream: () => Transform }> = {
  gzip: { whole: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createGunzip() },
  'x-gzip': { whole: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createGunzip() },
  deflate: { whole: (bytes) => inflateSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createInflate() },
  br: { whole: (bytes) => brotliDecompressSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }), stream: () => createBrotliDecompress() },
};

/**
 * An answer's headers that the proxy may pass on, and the two that decide how its body is read
 * (read from the raw list, which costs less than node's parsed object).
 */
function headersOf(response: IncomingMessage): { pairs: [string, string][]; contentType: string; contentEncoding: string | undefined } {
  const pairs: [string, string][] = [];
  let contentType: string | undefined;
  let contentEncoding: string | undefined;
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    // As node reads them: the first Content-Type; every Content-Encoding, in order.
    if (name === 'content-type') contentType ??= value;
    else if (name === 'content-encoding') contentEncoding = contentEncoding === undefined ? value : `${contentEncoding}, ${value}`;
    if (passResponseHeader(name)) pairs.push([name, value]);
  }
  return { pairs, contentType: contentType ?? '', contentEncoding };
}

/** Lets go of an answer's body without reading it. */
function discard(response: Response): void {
  // A body-less or buffered answer holds nothing to release (and reading `.body` would make a stream).
  if (bufferedBody(response) || response.status < 200 || response.status > 599 || NULL_BODY_STATUSES.has(response.status)) return;
  response.body?.cancel().catch(() => {});
}

/** A rejection for anything the proxy will not forward, else undefined. */
function checkTarget(call: ProxyCall): ProxyAnswer | undefined {
  const { url, method } = call;
  if (url.pathname !== API_PREFIX.slice(0, -1) && !url.pathname.startsWith(API_PREFIX)) {
    return errorAnswer(404, `Cannot ${method} ${safeText(url.pathname)}`);
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return errorAnswer(405, `Method ${safeText(method)} is not allowed: the API is read-only (GET, HEAD)`, { allow: 'GET, HEAD' });
  }
  if (call.urlLength > MAX_URL_LENGTH) return errorAnswer(414, 'The request URL is too long');
  // Absolute-form targets (`GET http://elsewhere/... HTTP/1.1`) show up as a URL host that differs
  // from the Host header; we never connect to either, but refuse them outright.
  const hostHeader = call.header('host');
  if (hostHeader !== null && hostHeader !== url.host) {
    let host: string | undefined;
    try {
      host = new URL(`${url.protocol}//${hostHeader}`).host;
    } catch {
      host = undefined;
    }
    if (host !== url.host) return errorAnswer(400, 'Absolute-form request targets are not accepted');
  }
  const rest = url.pathname.slice(API_PREFIX.length);
  const segments = rest.split('/');
  if (segments.at(-1) === '') segments.pop(); // one trailing slash is fine
  if (segments.length === 0) return errorAnswer(404, `Cannot ${method} ${API_PREFIX}`);
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      return errorAnswer(400, 'Bad request path: only plain path segments (letters, digits, . _ ~ -) are accepted');
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

function clientClosed(): ProxyAnswer {
  return { status: 499, headers: {}, body: null };
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
