import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createLiveTranscriptHub, LIVE_TRANSCRIPT_PACE, type LiveTranscriptCounters, type LiveTranscriptScheduler } from '../src/api/live-transcript.ts';
import { createLiveTranscriptReader } from '../src/lib/transcript/live.ts';

/**
 * `BENCH_ONLY=live-transcript npm run bench` (or `node --import tsx bench/live-transcript.ts`).
 *
 * The live transcript reader (src/lib/transcript/live.ts) on a 90-minute call in file format 1.7:
 * ~15,000 words with refinements (about one line in five, as in a real 1.7 file: updates, two-token
 * entries split by a delete and two inserts, paragraph inserts and merges), a late Q&A section,
 * speakers changing every paragraph or so. Generated here from a seed (same file every run).
 *
 * Prints, beside the anchor (JSON.parse of the same lines, nothing else):
 * - whole: the file pushed at once, then one snapshot;
 * - per chunk: the file as a tail sees it, one chunk per 2 s of call time (2,700 chunks), a
 *   snapshot after each (what the page renders from): total, median, p99 and worst chunk, and the
 *   mean of the first and last tenth of the call (flat means no quadratic work as the call grows).
 * - the tail's cost for the whole call (a real HTTP server releasing the file on a virtual clock, the
 *   app's tail at the page's and at the background pace): requests, requests per hour and bytes,
 *   beside their anchors: one read per pace interval (3,600 s / pace an hour; the issue's 1–4 s
 *   polling is 900–3,600 an hour) and the file's own size (what reading it once costs).
 * The file's generator is shared with bench/live-render.ts (the live page's frames).
 * Asserts nothing.
 */

const MINUTES = Number(process.env.BENCH_LIVE_MINUTES ?? 90);
const RUNS = 5;

function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY =
  'revenue grew margins held guidance quarter growth demand customers pricing we our the and in of to a for cloud segment operating cash flow outlook year strong'.split(
    ' ',
  );

/** Lines of a seeded call's file (format 1.7), each with the call time (s) at which it is released; the same every run. */
export function generateLiveFile(minutes: number): { time: number; line: string }[] {
  const random = rng(42);
  const out: { time: number; line: string }[] = [];
  const push = (time: number, record: object) => out.push({ time, line: JSON.stringify(record) });
  push(0, { type: 'start', file_format_version: '1.7' });
  const end = minutes * 60;
  const qna = end * 0.45;
  const speakers = ['Operator', 'S1', 'S2'];
  let analysts = 3;
  let time = 1;
  let paragraph = 0;
  let speaker = 'Operator';
  const recent: number[] = [];
  let sinceParagraph = 0;
  while (time < end) {
    const duration = 0.2 + random() * 0.25;
    const word = VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
    const punct = random() < 0.08 ? '.' : random() < 0.05 ? ',' : '';
    const two = random() < 0.01;
    const s = Math.round(time * 1000) / 1000;
    const e = Math.round((time + duration) * 1000) / 1000;
    const entry: Record<string, unknown> = {
      s: random() < 0.3 ? String(s) : s,
      e,
      p: `p${paragraph}`,
      t: two ? `${word} ${word}` : word + punct,
      S: speaker,
      c: 0.9,
    };
    push(time + 0.8, entry);
    recent.push(s);
    if (recent.length > 30) recent.shift();
    if (two) {
      const mid = Math.round(((s + e) / 2) * 1000) / 1000;
      push(time + 2.5, { i: 'word-delete', s });
      push(time + 2.5, { i: 'word-insert', s, e: mid, rt: word });
      push(time + 2.5, { i: 'word-insert', s: mid, e, rt: word + punct });
    }
    // Refinements of recent words, about one line in five overall.
    if (random() < 0.2) {
      const target = recent[Math.floor(random() * recent.length)]!;
      const roll = random();
      if (roll < 0.85) push(time + 2, { i: 'word-update', s: target, rt: VOCABULARY[Math.floor(random() * VOCABULARY.length)] });
      else if (roll < 0.93) push(time + 2, { i: 'paragraph-insert', s: target });
      else push(time + 2, { i: 'paragraph-merge', s: target, e: target + 1 });
    }
    time += duration + (random() < 0.1 ? 0.4 : 0.02);
    sinceParagraph++;
    if (sinceParagraph > 40 + random() * 120) {
      sinceParagraph = 0;
      paragraph++;
      if (random() < 0.7) {
        speaker = time > qna && random() < 0.5 ? (random() < 0.3 ? `S${++analysts}` : 'Operator') : speakers[Math.floor(random() * speakers.length)]!;
      }
    }
    if (random() < 0.002) push(time, { type: 'keep-alive' });
  }
  push(qna + 30, { type: 'section', name: 'predicted-speech', e: qna });
  push(end + 1, { type: 'end', code: 0, user_reason: 'Call ended', system_reason: 'eos' });
  return out.sort((a, b) => a.time - b.time);
}

