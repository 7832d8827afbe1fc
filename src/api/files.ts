import { kindForStatus } from './client.ts';
import { ApiError } from './api-error.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { fileKeys } from './keys.ts';

/**
 * Reads a file named by an API record (a document's `fileUrl`). Files on the app's own origin are
 * read directly. A file on another host is read directly when that host allows cross-origin reads,
 * and otherwise through the app's same-origin file route (`/files?url=`), which serves only hosts
 * on its allowlist. Failures are ApiErrors, so the app's retry policy and messages apply.
 */

export interface LoadedFile {
  bytes: Uint8Array;
  /** The content type the host sent ('' when none). */
  contentType: string;
  /** The name in Content-Disposition, or the last path segment of the URL. */
  fileName: string | undefined;
}

export type FileKind = 'pdf' | 'json' | 'other';

export const FILE_ROUTE = '/files';

function fileError(status: number, message: string, url: string, cause?: unknown): ApiError {
  const kind = status === 0 ? 'network' : kindForStatus(status);
  return new ApiError({ status, kind, message, url, cause });
}

/** The error for a response that is not the file: the host's (or the file route's) message, else its status. */
async function responseError(response: Response, shown: string): Promise<ApiError> {
  let message = `The file host answered ${response.status}.`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) message = body.message.trim();
  } catch {
    // Not JSON: keep the status line.
  }
  return fileError(response.status, message, shown);
}

async function readResponse(response: Response, shown: string): Promise<LoadedFile> {
  if (!response.ok) throw await responseError(response, shown);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, contentType: response.headers.get('content-type') ?? '', fileName: fileNameOf(response.headers.get('content-disposition'), shown) };
}

