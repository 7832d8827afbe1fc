import { documentTypeById } from './data/catalog.ts';
import { errorResponse } from './errors.ts';
import type { CallMedia } from './media/library.ts';
import { buildDocumentPdf } from './documents.ts';
import { documentFileName, iso, type Context } from './serialize.ts';
import { LIVE_TRANSCRIPT_FILE, liveCourse, releasedPart, TRANSCRIPT_CONTENT_TYPE, transcriptFile, type TranscriptVersion } from './live-transcript.ts';
import { buildTranscript } from './transcripts.ts';

/**
 * The file host: recordings (MP3 with range requests, HLS playlists and fMP4 segments), live
 * playlists that grow on the sandbox clock, and documents (PDF or transcript JSON). Public, like
 * the real file host: no API key.
 */

export interface FileRequest {
  path: string;
  method: string;
  headers: Headers;
  query: URLSearchParams;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, content-range, accept-ranges' };

/** Node's Buffer and typed arrays are valid bodies; the DOM typings are narrower. */
const asBody = (bytes: Uint8Array) => bytes as unknown as BodyInit;

function binary(body: Uint8Array, type: string, request: FileRequest, extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    'content-type': type,
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=3600',
    ...CORS,
    ...extra,
  };
  const size = body.byteLength;
  const range = request.headers.get('range');
  if (range) {
    const parsed = parseRange(range, size);
    if (parsed === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    }
    if (parsed) {
      const [start, end] = parsed;
      const slice = body.subarray(start, end + 1);
      return new Response(request.method === 'HEAD' ? null : asBody(slice), {
        status: 206,
        headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(slice.byteLength) },
      });
    }
  }
  return new Response(request.method === 'HEAD' ? null : asBody(body), {
    status: 200,
    headers: { ...headers, 'content-length': String(size) },
  });
}

/** One byte range (the first, if several are asked for); undefined when the header is not usable. */
export function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)(?:,.*)?$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}

/** A text file; HEAD answers with the Content-Length of the GET body (clients size downloads with it). */
function text(body: string, type: string, request: FileRequest, headers: Record<string, string>): Response {
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'content-type': type, ...CORS, ...headers, 'content-length': String(Buffer.byteLength(body)) },
  });
}

