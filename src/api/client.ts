import type { z } from 'zod/mini';
import { noteServerDate, serverNow } from './server-clock.ts';
import { describeIssues } from '../lib/zod-issues.ts';
import { ApiError, type ApiErrorKind, type FieldProblem } from './api-error.ts';

/**
 * The one way the app reads the API: GET `/public/v3${path}` on the app's own origin (the proxy
 * adds the key), with the caller's AbortSignal, a checked status, and a zod-validated body.
 * Every failure becomes an ApiError with a kind the UI can branch on; an abort is rethrown as is.
 */

/** Issues as one readable sentence (shared with every other validation in the app). */
export { describeIssues, formatPath } from '../lib/zod-issues.ts';

export const API_PREFIX = '/public/v3';
/** What our own server answers that the data service cannot (transcript search). */
export const OWN_API_PREFIX = '/api';

/** A query value: arrays become comma-separated lists; undefined, null, '' and [] are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export interface GetJsonOptions<S extends z.ZodMiniType> {
  query?: QueryParams;
  signal?: AbortSignal;
  schema: S;
  /** Give up after this many ms with an ApiError of kind 'timeout'. Default 30 s; 0 disables. */
  timeoutMs?: number;
  /** Where the path lives: the data service's API (default) or our own server's (`/api`, transcript search). */
  prefix?: typeof API_PREFIX | typeof OWN_API_PREFIX;
  /**
   * The browser's priority for the request: 'low' for work in the background (the company index),
   * so that on a slow connection the page's own reads go first. The browser's default otherwise.
   */
  priority?: RequestPriority;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** `a=1&list=x,y` with each value URI-encoded and list commas kept literal. Empty values are skipped. */
export function buildQueryString(query: QueryParams = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    let encoded: string;
    if (Array.isArray(value)) {
      const items = (value as readonly (string | number)[]).map((item) => String(item).trim()).filter((item) => item !== '');
      if (items.length === 0) continue;
      encoded = items.map(encodeURIComponent).join(',');
    } else {
      const text = String(value).trim();
      if (text === '') continue;
      encoded = encodeURIComponent(text);
    }
    parts.push(`${encodeURIComponent(name)}=${encoded}`);
  }
  return parts.join('&');
}

