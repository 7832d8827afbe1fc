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
  /** Time allowed for the file host to answer (headers). */
  timeoutMs: number;
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
const SAFE_TYPE = /^(application\/(pdf|json|octet-stream|zip|vnd\.apple\.mpegurl|x-mpegurl)|text\/(plain|csv)|audio\/[\w.+-]+|video\/mp4)\s*(;|$)/i;
const MAX_REDIRECTS = 3;

export function createFileProxy(options: FileRouteOptions): (request: Request) => Promise<Response> {
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.toLowerCase()));
  const networkFetch = options.fetch ?? fetch;

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
      return relay(response, request.method);
    }

    if (!allowed.has(target.origin.toLowerCase())) {
      return errorResponse(403, `Files from ${target.host} are not served: the host is not on the allowlist (FILE_HOSTS)`);
    }

    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
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
        return relay(response, request.method);
      }
    } catch (error) {
      if (request.signal.aborted) return errorResponse(499 as number, 'The browser went away');
      if (timeout.aborted) return errorResponse(504, `The file host did not answer within ${options.timeoutMs} ms`);
      return errorResponse(502, `Could not reach the file host ${url.host}${error instanceof Error ? `: ${error.message}` : ''}`);
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

function relay(response: Response, method: string): Response {
  const headers = new Headers();
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const type = headers.get('content-type') ?? '';
  if (!SAFE_TYPE.test(type)) {
    headers.set('content-type', 'application/octet-stream');
    headers.set('content-disposition', 'attachment');
  }
  if (!response.ok && response.status !== 304 && response.status !== 206) {
    void response.body?.cancel();
    return errorResponse(response.status >= 400 && response.status < 600 ? response.status : 502, `The file host answered ${response.status}`);
  }
  return new Response(method === 'HEAD' ? null : response.body, { status: response.status, headers });
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
    const withScheme = /^[a-z]+:\/\//i.test(entry) ? entry : `https://${entry}`;
    let url: URL | undefined;
    try {
      url = new URL(withScheme);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.username ||
      url.password ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search
    ) {
      problems.push(`FILE_HOSTS: "${entry}" is not a host name (files.example.com) or an origin (https://files.example.com)`);
      continue;
    }
    origins.push(url.origin);
  }
  return { origins, problems };
}
