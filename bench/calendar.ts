import { serve } from '@hono/node-server';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { launchChromium } from './chromium.ts';

/**
 * The calendar at 20,000 companies, in Chromium against the built app and the sandbox (one call
 * every 90 seconds: about 6,700 events in a week): how many requests and how long it takes to fill
 * this week and the next (every page of `/events` at 500 a page, then what the days on screen need),
 * how many rows are in the document however many events the week holds, and what an hour on the
 * live board asks. Prints numbers beside their anchors; asserts nothing.
 */

const COMPANIES = 20_000;

export async function benchCalendar(): Promise<void> {
  const config = readServerConfig({
    ...process.env,
    API_KEY: '',
    API_BASE_URL: '',
    SANDBOX_NOW: '2026-11-21T12:00:00Z',
    SANDBOX_COMPANIES: String(COMPANIES),
  });
  const app = createServerApp(config, { distDir: 'dist' });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/public/v3/')) requests.push(`${url.pathname}${url.search}`);
    });
    const fill = async (label: string, action: () => Promise<unknown>) => {
      requests.length = 0;
      const started = performance.now();
      // Settled: the week's last page of /events has arrived (nextCursor null), or none was asked
      // for within a second (a week already cached); then the rows' own requests have ended.
      const lastPage = page
        .waitForResponse(
          async (response) => {
            if (!response.url().includes('/public/v3/events?')) return false;
            const body = (await response.json().catch(() => null)) as { pagination?: { nextCursor: number | null } } | null;
            return body?.pagination?.nextCursor === null;
          },
          { timeout: 60_000 },
        )
        .catch(() => undefined);
      await action();
      await page.getByRole('list', { name: 'Events of the week, by day' }).waitFor();
      await Promise.race([lastPage, page.waitForTimeout(1000).then(() => (requests.some((r) => r.startsWith('/public/v3/events')) ? lastPage : undefined))]);
      await page.waitForLoadState('networkidle');
      const ms = performance.now() - started;
      const byPath = new Map<string, number>();
      for (const request of requests) {
        const [pathOnly, search = ''] = request.split('?');
        // The company index fills in the background on a first visit (endpoint 1, 500 a page): not the calendar's.
        const path = pathOnly === '/public/v3/companies' && !search.includes('ids=') ? 'company index (background)' : pathOnly!.replace(/\/\d+/g, '/{id}');
        byPath.set(path, (byPath.get(path) ?? 0) + 1);
      }
      const rows = await page.locator('[role="list"][aria-label="Events of the week, by day"] > [role="listitem"]').count();
      console.log(
        `  ${label.padEnd(28)} ${String(requests.length).padStart(3)} requests, ${ms.toFixed(0).padStart(5)} ms to settle, ${rows} rows in the document`,
      );
      if (process.env.BENCH_VERBOSE) console.log(requests.filter((r) => r.startsWith('/public/v3/events')).join('\n'));
      console.log(`    ${[...byPath].map(([path, count]) => `${path} ×${count}`).join(', ')}`);
    };
    console.log(`\nCalendar at ${COMPANIES.toLocaleString()} companies (sandbox; a call every 90 s)`);
    await fill('this week (first visit)', () => page.goto(`${origin}/calendar`));
    await fill('next week', () => page.getByRole('button', { name: 'Next week' }).click());
    await fill('back to this week (cached)', () => page.getByRole('button', { name: 'This week' }).click());
    const weekEvents = await page.evaluate(async () => {
      let cursor: number | null = 0;
      let count = 0;
      let pages = 0;
      const start = '2026-11-23T00:00:00.000Z';
      const end = '2026-11-29T23:59:59.999Z';
      while (cursor !== null && pages < 100) {
        const response = await fetch(`/public/v3/events?startDate=${start}&endDate=${end}&limit=500${cursor ? `&cursor=${cursor}` : ''}`);
        const body = (await response.json()) as { data: unknown[]; pagination: { nextCursor: number | null } };
        count += body.data.length;
        pages++;
        cursor = body.pagination.nextCursor;
      }
      return { count, pages };
    });
    console.log(
      `  next week (UTC, a full week of the schedule) holds ${weekEvents.count.toLocaleString()} events: ${weekEvents.pages} pages at 500 (a demo key's 10 a page would need ${Math.ceil(weekEvents.count / 10)})`,
    );

    requests.length = 0;
    await page.goto(`${origin}/live`);
    await page.waitForLoadState('networkidle');
    const settled = requests.length;
    await page.waitForTimeout(process.env.BENCH_VERBOSE ? 1000 : 60_000);
    const perMinute = requests.length - settled;
    console.log(`  live board: ${settled} requests to open, ${perMinute} in the next minute (≈ ${perMinute * 60} an hour while open and visible)`);
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCalendar().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