/** The file name a download should suggest: Content-Disposition's, else the URL's last segment. */
export function fileNameOf(disposition: string | null, url: string): string | undefined {
  const star = disposition && /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through
    }
  }
  const plain = disposition && /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  if (plain?.[1]) return plain[1].trim();
  try {
    const last = new URL(url).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

export async function fetchFile(fileUrl: string | null, signal?: AbortSignal): Promise<LoadedFile> {
  const safe = safeHttpUrl(fileUrl);
  if (!safe) throw fileError(400, 'This document names no file that can be opened (only http and https links are opened).', String(fileUrl).slice(0, 200));
  const origin = globalThis.location?.origin;
  const sameOrigin = origin !== undefined && new URL(safe).origin === origin;

  if (!sameOrigin) {
    let direct: Response | undefined;
    try {
      direct = await fetch(safe, { signal, credentials: 'omit' });
    } catch (error) {
      if (signal?.aborted) throw error;
      // Refused cross-origin read (or an unreachable host): try the same-origin file route.
    }
    if (direct) return readResponse(direct, safe);
  }

  const target = sameOrigin ? safe : `${FILE_ROUTE}?url=${encodeURIComponent(safe)}`;
  let response: Response;
  try {
    response = await fetch(target, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw fileError(0, 'Could not reach the file. Check your connection, then retry.', safe, error);
  }
  try {
    return await readResponse(response, safe);
  } catch (error) {
    if (signal?.aborted || error instanceof ApiError) throw error;
    throw fileError(0, 'The file stopped arriving part-way. Retry.', safe, error);
  }
}

/** What one ranged read of a growing file gave (fetchFileRange). */
export interface FileRange {
  /** 206: the bytes from `from` on; 200: the host ignored Range (the whole file came, cut here at `from`); 416: nothing at or after `from` yet. */
  status: 200 | 206 | 416;
  /** The file's bytes from `from` on (empty for a 416). */
  bytes: Uint8Array;
  /** Bytes that came over the network (a 200 brings the whole file again). */
  received: number;
  /** The file's whole length when the host said it (Content-Range), else undefined. */
  total?: number;
}

/** Cross-origin file hosts found to refuse direct reads this session: read through the file route at once. */
const routedOrigins = new Set<string>();

/** A Content-Range (`bytes a-b/total`, a star for either part): the first byte sent and the file's total, each when given. */
export function parseContentRange(value: string | null): { start?: number; total?: number } {
  const match = value ? /^\s*bytes\s+(?:(\d+)-\d+|\*)\/(\d+|\*)\s*$/i.exec(value) : null;
  if (!match) return {};
  return {
    ...(match[1] !== undefined ? { start: Number(match[1]) } : {}),
    ...(match[2] !== undefined && match[2] !== '*' ? { total: Number(match[2]) } : {}),
  };
}

/**
 * The bytes of a growing file (a live transcript) from `from` on, asked with `Range: bytes=from-`
 * and never from the browser's cache. Read directly, or through the file route (`/files?url=`)
 * exactly as fetchFile decides: same origin directly; another host directly unless it refuses,
 * then through the route, which is remembered for the host so later reads do not ask twice.
 * A 206 starting before `from` is cut to `from`; one starting after it is an error (a gap).
 */
export async function fetchFileRange(fileUrl: string | null, from: number, signal?: AbortSignal): Promise<FileRange> {
  const safe = safeHttpUrl(fileUrl);
  if (!safe) throw fileError(400, 'This document names no file that can be opened (only http and https links are opened).', String(fileUrl).slice(0, 200));
  const headers = { range: `bytes=${from}-` };
  const origin = globalThis.location?.origin;
  const target = new URL(safe).origin;
  const sameOrigin = origin !== undefined && target === origin;

  let response: Response | undefined;
  if (!sameOrigin && !routedOrigins.has(target)) {
    try {
      response = await fetch(safe, { signal, headers, credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      if (signal?.aborted) throw error;
      routedOrigins.add(target); // refused cross-origin read (or unreachable): the file route from now on
    }
  }
  if (!response) {
    try {
      response = await fetch(sameOrigin ? safe : `${FILE_ROUTE}?url=${encodeURIComponent(safe)}`, { signal, headers, cache: 'no-store' });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw fileError(0, 'Could not reach the file. Check your connection, then retry.', safe, error);
    }
  }

  const range = parseContentRange(response.headers.get('content-range'));
  if (response.status === 416) {
    void response.body?.cancel().catch(() => {});
    return { status: 416, bytes: new Uint8Array(0), received: 0, ...(range.total !== undefined ? { total: range.total } : {}) };
  }
  if (response.status !== 200 && response.status !== 206) {
    throw response.ok ? fileError(502, `The file host answered ${response.status} to a ranged read.`, safe) : await responseError(response, safe);
  }
  let body: Uint8Array;
  try {
    body = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (signal?.aborted) throw error;
    throw fileError(0, 'The file stopped arriving part-way. Retry.', safe, error);
  }
  const start = response.status === 206 ? (range.start ?? from) : 0;
  if (start > from) throw fileError(502, `The file host sent bytes from ${start} when asked from ${from}.`, safe);
  return {
    status: response.status,
    bytes: body.subarray(Math.min(body.length, from - start)),
    received: body.length,
    ...(range.total !== undefined ? { total: range.total } : response.status === 200 ? { total: body.length } : {}),
  };
}

/** What the bytes are: a PDF (by its signature), JSON (by its first character), or something else. */
export function sniffFile(file: Pick<LoadedFile, 'bytes' | 'contentType'>): FileKind {
  const head = new TextDecoder('latin1').decode(file.bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  const first = head.replace(/^\uFEFF|^ï»¿/, '').trimStart()[0];
  if ((first === '{' || first === '[') && !/pdf/i.test(file.contentType)) return 'json';
  return 'other';
}

/** The bytes as text (UTF-8), for JSON. */
export function fileText(file: Pick<LoadedFile, 'bytes'>): string {
  return new TextDecoder('utf-8').decode(file.bytes);
}

export const fileQueries = {
  /** One file's bytes; a file at a URL does not change, so it is read once per session. */
  file: (url: string) => ({
    queryKey: fileKeys.file(url),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchFile(url, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  }),
};
