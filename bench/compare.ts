import { serve } from '@hono/node-server';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser } from 'playwright-core';
import { readBuildManifest } from '../server/build-manifest.ts';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import type { CallScript } from '../server/sandbox/media/library.ts';
import { MEDIA_DIRECTORY } from '../server/sandbox/media/library.ts';
import { compareCalls, type CompareSide, type Comparison } from '../src/lib/compare/index.ts';
import { parseTranscript, type Transcript } from '../src/lib/transcript/index.ts';
import type { QnaChapter } from '../src/lib/transcript/qna.ts';
import { launchChromium } from './chromium.ts';

/**
 * `npm run bench:compare` (or `node --expose-gc --import tsx bench/compare.ts`).
 *
 * Comparing two calls (src/lib/compare/index.ts, compareCalls) on two 60-minute calls, and the
 * /compare page's first render in Chromium. The aim (issue 29): two 60-minute calls compare in at
 * most 300 ms on this machine.
 *
 * 1. The calls: the sandbox's recorded calls (server/sandbox/media/calls/call-N/script.json) are
 *    3-4 minutes each, so each 60-minute call is built from them: the first one's introduction,
 *    then the prepared remarks of call after call, then their Q&A, then the last one's closing
 *    remarks, times shifted so each part follows the last, in the transcript file's shape (words
 *    and all, one speaker id per person across the parts), then read by parseTranscript as the
 *    app reads a file. The recorded calls are one management team's consecutive quarters: "last
 *    quarter" speaks call-1, 3, 5, 7, 1, 3, … and "this quarter" call-2, 4, 6, 8, 2, 4, …, each part
 *    the quarter after its counterpart, and no recorded call on both sides (a call on both would be
 *    found the same sentence for sentence, which two real quarters never are). With chapters (introduction, prepared
 *    remarks, Q&A and their sections) and the Q&A's start, as the page has them. Twice: edited
 *    (speakers named) and raw (machine transcripts, speakers numbered).
 *    Timed over RUNS runs after a warm-up (p50 / p95), beside anchors from the same run: JSON.parse
 *    of the two files, and parseTranscript of the two. Prints the sentence counts and what the
 *    comparison found (its parts may still be stubs: it says so).
 * 2. The page: the built server (dist/, `npm run build` first) in sandbox mode at a fixed time,
 *    the transcript index on for a few companies (the term history needs it), a company's latest
 *    earnings call with an edited transcript opened at /compare?call=<id> in a fresh browser
 *    context each run: navigation → the page's h1, and → the heading that says the comparison is
 *    on screen (BENCH_COMPARE_HEADING), after the next paint; the longest main-thread task while
 *    it loads (the page should stay responsive while it computes). Anchor: the same call's event
 *    page (/events/<id>), navigation → its h1, in the same run. Skipped, saying why, when there is
 *    no build or the build has no /compare route.
 *
 * 3. The term history the page asks for ("said in X of the last N calls"): GET /api/search/terms with
 *    50 terms over a company's last 20 earnings calls (the most it takes), p50 / p95 of RUNS
 *    requests to the server app in this process, beside a search of the same company's calls
 *    (q=margin) in the same run. Needs no build.
 *
 * Prints numbers beside the aim; asserts nothing.
 *
 *   BENCH_COMPARE_RUNS=20                          runs of compareCalls (default 20)
 *   BENCH_COMPARE_MINUTES=60                       length of each built call
 *   BENCH_COMPARE_PAGE=off                         not the page (parts 1 and 3)
 *   BENCH_COMPARE_PAGE_RUNS=5                      page loads (default 5)
 *   BENCH_COMPARE_HEADING="Numbers that moved"     the heading to wait for (a case-insensitive regular expression)
 *   BENCH_COMPARE_TIMEOUT_MS=30000                 how long to wait for it
 *   BENCH_COMPARE_COMPANY=1                        the sandbox company whose latest earnings call is opened
 */

const AIM_MS = 300;
const RUNS = Number(process.env.BENCH_COMPARE_RUNS ?? 20);
const MINUTES = Number(process.env.BENCH_COMPARE_MINUTES ?? 60);
const PAGE_RUNS = Number(process.env.BENCH_COMPARE_PAGE_RUNS ?? 5);
const HEADING = new RegExp(process.env.BENCH_COMPARE_HEADING ?? 'Numbers that moved', 'i');
const HEADING_TIMEOUT_MS = Number(process.env.BENCH_COMPARE_TIMEOUT_MS ?? 30_000);
const COMPANY = Number(process.env.BENCH_COMPARE_COMPANY ?? 1);
const SANDBOX_NOW = '2026-11-21T12:00:00Z';
/** Earnings calls: Q1-Q4, H1, H2 (the sandbox's event types). */
const EARNINGS_TYPES = new Set([26, 27, 28, 29, 35, 36]);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

