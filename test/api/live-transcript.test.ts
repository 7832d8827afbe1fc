/**
 * Following a live call's transcript against a real HTTP server started here: the record endpoint
 * (`/public/v3/live/transcripts/{id}`) and a JSONL file the test grows, served with real Range
 * semantics (206 with Content-Range, 416 when nothing is new, 200 when Range is ignored) and real
 * faults (500, a dropped connection, 404, silence). The tail runs on a manual clock: each test
 * waits for the tail to set its next timer and fires it, so nothing depends on sleeps or speed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLiveTranscriptHub,
  LIVE_TRANSCRIPT_MESSAGES,
  resetLiveTranscripts,
  useLiveTranscript,
  type LiveTranscriptHub,
  type LiveTranscriptScheduler,
  type LiveTranscriptView,
} from '../../src/api/live-transcript.ts';

const LIVE_ID = 900_001;

type Fault = 500 | 404 | 'drop';

/** What the server serves and what it saw. */
const host = {
  file: Buffer.alloc(0),
  ignoreRange: false,
  fileFaults: [] as Fault[],
  record: { status: 200, state: 'live', transcript: true as boolean, refuseVersion: false },
  /** The file's address carries this signature; any other answers 403 (an expired signed URL). */
  signature: 'a',
  listStatus: 200,
  requests: [] as { path: string; range?: string }[],
  /** Bytes of the file sent, per response. */
  sent: [] as number[],
};

function resetHost() {
  host.file = Buffer.alloc(0);
  host.ignoreRange = false;
  host.fileFaults = [];
  host.record = { status: 200, state: 'live', transcript: true, refuseVersion: false };
  host.signature = 'a';
  host.listStatus = 200;
  host.requests = [];
  host.sent = [];
}

const grow = (text: string | Uint8Array) => {
  host.file = Buffer.concat([host.file, typeof text === 'string' ? Buffer.from(text) : Buffer.from(text)]);
};
const jsonl = (...records: object[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n';

let server: Server;
let origin = '';

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', origin);
  host.requests.push({ path: url.pathname + url.search, ...(request.headers.range ? { range: request.headers.range } : {}) });
  if (url.pathname === `/public/v3/live/transcripts/${LIVE_ID}`) {
    if (host.record.status !== 200) return json(response, host.record.status, { message: `status ${host.record.status}` });
    if (host.record.refuseVersion && url.searchParams.has('transcriptVersion')) return json(response, 400, { message: ['transcriptVersion is not allowed'] });
    return json(response, 200, {
      data: {
        id: LIVE_ID,
        eventId: 77,
        companyId: 5,
        date: '2026-11-21T12:00:00.000Z',
        wentLiveAt: '2026-11-21T12:00:00.000Z',
        state: host.record.state,
        transcript: host.record.transcript ? `${origin}/files/live.jsonl?sig=${host.signature}` : null,
      },
    });
  }
  if (url.pathname === '/public/v3/live/transcripts') {
    if (host.listStatus !== 200) return json(response, host.listStatus, { message: 'no such list' });
    return json(response, 200, { data: [], pagination: { nextCursor: null } });
  }
  if (url.pathname === '/files/live.jsonl') {
    if (url.searchParams.get('sig') !== host.signature) return json(response, 403, { message: 'Request has expired' });
    const fault = host.fileFaults.shift();
    if (fault === 500 || fault === 404) return json(response, fault, { message: `fault ${fault}` });
    const file = host.file;
    if (fault === 'drop') {
      // Headers promise the whole file, then the connection is cut after a few bytes.
      response.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': String(file.length + 100) });
      response.write(file.subarray(0, 5));
      setImmediate(() => response.socket?.destroy());
      return;
    }
    const match = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    if (!match || host.ignoreRange) {
      host.sent.push(file.length);
      response.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-length': String(file.length) });
      return response.end(file);
    }
    const from = Number(match[1]);
    if (from >= file.length) {
      response.writeHead(416, { 'content-range': `bytes */${file.length}` });
      return response.end();
    }
    host.sent.push(file.length - from);
    response.writeHead(206, {
      'content-type': 'application/x-ndjson',
      'content-range': `bytes ${from}-${file.length - 1}/${file.length}`,
      'content-length': String(file.length - from),
    });
    return response.end(file.subarray(from));
  }
  json(response, 404, { message: 'not here' });
}

/** A clock and timers moved only by the test. */
class ManualScheduler implements LiveTranscriptScheduler {
  time = 1_000_000;
  private timers: { id: number; at: number; callback: () => void }[] = [];
  private nextId = 1;
  private waiting: (() => void)[] = [];

  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + ms, callback });
    for (const wake of this.waiting.splice(0)) wake();
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  get pending() {
    return this.timers.length;
  }
  /** Waits until the tail has set its next timer (its read is done), returns the delay it chose, without firing it. */
  async idle(): Promise<number> {
    while (this.timers.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return Math.min(...this.timers.map((timer) => timer.at)) - this.time;
  }
  /** Waits for the next timer, moves the clock to it and fires it; returns the delay the tail had chosen. */
  async tick(): Promise<number> {
    const delay = await this.idle();
    const timer = this.timers.reduce((a, b) => (b.at < a.at ? b : a));
    this.timers = this.timers.filter((t) => t !== timer);
    this.time = timer.at;
    timer.callback();
    return delay;
  }
}

