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

async function readResponse(response: Response, shown: string): Promise<LoadedFile> {
  if (!response.ok) {
    let message = `The file host answered ${response.status}.`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message.trim()) message = body.message.trim();
    } catch {
      // Not JSON: keep the status line.
    }
    throw fileError(response.status, message, shown);
  }
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
  if (!safe) throw fileError(400, 'The record names no usable file address (only http and https links are opened).', String(fileUrl).slice(0, 200));
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
