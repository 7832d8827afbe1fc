/**
 * HEAD on every kind of file the sandbox's file host serves answers with the Content-Length of
 * the GET body (upstream-facts: clients size downloads with it): MP3, HLS playlists (recorded and
 * live), fMP4 init and media segments, PDF documents, transcript JSON (raw and edited).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT_TYPE_IDS } from '../../server/sandbox/data/catalog.ts';
import { collectAll, get, getData, makeSandbox, type Rec } from './contract-helpers.ts';

const { sandbox } = makeSandbox();

/** Name and URL of one file of each kind. */
let files: [string, string][] = [];

beforeAll(async () => {
  const audio = (await get(sandbox, '/audio', { limit: 1 })).data[0] as Rec;
  const streamBase = audio.streamUrl.replace(/index\.m3u8$/, '');
  const liveNow = await getData(sandbox, `/live/audio/${sandbox.sampleIds().liveId}`);
  expect(liveNow.state).toBe('live');
  const livePlaylist = await (await sandbox.fetch(new Request(liveNow.audio))).text();
  const liveSegment = livePlaylist.split('\n').find((line) => line.endsWith('.m4s'))!;
  const transcripts = await collectAll(sandbox, '/documents/transcripts');
  const typeIds = [...new Set(transcripts.map((t) => t.typeId as number))];
  expect(typeIds.length, 'raw and edited transcripts').toBe(TRANSCRIPT_TYPE_IDS.size);
  const pdf = await getData(sandbox, `/documents/${sandbox.sampleIds().pdfDocumentId}`);
  files = [
    ['MP3 recording', audio.fileUrl],
    ['HLS playlist (recording)', audio.streamUrl],
    ['fMP4 init segment', `${streamBase}init.mp4`],
    ['fMP4 media segment', `${streamBase}seg-00001.m4s`],
    ['HLS playlist (live, growing)', liveNow.audio],
    ['live media segment', new URL(liveSegment, liveNow.audio).href],
    ['PDF document', pdf.fileUrl],
    ...typeIds.map((typeId): [string, string] => [`transcript JSON (type ${typeId})`, transcripts.find((t) => t.typeId === typeId)!.fileUrl]),
  ];
});

describe('HEAD on files', () => {
  it('answers 200 with the Content-Length and Content-Type of GET, and no body, for every kind of file', async () => {
    expect(files).toHaveLength(9);
    for (const [kind, url] of files) {
      const got = await sandbox.fetch(new Request(url));
      const bytes = (await got.arrayBuffer()).byteLength;
      expect(got.status, `GET ${kind}`).toBe(200);
      expect(bytes, `GET ${kind} has a body`).toBeGreaterThan(0);
      expect(got.headers.get('content-length'), `GET ${kind}`).toBe(String(bytes));
      const head = await sandbox.fetch(new Request(url, { method: 'HEAD' }));
      expect(head.status, `HEAD ${kind}`).toBe(200);
      expect(head.headers.get('content-length'), `HEAD ${kind}`).toBe(String(bytes));
      expect(head.headers.get('content-type'), `HEAD ${kind}`).toBe(got.headers.get('content-type'));
      expect((await head.arrayBuffer()).byteLength, `HEAD ${kind} body`).toBe(0);
    }
  });

  it('counts bytes, not characters, for text files with non-ASCII text', async () => {
    for (const [kind, url] of files.filter(([kind]) => kind.startsWith('transcript') || kind.startsWith('HLS'))) {
      const body = await (await sandbox.fetch(new Request(url))).text();
      const head = await sandbox.fetch(new Request(url, { method: 'HEAD' }));
      expect(head.headers.get('content-length'), kind).toBe(String(new TextEncoder().encode(body).byteLength));
    }
  });

  it('HEAD with a Range answers 206 with the length of the range', async () => {
    for (const [kind, url] of files.filter(([kind]) => kind === 'MP3 recording' || kind === 'PDF document')) {
      const head = await sandbox.fetch(new Request(url, { method: 'HEAD', headers: { range: 'bytes=0-99' } }));
      expect(head.status, kind).toBe(206);
      expect(head.headers.get('content-length'), kind).toBe('100');
    }
  });
});
