import { errorResponse } from './sandbox/errors.ts';

/**
 * GET/HEAD /files?url=<absolute file URL>: documents (and other files named by API records) read
 * through the app's own origin, for file hosts that refuse cross-origin reads.
 *
 * Never an open proxy:
 * - only origins on an explicit allowlist are fetched (`FILE_HOSTS`); in sandbox mode the sandbox's
 *   own file host (`/sandbox-files/` on this origin or on SANDBOX_PUBLIC_URL) is served in process;
 * - http(s) only, no credentials in the URL, no other methods;
 * - redirects are followed only to origins on the allowlist (a few hops at most);
 * - nothing from the browser is forwarded but `range` and the conditionals (no cookies, no key);
 * - only file-like content types are passed; anything else (HTML, SVG, scripts) is sent as an
 *   attachment of type application/octet-stream, so it can never run on the app's origin.
 *
 * Exactly the bytes the headers describe, and nothing after them:
 * - the file host is asked for no compression (`accept-encoding: identity`); a body it encodes all
 *   the same is decoded and sent without the encoded length (chunked), and an encoded range (whose
 *   Content-Range counts encoded bytes) is refused with 502;
 * - a body longer than the Content-Length passed on is ended at that length (the rest dropped, the
 *   fetch stopped), never written after the response.
 * Timeouts: the file host has `timeoutMs` to send its headers (504); the body may then take as long
 * as it needs, but a gap of more than `idleTimeoutMs` between bytes cuts it (the browser sees an
 * aborted response, not a hang).
 */

export const FILE_ROUTE = '/files';

export interface FileRouteOptions {
  /** Allowed origins, e.g. `https://files.example.com` (from FILE_HOSTS). */
  allowedOrigins: readonly string[];
  /** Sandbox mode: the sandbox's file host, answered in process. */
  sandbox?: {
    fetch: (request: Request) => Promise<Response>;
    /** SANDBOX_PUBLIC_URL, when media URLs are written on another origin than the app's. */
    publicUrl?: string;
  };
  /** Time allowed for the file host to answer (headers, across redirects). */
  timeoutMs: number;
  /** Longest gap between bytes of a body (default: timeoutMs). */
  idleTimeoutMs?: number;
  /** Network fetch; default the global one. */
  fetch?: typeof fetch;
}

const FORWARDED_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'];
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'content-disposition',
];
/** Types that a browser will not execute or render as a page on our origin. */
const SAFE_TYPE = /^(application\/(pdf|json|x-ndjson|octet-stream|zip|vnd\.apple\.mpegurl|x-mpegurl)|text\/(plain|csv)|audio\/[\w.+-]+|video\/mp4)\s*(;|$)/i;
const MAX_REDIRECTS = 3;
/** The encodings fetch decodes (a body in any other is not passed on). */
const DECODED_ENCODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

