import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../server/sandbox/app.ts';
import { ManualClock } from '../../server/sandbox/clock.ts';
import { PROCESSING_TIME, WILL_BE_LIVE_WINDOW } from '../../server/sandbox/live.ts';

/** Every URL in a record resolves to real media: playlists, segments, MP3 ranges, transcripts, PDFs. */

const ORIGIN = 'http://sandbox.test';
let sandbox: Sandbox;
let clock: ManualClock;

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
  return sandbox.fetch(new Request(url, { headers: { 'x-api-key': sandbox.apiKey, ...headers } }));
}

async function api<T = any>(path: string): Promise<T> {
  const response = await get(`/public/v3${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface Playlist {
  tags: string[];
  segments: { uri: string; duration: number; programDateTime?: string }[];
  map?: string;
  ended: boolean;
  targetDuration: number;
}

function parsePlaylist(text: string): Playlist {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  expect(lines[0]).toBe('#EXTM3U');
  const playlist: Playlist = { tags: [], segments: [], ended: false, targetDuration: 0 };
  let duration: number | undefined;
  let programDateTime: string | undefined;
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXTINF:')) {
      const value = line.slice(8).split(',')[0] as string;
      expect(value, 'EXTINF is a decimal number').toMatch(/^\d+\.\d+$/);
      duration = Number(value);
    } else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      programDateTime = line.slice(25);
    } else if (line.startsWith('#EXT-X-MAP:')) {
      playlist.map = /URI="([^"]+)"/.exec(line)?.[1];
    } else if (line === '#EXT-X-ENDLIST') {
      playlist.ended = true;
    } else if (line.startsWith('#EXT-X-TARGETDURATION:')) {
      playlist.targetDuration = Number(line.slice(22));
    } else if (line.startsWith('#')) {
      playlist.tags.push(line);
    } else {
      expect(duration, `segment ${line} has an EXTINF`).toBeDefined();
      playlist.segments.push({ uri: line, duration: duration as number, programDateTime });
      duration = undefined;
    }
  }
  return playlist;
}

beforeAll(() => {
  clock = new ManualClock(Date.parse('2026-11-21T12:00:00.000Z'));
  sandbox = createSandbox({ seed: 'media', companies: 60, clock });
});

describe('recordings', () => {
  it('serves a VOD playlist of fMP4 AAC segments that all exist, adding up to the stated duration', async () => {
    const { data } = await api('/audio?limit=3');
    for (const audio of data) {
      const response = await get(audio.streamUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/mpegurl/i);
      const playlist = parsePlaylist(await response.text());
      expect(playlist.ended).toBe(true);
      expect(playlist.tags).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.map).toBe('init.mp4');
      const total = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
      expect(Math.abs(total - audio.audioMetadata.duration)).toBeLessThan(0.25);
      for (const segment of playlist.segments) {
        expect(Math.round(segment.duration)).toBeLessThanOrEqual(playlist.targetDuration);
      }

      const init = await get(new URL('init.mp4', audio.streamUrl).href);
      expect(init.status).toBe(200);
      const initBytes = new Uint8Array(await init.arrayBuffer());
      // An fMP4 init segment starts with an ftyp box and carries an AAC (mp4a) sample entry.
      expect(new TextDecoder('latin1').decode(initBytes.subarray(4, 8))).toBe('ftyp');
      expect(new TextDecoder('latin1').decode(initBytes)).toContain('mp4a');

      for (const segment of playlist.segments) {
        const response = await get(new URL(segment.uri, audio.streamUrl).href, {});
        expect(response.status, segment.uri).toBe(200);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const boxes = new TextDecoder('latin1').decode(bytes);
        expect(boxes).toContain('moof');
        expect(boxes).toContain('mdat');
      }
    }
  });

  it('serves the MP3 with its true size and answers byte ranges with 206', async () => {
    const { data } = await api('/audio?limit=1');
    const audio = data[0];
    const full = await get(audio.fileUrl);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('audio/mpeg');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(audio.audioMetadata.size).toBe(`${(bytes.byteLength / 1e6).toFixed(1)} MB`);
    // MPEG audio frame sync (or an ID3 tag) at the start.
    expect(bytes[0] === 0xff || new TextDecoder().decode(bytes.subarray(0, 3)) === 'ID3').toBe(true);

    const range = await get(audio.fileUrl, { range: 'bytes=100-199' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-199/${bytes.byteLength}`);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const open = await get(audio.fileUrl, { range: 'bytes=1000-' });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(bytes.byteLength - 1000);

    const suffix = await get(audio.fileUrl, { range: 'bytes=-500' });
    expect(suffix.status).toBe(206);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.subarray(bytes.byteLength - 500));

    const beyond = await get(audio.fileUrl, { range: `bytes=${bytes.byteLength}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);

    const head = await sandbox.fetch(new Request(audio.fileUrl, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('offers at least three distinct calls of three minutes or more', async () => {
    const durations = new Set<number>();
    for (const call of sandbox.media.calls) {
      expect(call.script.duration).toBeGreaterThanOrEqual(180);
      durations.add(call.script.duration);
    }
    expect(durations.size).toBeGreaterThanOrEqual(3);
  });

  it('has chapters cut from the same timing as the speech: boundaries fall on sentence starts', () => {
    for (const call of sandbox.media.calls) {
      const sentenceStarts = new Set(call.script.paragraphs.flatMap((p) => p.sentences.map((s) => s.start)));
      for (const chapter of call.script.chapters) {
        if (chapter.start > 0) expect(sentenceStarts.has(chapter.start), chapter.title).toBe(true);
      }
      const qna = call.script.chapters.find((chapter) => chapter.level === 1 && /Q&A/.test(chapter.title));
      expect(qna?.start).toBe(call.script.qna);
    }
  });
});

describe('transcripts', () => {
  it('are JSON in the documented shape whose sentence times match the recording and its chapters', async () => {
    const ids = sandbox.sampleIds().eventWithAudioAndTranscript!;
    const { data: document } = await api(`/documents/transcripts/${ids.transcriptId}`);
    const response = await get(document.fileUrl);
    expect(response.status).toBe(200);
    const transcript = await response.json();
    expect(transcript.event_id).toBe(ids.eventId);
    expect(transcript.company_id).toBe(document.companyId);
    expect(typeof transcript.version).toBe('string');
    const { paragraphs } = transcript.transcript;
    expect(paragraphs.length).toBeGreaterThan(5);
    expect(transcript.transcript.number_of_speakers).toBeGreaterThanOrEqual(4);
    for (const paragraph of paragraphs) {
      expect(paragraph.text).toBe(paragraph.sentences.map((s: { text: string }) => s.text).join(' '));
      for (const sentence of paragraph.sentences) {
        expect(sentence.start).toBeLessThan(sentence.end);
        expect(sentence.start).toBeGreaterThanOrEqual(paragraph.start);
        expect(sentence.end).toBeLessThanOrEqual(paragraph.end);
        for (const word of sentence.words) {
          expect(Object.keys(word).sort()).toEqual(['confidence', 'end', 'punctuated_word', 'start', 'word']);
          expect(word.start).toBeGreaterThanOrEqual(sentence.start - 1e-9);
          expect(word.end).toBeLessThanOrEqual(sentence.end + 1e-9);
        }
      }
    }
    // The edited type names the speakers: executives of this company, analysts with their firms.
    const { data: company } = await api(`/companies/${document.companyId}`);
    expect(document.typeId).toBe(15);
    const roles = transcript.speaker_mapping.map((m: any) => m.speaker_data.role);
    expect(roles).toContain('Chief Executive Officer');
    const ceo = transcript.speaker_mapping.find((m: any) => m.speaker_data.role === 'Chief Executive Officer');
    expect(ceo.speaker_data.company).toBe(company.displayName);
    expect(typeof ceo.speaker_data.name).toBe('string');

    // Chapters of the event's recording start where a sentence of the transcript starts.
    const { data: chapters } = await api(`/audio/${ids.audioId}/chapters?levels=1,2&limit=100`);
    const starts = new Set(paragraphs.flatMap((p: any) => p.sentences.map((s: any) => s.start)));
    for (const chapter of chapters) if (chapter.startTimestamp > 0) expect(starts.has(chapter.startTimestamp)).toBe(true);
  });

  it('raw transcripts have no speaker mapping', async () => {
    const { data } = await api('/documents/transcripts?typeIds=22&limit=1');
    const transcript = await (await get(data[0].fileUrl)).json();
    expect(transcript).not.toHaveProperty('speaker_mapping');
    expect(transcript.transcript.paragraphs.length).toBeGreaterThan(0);
  });
});

describe('documents', () => {
  it('are real PDFs whose text names the company, event, period and type', async () => {
    const id = sandbox.sampleIds().pdfDocumentId!;
    const { data: document } = await api(`/documents/${id}?expand=event`);
    const { data: company } = await api(`/companies/${document.companyId}`);
    const { data: type } = await api(`/document-types/${document.typeId}`);
    const response = await get(document.fileUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pdf = await getDocument({ data: bytes, useSystemFonts: false, disableFontFace: true, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS })
      .promise;
    expect(pdf.numPages).toBeGreaterThanOrEqual(2);
    let text = '';
    for (let page = 1; page <= pdf.numPages; page++) {
      const content = await (await pdf.getPage(page)).getTextContent();
      text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
    }
    text = text.replace(/\s+/g, ' ');
    expect(text).toContain(company.displayName);
    expect(text).toContain(document.event.title);
    expect(text).toContain(String(document.event.fiscalYear));
    expect(text).toContain(type.name);
    expect(text).toMatch(/\d{1,3}(,\d{3})*\.\d/); // some figures
  });

  it('the same document is byte-identical across sandboxes with the same seed', async () => {
    const other = createSandbox({ seed: 'media', companies: 60, clock: new ManualClock(clock.now()) });
    const id = sandbox.sampleIds().pdfDocumentId!;
    const { data: document } = await api(`/documents/${id}`);
    const a = new Uint8Array(await (await get(document.fileUrl)).arrayBuffer());
    const b = new Uint8Array(await (await other.fetch(new Request(document.fileUrl))).arrayBuffer());
    expect(b).toEqual(a);
  });
});

describe('live streams', () => {
  it('grow on the sandbox clock without ENDLIST while live, then end', async () => {
    const local = new ManualClock(Date.parse('2026-11-21T12:00:00.000Z'));
    const s = createSandbox({ seed: 'media', companies: 60, clock: local });
    // The first scheduled call that has not been announced as imminent yet.
    let k = 0;
    while (s.schedule.slotStart(k) - WILL_BE_LIVE_WINDOW <= local.now() || s.schedule.fate(k) !== 'ok') k++;
    // The live-audio record's own id: its event's id + 764.
    const live = s.schedule.firstEventId + k + 764;
    const start = s.schedule.slotStart(k);
    const read = async () => (await (await s.fetch(new Request(`${ORIGIN}/public/v3/live/audio/${live}`, { headers: { 'x-api-key': s.apiKey } }))).json()).data;

    const before = await read();
    expect(before.state).toBe('notLive');
    expect(before.audio).toBeNull();
    expect(before.wentLiveAt).toBeNull();
    local.set(start + 30_000);
    const record = await read();
    expect(record.state).toBe('live');
    expect(record.audio).toMatch(/\.m3u8$/);
    const first = parsePlaylist(await (await s.fetch(new Request(record.audio))).text());
    expect(first.ended).toBe(false);
    expect(first.tags).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(first.segments.length).toBeGreaterThan(3);
    expect(first.segments[0]?.programDateTime).toBe(new Date(start).toISOString());

    // A segment not streamed yet is not served.
    const future = await s.fetch(new Request(new URL('seg-00040.m4s', record.audio).href));
    expect(future.status).toBe(404);

    local.set(start + 60_000);
    const second = parsePlaylist(await (await s.fetch(new Request(record.audio))).text());
    expect(second.segments.length).toBeGreaterThan(first.segments.length);
    expect(second.segments.slice(0, first.segments.length)).toEqual(first.segments);
    for (const segment of second.segments) {
      expect((await s.fetch(new Request(new URL(segment.uri, record.audio).href))).status).toBe(200);
    }

    local.set(start + s.schedule.durationMs(k) + PROCESSING_TIME / 2);
    const processing = await read();
    expect(processing.state).toBe('processingRecording');
    expect(parsePlaylist(await (await s.fetch(new Request(processing.audio))).text()).ended).toBe(true);
  });
});

describe('media fault injection', () => {
  it('a playlist can carry a failing segment, and a rule can fail segments until cleared', async () => {
    const { data } = await api('/audio?limit=1');
    const audio = data[0];
    const playlist = parsePlaylist(await (await get(`${audio.streamUrl}?__fault=segment&__faultAt=3`)).text());
    const failing = playlist.segments[3]!;
    expect((await get(new URL(failing.uri, audio.streamUrl).href)).status).toBe(500);
    expect((await get(new URL(playlist.segments[2]!.uri, audio.streamUrl).href)).status).toBe(200);

    const segment = new URL(playlist.segments[5]!.uri, audio.streamUrl).href;
    sandbox.faults.add({ kind: '503', scope: 'segment', match: 'seg-00005' });
    expect((await get(segment)).status).toBe(503);
    expect((await get(segment)).status).toBe(503);
    sandbox.faults.clear();
    expect((await get(segment)).status).toBe(200);
  });
});