let scheduler: ManualScheduler;
let hub: LiveTranscriptHub;
let hidden = false;

/** Subscribes and records every view; `until` waits for a view that passes a test. */
function follow(pace: 'page' | 'background' = 'page') {
  const views: LiveTranscriptView[] = [];
  let wake: (() => void) | undefined;
  const leave = hub.subscribe(
    LIVE_ID,
    (view) => {
      views.push(view);
      wake?.();
    },
    { pace },
  );
  const until = async (test: (view: LiveTranscriptView) => boolean): Promise<LiveTranscriptView> => {
    for (;;) {
      const found = views.find(test);
      if (found) return found;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return { views, leave, until, last: () => views.at(-1) };
}

const text = (view: LiveTranscriptView | undefined) => view?.snapshot?.transcript.paragraphs.map((p) => p.text).join(' | ');
const fileRanges = () => host.requests.filter((r) => r.path.startsWith('/files/')).map((r) => r.range);

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The app reads `/public/v3/...` on its own origin: make it this server's.
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({ url: `${origin}/` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  resetHost();
  scheduler = new ManualScheduler();
  hidden = false;
  hub = createLiveTranscriptHub({ scheduler, isHidden: () => hidden });
});

afterEach(() => {
  hub.reset();
  resetLiveTranscripts();
});

describe('tailing a growing file', () => {
  it('a long first read (a reader arriving late) is applied whole, in slices, with every byte once', async () => {
    // About 170 KB: more than two slices of the read.
    const words = Array.from({ length: 3_000 }, (_, i) => ({
      s: i,
      e: i + 0.5,
      p: String(Math.floor(i / 30)),
      t: i % 10 === 9 ? `w${i}.` : `w${i}`,
      S: 'Ana Ruiz',
    }));
    grow(jsonl({ type: 'start', file_format_version: '1.7' }, ...words, { type: 'end', code: 0 }));
    expect(host.file.length).toBeGreaterThan(2 * 64 * 1024);
    const tail = follow();
    const ended = await tail.until((v) => v.state === 'ended');
    const sentences = ended.snapshot!.transcript.paragraphs.flatMap((p) => p.sentences);
    expect(sentences).toHaveLength(300);
    expect(sentences[0]!.text).toBe('w0 w1 w2 w3 w4 w5 w6 w7 w8 w9.');
    expect(sentences.at(-1)!.text).toBe('w2990 w2991 w2992 w2993 w2994 w2995 w2996 w2997 w2998 w2999.');
    expect(host.sent).toEqual([host.file.length]);
  });

  it('asks only for bytes it does not have, appends them, and stops at the end record', async () => {
    grow(jsonl({ type: 'start', file_format_version: '1.7' }, { s: 1, e: 1.5, p: '1', t: 'Good', S: 'Operator' }));
    const first = host.file.length;
    const tail = follow();
    expect((await tail.until((v) => v.state === 'rolling')).snapshot?.version).toBe('1.7');
    expect(text(tail.last())).toBe('Good');
    expect(await scheduler.idle()).toBe(2_000);

    // Nothing new: 416, nothing changes.
    const views = tail.views.length;
    await scheduler.tick();
    await scheduler.idle();
    expect(tail.views.length).toBe(views);

    // A line split mid-way, and a character split between its bytes.
    const rest = new TextEncoder().encode(jsonl({ s: 1.5, e: 2, p: '1', t: 'morning, Zürich.', S: 'Operator' }));
    const split = rest.indexOf(0xc3) + 1; // inside the two bytes of ü
    grow(rest.subarray(0, split));
    const second = host.file.length;
    await scheduler.tick();
    await scheduler.idle();
    expect(text(tail.last())).toBe('Good');
    grow(rest.subarray(split));
    const third = host.file.length;
    await scheduler.tick();
    await tail.until((v) => text(v) === 'Good morning, Zürich.');

    grow(jsonl({ type: 'keep-alive' }, { type: 'end', code: 0, user_reason: 'Call ended' }));
    await scheduler.tick();
    const ended = await tail.until((v) => v.state === 'ended');
    expect(ended.message).toBeUndefined();
    expect(ended.snapshot?.end).toEqual({ code: 0, userReason: 'Call ended' });
    expect(scheduler.pending).toBe(0);

    expect(fileRanges()).toEqual(['bytes=0-', `bytes=${first}-`, `bytes=${first}-`, `bytes=${second}-`, `bytes=${third}-`]);
    // No byte was sent twice: what was sent adds up to the file.
    expect(host.sent.reduce((a, b) => a + b, 0)).toBe(host.file.length);
    expect(hub.counters(LIVE_ID)).toMatchObject({ requests: 6, recordRequests: 1, fileRequests: 5, bytes: host.file.length, fileBytes: host.file.length });
    expect(host.requests[0]!.path).toBe(`/public/v3/live/transcripts/${LIVE_ID}?transcriptVersion=1.7`);
  });

  it('takes the bytes from where it was when the host ignores Range (200 with the whole file)', async () => {
    host.ignoreRange = true;
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'One.' }));
    const tail = follow();
    await tail.until((v) => text(v) === 'One.');
    grow(jsonl({ s: 2, e: 2.5, p: '1', t: 'Two.' }));
    await scheduler.tick();
    const view = await tail.until((v) => text(v) !== 'One.');
    expect(text(view)).toBe('One. Two.');
    expect(hub.counters(LIVE_ID)).toMatchObject({ fileBytes: host.file.length, bytes: host.sent[0]! + host.file.length });
  });

  it('shows the user_reason of an end record with a failure code', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'One.' }, { type: 'end', code: 2, user_reason: 'The transcription service stopped.', system_reason: 'asr-crash' }));
    const tail = follow();
    const ended = await tail.until((v) => v.state === 'ended');
    expect(ended.message).toBe('The transcription service stopped.');
    expect(text(ended)).toBe('One.');
  });
});

