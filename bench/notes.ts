import { loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { type Page } from 'playwright-core';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { launchChromium } from './chromium.ts';

/**
 * My notes at the importer's limit (100,000 notes), in Chromium: the notes are written straight
 * into the browser profile's store (the app's IndexedDB database, as the importer leaves it), then
 * `/notes` is opened and timed: navigation → first note row drawn, the elements in the document
 * and the JS heap once it settles, and typing "nordic" in its search box: every frame's time while
 * typing (p50/p95/max), each key → the frame after it, and the last key → the filtered list shown.
 * Anchor from the same run: the same page with 100 notes.
 *
 *   BENCH_ONLY=notes npm run bench                 (the build in dist/)
 *   NOTES_DIST=/path/to/other/dist BENCH_ONLY=notes npm run bench   (another build, e.g. main's)
 */

const NOTES = 100_000;
const ANCHOR = 100;
const QUERY = 'nordic';

/** In the page: 100,000-note store written as the app keeps it (database earnings-desk-notes v1, store items). */
export async function seedNotes(page: Page, count: number): Promise<void> {
  await page.evaluate(async (count) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('earnings-desk-notes', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('items', { keyPath: 'id' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const words = ['guidance', 'margin', 'capex', 'backlog', 'churn', 'outlook', 'pricing', 'demand', 'inventory', 'headcount'];
    for (let from = 0; from < count; from += 5_000) {
      const tx = db.transaction('items', 'readwrite');
      const store = tx.objectStore('items');
      for (let n = from; n < Math.min(count, from + 5_000); n++) {
        const company = n % 400;
        const call = {
          eventId: 10_000 + (n % 2_000),
          audioId: 20_000 + (n % 2_000),
          companyId: 1 + company,
          company: `Company ${company}`,
          event: `Q${1 + (n % 4)} 2026 earnings call`,
          date: '2026-07-30T14:00:00.000Z',
        };
        const time = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
        // One note in 10,000 (in 100, for the anchor) says the searched word: ten matches among 100,000.
        const note =
          n % Math.min(count, 10_000) === 21 ? `Nordic ${words[n % 10]} comment` : n % 3 === 0 ? '' : `${words[n % 10]} and ${words[(n * 7) % 10]}: note ${n}`;
        const base = { id: `n-${n}`, call, note, createdAt: time, updatedAt: time };
        if (n % 2 === 0) store.put({ ...base, kind: 'bookmark', at: n % 3_600 });
        else
          store.put({
            ...base,
            kind: 'highlight',
            start: n % 3_600,
            end: (n % 3_600) + 12,
            quote: `We saw ${words[n % 10]} improve through the quarter, and we expect ${words[(n * 3) % 10]} to hold into next year. `.repeat(1 + (n % 3)),
            speaker: 'Ana Ruiz, Chief Financial Officer',
            color: 'yellow',
          });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    }
    db.close();
  }, count);
}

/** In the page, before the app: when the first note row is drawn, and each key's time to the frame after it. */
function probes(): void {
  const w = window as unknown as { __firstRow?: number; __keys: { at: number; painted?: number }[]; __frames: number[]; __recording: boolean };
  w.__keys = [];
  w.__frames = [];
  w.__recording = false;
  const afterPaint = (callback: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => callback();
      channel.port2.postMessage(null);
    });
  new MutationObserver((_, observer) => {
    if (document.querySelector('ol[aria-label^="Notes on"] li')) {
      observer.disconnect();
      afterPaint(() => (w.__firstRow = performance.now()));
    }
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key.length !== 1) return;
      const key: { at: number; painted?: number } = { at: event.timeStamp };
      w.__keys.push(key);
      afterPaint(() => (key.painted = performance.now()));
      if (!w.__recording) {
        w.__recording = true;
        let last = performance.now();
        const step = (now: number) => {
          w.__frames.push(now - last);
          last = now;
          if (w.__recording) requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }
    },
    true,
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function measure(origin: string, count: number): Promise<string[]> {
  const browser = await launchChromium(['--enable-precise-memory-info']);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(300_000);
    // tsx keeps function names with a `__name` helper the page does not have: give the page one.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.goto(`${origin}/`);
    const seeded = performance.now();
    await seedNotes(page, count);
    const seedMs = performance.now() - seeded;
    await page.addInitScript(probes);
    await page.goto(`${origin}/notes`);
    await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, null, { timeout: 300_000, polling: 200 });
    const firstRow = await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
    await page.waitForTimeout(1_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);

    const box = page.getByRole('searchbox', { name: 'Search my notes' });
    await box.click();
    const expected = count / Math.min(count, 10_000);
    const typed = performance.now();
    await page.keyboard.type(QUERY, { delay: 120 });
    // Shown: the count says the matches, and only their rows are in the lists.
    await page.waitForFunction((n) => document.querySelector('p[aria-live="polite"]')?.textContent === `${n} ${n === 1 ? 'note' : 'notes'}`, expected, {
      timeout: 300_000,
      polling: 'raf',
    });
    const shownAt = await page.evaluate(() => performance.now());
    const report = await page.evaluate(() => {
      const w = window as unknown as { __keys: { at: number; painted?: number }[]; __frames: number[]; __recording: boolean };
      w.__recording = false;
      return { keys: w.__keys, frames: w.__frames };
    });
    const lastKey = report.keys.at(-1)!.at;
    const keyToPaint = report.keys.map((k) => (k.painted ?? NaN) - k.at);
    const frames = report.frames.slice(1);
    return [
      `  ${count.toLocaleString('en-US')} notes (written in ${ms(seedMs)}):`,
      `    navigation → first note drawn ${ms(firstRow)}; ${elements.toLocaleString('en-US')} elements in the document; JS heap ${(heap / 2 ** 20).toFixed(0)} MB (after GC)`,
      `    typing "${QUERY}" (${QUERY.length} keys, 120 ms apart; ${expected} matches): ${frames.length} frames, frame p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, max ${ms(Math.max(...frames))}`,
      `    key → next frame: p50 ${ms(percentile(keyToPaint, 50))}, max ${ms(Math.max(...keyToPaint))}; last key → filtered list shown ${ms(shownAt - lastKey)} (typing took ${ms(performance.now() - typed)} in all)`,
    ];
  } finally {
    await browser.close();
  }
}

export async function benchNotes(): Promise<void> {
  const distDir = process.env.NOTES_DIST ?? 'dist';
  const config = readServerConfig({ ...process.env, API_KEY: '', API_BASE_URL: '', SANDBOX_NOW: '2026-11-21T12:00:00Z' });
  const app = createServerApp(config, { distDir });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    console.log(`\nMy notes (/notes) in Chromium, build ${distDir}; anchor: the same page with ${ANCHOR} notes; load average ${load()}`);
    for (const line of await measure(origin, ANCHOR)) console.log(line);
    for (const line of await measure(origin, NOTES)) console.log(line);
    console.log(`  load average at the end ${load()}`);
  } finally {
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchNotes().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
