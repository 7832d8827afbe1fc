import { brotliCompressSync, constants as zlibConstants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';
import { pickEncoding } from './static.ts';

/**
 * Compression of text responses to the browser (API JSON, transcripts, errors): gzip or brotli at
 * a moderate level. Never for media or ranges: anything that is a 206, answers a Range request,
 * advertises byte ranges, or is not a text type is left untouched. Static files arrive
 * precompressed. One implementation for the Hono middleware (server/app.ts) and the node-native
 * API route: both hand their headers over through the HeaderAccess interface (a web Headers, or a
 * HeaderRecord over a plain object).
 */

/** The part of the Headers interface compression and the security headers use. */
export interface HeaderAccess {
  get(name: string): string | null;
  set(name: string, value: string): void;
  has(name: string): boolean;
  delete(name: string): void;
}

/** HeaderAccess over a plain record of lowercase names (what the node-native route writes). */
export class HeaderRecord implements HeaderAccess {
  constructor(readonly values: Record<string, string>) {}
  get(name: string): string | null {
    return this.values[name] ?? null;
  }
  set(name: string, value: string): void {
    this.values[name] = value;
  }
  has(name: string): boolean {
    return this.values[name] !== undefined;
  }
  delete(name: string): void {
    delete this.values[name];
  }
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

export type Encoding = 'br' | 'gzip';

/** What the request says about compression. */
export interface CompressionRequest {
  method: string;
  /** The Range header, or null. */
  range: string | null;
  /** The Accept-Encoding header, or null. */
  acceptEncoding: string | null;
}

/**
 * Decides how a response is compressed, and sets its headers for it (Vary; and when compressed,
 * Content-Encoding, a weak ETag, Content-Length). Returns undefined when the body goes as it is;
 * `{ encoding, bytes }` when the body was in memory (`body`) and is now these bytes; `{ encoding }`
 * when the body is a stream: the caller pipes it through compressStream(), which sets the headers.
 */
export function compressResponse(
  request: CompressionRequest,
  status: number,
  headers: HeaderAccess,
  body: Uint8Array | undefined,
): { encoding: Encoding; bytes?: Uint8Array } | undefined {
  if (request.method === 'HEAD' || NO_BODY.has(status) || request.range) return undefined;
  if (headers.has('content-encoding') || headers.has('content-range') || headers.get('accept-ranges') === 'bytes') return undefined;
  if (!COMPRESSIBLE_TYPE.test(headers.get('content-type') ?? '')) return undefined;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')) return undefined;
  const length = body ? body.byteLength : headers.get('content-length');
  if (length !== null && Number(length) < THRESHOLD) return undefined;

  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (vary !== '*' && !/accept-encoding/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
  const encoding = pickEncoding(request.acceptEncoding);
  if (!encoding) return undefined;
  if (!body || body.byteLength > ONE_SHOT_LIMIT) return { encoding };
  return { encoding, bytes: compressBuffered(headers, encoding, body) };
}

/**
 * A body compressResponse() left to the caller as a stream, read into memory when it ends within
 * ONE_SHOT_LIMIT bytes (most API answers: the sandbox's, the calendar feed's), so that it is
 * compressed in one call like a body that was in memory: one compression context at a time on
 * this thread instead of one per response in flight (200 streaming brotli contexts at once held
 * hundreds of MB that glibc did not give back). Longer bodies come back as a stream of the same
 * bytes, to be piped through compressStream().
 */
export async function readSmallBody(body: ReadableStream<Uint8Array>): Promise<Uint8Array | ReadableStream<Uint8Array>> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return head.length === 1 ? head[0]! : Buffer.concat(head, length);
    head.push(value);
    length += value.byteLength;
    if (length > ONE_SHOT_LIMIT) break;
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      head.length = 0;
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The body compressed in one call (compressResponse's choice of encoding), with the headers for it. */
export function compressBuffered(headers: HeaderAccess, encoding: Encoding, body: Uint8Array): Uint8Array {
  const bytes = compressWhole(body, encoding);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(bytes.byteLength));
  weakenEtag(headers);
  return bytes;
}

/**
 * Recent one-shot compressions of small bodies, so that the same bytes are not compressed again:
 * API lists and records are asked for over and over with identical answers (every reader of a
 * company page, every reload), and comparing a few kB (under a µs) costs far less than brotli on
 * them (15-30 µs). Found by encoding, length and a sample of bytes; used only when the whole body
 * is byte-for-byte the one remembered. At most MEMO_ENTRIES bodies of at most MEMO_MAX_BODY bytes
 * (a few MB), the least recently used forgotten first.
 */
const MEMO_MAX_BODY = 16 * 1024;
const MEMO_ENTRIES = 256;
const memo = new Map<string, { raw: Buffer; compressed: Uint8Array }>();

function memoKey(body: Uint8Array, encoding: Encoding): string {
  const length = body.byteLength;
  let key = `${encoding}${length}`;
  for (let i = 0; i < 16; i++) key += `.${body[Math.floor((i * length) / 16)]}`;
  return key;
}

/** The body compressed in one call (or the remembered result for the same bytes). */
function compressWhole(body: Uint8Array, encoding: Encoding): Uint8Array {
  const remembered = body.byteLength <= MEMO_MAX_BODY;
  const key = remembered ? memoKey(body, encoding) : '';
  if (remembered) {
    const entry = memo.get(key);
    if (entry && entry.raw.equals(body)) {
      memo.delete(key);
      memo.set(key, entry);
      return entry.compressed;
    }
  }
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality(body.byteLength), [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
        })
      : gzipSync(body, { level: 6 });
  if (remembered) {
    memo.delete(key);
    memo.set(key, { raw: Buffer.from(body), compressed });
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return compressed;
}

/** A streamed compressor for a body compressResponse() left to the caller; sets the headers for it. */
export function compressStream(headers: HeaderAccess, encoding: Encoding): BrotliCompress | Gzip {
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  weakenEtag(headers);
  return encoding === 'br' ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 });
}

/** A compressed body is not byte-for-byte the one a strong ETag named. */
function weakenEtag(headers: HeaderAccess): void {
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
}