/** `/public/v3${path}?query`, made absolute against `location.origin` when there is one (jsdom needs it). */
export function apiUrl(path: string, query?: QueryParams, prefix: string = API_PREFIX): string {
  const search = buildQueryString(query);
  const relative = `${prefix}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? new URL(relative, origin).toString() : relative;
}

export async function getJson<S extends z.ZodMiniType>(path: string, options: GetJsonOptions<S>): Promise<z.output<S>> {
  const { query, signal, schema, timeoutMs = DEFAULT_TIMEOUT_MS, prefix = API_PREFIX, priority } = options;
  const url = apiUrl(path, query, prefix);
  const shownUrl = `${prefix}${path}`;
  signal?.throwIfAborted();

  // Our own controller so a timeout can abort too; the caller's abort is forwarded with its reason,
  // so fetch rejects with exactly what it would have rejected with given the caller's signal.
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;

  /** No usable response: the caller's abort (rethrown as is), our timeout, or the network. */
  const fail = (error: unknown): never => {
    if (signal?.aborted) throw error; // react-query needs the AbortError untouched
    if (timedOut) {
      throw new ApiError({ status: 0, kind: 'timeout', message: defaultMessage('timeout', 0), url: shownUrl, cause: error });
    }
    throw new ApiError({ status: 0, kind: 'network', message: defaultMessage('network', 0), url: shownUrl, cause: error });
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal: controller.signal, ...(priority && { priority }) });
    } catch (error) {
      return fail(error);
    }
    // The data service's clock only: our own server (transcript search) answers with the machine's
    // time, which is not the service's when it runs the sandbox, and "now" would flip between them.
    if (prefix === API_PREFIX) noteServerDate(response.headers.get('date'));

    let text: string;
    try {
      text = await readText(response, controller.signal);
    } catch (error) {
      // The body broke off mid-stream (connection dropped) or the request was aborted while reading.
      return fail(error);
    }

    if (!response.ok) throw errorFromResponse(response.status, response.headers, text, shownUrl);

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new ApiError({
        status: response.status,
        kind: 'malformed',
        message: 'Its answer was cut off or garbled.',
        url: shownUrl,
        cause: error,
      });
    }

    const result = schema.safeParse(body);
    if (!result.success) {
      throw new ApiError({
        status: response.status,
        kind: 'malformed',
        message: `Unexpected data from ${shownUrl}: ${describeIssues(result.error.issues)}`,
        url: shownUrl,
        cause: result.error,
      });
    }
    return result.data;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * The body as text, given up as soon as the signal aborts: not every fetch (nor every mock of one)
 * stops a body that is still streaming when its request is aborted, and a stalled body must not
 * outlive a timeout or a cancelled query.
 */
function readText(response: Response, signal: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      response.body?.cancel(signal.reason).catch(() => {});
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    response
      .text()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Builds the ApiError for a non-2xx response from its status, headers and (possibly non-JSON) body.
 * A Retry-After given as a date is counted from the answer's own Date header (both are the
 * service's clock, so a reader whose clock is off still waits what was asked), else from `now`.
 */
export function errorFromResponse(status: number, headers: Headers, bodyText: string, url?: string, now: number = serverNow()): ApiError {
  const kind = kindForStatus(status);
  const said = readErrorBody(bodyText);
  const answeredAt = Date.parse(headers.get('date') ?? '');
  return new ApiError({
    status,
    kind,
    message: said.message ?? defaultMessage(kind, status),
    retryAfter: parseRetryAfter(headers.get('retry-after'), Number.isFinite(answeredAt) ? answeredAt : now),
    url,
    fields: said.fields,
  });
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429) return 'rate-limited';
  if (status >= 400 && status < 500) return 'bad-request';
  return 'server';
}

const MAX_MESSAGE_LENGTH = 300;

/**
 * What a NestJS-style error body says. `message` may be a string, a list of strings, or a list of
 * `{ field, message }` (the documented 400); the body may not be JSON at all. Returns the words as
 * one line (each field's message, which names the field) and the fields themselves.
 */
export function readErrorBody(text: string): { message?: string; fields: FieldProblem[] } {
  if (!text.trim()) return { fields: [] };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { fields: [] }; // an HTML error page or plain text from something in between: use the default
  }
  if (typeof body !== 'object' || body === null) return { fields: [] };
  const { message } = body as { message?: unknown };
  const fields: FieldProblem[] = [];
  const lines: string[] = [];
  const items = Array.isArray(message) ? message : [message];
  for (const item of items) {
    if (typeof item === 'string' && item.trim()) lines.push(item.trim());
    else if (typeof item === 'object' && item !== null) {
      const { field, message: said } = item as { field?: unknown; message?: unknown };
      const words = typeof said === 'string' ? said.trim() : '';
      const name = typeof field === 'string' ? field.trim() : '';
      if (!words && !name) continue;
      if (name) fields.push({ field: name, message: words || 'is not valid' });
      lines.push(name && words && !words.includes(name) ? `${name}: ${words}` : words || `${name} is not valid`);
    }
  }
  const result = lines.join('; ');
  if (!result) return { fields };
  return { message: result.length > MAX_MESSAGE_LENGTH ? `${result.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : result, fields };
}

export function defaultMessage(kind: ApiErrorKind, status: number): string {
  switch (kind) {
    case 'unauthorized':
      return 'The API key is missing or was rejected.';
    case 'forbidden':
      return 'This data is not included in the API plan.';
    case 'not-found':
      return 'Not found.';
    case 'rate-limited':
      return 'Too many requests. Please wait a moment and try again.';
    case 'timeout':
      return status ? `The data service timed out (HTTP ${status}).` : 'The data service took too long to answer.';
    case 'network':
      return 'Could not reach the data service. Check the connection and try again.';
    case 'malformed':
      return 'The data service sent a response that could not be read.';
    case 'bad-request':
      return `The request was not accepted (HTTP ${status}).`;
    case 'server':
      return `The data service failed (HTTP ${status}). Try again in a moment.`;
  }
}

/**
 * Retry-After as seconds: either a non-negative number of seconds or an HTTP date (seconds from
 * now, at least 0). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  // HTTP dates always name a weekday or month in letters; this keeps "-5" or "1e3" from parsing as dates.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const time = Date.parse(trimmed);
  if (Number.isNaN(time)) return undefined;
  return Math.max(0, Math.ceil((time - now) / 1000));
}