describe('before the call has a transcript', () => {
  it('reads the record at the live cadence until it names a file, then reads the file', async () => {
    host.record = { status: 200, state: 'live', transcript: false, refuseVersion: false };
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'Hello.' }));
    const tail = follow();
    expect(await scheduler.idle()).toBe(5_000);
    expect(fileRanges()).toEqual([]);
    host.record.transcript = true;
    await scheduler.tick();
    await tail.until((v) => text(v) === 'Hello.');
    expect(host.requests.map((r) => r.path.split('?')[0])).toEqual([
      `/public/v3/live/transcripts/${LIVE_ID}`,
      `/public/v3/live/transcripts/${LIVE_ID}`,
      '/files/live.jsonl',
    ]);
  });
});

describe('when there is no live transcript', () => {
  it('403: the plan does not include it, said once; another call is not asked for', async () => {
    host.record.status = 403;
    const tail = follow();
    expect(await tail.until((v) => v.state === 'unavailable')).toMatchObject({ message: LIVE_TRANSCRIPT_MESSAGES.notInPlan, snapshot: undefined });
    expect(scheduler.pending).toBe(0);
    const before = host.requests.length;
    const other = hub.subscribe(LIVE_ID + 1, () => {});
    await waitFor(() => expect(hub.view(LIVE_ID + 1).state).toBe('unavailable'));
    expect(host.requests.length).toBe(before);
    other();
  });

  it('404 on the record and on the list: this data source does not offer them', async () => {
    host.record.status = 404;
    host.listStatus = 404;
    const tail = follow();
    expect((await tail.until((v) => v.state === 'unavailable')).message).toBe(LIVE_TRANSCRIPT_MESSAGES.notOffered);
  });

  it('404 on the record while the list answers: this call has none', async () => {
    host.record.status = 404;
    const tail = follow();
    expect((await tail.until((v) => v.state === 'unavailable')).message).toBe(LIVE_TRANSCRIPT_MESSAGES.noTranscript);
  });

  it('a file that answers 404 three times while the call is live: unavailable', async () => {
    host.fileFaults = [404, 404, 404];
    const tail = follow();
    await scheduler.tick();
    await scheduler.tick();
    expect((await tail.until((v) => v.state === 'unavailable')).message).toBe(LIVE_TRANSCRIPT_MESSAGES.fileMissing);
    expect(fileRanges()).toEqual(['bytes=0-', 'bytes=0-', 'bytes=0-']);
    // Before each new try the record was read again, in case the file had moved.
    expect(host.requests.map((r) => r.path.split('?')[0]!.split('/')[1])).toEqual(['public', 'files', 'public', 'files', 'public', 'files']);
  });

  it('a record that refuses transcriptVersion=1.7 (400) is asked again without it', async () => {
    host.record.refuseVersion = true;
    grow(jsonl({ type: 'start', file_format_version: '1.6' }, { s: 1, e: 1.5, p: '1', t: 'Plain.' }));
    const tail = follow();
    expect((await tail.until((v) => v.state === 'rolling')).snapshot?.version).toBe('1.6');
    expect(host.requests.map((r) => r.path)).toEqual([
      `/public/v3/live/transcripts/${LIVE_ID}?transcriptVersion=1.7`,
      `/public/v3/live/transcripts/${LIVE_ID}`,
      '/files/live.jsonl?sig=a',
    ]);
  });
});

