import chromium from '@sparticuz/chromium';
import { serve } from '@hono/node-server';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium as playwright } from 'playwright-core';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { benchCalendar } from './calendar.ts';
import { benchPlayer, withBenchFiles } from './player.ts';
import { benchProxy } from './proxy.ts';
import { benchSearch } from './search.ts';

/**
 * `npm run bench`: what the first route costs. Serves the production build in sandbox mode, opens
 * the home page in Chromium, and prints the JavaScript it loaded (raw and gzipped) against the
 * 150 kB budget, then the Lighthouse mobile performance and accessibility scores of the home page.
 * Prints numbers; asserts nothing.
 */

const BUDGET_KB = 150;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

async function main() {
  if (!existsSync('dist/index.html')) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  const config = readServerConfig({ ...process.env, API_KEY: '', API_BASE_URL: '', SANDBOX_NOW: '2026-11-21T12:00:00Z' });
  const app = createServerApp(config, { distDir: 'dist' });
  const server = serve({ fetch: withBenchFiles(app.fetch), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/`;
  const executablePath = await chromium.executablePath();

  try {
    const browser = await playwright.launch({ executablePath, args: CHROME_FLAGS.slice(1) });
    const page = await browser.newPage();
    // Each script with its size and when it was asked for: those asked for before the home page's
    // lists were on screen are the first route; those after (company search, loaded when the
    // browser is idle) are listed apart.
    const scripts = new Map<string, { bytes: number; requestedAt: number }>();
    const requested = new Map<string, number>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.set(new URL(request.url()).pathname, Date.now());
    });
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        const path = new URL(response.url()).pathname;
        try {
          scripts.set(path, { bytes: (await response.body()).byteLength, requestedAt: requested.get(path) ?? Date.now() });
        } catch {
          // A script that failed to load is reported by its absence.
        }
      }
    });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByRole('table', { name: 'Latest recordings, newest first' }).waitFor();
    await page.getByRole('table', { name: 'Latest transcripts, newest first' }).waitFor();
    const ready = Date.now();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2_000);
    await browser.close();

    const later: string[] = [];
    let laterGzip = 0;
    let raw = 0;
    let gzip = 0;
    let count = 0;
    const rows: string[] = [];
    for (const [path, { bytes, requestedAt }] of [...scripts].sort((a, b) => b[1].bytes - a[1].bytes)) {
      const file = readFileSync(`dist${path}`);
      const zipped = gzipSync(file, { level: 9 }).byteLength;
      const row = `  ${path.padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(8)} kB ${(zipped / 1024).toFixed(1).padStart(8)} kB gz`;
      if (requestedAt > ready) {
        later.push(row);
        laterGzip += zipped;
        continue;
      }
      raw += bytes;
      gzip += zipped;
      count++;
      rows.push(row);
    }
    console.log(`First route (/) JavaScript, asked for before its lists were on screen: ${count} files`);
    console.log(rows.join('\n'));
    console.log(
      `  total ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzipped; budget ${BUDGET_KB} kB: ${(gzip / 1024 / BUDGET_KB).toFixed(2)} of budget`,
    );
    if (later.length) {
      console.log(`Loaded afterwards, while idle (company search): ${(laterGzip / 1024).toFixed(1)} kB gzipped`);
      console.log(later.join('\n'));
    }

    const { launch } = await import('chrome-launcher');
    const lighthouse = (await import('lighthouse')).default;
    const chrome = await launch({ chromePath: executablePath, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const categories = result?.lhr.categories;
      const audits = result?.lhr.audits;
      console.log('\nLighthouse (mobile, simulated throttling) on /');
      console.log(`  performance   ${categories?.performance?.score ?? 'n/a'}   (aim ≥ 0.95)`);
      console.log(`  accessibility ${categories?.accessibility?.score ?? 'n/a'}   (aim 1.0)`);
      for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
        console.log(`  ${id.padEnd(26)} ${audits?.[id]?.displayValue ?? 'n/a'}`);
      }
    } finally {
      await chrome.kill();
    }

    await benchPlayer(url.replace(/\/$/, ''));
  } finally {
    server.close();
  }
  console.log('');
  await benchSearch();
  await benchCalendar();
  await benchProxy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
