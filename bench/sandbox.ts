import { createSandbox } from '../server/sandbox/app.ts';
import { ManualClock } from '../server/sandbox/clock.ts';
import { buildTranscriptFile, liveCourse, TRANSCRIPT_VERSIONS } from '../server/sandbox/live-transcript.ts';
import { liveIdOf } from '../server/sandbox/store.ts';

/**
 * `npm run bench:sandbox`: how fast the sandbox answers a 500-item page at 20,000 companies,
 * and how much memory it holds; how long one call's live transcript file takes to build, and a
 * live transcript poll beside a live playlist poll. Prints numbers; asserts nothing.
 */

const COMPANIES = Number(process.env.BENCH_COMPANIES || 20_000);
const RUNS = Number(process.env.BENCH_RUNS || 30);

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function main() {
  gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const sandbox = createSandbox({ seed: 'bench', companies: COMPANIES, clock: new ManualClock(Date.parse('2026-11-21T12:00:00.000Z')) });
  const buildMs = performance.now() - started;
  gc?.();
  const after = process.memoryUsage();
  const { dataset } = sandbox.store;

  console.log(`Sandbox at ${COMPANIES.toLocaleString('en-US')} companies`);
  console.log(
    `  built in ${buildMs.toFixed(0)} ms: ${dataset.events.count.toLocaleString('en-US')} events, ${dataset.audio.count.toLocaleString('en-US')} recordings, ${dataset.documents.count.toLocaleString('en-US')} documents (${dataset.transcriptIds.length.toLocaleString('en-US')} transcripts)`,
  );
  console.log(
    `  memory held: heap ${mb(after.heapUsed - before.heapUsed)}, typed arrays ${mb(after.arrayBuffers - before.arrayBuffers)}, rss ${mb(after.rss)}${gc ? '' : ' (run with --expose-gc for exact heap figures)'}`,
  );

  const firstCompany = dataset.companies[Math.floor(COMPANIES / 2)]!;
  const cases: [string, string][] = [
    ['companies, 500 per page', '/companies?limit=500'],
    ['companies, 500, desc, country filter', '/companies?limit=500&direction=desc&countries=US,GB'],
    ['audio, 500, expand=event', '/audio?limit=500&expand=event'],
    ['audio, 500, desc (newest first)', '/audio?limit=500&direction=desc&expand=event'],
    ['audio, one company (sparse scan)', `/audio?limit=500&companyIds=${firstCompany.id}`],
    ['transcripts, 500, expand=event', '/documents/transcripts?limit=500&expand=event'],
    ['transcripts, date range + ticker', `/documents/transcripts?limit=500&startDate=2025-01-01&endDate=2025-06-30&tickers=${firstCompany.tickers[0]!.ticker}`],
    ['single company', `/companies/${firstCompany.id}`],
    // The list endpoints beyond the contract (not served with SANDBOX_CONTRACT=strict).
    ['events, calendar week around now', '/events?limit=500&startDate=2026-11-18T00:00:00Z&endDate=2026-11-24T23:59:59Z'],
    ['events, a past week', '/events?limit=500&startDate=2026-03-02&endDate=2026-03-08'],
    ['events, one company (sparse scan)', `/events?limit=500&companyIds=${firstCompany.id}`],
    // sortBy=date (public clients always send sortBy): the same lists in date order.
    ['events by date, calendar week around now', '/events?limit=500&sortBy=date&startDate=2026-11-18T00:00:00Z&endDate=2026-11-24T23:59:59Z'],
    ['events by date, a past week', '/events?limit=500&sortBy=date&startDate=2026-03-02&endDate=2026-03-08'],
    ['events by date, one company (sparse scan)', `/events?limit=500&sortBy=date&companyIds=${firstCompany.id}`],
    ['events by date, oldest first', '/events?limit=500&sortBy=date'],
    ['live audio, willBeLive + live', '/live/audio?limit=500&states=willBeLive,live'],
    // The live lists with transcripts: the same walk plus a URL per record (no file is built).
    ['live audio, 500 (anchor for the next)', '/live/audio?limit=500'],
    ['live (audio + transcript), 500', '/live?limit=500&transcriptVersion=1.7'],
    ['live transcripts, willBeLive + live', '/live/transcripts?limit=500&states=willBeLive,live'],
    ['documents, 500, expand=event', '/documents?limit=500&expand=event'],
    ['documents, a past week', '/documents?limit=500&startDate=2026-03-02&endDate=2026-03-08'],
  ];

  console.log(`\n  ${'request'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'items'.padStart(6)} ${'bytes'.padStart(9)}`);
  for (const [label, path] of cases) {
    const times: number[] = [];
    let items = 0;
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const response = await sandbox.fetch(new Request(`http://bench.test/public/v3${path}`, { headers: { 'x-api-key': sandbox.apiKey } }));
      const text = await response.text();
      times.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
      const body = JSON.parse(text);
      items = Array.isArray(body.data) ? body.data.length : 1;
      bytes = text.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(40)} ${`${quantile(times, 0.5).toFixed(2)} ms`.padStart(9)} ${`${quantile(times, 0.95).toFixed(2)} ms`.padStart(9)} ${String(items).padStart(6)} ${String(bytes).padStart(9)}`,
    );
  }
  console.log('\n  aim: a 500-item page well under 50 ms (p50/50 ms printed as a ratio below)');
  const t = performance.now();
  await (await sandbox.fetch(new Request('http://bench.test/public/v3/audio?limit=500&expand=event', { headers: { 'x-api-key': sandbox.apiKey } }))).text();
  console.log(`  audio page / 50 ms budget: ${((performance.now() - t) / 50).toFixed(3)}`);
  benchLiveTranscripts(sandbox);
  await benchLiveTail(sandbox);
}

/** Building one call's live transcript file (every line with its release time), per version, over distinct calls. */
function benchLiveTranscripts(sandbox: ReturnType<typeof createSandbox>) {
  const { store, schedule, media } = sandbox;
  const later = sandbox.clock.now() + 7 * 86_400_000;
  console.log(`\n  live transcript file, built once per call and version (${RUNS} distinct calls each)`);
  for (const version of TRANSCRIPT_VERSIONS) {
    const times: number[] = [];
    let lines = 0;
    let bytes = 0;
    for (let k = 0; times.length < RUNS; k++) {
      const live = store.live(liveIdOf(schedule.firstEventId + k), later)!;
      const call = media.call(live.event.callIndex);
      const course = liveCourse(live, store, call.script);
      if (!course) continue;
      const t0 = performance.now();
      const file = buildTranscriptFile(course, call, version);
      times.push(performance.now() - t0);
      lines += file.at.length;
      bytes += file.bytes.byteLength;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${`build ${version}`.padEnd(40)} ${`${quantile(times, 0.5).toFixed(2)} ms`.padStart(9)} ${`${quantile(times, 0.95).toFixed(2)} ms`.padStart(9)}   ${Math.round(lines / RUNS)} lines, ${Math.round(bytes / RUNS)} bytes per call`,
    );
  }
}

