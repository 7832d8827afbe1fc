/**
 * Contract: live transcripts (an extension of the contract, as the real service has it).
 * `/live`, `/live/{id}`, `/live/transcripts`, `/live/transcripts/{id}` list the live-audio records
 * with `transcript` (the URL of a JSONL file in version 1.6, or 1.7 with refinements), null before
 * the call goes live; the `/live/transcripts*` records have no `audio`. The file grows line by line
 * on the sandbox clock, in step with the live audio, append-only, read with `Range: bytes=N-`
 * (206 / 416 / 200). Once the call ends its words are the recording's transcript words (1.7 after
 * applying its refinements with the small reader below, written here from the documented rules).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../server/sandbox/app.ts';
import { ManualClock } from '../../server/sandbox/clock.ts';
import { call, fieldProblems, get, getData, LIVE_KEYS, makeSandbox, NOW, ORIGIN, V3, type Rec } from './contract-helpers.ts';

const { sandbox, clock } = makeSandbox();
const LIVE_ID_GAP = 764;
const r2 = (value: number) => Math.round(value * 100) / 100;
const num = (value: unknown) => (typeof value === 'string' ? Number(value) : (value as number));

interface FileAnswer {
  status: number;
  headers: Headers;
  text: string;
}

async function file(url: string, init: { method?: string; range?: string } = {}): Promise<FileAnswer> {
  const headers: Record<string, string> = init.range ? { range: init.range } : {};
  const res = await sandbox.fetch(new Request(url, { method: init.method ?? 'GET', headers }));
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const parse = (text: string): Rec[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Rec);

interface Word {
  s: number;
  e: number;
  t: string;
  p: string;
  S?: string;
  ot?: string;
}

/** The words of a file once its refinements are applied in order (the rules in live-transcript.ts, written again here). */
function applyLines(lines: Rec[]): Word[] {
  const words: Word[] = [];
  const at = (s: unknown) => {
    const index = words.findIndex((word) => word.s === r2(num(s)));
    if (index < 0) throw new Error(`a refinement addresses ${String(s)}, which no word starts at`);
    return index;
  };
  for (const line of lines) {
    if (line.type !== undefined) continue;
    if (line.i === undefined) {
      words.push({ s: r2(num(line.s)), e: r2(num(line.e)), t: line.t, p: line.p, S: line.S, ot: line.ot });
      continue;
    }
    switch (line.i) {
      case 'word-update':
        words[at(line.s)]!.t = line.rt;
        break;
      case 'word-delete': {
        const index = at(line.s);
        // The documented promise: a split entry is never the first of a paragraph or a turn (so the inserts join the word before).
        expect([words[index - 1]?.p, words[index - 1]?.S], `${JSON.stringify(line)} follows a word of its paragraph and speaker`).toEqual([
          words[index]!.p,
          words[index]!.S,
        ]);
        words.splice(index, 1);
        break;
      }
      case 'word-insert': {
        const s = r2(num(line.s));
        let index = words.findIndex((word) => word.s >= s);
        if (index < 0) index = words.length;
        const near = words[index - 1] ?? words[index]!;
        words.splice(index, 0, { s, e: r2(num(line.e)), t: line.rt, p: near.p, S: near.S });
        break;
      }
      case 'paragraph-insert': {
        const index = at(line.s);
        const p = words[index]!.p;
        for (let j = index; j < words.length && words[j]!.p === p; j++) words[j]!.p = `${p}@${line.s}`;
        break;
      }
      case 'paragraph-merge': {
        const index = at(line.s);
        const e = r2(num(line.e));
        const p = words[index]!.p;
        let j = index;
        for (; j < words.length && words[j]!.e <= e; j++) words[j]!.p = p;
        // The span is two whole paragraphs: the word after it starts another.
        expect(words[j - 1]!.e, `paragraph-merge ${JSON.stringify(line)} ends on a word's end`).toBe(e);
        break;
      }
      default:
        throw new Error(`unknown refinement ${JSON.stringify(line)}`);
    }
  }
  return words;
}

/** One token per spoken word: two-token entries split at the space, `ot` read for [indiscernible]; each with its entry's paragraph and speaker. */
function tokens(words: Word[]): { text: string; p: string; S?: string }[] {
  return words.flatMap((word) => (word.ot ?? word.t).split(' ').map((text) => ({ text, p: word.p, S: word.S })));
}