// ── two 60-minute calls from the recorded ones ─────────────────────────────────────────────────

function readScripts(): CallScript[] {
  const scripts: CallScript[] = [];
  for (let n = 1; existsSync(join(MEDIA_DIRECTORY, `call-${n}`, 'script.json')); n++) {
    scripts.push(JSON.parse(readFileSync(join(MEDIA_DIRECTORY, `call-${n}`, 'script.json'), 'utf8')) as CallScript);
  }
  if (scripts.length === 0) throw new Error(`no recorded calls in ${MEDIA_DIRECTORY}`);
  return scripts;
}

/** Where a script's parts begin: prepared remarks, Q&A (its own offset), closing remarks. */
function partsOf(script: CallScript): { prepared: number; qna: number; closing: number } {
  const sections = script.chapters.filter((chapter) => chapter.level === 1).sort((a, b) => a.start - b.start);
  const qna = script.qna;
  const prepared = sections.find((chapter) => chapter.start > 0 && chapter.start < qna)?.start ?? 0;
  const closing = sections.find((chapter) => chapter.start > qna)?.start ?? script.duration;
  return { prepared, qna, closing };
}

interface BuiltCall {
  /** The transcript file's text, as the file host sends it. */
  text: string;
  chapters: QnaChapter[];
  qna: number;
  seconds: number;
  /** Which recorded calls it speaks, in order. */
  parts: number[];
}

/**
 * A call of at least `minutes` from the recorded ones (0-based `cycle`, taken in turn): the first
 * one's introduction, every one's prepared remarks, every one's Q&A, the last one's closing remarks.
 */
function buildCall(scripts: CallScript[], cycle: readonly number[], minutes: number, edited: boolean): BuiltCall {
  const target = minutes * 60;
  const order: number[] = [];
  let length = 0;
  for (let i = 0; length < target; i++) {
    const index = cycle[i % cycle.length]!;
    const parts = partsOf(scripts[index]!);
    order.push(index);
    length += parts.closing - parts.prepared;
    if (order.length === 1) length += parts.prepared;
  }
  const last = scripts[order.at(-1)!]!;
  length += last.duration - partsOf(last).closing;

  // One speaker id per person across the parts: the company's people by role, analysts by name.
  const people = new Map<string, { id: number; role: string; name?: string; company?: string }>();
  const personOf = (script: CallScript, speaker: number) => {
    const who = script.speakers.find((s) => s.speaker === speaker) ?? { speaker, role: 'Unknown' };
    const key = who.role === 'Analyst' ? `analyst|${who.name}|${who.company}` : who.role;
    let person = people.get(key);
    if (!person) {
      person = { id: people.size, role: who.role, name: who.name, company: who.company };
      people.set(key, person);
    }
    return person.id;
  };

  const paragraphs: unknown[] = [];
  const chapters: QnaChapter[] = [];
  let cursor = 0;
  /** Appends a script's paragraphs and level-2 chapters between two of its times, shifted to the cursor. */
  const take = (script: CallScript, from: number, to: number) => {
    const shift = cursor - from;
    const at = (time: number) => Math.round((time + shift) * 1000) / 1000;
    for (const paragraph of script.paragraphs) {
      if (paragraph.start < from || paragraph.start >= to) continue;
      const speaker = personOf(script, paragraph.speaker);
      const sentences = paragraph.sentences.map((sentence) => ({
        text: sentence.text,
        start: at(sentence.start),
        end: at(sentence.end),
        speaker,
        words: sentence.words.map((word) => ({ ...word, start: at(word.start), end: at(word.end), confidence: 0.93 })),
      }));
      paragraphs.push({
        speaker,
        text: sentences.map((sentence) => sentence.text).join(' '),
        start: at(paragraph.start),
        end: at(paragraph.end),
        sentences,
      });
    }
    for (const chapter of script.chapters) {
      if (chapter.level === 2 && chapter.start >= from && chapter.start < to) {
        chapters.push({ title: chapter.title, level: 2, start: at(chapter.start), end: at(Math.min(chapter.end, to)) });
      }
    }
    cursor += to - from;
  };

  const opening = scripts[order[0]!]!;
  take(opening, 0, partsOf(opening).prepared);
  const preparedAt = cursor;
  for (const index of order) take(scripts[index]!, partsOf(scripts[index]!).prepared, partsOf(scripts[index]!).qna);
  const qnaAt = cursor;
  for (const index of order) take(scripts[index]!, partsOf(scripts[index]!).qna, partsOf(scripts[index]!).closing);
  const closingAt = cursor;
  take(last, partsOf(last).closing, last.duration);
  chapters.push(
    { title: 'Introduction', level: 1, start: 0, end: preparedAt },
    { title: 'Prepared Remarks', level: 1, start: preparedAt, end: qnaAt },
    { title: 'Q&A', level: 1, start: qnaAt, end: closingAt },
    { title: 'Closing remarks', level: 1, start: closingAt, end: cursor },
  );
  chapters.sort((a, b) => a.start - b.start || a.level - b.level);

  const speaker_mapping = [...people.values()].map((person) => ({
    speaker: person.id,
    speaker_data: {
      name: person.role === 'Analyst' ? (person.name ?? null) : null,
      role: person.role,
      company: person.role === 'Analyst' ? (person.company ?? null) : person.role === 'Operator' ? null : 'Bench Industries',
    },
  }));
  const file = {
    version: edited ? '2.1-edited' : '2.1-raw',
    ...(edited ? { speaker_mapping } : {}),
    transcript: { text: paragraphs.map((p) => (p as { text: string }).text).join(' '), number_of_speakers: people.size, paragraphs },
  };
  return { text: JSON.stringify(file), chapters, qna: qnaAt, seconds: cursor, parts: order.map((index) => index + 1) };
}