export async function benchLiveTranscript(): Promise<void> {
  const lines = generateLiveFile(MINUTES);
  const words = lines.filter((l) => !l.line.includes('"type"') && !l.line.includes('"i"')).length;
  const refinements = lines.filter((l) => l.line.includes('"i"')).length;
  const text = lines.map((l) => l.line).join('\n') + '\n';

  // Chunks of 2 s of call time, as a tail at the page's pace receives them.
  const chunks: string[] = [];
  {
    let at = 0;
    let current = '';
    for (const { time, line } of lines) {
      while (time >= at + 2) {
        chunks.push(current);
        current = '';
        at += 2;
      }
      current += line + '\n';
    }
    chunks.push(current);
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
  const ms = (value: number) => `${value.toFixed(2)} ms`;

  function anchor(): number {
    const t0 = performance.now();
    for (const { line } of lines) JSON.parse(line);
    return performance.now() - t0;
  }

  function whole(): number {
    const t0 = performance.now();
    const reader = createLiveTranscriptReader();
    reader.push(text);
    reader.snapshot();
    return performance.now() - t0;
  }

  function perChunk(): { total: number; times: number[]; sentences: number; paragraphs: number } {
    const reader = createLiveTranscriptReader();
    const times: number[] = [];
    const t0 = performance.now();
    for (const chunk of chunks) {
      const c0 = performance.now();
      reader.push(chunk);
      reader.snapshot();
      times.push(performance.now() - c0);
    }
    const total = performance.now() - t0;
    const snapshot = reader.snapshot();
    const paragraphs = snapshot.transcript.paragraphs;
    return { total, times, sentences: paragraphs.at(-1)!.sentences.at(-1)!.index + 1, paragraphs: paragraphs.length };
  }

  // Warm up.
  anchor();
  whole();
  perChunk();

  const anchors: number[] = [];
  const wholes: number[] = [];
  const chunked: ReturnType<typeof perChunk>[] = [];
  for (let run = 0; run < RUNS; run++) {
    anchors.push(anchor());
    wholes.push(whole());
    chunked.push(perChunk());
  }
  const best = chunked.reduce((a, b) => (b.total < a.total ? b : a));
  const tenth = Math.floor(best.times.length / 10);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  console.log(`Live transcript reader, a ${MINUTES}-minute call in format 1.7 (median of ${RUNS} runs)`);
  console.log(
    `  file: ${lines.length} lines, ${(text.length / 1024).toFixed(0)} KiB; ${words} word entries, ${refinements} refinements (${((refinements / lines.length) * 100).toFixed(0)}% of lines)`,
  );
  console.log(`  read: ${best.paragraphs} display paragraphs, ${best.sentences} sentences`);
  console.log(`  anchor  JSON.parse of every line alone   ${ms(median(anchors))}`);
  console.log(`  whole   push + one snapshot              ${ms(median(wholes))}  (${(median(wholes) / median(anchors)).toFixed(1)}x the anchor)`);
  console.log(
    `  chunks  ${chunks.length} chunks of 2 s, snapshot after each: total ${ms(median(chunked.map((c) => c.total)))} (${(median(chunked.map((c) => c.total)) / median(anchors)).toFixed(1)}x the anchor)`,
  );
  console.log(`          per chunk: median ${ms(median(best.times))}, p99 ${ms(pct(best.times, 99))}, worst ${ms(Math.max(...best.times))}`);
  console.log(`          mean per chunk, first tenth of the call ${ms(mean(best.times.slice(0, tenth)))}, last tenth ${ms(mean(best.times.slice(-tenth)))}`);

  // ---- The tail's cost for one live call ----
  // The same file, released line by line on a virtual clock by a real HTTP server (Range: 206 / 416),
  // followed by the app's tail (src/api/live-transcript.ts) at the page's pace and at the background
  // pace; the tail's own counters give requests and bytes.

  async function tailCost(pace: 'page' | 'background'): Promise<{ counters: LiveTranscriptCounters; hours: number; fileSize: number }> {
    const encoded = lines.map(({ time, line }) => ({ time, bytes: Buffer.from(line + '\n') }));
    const fileSize = encoded.reduce((sum, l) => sum + l.bytes.length, 0);
    let virtual = 0;
    const fileAt = () => Buffer.concat(encoded.filter((l) => l.time <= virtual / 1000).map((l) => l.bytes));
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/public/v3/live/transcripts/1') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ data: { id: 1, eventId: 1, companyId: 1, date: null, wentLiveAt: null, state: 'live', transcript: `${origin}/live.jsonl` } }),
        );
        return;
      }
      const file = fileAt();
      const from = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
      if (from >= file.length) {
        response.writeHead(416, { 'content-range': `bytes */${file.length}` });
        response.end();
        return;
      }
      response.writeHead(206, { 'content-range': `bytes ${from}-${file.length - 1}/${file.length}`, 'content-length': String(file.length - from) });
      response.end(file.subarray(from));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    (globalThis as { location?: { origin: string } }).location = { origin };

    let pending: { at: number; callback: () => void } | undefined;
    const scheduler: LiveTranscriptScheduler = {
      now: () => virtual,
      setTimeout: (callback, ms) => {
        pending = { at: virtual + ms, callback };
        return 1;
      },
      clearTimeout: () => {
        pending = undefined;
      },
    };
    const hub = createLiveTranscriptHub({ scheduler, isHidden: () => false });
    let ended = false;
    const leave = hub.subscribe(1, (view) => (ended ||= view.state === 'ended' || view.state === 'unavailable'), { pace });
    while (!ended) {
      while (!pending && !ended) await new Promise((resolve) => setImmediate(resolve));
      if (ended) break;
      const { at, callback } = pending!;
      pending = undefined;
      virtual = at;
      callback();
    }
    leave();
    server.close();
    const counters = hub.counters(1)!;
    return { counters, hours: virtual / 3_600_000, fileSize };
  }

  console.log(
    `\n  The tail's cost for one live call (the whole ${MINUTES}-minute file released on a virtual clock by an HTTP server with Range; the app's tail reading it)`,
  );
  console.log(
    `  ${'pace'.padEnd(24)} ${'requests'.padStart(8)} ${'an hour'.padStart(8)} ${'anchor'.padStart(7)} ${'× anchor'.padStart(8)}  ${'body'.padStart(9)} ${'file'.padStart(9)} ${'× file'.padStart(6)}  record reads`,
  );
  for (const pace of ['page', 'background'] as const) {
    const { counters, hours, fileSize } = await tailCost(pace);
    const perHour = counters.requests / hours;
    // Anchor: one read each pace interval, nothing else (the issue's clients poll every 1–4 s: 900–3,600 an hour).
    const anchorPerHour = 3_600_000 / LIVE_TRANSCRIPT_PACE[pace];
    console.log(
      `  ${`${pace} (every ${LIVE_TRANSCRIPT_PACE[pace] / 1000} s)`.padEnd(24)} ${String(counters.requests).padStart(8)} ${perHour.toFixed(0).padStart(8)} ${anchorPerHour
        .toFixed(0)
        .padStart(
          7,
        )} ${(perHour / anchorPerHour).toFixed(2).padStart(8)}  ${`${(counters.bytes / 1024).toFixed(0)} KiB`.padStart(9)} ${`${(fileSize / 1024).toFixed(0)} KiB`.padStart(
        9,
      )} ${(counters.bytes / fileSize).toFixed(3).padStart(6)}  ${counters.recordRequests}`,
    );
  }
  console.log(
    "  anchor: one file read per pace interval (aim: the issue's 1–4 s polling, 900–3,600 an hour); body: bytes received, aim × file = 1.000 (a poll never downloads what it has)",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLiveTranscript().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