export function createFileProxy(options: FileRouteOptions): (request: Request) => Promise<Response> {
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase()));
  const networkFetch = options.fetch ?? fetch;
  const idleTimeoutMs = options.idleTimeoutMs ?? options.timeoutMs;

  return async function fileRoute(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, `Method ${request.method} is not allowed`, { allow: 'GET, HEAD' });
    }
    const requestUrl = new URL(request.url);
    const raw = requestUrl.searchParams.getAll('url');
    if (raw.length !== 1 || !raw[0]) return errorResponse(400, 'Give the file as ?url=<absolute http(s) URL>, once');
    const target = parseTarget(raw[0]);
    if (typeof target === 'string') return errorResponse(400, target);

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }

    // The sandbox's own file host: in process, on this origin or its configured public one.
    const sandboxOrigins = [requestUrl.origin, options.sandbox?.publicUrl].filter(Boolean).map((o) => o!.toLowerCase());
    if (options.sandbox && sandboxOrigins.includes(target.origin.toLowerCase()) && target.pathname.startsWith('/sandbox-files/')) {
      const local = new URL(target.pathname + target.search, requestUrl.origin);
      const response = await options.sandbox.fetch(new Request(local, { method: request.method, headers, signal: request.signal }));
      return relay(response, request.method, idleTimeoutMs);
    }

    if (!allowed.has(target.origin.toLowerCase())) {
      return errorResponse(403, `Files from ${target.host} are not served: the host is not on the allowlist (FILE_HOSTS)`);
    }

    // The browser leaving, the headers not arriving in time, or the body going idle all stop the fetch.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const onGone = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) onGone();
    else request.signal.addEventListener('abort', onGone, { once: true });
    const { signal } = controller;
    headers.set('accept-encoding', 'identity');
    let url = target;
    try {
      for (let hop = 0; ; hop++) {
        const response = await networkFetch(url, { method: request.method, headers, redirect: 'manual', signal });
        if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
          await response.body?.cancel();
          const next = new URL(response.headers.get('location')!, url);
          if (hop >= MAX_REDIRECTS) return errorResponse(502, 'The file host redirected too many times');
          if (!allowed.has(next.origin.toLowerCase()) || (next.protocol !== 'https:' && next.protocol !== 'http:')) {
            return errorResponse(502, `The file host redirected to ${next.host}, which is not on the allowlist`);
          }
          url = next;
          continue;
        }
        clearTimeout(timer);
        return relay(response, request.method, idleTimeoutMs, () => controller.abort(new Error(`no bytes for ${idleTimeoutMs} ms`)));
      }
    } catch (error) {
      if (request.signal.aborted) return errorResponse(499 as number, 'The browser went away');
      if (timedOut) return errorResponse(504, `The file host did not answer within ${options.timeoutMs} ms`);
      return errorResponse(502, `Could not reach the file host ${url.host}${error instanceof Error ? `: ${error.message}` : ''}`);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** An absolute http(s) URL without credentials, or what is wrong with it. */
function parseTarget(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use http: or https:';
  if (url.username || url.password) return 'url must not carry a user name or password';
  url.hash = '';
  return url;
}

/** The file host's answer as the browser gets it; `stop` ends the fetch when its body goes idle. */
function relay(response: Response, method: string, idleTimeoutMs: number, stop: () => void = () => {}): Response {
  const headers = new Headers();
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const encodings = (response.headers.get('content-encoding') ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (encodings.length > 0) {
    // fetch has decoded the body: its length is no longer the one the file host gave.
    headers.delete('content-length');
    if (!encodings.every((coding) => DECODED_ENCODINGS.has(coding))) {
      void response.body?.cancel();
      return errorResponse(502, `The file host sent the file in an encoding that cannot be read (${encodings.join(', ')})`);
    }
    if (response.status === 206 || headers.has('content-range')) {
      void response.body?.cancel();
      return errorResponse(502, 'The file host sent a compressed part of the file, which cannot be passed on: ask for the whole file');
    }
  }
  const type = headers.get('content-type') ?? '';
  if (!SAFE_TYPE.test(type)) {
    headers.set('content-type', 'application/octet-stream');
    headers.set('content-disposition', 'attachment');
  }
  if (!response.ok && response.status !== 304 && response.status !== 206) {
    void response.body?.cancel();
    // A 416 keeps its `Content-Range: bytes */size` (a tailing reader learns the file's size from it).
    const range = response.status === 416 ? headers.get('content-range') : null;
    return errorResponse(
      response.status >= 400 && response.status < 600 ? response.status : 502,
      `The file host answered ${response.status}`,
      range ? { 'content-range': range } : {},
    );
  }
  if (method === 'HEAD' || !response.body) return new Response(null, { status: response.status, headers });
  const declared = headers.get('content-length');
  const length = declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined;
  if (declared !== null && length === undefined) headers.delete('content-length');
  return new Response(guardedBody(response.body, length, idleTimeoutMs, stop), { status: response.status, headers });
}

/**
 * The body as it arrives, but errored (so the browser's connection is closed, never left hanging)
 * when no byte comes for idleTimeoutMs while one is awaited, and ended at the declared length when
 * more bytes come (never written past its response). The idle clock runs only while the browser
 * is waiting for more (a slow reader is not the file host's fault).
 */
function guardedBody(body: ReadableStream<Uint8Array>, length: number | undefined, idleTimeoutMs: number, stop: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cut = false;
  const end = (controller: ReadableStreamDefaultController<Uint8Array>, reason: Error) => {
    cut = true;
    controller.error(reason);
    reader.cancel(reason).catch(() => {});
    stop();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      timer = setTimeout(() => end(controller, new Error(`The file host sent no bytes for ${idleTimeoutMs} ms`)), idleTimeoutMs);
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        if (!cut) end(controller, error instanceof Error ? error : new Error(String(error)));
        return;
      } finally {
        clearTimeout(timer);
      }
      if (cut) return;
      if (result.done) {
        controller.close();
        return;
      }
      const before = sent;
      sent += result.value.byteLength;
      if (length !== undefined && sent > length) {
        // What the headers describe, and no byte more: the rest is dropped and the fetch stopped.
        if (length > before) controller.enqueue(result.value.subarray(0, length - before));
        controller.close();
        cut = true;
        reader.cancel().catch(() => {});
        stop();
        return;
      }
      controller.enqueue(result.value);
    },
    cancel(reason) {
      clearTimeout(timer);
      cut = true;
      return reader.cancel(reason);
    },
  });
}

/**
 * The origin a setting names when it names only an origin: http(s), no user name or password, and
 * nothing after the host and port (a lone `/` is allowed; a path, `?` or `#`, even empty, is not).
 */
export function plainOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const plain =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !value.endsWith('?') &&
    !value.endsWith('#');
  return plain ? url.origin : undefined;
}

/**
 * FILE_HOSTS: comma-separated hosts whose files the file route may fetch. `files.example.com`
 * and `files.example.com:8443` mean https; a full origin (`http://127.0.0.1:9000`) is taken as is.
 */
export function parseFileHosts(raw: string | undefined): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const entry of (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const origin = plainOrigin(/^[a-z]+:\/\//i.test(entry) ? entry : `https://${entry}`);
    if (!origin) {
      problems.push(`FILE_HOSTS: "${entry}" is not a host name (files.example.com) or an origin (https://files.example.com)`);
      continue;
    }
    origins.push(origin);
  }
  return { origins, problems };
}