function read(call: BuiltCall): Transcript {
  const result = parseTranscript(JSON.parse(call.text));
  if (!result.ok) throw new Error(result.error);
  return result.transcript;
}

const sentenceCount = (transcript: Transcript) => transcript.paragraphs.reduce((sum, paragraph) => sum + paragraph.sentences.length, 0);
const wordCount = (transcript: Transcript) =>
  transcript.paragraphs.reduce((sum, paragraph) => sum + paragraph.sentences.reduce((n, sentence) => n + sentence.text.split(/\s+/).length, 0), 0);

function summary(comparison: Comparison): string {
  const { counts } = comparison;
  const groups = comparison.sections.reduce((sum, section) => sum + section.groups.length, 0);
  const found =
    `${comparison.sections.length} sections (${groups} speaker groups): ${counts.same} same, ${counts.changed} changed, ${counts.new} new, ${counts.dropped} dropped sentences; ` +
    `${comparison.figures.length} figures; ${comparison.terms.added.length} new and ${comparison.terms.dropped.length} dropped terms; ` +
    `${comparison.questions.current.questions.length} and ${comparison.questions.previous.questions.length} questions`;
  const empty = comparison.sections.length === 0 && comparison.figures.length === 0 && comparison.terms.added.length === 0;
  return empty ? `${found} (its parts are still stubs on this branch: the time is of the composition alone)` : found;
}

function timeRuns(runs: number, work: () => void): number[] {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    gc();
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  return times;
}

