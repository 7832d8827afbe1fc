import { serve } from '@hono/node-server';
import { createSandbox } from '../server/sandbox/app.ts';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { CompanyIndex } from '../src/features/company-search/company-index.ts';
import { memoryIndexStore } from '../src/features/company-search/company-index-db.ts';
import { rank, toEntry } from '../src/features/company-search/rank.ts';
import { launchChromium } from './chromium.ts';

/**
 * The company index at 20,000 companies:
 * - in Chromium against the built app and the sandbox: time to fill the index (paging endpoint 1
 *   at 500 per page into IndexedDB), and the search time of each keystroke typed into the palette;
 * - in Node: the memory the index holds, and search time over many queries.
 * Aim: a keystroke under one frame (16 ms). Prints numbers; asserts nothing.
 */

const COMPANIES = 20_000;
const FRAME_MS = 16;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function inBrowser(): Promise<void> {
  const config = readServerConfig({ ...process.env, API_KEY: '', API_BASE_URL: '', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_COMPANIES: String(COMPANIES) });
  const app = createServerApp(config, { distDir: 'dist' });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => performance.getEntriesByName('company-index-fill-end').length > 0, undefined, { timeout: 180_000, polling: 100 });
    const fill = await page.evaluate(() => {
      const start = performance.getEntriesByName('company-index-fill-start')[0] as PerformanceMark;
      const end = performance.getEntriesByName('company-index-fill-end')[0] as PerformanceMark;
      return { ms: end.startTime - start.startTime, count: (end.detail as { count: number }).count, startedAt: start.startTime };
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    console.log(`Company index in Chromium, ${COMPANIES.toLocaleString()} companies (sandbox on loopback, IndexedDB)`);
    console.log(
      `  fill: ${fill.count.toLocaleString()} companies in ${(fill.ms / 1000).toFixed(2)} s (${Math.ceil(fill.count / 500)} pages of 500), starting ${(fill.startedAt / 1000).toFixed(2)} s after navigation`,
    );
    console.log(`  page JS heap after the fill (after GC): ${(heap / 1024 / 1024).toFixed(1)} MB`);

    // Type queries into the palette, one key at a time; the index records each search's duration.
    await page.evaluate(() => performance.clearMeasures('company-search'));
    const queries = ['nor', 'northw', 'gen motors', 'kelenis', 'xqzv', 'aapl', 'us03783', 'b'];
    await page.keyboard.press('Control+k');
    const input = page.getByRole('dialog', { name: 'Find a company' }).getByRole('combobox', { name: 'Search companies' });
    for (const query of queries) {
      await input.fill('');
      for (const key of query) await page.keyboard.type(key, { delay: 30 });
      await page.waitForTimeout(50);
    }
    const times = await page.evaluate(() => performance.getEntriesByName('company-search').map((e) => e.duration));
    const typed = times.filter((t) => t > 0);
    console.log(`  search per keystroke (${typed.length} searches while typing ${queries.length} queries):`);
    console.log(
      `    p50 ${percentile(typed, 50).toFixed(2)} ms, p95 ${percentile(typed, 95).toFixed(2)} ms, max ${Math.max(...typed).toFixed(2)} ms; p95 is ${(percentile(typed, 95) / FRAME_MS).toFixed(2)} of a 16 ms frame`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}

async function inNode(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const sandbox = createSandbox({ seed: 'bench', companies: COMPANIES });
  const origin = 'http://bench.local';
  const fetchPage = async (params: Record<string, unknown>) => {
    const url = new URL('/public/v3/companies', origin);
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== 0) url.searchParams.set(k, String(v));
    const response = await sandbox.fetch(new Request(url, { headers: { 'x-api-key': sandbox.apiKey } }));
    return response.json();
  };
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const index = new CompanyIndex({ store: async () => memoryIndexStore(), fetchPage: fetchPage as never, locks: null, channel: () => null });
  const started = performance.now();
  await index.start();
  const fillMs = performance.now() - started;
  gc?.();
  const after = process.memoryUsage().heapUsed;
  console.log(`\nCompany index in Node (${index.size.toLocaleString()} companies, in-process sandbox, memory store)`);
  console.log(
    `  fill ${(fillMs / 1000).toFixed(2)} s; heap held by index + its stored copy: ${((after - before) / 1024 / 1024).toFixed(1)} MB${gc ? '' : ' (run with --expose-gc for a steadier figure)'}`,
  );

  // Search time for prefixes of real names, tickers and ISINs, and a miss.
  const entries = sandbox.store.companies.map((c) =>
    toEntry({ id: c.id, name: c.name, displayName: c.displayName, country: c.country, tickers: c.tickers, isins: c.isins, updatedAt: '' }),
  );
  const queries: string[] = [];
  for (let i = 0; i < 200; i++) {
    const c = sandbox.store.companies[(i * 97) % COMPANIES]!;
    const q = [c.displayName.slice(0, 1 + (i % 8)), c.tickers[0]!.ticker, c.isins[0]!, `${c.displayName.slice(0, 4)}x`][i % 4]!;
    queries.push(q);
  }
  const times: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    rank(entries, q, 20);
    times.push(performance.now() - t0);
  }
  console.log(
    `  search over ${COMPANIES.toLocaleString()} companies, ${queries.length} queries: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms (aim < ${FRAME_MS} ms)`,
  );
}

export async function benchSearch(): Promise<void> {
  await inBrowser();
  await inNode();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchSearch().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
