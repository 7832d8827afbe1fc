/**
 * Files named by records (documents, transcripts) are read one way: directly, or through the
 * same-origin file route when another host refuses a cross-origin read. The recording page's
 * transcript goes the same way as the document page's file.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchFile, fetchFileRange, fileText } from '../../src/api/files.ts';
import { fetchTranscriptContent } from '../../src/api/transcript-content.ts';
import { isApiError } from '../../src/api/api-error.ts';
import { server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const FOREIGN = 'https://files.elsewhere.example/t/42.json';
const TRANSCRIPT = {
  speaker_mapping: [{ speaker: 4, speaker_data: { name: 'Ana Ruiz', role: 'Chief Financial Officer', company: null } }],
  transcript: {
    paragraphs: [
      { speaker: 4, start: 0, end: 3, sentences: [{ text: 'Margins held.', start: 0, end: 3 }] },
      { speaker: 9, start: 3, end: 6, sentences: [{ text: 'Thank you.', start: 3, end: 6 }] },
    ],
  },
};

/** The host refuses cross-origin reads (a network error in the browser); the file route serves it. */
function refuseDirectServeThroughRoute(body: JsonBodyType) {
  const routed: string[] = [];
  server.use(
    http.get(FOREIGN, () => HttpResponse.error()),
    http.get('*/files', ({ request }) => {
      routed.push(new URL(request.url).searchParams.get('url') ?? '');
      return HttpResponse.json(body);
    }),
  );
  return routed;
}

describe('reading a file on another host', () => {
  it('reads it directly when the host allows it', async () => {
    server.use(http.get(FOREIGN, () => HttpResponse.text('{"ok":1}', { headers: { 'content-type': 'application/json' } })));
    const file = await fetchFile(FOREIGN);
    expect(fileText(file)).toBe('{"ok":1}');
    expect(file.fileName).toBe('42.json');
  });

  it('falls back to /files?url= when the direct read is refused', async () => {
    const routed = refuseDirectServeThroughRoute({ ok: 2 });
    const file = await fetchFile(FOREIGN);
    expect(fileText(file)).toBe('{"ok":2}');
    expect(routed).toEqual([FOREIGN]);
  });

  it('reads a transcript the same way, into the one transcript model', async () => {
    const routed = refuseDirectServeThroughRoute(TRANSCRIPT);
    const transcript = await fetchTranscriptContent(FOREIGN);
    expect(routed).toEqual([FOREIGN]);
    expect(transcript.paragraphs.map((p) => [p.speaker.label, p.text])).toEqual([
      ['Ana Ruiz', 'Margins held.'],
      ['Speaker 1', 'Thank you.'],
    ]);
  });

  it('says a file that is not a transcript is not one', async () => {
    refuseDirectServeThroughRoute({ hello: 'world' });
    const error = await fetchTranscriptContent(FOREIGN).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('malformed');
    expect((error as Error).message).toMatch(/^This file is not a transcript: transcript/);
  });

  it('refuses an address that is not http(s) without asking anyone', async () => {
    const error = await fetchTranscriptContent('javascript:alert(1)').catch((e: unknown) => e);
    expect((error as Error).message).toBe('This document names no file that can be opened (only http and https links are opened).');
  });
});

describe('reading the new part of a growing file on another host (a live transcript)', () => {
  const GROWING = 'https://files.refusing.example/live/9/transcript-1.7.jsonl';
  const BODY = '{"type":"start"}\n{"s":1,"e":2,"p":"1","t":"Hi."}\n';

  it('goes through /files?url= with its Range once the host refuses, and straight there for the next read', async () => {
    let direct = 0;
    const routed: { url: string | null; range: string | null }[] = [];
    server.use(
      http.get(GROWING, () => {
        direct++;
        return HttpResponse.error();
      }),
      http.get('*/files', ({ request }) => {
        const range = request.headers.get('range');
        routed.push({ url: new URL(request.url).searchParams.get('url'), range });
        const from = Number(/bytes=(\d+)-/.exec(range ?? '')?.[1] ?? 0);
        if (from >= BODY.length) return new HttpResponse(null, { status: 416, headers: { 'content-range': `bytes */${BODY.length}` } });
        return new HttpResponse(BODY.slice(from), { status: 206, headers: { 'content-range': `bytes ${from}-${BODY.length - 1}/${BODY.length}` } });
      }),
    );
    const first = await fetchFileRange(GROWING, 17);
    expect([first.status, new TextDecoder().decode(first.bytes), first.total]).toEqual([206, '{"s":1,"e":2,"p":"1","t":"Hi."}\n', BODY.length]);
    const second = await fetchFileRange(GROWING, BODY.length);
    expect([second.status, second.bytes.length]).toEqual([416, 0]);
    expect(direct).toBe(1);
    expect(routed).toEqual([
      { url: GROWING, range: 'bytes=17-' },
      { url: GROWING, range: `bytes=${BODY.length}-` },
    ]);
  });
});
