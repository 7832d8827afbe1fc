import { expect, test } from './fixtures.ts';

/**
 * A first visit fetches the page's data with its HTML: the server puts preload hints for the
 * route's first API reads in the page (server/route-hints.ts). Each hint must be the very request
 * the app then makes, or the phone downloads it twice (and Chromium says the preload went unused).
 */

const PAGES: { path: string; heading: RegExp | string }[] = [
  { path: '/', heading: 'Latest from earnings season' },
  { path: '/companies', heading: 'Companies' },
  { path: '/companies/1', heading: /.+/ },
  { path: '/recordings/1', heading: 'Nordic Investor Week 2024' },
  { path: '/events/2', heading: /.+/ },
  { path: '/transcripts?countries=NO', heading: 'Transcripts' },
  { path: '/documents?countries=SE', heading: 'Documents' },
  // The week's window by the service's clock (Saturday noon UTC: this week in every zone).
  { path: '/calendar', heading: 'Earnings calendar' },
];

for (const { path, heading } of PAGES) {
  test(`${path}: the data the page reads first is asked for by its HTML, once, and used`, async ({ page }) => {
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    const hinted = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hinted.length, 'preload hints in the HTML').toBeGreaterThan(0);

    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/public/v3/') || url.pathname.startsWith('/api/')) {
        const key = `${url.pathname}${url.search}`;
        asked.set(key, (asked.get(key) ?? 0) + 1);
      }
    });
    const unused: string[] = [];
    page.on('console', (message) => {
      if (/preloaded using link preload but not used/.test(message.text())) unused.push(message.text());
    });

    // The app's own reads, as it asks them (a read the preload answers never reaches the network).
    await page.addInitScript(() => {
      const answered: string[] = [];
      (window as unknown as { answeredReads: string[] }).answeredReads = answered;
      const original = window.fetch;
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        return original.call(this, input, init).then((response) => {
          answered.push(`${url.pathname}${url.search}`);
          return response;
        });
      };
    });

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Every hinted read is one the app made and got its answer for: the preload was used if the
    // network saw that URL once (a read the preload could not answer is a second request).
    for (const url of hinted) {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { answeredReads: string[] }).answeredReads), { message: `the app reads ${url}` })
        .toContain(url);
    }

    for (const url of hinted) expect(asked.get(url), `${url} fetched once`).toBe(1);
    // Chromium also says so in the console, seconds after the load event, if a preload went unused.
    expect(unused).toEqual([]);
  });
}