/** Token indexes where a new paragraph starts. */
function breaks(list: { p: string }[]): number[] {
  return list.flatMap((token, i) => (i > 0 && token.p !== list[i - 1]!.p ? [i] : []));
}

/** The recording's transcript (the edited transcript document) of an event: its words and speaker names. */
async function recordingTranscript(documentId: number) {
  const document = await getData(sandbox, `/documents/transcripts/${documentId}`);
  const body = JSON.parse((await file(document.fileUrl)).text);
  const names = new Map<number, string>();
  for (const { speaker, speaker_data } of body.speaker_mapping ?? []) {
    names.set(speaker, speaker_data.role === 'Operator' ? 'Operator' : speaker_data.name);
  }
  const words: { text: string; start: number; end: number; speaker: number }[] = [];
  for (const paragraph of body.transcript.paragraphs) {
    for (const sentence of paragraph.sentences) {
      for (const word of sentence.words) words.push({ text: word.punctuated_word, start: word.start, end: word.end, speaker: paragraph.speaker });
    }
  }
  return { eventId: document.eventId as number, edited: body.version === '2.1-edited', names, words };
}

describe('the four endpoints', () => {
  it('/live/{id} is the live-audio record plus transcript (the 1.6 file unless transcriptVersion=1.7), under the live record id', async () => {
    clock.set(NOW);
    const { liveId, liveEventId } = sandbox.sampleIds();
    expect(liveId).toBe(liveEventId! + LIVE_ID_GAP);
    const audioRecord = await getData(sandbox, `/live/audio/${liveId}`);
    const record = await getData(sandbox, `/live/${liveId}`);
    expect(Object.keys(record)).toEqual(['id', 'eventId', 'companyId', 'date', 'wentLiveAt', 'state', 'audio', 'transcript', 'createdAt', 'updatedAt']);
    const { transcript, ...rest } = record;
    expect(rest).toEqual(audioRecord);
    expect(record.state).toBe('live');
    expect(transcript).toBe(`${ORIGIN}/sandbox-files/live/${liveId}/transcript-1.6.jsonl`);
    expect((await getData(sandbox, `/live/${liveId}`, { transcriptVersion: '1.7' })).transcript).toBe(
      `${ORIGIN}/sandbox-files/live/${liveId}/transcript-1.7.jsonl`,
    );
    expect((await getData(sandbox, `/live/${liveId}`, { transcriptVersion: '1.6' })).transcript).toBe(transcript);
    // The event's id names another record (or none): never this one.
    const byEventId = await call(sandbox, `${V3}/live/${liveEventId}`);
    if (byEventId.status === 200) expect(byEventId.json.data.eventId).not.toBe(liveEventId);
  });

  it('the test controls name the live call’s 1.7 transcript file (/__sandbox/info, liveTranscriptUrl)', async () => {
    clock.set(NOW);
    const info = await (await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/info`))).json();
    expect(info.liveTranscriptUrl).toBe(`${ORIGIN}/sandbox-files/live/${info.liveId}/transcript-1.7.jsonl`);
    expect((await getData(sandbox, `/live/${info.liveId}`, { transcriptVersion: '1.7' })).transcript).toBe(info.liveTranscriptUrl);
    expect((await file(info.liveTranscriptUrl)).status).toBe(200);
  });

  it('/live/transcripts/{id} has no audio; transcript is null before the call goes live', async () => {
    clock.set(NOW);
    const { liveId, willBeLiveId } = sandbox.sampleIds();
    const record = await getData(sandbox, `/live/transcripts/${liveId}`, { transcriptVersion: '1.7' });
    expect(Object.keys(record)).toEqual(['id', 'eventId', 'companyId', 'date', 'wentLiveAt', 'state', 'transcript', 'createdAt', 'updatedAt']);
    expect(record.transcript).toBe(`${ORIGIN}/sandbox-files/live/${liveId}/transcript-1.7.jsonl`);
    const upcoming = await getData(sandbox, `/live/transcripts/${willBeLiveId}`);
    expect(upcoming.state).toBe('willBeLive');
    expect(upcoming.transcript).toBeNull();
    expect((await getData(sandbox, `/live/${willBeLiveId}`)).audio).toBeNull();
    expect((await call(sandbox, `${V3}/live/transcripts/987654321`)).status).toBe(404);
  });

  it('/live and /live/transcripts list what /live/audio lists, with the same filters and cursors', async () => {
    clock.set(NOW);
    for (const params of [{ states: 'live,willBeLive' }, { limit: 7, direction: 'desc' }, { states: 'liveFailedInterrupted', limit: 3 }]) {
      const audio = await get(sandbox, '/live/audio', params);
      const both = await get(sandbox, '/live', { ...params, transcriptVersion: '1.7' });
      const transcripts = await get(sandbox, '/live/transcripts', params);
      expect(both.pagination).toEqual(audio.pagination);
      expect(transcripts.pagination).toEqual(audio.pagination);
      expect(audio.data.length).toBeGreaterThan(0);
      audio.data.forEach((record: Rec, i: number) => {
        const withBoth = both.data[i];
        const withTranscript = transcripts.data[i];
        expect(Object.keys(withBoth)).toEqual([...LIVE_KEYS.slice(0, 7), 'transcript', ...LIVE_KEYS.slice(7)]);
        expect({ ...withBoth, transcript: undefined }).toEqual({ ...record, transcript: undefined });
        const { audio: _audio, ...withoutAudio } = record;
        expect({ ...withTranscript, transcript: undefined }).toEqual({ ...withoutAudio, transcript: undefined });
        const url = (version: string) => `${ORIGIN}/sandbox-files/live/${record.id}/transcript-${version}.jsonl`;
        expect(withBoth.transcript).toBe(record.wentLiveAt === null ? null : url('1.7'));
        expect(withTranscript.transcript).toBe(record.wentLiveAt === null ? null : url('1.6'));
      });
    }
  });

  it('transcriptVersion other than 1.6 or 1.7 is a 400 naming it, on lists and records alike', async () => {
    clock.set(NOW);
    const { liveId } = sandbox.sampleIds();
    for (const path of ['/live', `/live/${liveId}`, '/live/transcripts', `/live/transcripts/${liveId}`]) {
      for (const value of ['1.8', '17', '']) {
        const res = await call(sandbox, `${V3}${path}?transcriptVersion=${value}`);
        expect(res.status, `${path}?transcriptVersion=${value}`).toBe(400);
        expect(fieldProblems(res)).toEqual([{ field: 'transcriptVersion', message: 'transcriptVersion must be one of the following values: 1.6, 1.7' }]);
      }
    }
    expect((await call(sandbox, `${V3}/live/audio?transcriptVersion=1.7`)).status, '/live/audio does not take it').toBe(400);
  });

  it('a key whose plan lacks the live transcripts gets 403 Forbidden on all four; /live/audio still answers', async () => {
    const limited = createSandbox({ seed: 'contract', companies: 120, clock: new ManualClock(NOW), plan: 'no-live-transcripts' });
    const { liveId } = limited.sampleIds();
    for (const path of ['/live', `/live/${liveId}`, '/live/transcripts', `/live/transcripts/${liveId}?transcriptVersion=1.7`]) {
      const res = await call(limited, `${V3}${path}`);
      expect(res.status, path).toBe(403);
      expect(res.text).toBe('{"statusCode":403,"message":"Forbidden"}');
    }
    expect((await call(limited, `${V3}/live/audio/${liveId}`)).status).toBe(200);
    expect((await call(limited, `${V3}/live`, { key: null })).status, 'no key: 401 first').toBe(401);
  });

  it('in strict-contract mode all four are unknown paths (404)', async () => {
    const strict = makeSandbox({ contract: 'strict' }).sandbox;
    const { liveId } = strict.sampleIds();
    for (const path of ['/live', `/live/${liveId}`, '/live/transcripts', `/live/transcripts/${liveId}`]) {
      const res = await call(strict, `${V3}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ statusCode: 404, message: `Cannot GET ${V3}${path}`, error: 'Not Found' });
    }
  });
});