describe('failures and silence', () => {
  it('a signed file address that expires (403) is renewed from the record and read on from where it was', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'Before.' }));
    const tail = follow();
    await tail.until((v) => v.state === 'rolling');
    const have = host.file.length;
    host.signature = 'b';
    grow(jsonl({ s: 2, e: 2.5, p: '1', t: 'After.' }));
    await scheduler.tick(); // 403 on the old address
    await scheduler.tick(); // the record again, then the file at its new address
    expect(text(await tail.until((v) => text(v) === 'Before. After.'))).toBe('Before. After.');
    expect(host.requests.filter((r) => r.path.startsWith('/files/')).map((r) => [r.path, r.range])).toEqual([
      ['/files/live.jsonl?sig=a', 'bytes=0-'],
      ['/files/live.jsonl?sig=a', `bytes=${have}-`],
      ['/files/live.jsonl?sig=b', `bytes=${have}-`],
    ]);
    expect(tail.views.some((v) => v.state === 'unavailable' || v.state === 'stalled')).toBe(false);
  });

  it('keeps what it has through 500s and a dropped connection, backs off, says so after three, and recovers', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'Kept.' }));
    const tail = follow();
    await tail.until((v) => text(v) === 'Kept.');
    const have = host.file.length;
    grow(jsonl({ s: 2, e: 2.5, p: '1', t: 'More.' }));
    host.fileFaults = [500, 'drop', 500, 500];
    expect(await scheduler.tick()).toBe(2_000); // the read that meets the first 500
    expect(await scheduler.tick()).toBe(4_000);
    expect(await scheduler.tick()).toBe(8_000);
    const stalled = await tail.until((v) => v.state === 'stalled');
    expect(stalled).toMatchObject({ message: LIVE_TRANSCRIPT_MESSAGES.unreachable });
    expect(text(stalled)).toBe('Kept.');
    expect(await scheduler.tick()).toBe(15_000);
    expect(await scheduler.tick()).toBe(15_000);
    const back = await tail.until((v) => v.state === 'rolling' && text(v) === 'Kept. More.');
    expect(back.message).toBeUndefined();
    expect(fileRanges()).toEqual(['bytes=0-', ...Array(5).fill(`bytes=${have}-`)]);
  });

  it('no new byte for 20 s while live: stalled; bytes again: rolling', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'Before.' }));
    const tail = follow();
    await tail.until((v) => v.state === 'rolling');
    for (let waited = 0; waited < 18_000;) waited += await scheduler.tick();
    await scheduler.idle();
    expect(tail.last()?.state).toBe('rolling');
    await scheduler.tick(); // 20 s without a byte
    const stalled = await tail.until((v) => v.state === 'stalled');
    expect(stalled.message).toBe(LIVE_TRANSCRIPT_MESSAGES.stalled);
    grow(jsonl({ type: 'keep-alive' }));
    await scheduler.tick();
    const back = await tail.until((v, i = tail.views.indexOf(v)) => i > tail.views.indexOf(stalled) && v.state === 'rolling');
    expect(back.message).toBeUndefined();
  });

  it('silent, and the record now says the call is over: ended', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'Done.' }));
    const tail = follow();
    await tail.until((v) => v.state === 'rolling');
    host.record.state = 'recordingAvailable';
    // 20 s of silence; then the record is read again, and the file once more, with no timer between.
    const ended = tail.until((v) => v.state === 'ended');
    let over = false;
    void ended.then(() => (over = true));
    while (!over) await Promise.race([scheduler.tick(), ended]);
    expect(tail.last()?.state).toBe('ended');
    expect(tail.last()?.message).toBeUndefined();
    expect(host.requests.filter((r) => r.path.startsWith('/public/v3/')).length).toBe(2);
    expect(text(tail.last())).toBe('Done.');
  });
});