export function benchCompareCalls(): void {
  const scripts = readScripts();
  // Odd recorded calls last quarter, each one's next quarter this quarter (one call alone: on both sides).
  const lastQuarters = scripts.map((_, i) => i).filter((i) => i % 2 === 0 && i + 1 < scripts.length);
  const thisQuarters = lastQuarters.map((i) => i + 1);
  if (lastQuarters.length === 0) {
    lastQuarters.push(0);
    thisQuarters.push(0);
  }
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Comparing two ${MINUTES}-minute calls (compareCalls, src/lib/compare), p50 / p95 of ${RUNS} runs after a warm-up; aim ${AIM_MS} ms`);
  for (const edited of [true, false]) {
    const previousCall = buildCall(scripts, lastQuarters, MINUTES, edited);
    const currentCall = buildCall(scripts, thisQuarters, MINUTES, edited);
    const previous = read(previousCall);
    const current = read(currentCall);
    const sides: [CompareSide, CompareSide] = [
      { transcript: current, chapters: currentCall.chapters, qna: currentCall.qna },
      { transcript: previous, chapters: previousCall.chapters, qna: previousCall.qna },
    ];
    // Warm up (the JIT, the parts' caches).
    for (let i = 0; i < 3; i++) {
      compareCalls(...sides);
      read(currentCall);
    }
    const parseTimes = timeRuns(RUNS, () => {
      JSON.parse(currentCall.text);
      JSON.parse(previousCall.text);
    });
    const readTimes = timeRuns(RUNS, () => {
      read(currentCall);
      read(previousCall);
    });
    let comparison: Comparison | undefined;
    const compareTimes = timeRuns(RUNS, () => {
      comparison = compareCalls(...sides);
    });
    const p95 = percentile(compareTimes, 95);
    console.log(`\n  ${edited ? 'edited transcripts (speakers named)' : 'raw machine transcripts (speakers numbered)'}`);
    console.log(
      `    this quarter:  ${(currentCall.seconds / 60).toFixed(1)} min, ${current.paragraphs.length} paragraphs, ${sentenceCount(current)} sentences, ${wordCount(current)} words, ${(currentCall.text.length / 1024).toFixed(0)} KiB (recorded calls ${currentCall.parts.join(', ')})`,
    );
    console.log(
      `    last quarter:  ${(previousCall.seconds / 60).toFixed(1)} min, ${previous.paragraphs.length} paragraphs, ${sentenceCount(previous)} sentences, ${wordCount(previous)} words, ${(previousCall.text.length / 1024).toFixed(0)} KiB (recorded calls ${previousCall.parts.join(', ')})`,
    );
    console.log(`    anchor  JSON.parse of both files         p50 ${ms(percentile(parseTimes, 50))}  p95 ${ms(percentile(parseTimes, 95))}`);
    console.log(`    anchor  parseTranscript of both          p50 ${ms(percentile(readTimes, 50))}  p95 ${ms(percentile(readTimes, 95))}  (with JSON.parse)`);
    console.log(
      `    compareCalls                             p50 ${ms(percentile(compareTimes, 50))}  p95 ${ms(p95)}  worst ${ms(Math.max(...compareTimes))}  ` +
        `(${(percentile(compareTimes, 50) / percentile(readTimes, 50)).toFixed(1)}× reading both; aim ${AIM_MS} ms: ${p95 <= AIM_MS ? 'within' : 'OVER'})`,
    );
    console.log(`    found: ${summary(comparison!)}`);
  }
}

// ── the /compare page in Chromium ───────────────────────────────────────────────────────────────

declare global {
  interface Window {
    __benchCompare?: { h1?: number; heading?: number; longestTask: number; tasks: number };
    __benchWatch?: (pattern: string) => void;
  }
}

/** In the page, from navigation: when the first h1 and the awaited heading are on screen (after the next paint), and the main thread's long tasks. */
function pageProbes(): void {
  const record: NonNullable<Window['__benchCompare']> = { longestTask: 0, tasks: 0 };
  window.__benchCompare = record;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        record.tasks++;
        record.longestTask = Math.max(record.longestTask, entry.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing here
  }
  const afterPaint = (callback: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => callback();
      channel.port2.postMessage(null);
    });
  window.__benchWatch = (pattern: string) => {
    const wanted = new RegExp(pattern, 'i');
    let h1Seen = false;
    let headingSeen = false;
    const check = () => {
      if (!h1Seen && document.querySelector('h1')?.textContent?.trim()) {
        h1Seen = true;
        afterPaint(() => (record.h1 = performance.now()));
      }
      if (!headingSeen && [...document.querySelectorAll('h1, h2, h3, [role="heading"]')].some((node) => wanted.test(node.textContent ?? ''))) {
        headingSeen = true;
        afterPaint(() => (record.heading = performance.now()));
      }
      if (h1Seen && headingSeen) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    const start = () => {
      observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
      check();
    };
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  };
}

/** tsx keeps function names with a `__name` helper the page does not have: give the page one. */
const KEEP_NAMES = { content: 'globalThis.__name = (target) => target;' };

interface Load {
  h1?: number;
  heading?: number;
  longestTask: number;
  tasks: number;
  title: string;
}

async function load(browser: Browser, url: string, pattern: RegExp | undefined): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  try {
    await context.addInitScript(KEEP_NAMES);
    await context.addInitScript(pageProbes);
    await context.addInitScript((source) => window.__benchWatch!(source), (pattern ?? /^$/).source);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .waitForFunction((both) => Boolean(window.__benchCompare?.h1 && (!both || window.__benchCompare?.heading)), Boolean(pattern), {
        timeout: HEADING_TIMEOUT_MS,
        polling: 20,
      })
      .catch(() => undefined);
    const record = await page.evaluate(() => window.__benchCompare!);
    const title =
      (await page
        .locator('h1')
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null)) ?? '(no h1)';
    return { ...record, title: title.trim() };
  } finally {
    await context.close();
  }
}

async function latestEarningsCall(origin: string, companyId: number): Promise<{ eventId: number; title: string; date: string } | undefined> {
  const response = await fetch(`${origin}/public/v3/documents/transcripts?companyIds=${companyId}&limit=500&expand=event`);
  const body = (await response.json()) as { data: { typeId: number; eventId: number; event?: { typeId?: number; date?: string; title?: string } }[] };
  const calls = body.data
    .filter((doc) => doc.typeId === 15 && EARNINGS_TYPES.has(doc.event?.typeId ?? 0) && (doc.event?.date ?? '') <= SANDBOX_NOW)
    .sort((a, b) => (b.event!.date! < a.event!.date! ? -1 : 1));
  const latest = calls[0];
  return latest ? { eventId: latest.eventId, title: latest.event?.title ?? '', date: latest.event!.date! } : undefined;
}

export async function benchComparePage(): Promise<void> {
  console.log(`\n/compare in Chromium: navigation → first render, ${PAGE_RUNS} cold loads; aim ${AIM_MS} ms`);
  if (!existsSync('dist/index.html') || !existsSync('dist/.vite/manifest.json')) {
    console.log('  skipped: no build found (run `npm run build` first).');
    return;
  }
  const routes = readBuildManifest('dist')?.routes.map((route) => route.route) ?? [];
  if (!routes.some((route) => route === 'compare' || route.startsWith('compare/'))) {
    console.log(`  skipped: the build has no /compare route (src/routes/compare…); its routes: ${routes.join(', ')}.`);
    return;
  }
  const config = readServerConfig({
    ...process.env,
    API_KEY: '',
    API_BASE_URL: '',
    DATABASE_URL: '',
    SANDBOX_NOW,
    SEARCH_INDEX: 'on',
    SEARCH_DATA_DIR: 'memory',
    SEARCH_SCOPE_COMPANY_IDS: String(COMPANY),
  });
  const app = createServerApp(config, { distDir: 'dist' });
  await app.search.start();
  await app.search.whenSynced();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let browser: Browser | undefined;
  try {
    const call = await latestEarningsCall(origin, COMPANY);
    if (!call) {
      console.log(`  skipped: company ${COMPANY} has no earnings call with an edited transcript (BENCH_COMPARE_COMPANY).`);
      return;
    }
    console.log(`  company ${COMPANY}'s latest earnings call: event ${call.eventId}, ${call.title} (${call.date}); waiting on a heading matching ${HEADING}`);
    browser = await launchChromium();
    // Warm the server (its first answers of each kind) and the browser, untimed.
    await load(browser, `${origin}/compare?call=${call.eventId}`, HEADING);
    const compare: Load[] = [];
    const anchor: Load[] = [];
    for (let run = 0; run < PAGE_RUNS; run++) {
      anchor.push(await load(browser, `${origin}/events/${call.eventId}`, undefined));
      compare.push(await load(browser, `${origin}/compare?call=${call.eventId}`, HEADING));
    }
    const figures = (loads: Load[], key: 'h1' | 'heading') => loads.map((l) => l[key]).filter((v): v is number => v !== undefined);
    const line = (label: string, values: number[], of: number) =>
      values.length === of
        ? `p50 ${ms(percentile(values, 50))}  worst ${ms(Math.max(...values))}`
        : `${label}: not on screen in ${of - values.length} of ${of} loads`;
    console.log(`    anchor  /events/${call.eventId} → its h1            ${line('h1', figures(anchor, 'h1'), PAGE_RUNS)}`);
    console.log(`    /compare?call=${call.eventId} → its h1          ${line('h1', figures(compare, 'h1'), PAGE_RUNS)}  (“${compare[0]?.title}”)`);
    const headings = figures(compare, 'heading');
    console.log(
      `    /compare?call=${call.eventId} → ${HEADING.source}   ${line('heading', headings, PAGE_RUNS)}` +
        (headings.length > 0 ? `  (${(percentile(headings, 50) / percentile(figures(anchor, 'h1'), 50)).toFixed(2)}× the event page's first render)` : ''),
    );
    const computing = compare.filter((l) => l.h1 !== undefined && l.heading !== undefined).map((l) => l.heading! - l.h1!);
    if (computing.length > 0) {
      console.log(
        `    its h1 → ${HEADING.source} (the two transcripts read, compared and drawn)   p50 ${ms(percentile(computing, 50))}  worst ${ms(Math.max(...computing))}` +
          `  (aim ${AIM_MS} ms: ${percentile(computing, 50) <= AIM_MS ? 'within' : 'OVER'})`,
      );
    }
    if (headings.length < PAGE_RUNS) {
      console.log(
        `    (no heading matching ${HEADING} within ${HEADING_TIMEOUT_MS} ms: set BENCH_COMPARE_HEADING to one the page shows; its h1 read “${compare[0]?.title}”)`,
      );
    }
    console.log(
      `    longest main-thread task while /compare loads: p50 ${ms(
        percentile(
          compare.map((l) => l.longestTask),
          50,
        ),
      )}, worst ${ms(Math.max(...compare.map((l) => l.longestTask)))} (${compare.map((l) => l.tasks).join(', ')} tasks over 50 ms); on the event page: worst ${ms(Math.max(...anchor.map((l) => l.longestTask)))}`,
    );
  } finally {
    await browser?.close();
    server.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    await app.search.close();
  }
}