describe('the file while the call is live', () => {
  let liveId: number;
  let start: number;
  let url: string;

  beforeAll(async () => {
    clock.set(NOW);
    liveId = sandbox.sampleIds().willBeLiveId!;
    start = Date.parse((await getData(sandbox, `/live/${liveId}`)).date);
    url = `${ORIGIN}/sandbox-files/live/${liveId}/transcript-1.7.jsonl`;
  });

  it('is 404 before the call goes live, then starts with the start record', async () => {
    clock.set(start - 1);
    expect((await file(url)).status).toBe(404);
    expect((await file(url.replace('1.7', '1.6'))).status).toBe(404);
    clock.set(start);
    const first = await file(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(parse(first.text)).toEqual([{ type: 'start', file_format_version: '1.7', processing_start_time: new Date(start).toISOString() }]);
  });

  it('answers Range: 206 with Content-Range for new bytes, 416 with bytes */size when nothing is new, 200 whole without Range; HEAD has the GET length', async () => {
    clock.set(start + 60_000);
    const whole = await file(url);
    const size = Buffer.byteLength(whole.text);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(size));
    const head = await file(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.text).toBe('');
    const part = await file(url, { range: `bytes=${size - 10}-` });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(part.text).toBe(whole.text.slice(-10));
    const none = await file(url, { range: `bytes=${size}-` });
    expect(none.status).toBe(416);
    expect(none.headers.get('content-range')).toBe(`bytes */${size}`);
    expect((await file(url, { range: `bytes=${size + 500}-` })).status).toBe(416);
  });

  it('grows append-only, tailed with Range, every word in audio the live playlist already lists and out within 5.5 s of it being said', async () => {
    const record = (clock.set(start), await getData(sandbox, `/live/${liveId}`));
    const playlist = record.audio as string;
    let text = '';
    const releasedAt = new Map<number, number>();
    let restart: { time: number } | undefined;
    for (let t = start; ; t += 700) {
      clock.set(t);
      const whole = (await file(url)).text;
      expect(whole.startsWith(text), `at +${t - start} ms the file starts with the file at the step before`).toBe(true);
      const tail = await file(url, { range: `bytes=${Buffer.byteLength(text)}-` });
      if (whole === text) expect(tail.status).toBe(416);
      else {
        expect(tail.status).toBe(206);
        expect(text + tail.text).toBe(whole);
      }
      text = whole;
      const listed = (await file(playlist)).text;
      const streamed = [...listed.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      for (const line of parse(text)) {
        if (line.type === 'interruption' && line.restarting) restart = { time: line.time };
        if (line.type !== undefined || line.i !== undefined) continue;
        expect(num(line.e), `word ${JSON.stringify(line)} at +${t - start} ms`).toBeLessThanOrEqual(streamed + 1e-6);
        if (!releasedAt.has(num(line.s))) releasedAt.set(num(line.s), (t - start) / 1000 - num(line.e));
      }
      if (parse(text).at(-1)?.type === 'end') break;
      expect(t - start, 'the file ends').toBeLessThan(400_000);
    }
    // Words held by a brief interruption of the transcription come out when it restarts.
    const lags = [...releasedAt].filter(([s]) => !restart || s < restart.time - 5 || s > restart.time + 12).map(([, lag]) => lag);
    expect(Buffer.byteLength(text), 'the file holds UTF-8 beyond ASCII: ranges count bytes').toBeGreaterThan(text.length);
    expect(lags.length).toBeGreaterThan(300);
    expect(Math.max(...lags)).toBeLessThanOrEqual(5.5 + 0.7);
    expect(Math.min(...lags)).toBeGreaterThanOrEqual(1);
    expect((await file(url)).headers.get('cache-control'), 'complete: it will not change').toBe('public, max-age=3600');
  });
});

describe('the file once the call has ended', () => {
  const calls: { liveId: number; v16: Rec[]; v17: Rec[]; transcript: Awaited<ReturnType<typeof recordingTranscript>> }[] = [];

  beforeAll(async () => {
    clock.set(NOW);
    // Recorded calls with an edited transcript: their live files are complete.
    const documents = (await get(sandbox, '/documents/transcripts', { limit: 60, direction: 'desc' })).data as Rec[];
    for (const document of documents) {
      const transcript = await recordingTranscript(document.id);
      if (!transcript.edited) continue;
      const live = await getData(sandbox, `/live/${transcript.eventId + LIVE_ID_GAP}`);
      if (live.state !== 'recordingAvailable') continue;
      const read = async (version: string) => parse((await file(live.transcript.replace('1.6', version))).text);
      calls.push({ liveId: live.id, v16: await read('1.6'), v17: await read('1.7'), transcript });
      if (calls.length === 12) break;
    }
    expect(calls.length).toBe(12);
  });

  it('has every record type with its fields', () => {
    const seen = new Set<string>();
    for (const { v16, v17 } of calls) {
      for (const [version, lines] of [
        ['1.6', v16],
        ['1.7', v17],
      ] as const) {
        expect(lines[0]).toEqual({ type: 'start', file_format_version: version, processing_start_time: expect.stringMatching(/Z$/) });
        expect(lines.at(-1)).toEqual({ type: 'end', code: 0, user_reason: 'The call has ended.', system_reason: expect.any(String) });
        for (const line of lines) {
          if (line.i !== undefined) {
            seen.add(`${version} ${line.i}`);
            expect(version).toBe('1.7');
            continue;
          }
          if (line.type === undefined) {
            expect(Object.keys(line).sort()).toEqual(line.ot === undefined ? ['S', 'c', 'e', 'p', 's', 't'] : ['S', 'c', 'e', 'ot', 'p', 's', 't']);
            expect(typeof line.p).toBe('string');
            expect(typeof line.S).toBe('string');
            expect(line.c).toBeGreaterThanOrEqual(0);
            expect(line.c).toBeLessThanOrEqual(1);
            if (typeof line.s === 'string') seen.add('string times');
            if (line.t.includes(' ')) seen.add(`${version} two tokens`);
            if (line.ot !== undefined) {
              expect(line.t).toBe('[indiscernible]');
              seen.add(`${version} indiscernible`);
            }
            continue;
          }
          seen.add(line.type === 'section' ? `section ${line.name} ${'s' in line ? 's' : 'e'}` : line.type);
          if (line.type === 'interruption') {
            expect(Object.keys(line).sort()).toEqual(['restarting', 'time', 'type']);
            // On a call that runs its course, the transcription restarts and the words go on.
            expect(line.restarting).toBe(true);
            expect(lines.slice(lines.indexOf(line)).filter((later) => later.type === undefined && later.i === undefined).length).toBeGreaterThan(50);
          }
        }
      }
    }
    expect([...seen].sort()).toEqual([
      '1.6 indiscernible',
      '1.6 two tokens',
      '1.7 indiscernible',
      '1.7 paragraph-insert',
      '1.7 paragraph-merge',
      '1.7 two tokens',
      '1.7 word-delete',
      '1.7 word-insert',
      '1.7 word-update',
      'diagnostics',
      'end',
      'interruption',
      'keep-alive',
      'section predicted-qna s',
      'section predicted-speech e',
      'section predicted-speech s',
      'start',
      'string times',
    ]);
  });

  it('varies spacing and key order between lines (clients parse JSON)', async () => {
    const { liveId } = calls[0]!;
    const text = (await file(`${ORIGIN}/sandbox-files/live/${liveId}/transcript-1.6.jsonl`)).text;
    const lines = text.split('\n').filter(Boolean);
    expect(lines.some((line) => line.includes('": '))).toBe(true);
    expect(lines.some((line) => line.startsWith('{"s":'))).toBe(true);
    expect(lines.some((line) => !line.includes('"type"') && !/^\{\s*"s"/.test(line))).toBe(true);
  });

  it('marks the Q&A late: after words that start after it; some calls only end predicted-speech', () => {
    let onlyEnd = 0;
    for (const { v16, transcript } of calls) {
      const end = v16.findIndex((line) => line.type === 'section' && line.name === 'predicted-speech' && 'e' in line);
      expect(end).toBeGreaterThan(0);
      const qna = v16[end]!.e as number;
      const wordsAfter = v16.slice(0, end).filter((line) => line.type === undefined && num(line.s) >= qna);
      expect(wordsAfter.length, 'words after the Q&A start before the section says so').toBeGreaterThanOrEqual(3);
      const qnaStart = v16.find((line) => line.name === 'predicted-qna');
      if (qnaStart) expect(qnaStart.s).toBe(qna);
      else onlyEnd++;
      // The Q&A starts where the recording's does: an analyst's turn follows soon after.
      expect(transcript.words.some((word) => word.start >= qna - 0.01)).toBe(true);
    }
    expect(onlyEnd).toBeGreaterThan(0);
    expect(onlyEnd).toBeLessThan(calls.length);
  });

  it("has the recording's transcript words in order, on its times (1.6; 1.7 after its refinements), with the same paragraphs in both", () => {
    for (const { liveId, v16, v17, transcript } of calls) {
      const expected = transcript.words.map((word) => word.text);
      const words16 = applyLines(v16);
      const words17 = applyLines(v17);
      expect(
        tokens(words16).map((token) => token.text),
        `live ${liveId} 1.6`,
      ).toEqual(expected);
      expect(
        words17.map((word) => word.ot ?? word.t),
        `live ${liveId} 1.7, one word per entry once refined`,
      ).toEqual(expected);
      expect(words17.map((word) => [word.s, word.e])).toEqual(transcript.words.map((word) => [r2(word.start), r2(word.end)]));
      // 1.6 entries: one-token ones on the word's times, two-token ones from the first's start to the second's end.
      let k = 0;
      for (const word of words16) {
        const count = (word.ot ?? word.t).split(' ').length;
        expect([word.s, word.e]).toEqual([r2(transcript.words[k]!.start), r2(transcript.words[k + count - 1]!.end)]);
        k += count;
      }
      expect(breaks(tokens(words17)), `live ${liveId}: 1.7 paragraphs once refined`).toEqual(breaks(tokens(words16)));
      expect(tokens(words17).map((token) => token.S)).toEqual(tokens(words16).map((token) => token.S));
      // The unrefined 1.7 words differ (mishearings, two-token entries): refinements matter.
      expect(applyLines(v17.filter((line) => line.i === undefined)).map((word) => word.t)).not.toEqual(words17.map((word) => word.t));
    }
  });

  it('names speakers as the edited transcript does (or, on some calls, labels them S1, S2…); paragraphs are not speaker turns', () => {
    let named = 0;
    let diarized = 0;
    let mixedParagraphs = 0;
    let splitTurns = 0;
    for (const { v16, transcript } of calls) {
      const list = tokens(applyLines(v16));
      const labels = list.map((token) => token.S!);
      if (labels.every((label) => /^S\d+$/.test(label))) {
        diarized++;
        const byLabel = new Map<string, number>();
        list.forEach((token, i) => {
          const speaker = transcript.words[i]!.speaker;
          expect(byLabel.get(token.S!) ?? speaker).toBe(speaker);
          byLabel.set(token.S!, speaker);
        });
      } else {
        named++;
        expect(labels).toEqual(transcript.words.map((word) => transcript.names.get(word.speaker)));
      }
      const turns = transcript.words.flatMap((word, i) => (i > 0 && word.speaker !== transcript.words[i - 1]!.speaker ? [i] : []));
      const paragraphBreaks = breaks(list);
      if (turns.some((i) => !paragraphBreaks.includes(i))) mixedParagraphs++;
      if (paragraphBreaks.some((i) => !turns.includes(i))) splitTurns++;
    }
    expect(named).toBeGreaterThan(0);
    expect(diarized).toBeGreaterThan(0);
    expect(mixedParagraphs).toBeGreaterThan(0);
    expect(splitTurns).toBe(calls.length);
  });

  it('in 1.7, about a fifth of the lines are refinements, each after the words it addresses', () => {
    let lines = 0;
    let refinements = 0;
    for (const { v17 } of calls) {
      lines += v17.length;
      const sent = new Set<number>();
      for (const line of v17) {
        if (line.type === undefined && line.i === undefined) sent.add(r2(num(line.s)));
        if (line.i === undefined) continue;
        refinements++;
        if (line.i !== 'word-insert') expect(sent.has(r2(num(line.s))), `${JSON.stringify(line)} addresses a word already sent`).toBe(true);
      }
    }
    expect(refinements / lines).toBeGreaterThan(0.14);
    expect(refinements / lines).toBeLessThan(0.25);
  });

  it('a call whose stream was cut ends with an interruption that does not restart and a failure end record', async () => {
    const [record] = (await get(sandbox, '/live', { states: 'liveFailedInterrupted', limit: 1 })).data as Rec[];
    const lines = parse((await file(record!.transcript)).text);
    const [interruption, end] = lines.slice(-2);
    expect(interruption).toEqual({ type: 'interruption', time: expect.any(Number), restarting: false });
    expect(end).toEqual({ type: 'end', code: 2, user_reason: 'The live stream was interrupted and did not resume.', system_reason: expect.any(String) });
    const words = lines.filter((line) => line.type === undefined);
    expect(words.length).toBeGreaterThan(100);
    for (const word of words) expect(num(word.e)).toBeLessThanOrEqual(interruption!.time);
  });
});