/** A poll of a live call's transcript (Range: bytes=N-, the file cached) beside a poll of its live playlist (the anchor). */
async function benchLiveTail(sandbox: ReturnType<typeof createSandbox>) {
  const { liveId } = sandbox.sampleIds();
  const headers = { 'x-api-key': sandbox.apiKey };
  const record = (await (await sandbox.fetch(new Request(`http://bench.test/public/v3/live/${liveId}?transcriptVersion=1.7`, { headers }))).json()).data;
  const whole = await (await sandbox.fetch(new Request(record.transcript))).text();
  const size = Buffer.byteLength(whole);
  const poll = async (url: string, init?: RequestInit) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS * 10; i++) {
      const t0 = performance.now();
      await (await sandbox.fetch(new Request(url, init))).arrayBuffer();
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  };
  const tail = await poll(record.transcript, { headers: { range: `bytes=${Math.max(0, size - 200)}-` } });
  const playlist = await poll(record.audio);
  console.log(`\n  a live poll (p50 / p95), cached file, ${size} bytes so far`);
  console.log(
    `  ${'transcript, Range: last 200 bytes'.padEnd(40)} ${`${quantile(tail, 0.5).toFixed(3)} ms`.padStart(9)} ${`${quantile(tail, 0.95).toFixed(3)} ms`.padStart(9)}`,
  );
  console.log(
    `  ${'anchor: its live HLS playlist'.padEnd(40)} ${`${quantile(playlist, 0.5).toFixed(3)} ms`.padStart(9)} ${`${quantile(playlist, 0.95).toFixed(3)} ms`.padStart(9)}`,
  );
  console.log(`  transcript poll / playlist poll (p50): ${(quantile(tail, 0.5) / quantile(playlist, 0.5)).toFixed(2)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