/** 50 terms as the page sends them: words and two-word phrases of the recorded calls. */
function historyTerms(): string[] {
  const counts = new Map<string, number>();
  for (const script of readScripts()) {
    for (const paragraph of script.paragraphs) {
      const words = paragraph.sentences.flatMap((sentence) => sentence.text.toLowerCase().match(/[a-z]{5,}/g) ?? []);
      words.forEach((word, i) => {
        counts.set(word, (counts.get(word) ?? 0) + 1);
        if (i > 0) counts.set(`${words[i - 1]} ${word}`, (counts.get(`${words[i - 1]} ${word}`) ?? 0) + 1);
      });
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 50)
    .map(([term]) => term);
}

export async function benchTermHistory(): Promise<void> {
  const config = readServerConfig({
    ...process.env,
    API_KEY: '',
    API_BASE_URL: '',
    DATABASE_URL: '',
    SANDBOX_NOW,
    SEARCH_INDEX: 'on',
    SEARCH_DATA_DIR: 'memory',
    SEARCH_SCOPE_COMPANY_IDS: String(COMPANY),
  });
  const app = createServerApp(config);
  try {
    await app.search.start();
    await app.search.whenSynced();
    const status = await app.search.status();
    const terms = historyTerms();
    const history = `/api/search/terms?companyId=${COMPANY}&eventTypes=${[...EARNINGS_TYPES].join(',')}&until=${SANDBOX_NOW}&calls=20&terms=${terms.map(encodeURIComponent).join(',')}`;
    const search = `/api/search?q=margin&companyIds=${COMPANY}`;
    const ask = async (path: string) => {
      const t0 = performance.now();
      const response = await app.fetch(new Request(`http://127.0.0.1${path}`));
      const body = (await response.json()) as { calls?: number; terms?: unknown[] };
      if (!response.ok) throw new Error(`${path.slice(0, 60)}… answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
      return { ms: performance.now() - t0, body };
    };
    const first = await ask(history);
    await ask(search);
    const historyTimes: number[] = [];
    const searchTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      searchTimes.push((await ask(search)).ms);
      historyTimes.push((await ask(history)).ms);
    }
    console.log(
      `
The term history (GET /api/search/terms), company ${COMPANY}'s index (${status.calls} calls, ${status.paragraphs} paragraphs, PGlite in memory), p50 / p95 of ${RUNS} requests`,
    );
    console.log(`    anchor  /api/search?q=margin of the same company     p50 ${ms(percentile(searchTimes, 50))}  p95 ${ms(percentile(searchTimes, 95))}`);
    console.log(
      `    50 terms over its last 20 earnings calls (${first.body.calls} in the index)   p50 ${ms(percentile(historyTimes, 50))}  p95 ${ms(percentile(historyTimes, 95))}  (first, cold: ${ms(first.ms)})`,
    );
  } finally {
    await app.search.close();
  }
}

export async function benchCompare(): Promise<void> {
  benchCompareCalls();
  await benchTermHistory();
  if (process.env.BENCH_COMPARE_PAGE !== 'off') await benchComparePage();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCompare().then(
    // The sandbox's clock and the search index keep timers; the benchmark is over.
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