describe('one tail per call, shared', () => {
  it('shares one tail, reads at the fastest pace, pauses when everyone leaves, and resumes where it was', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'One.' }));
    const board = follow('background');
    await board.until((v) => v.state === 'rolling');
    expect(await scheduler.idle()).toBe(4_000);
    const page = follow('page');
    expect(page.views).toEqual([]); // not from inside subscribe…
    expect((await page.until((v) => v.state === 'rolling')).snapshot).toBe(board.last()?.snapshot); // …but the current view right after
    expect(await scheduler.idle()).toBe(2_000);
    expect(host.requests.length).toBe(2);
    page.leave();
    board.leave();
    expect(scheduler.pending).toBe(0);
    const have = host.file.length;
    grow(jsonl({ s: 2, e: 2.5, p: '1', t: 'Two.' }));
    const again = follow('page');
    await again.until((v) => text(v) === 'One. Two.');
    expect(fileRanges()).toEqual(['bytes=0-', `bytes=${have}-`]);
  });

  it('reads at the background pace while the tab is hidden', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'One.' }));
    hidden = true;
    const page = follow('page');
    await page.until((v) => v.state === 'rolling');
    expect(await scheduler.idle()).toBe(4_000);
  });
});

describe('useLiveTranscript', () => {
  it('follows the call while mounted and not when disabled', async () => {
    grow(jsonl({ s: 1, e: 1.5, p: '1', t: 'Hooked.', S: 'Ana Ruiz' }));
    const { result, rerender, unmount } = renderHook(({ enabled }) => useLiveTranscript(LIVE_ID, { enabled }), { initialProps: { enabled: false } });
    expect(result.current.state).toBe('loading');
    expect(host.requests).toEqual([]);
    rerender({ enabled: true });
    await waitFor(() => expect(text(result.current)).toBe('Hooked.'));
    expect(result.current.snapshot?.transcript.speakers.map((s) => s.label)).toEqual(['Ana Ruiz']);
    unmount();
  });
});