/** A playlist of a call's segments; `upTo` seconds streamed (live) or the whole call (VOD). */
function playlist(call: CallMedia, options: { live?: { startedAt: number; seconds: number; ended: boolean }; failAt?: number }): string {
  const segments = call.script.segments;
  const target = Math.ceil(Math.max(...segments.map((s) => s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0'];
  lines.push(`#EXT-X-PLAYLIST-TYPE:${options.live && !options.live.ended ? 'EVENT' : 'VOD'}`);
  lines.push('#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-MAP:URI="init.mp4"');
  segments.forEach((segment, index) => {
    const start = call.segmentStarts[index] as number;
    if (options.live && start + segment.duration > options.live.seconds + 1e-6) return;
    if (options.live) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(options.live.startedAt + Math.round(start * 1000))}`);
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`);
    lines.push(options.failAt === index ? `${segment.uri}?__fault=500` : segment.uri);
  });
  if (!options.live || options.live.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

function segmentResponse(ctx: Context, call: CallMedia, name: string, request: FileRequest, available = Infinity): Response {
  const file = name === 'init.mp4' ? 'hls/init.mp4' : /^seg-\d{5}\.m4s$/.test(name) ? `hls/${name}` : undefined;
  if (!file) return errorResponse(404, `No file ${name}`, CORS);
  if (file !== 'hls/init.mp4') {
    const index = call.script.segments.findIndex((segment) => segment.uri === name);
    if (index < 0) return errorResponse(404, `No segment ${name}`, CORS);
    const end = (call.segmentStarts[index] as number) + (call.script.segments[index]?.duration ?? 0);
    if (end > available + 1e-6) return errorResponse(404, `Segment ${name} has not been streamed yet`, CORS);
  }
  const body = ctx.media.file(call, file);
  if (!body) return errorResponse(404, `No file ${name}`, CORS);
  return binary(body, file.endsWith('.mp4') || file.endsWith('.m4s') ? 'audio/mp4' : 'application/octet-stream', request, {
    'cache-control': 'public, max-age=31536000, immutable',
  });
}

export function serveFile(request: FileRequest, ctx: Context): Response {
  const { path } = request;
  let match: RegExpExecArray | null;

  if ((match = /^\/audio\/(\d+)\.mp3$/.exec(path))) {
    const audio = ctx.store.audio(Number(match[1]), ctx.now);
    if (!audio) return errorResponse(404, `No recording ${match[1]}`, CORS);
    const call = ctx.media.call(audio.callIndex);
    const body = ctx.media.file(call, 'audio.mp3');
    if (!body) return errorResponse(404, 'Recording file missing', CORS);
    return binary(body, 'audio/mpeg', request, {
      'content-disposition': `inline; filename="${audio.company.slug}-${audio.eventId}.mp3"`,
    });
  }

  if ((match = /^\/audio\/(\d+)\/([^/]+)$/.exec(path))) {
    const audio = ctx.store.audio(Number(match[1]), ctx.now);
    if (!audio) return errorResponse(404, `No recording ${match[1]}`, CORS);
    const call = ctx.media.call(audio.callIndex);
    const name = match[2] as string;
    if (name === 'index.m3u8') {
      const failAt =
        request.query.get('__fault') === 'segment' ? Number(request.query.get('__faultAt') ?? Math.floor(call.script.segments.length / 2)) : undefined;
      return text(playlist(call, { failAt }), 'application/vnd.apple.mpegurl', request, { 'cache-control': 'public, max-age=3600' });
    }
    return segmentResponse(ctx, call, name, request);
  }

  if ((match = LIVE_TRANSCRIPT_FILE.exec(path))) {
    // A live call's transcript (live-transcript.ts): the lines released by now; Range reads the new bytes.
    const live = ctx.store.live(Number(match[1]), ctx.now);
    const call = live ? ctx.media.call(live.event.callIndex) : undefined;
    const course = live && call ? liveCourse(live, ctx.store, call.script) : undefined;
    if (!course || !call) return errorResponse(404, `No live transcript for ${match[1]}`, CORS);
    const file = transcriptFile(ctx.store, course, call, match[2] as TranscriptVersion);
    const { body, complete } = releasedPart(file, ctx.now - course.startedAt);
    return binary(body, TRANSCRIPT_CONTENT_TYPE, request, { 'cache-control': complete ? 'public, max-age=3600' : 'no-cache' });
  }

  if ((match = /^\/live\/(\d+)\/([^/]+)$/.exec(path))) {
    const live = ctx.store.live(Number(match[1]), ctx.now);
    if (!live || live.wentLiveAt === null) {
      return errorResponse(404, `No live stream for ${match[1]}`, CORS);
    }
    const call = ctx.media.call(live.event.callIndex);
    const seconds = live.streamedSeconds || call.script.duration;
    const name = match[2] as string;
    if (name === 'index.m3u8') {
      const body = playlist(call, { live: { startedAt: live.wentLiveAt, seconds, ended: live.state !== 'live' } });
      return text(body, 'application/vnd.apple.mpegurl', request, { 'cache-control': 'no-cache' });
    }
    return segmentResponse(ctx, call, name, request, seconds);
  }

  if ((match = /^\/documents\/(\d+)\/([^/]+)$/.exec(path))) {
    const document = ctx.store.document(Number(match[1]), ctx.now);
    if (!document) return errorResponse(404, `No document ${match[1]}`, CORS);
    const event = ctx.store.event(document.eventId, ctx.now);
    if (!event) return errorResponse(404, `No event for document ${match[1]}`, CORS);
    const fileName = documentFileName(document, ctx);
    if (ctx.store.isTranscript(document)) {
      const body = JSON.stringify(buildTranscript(document, event, ctx.media));
      return text(body, 'application/json; charset=utf-8', request, {
        'content-disposition': `inline; filename="${fileName}"`,
        'cache-control': 'public, max-age=3600',
      });
    }
    const type = documentTypeById(document.typeId);
    const pdf = buildDocumentPdf(document, event, type, ctx);
    return binary(pdf, 'application/pdf', request, { 'content-disposition': `inline; filename="${fileName}"` });
  }

  return errorResponse(404, `No file at ${path}`, CORS);
}
