import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/**
 * Every page of the app on a phone (390 × 844): once it has loaded, nothing scrolls sideways, no
 * control sits outside the screen, no row cuts or spills what it holds, every link and button is
 * large enough to tap (axe's target-size rule, 24 px), and the tab is titled after what it shows.
 * Each page is its own test, so the pages spread over the journeys' workers.
 */

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'parallel' });

interface Info {
  companyId: number;
  eventWithAudioAndTranscript: { eventId: number; audioId: number; transcriptId: number };
  pdfDocumentId: number;
  liveId: number;
  willBeLiveEventId: number;
}

/** The pages, by the address of one of each kind (ids from the sandbox's own samples). */
const ROUTES: [string, (info: Info) => string][] = [
  ['home', () => '/'],
  ['the calendar', () => '/calendar'],
  ['the companies', () => '/companies'],
  ['a company', (info) => `/companies/${info.companyId}`],
  ['an event', (info) => `/events/${info.eventWithAudioAndTranscript.eventId}`],
  ['an event still to come', (info) => `/events/${info.willBeLiveEventId}`],
  ['a recording', (info) => `/recordings/${info.eventWithAudioAndTranscript.audioId}`],
  ['the recordings', () => '/recordings'],
  ['a transcript', (info) => `/documents/${info.eventWithAudioAndTranscript.transcriptId}`],
  ['a PDF report', (info) => `/documents/${info.pdfDocumentId}`],
  ['the transcripts', () => '/transcripts'],
  ['the documents', () => '/documents'],
  ['the live board', () => '/live'],
  ['a live call', (info) => `/live/${info.liveId}`],
  ['a search', () => '/search?q=margin'],
  ['the comparison', (info) => `/compare?call=${info.eventWithAudioAndTranscript.eventId}`],
  ['my notes', () => '/notes'],
  ['an unknown address', () => '/no-such-page'],
];

let info: Info;
test.beforeAll(async ({ request }) => {
  info = (await (await request.get('/__sandbox/info')).json()) as Info;
});

/** What breaks a phone layout, read from the page as it is: each entry names the element. */
function layoutFaults(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const name = (element: Element) => {
      const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
      return `<${element.tagName.toLowerCase()}> "${label.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
    };
    // Rows drawn only near the screen (content-visibility: auto) are laid out for the measure.
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      // Visually hidden text (a skip link at rest, a screen reader's label) is 1 px wide by design;
      // a closed menu's content is not shown at all.
      return box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true });
    };
    /** Inside a box that scrolls sideways on its own (a wide table's frame): reached by scrolling it. */
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && parent.scrollWidth > parent.clientWidth) return true;
      }
      return false;
    };
    const sideways = document.documentElement.scrollWidth > width ? [`the page is ${document.documentElement.scrollWidth} px wide`] : [];
    const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="slider"]')]
      .filter((element) => shown(element) && !inScroller(element))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => `${name(element)} runs off the screen`);
    const rows = [...document.querySelectorAll('tr, li, [role="row"], [role="listitem"]')].filter(shown).flatMap((row) => {
      const box = row.getBoundingClientRect();
      const spilled = [...row.querySelectorAll('*')].find((child) => {
        if (!shown(child) || getComputedStyle(child).position === 'fixed' || getComputedStyle(child).position === 'absolute') return false;
        const inner = child.getBoundingClientRect();
        return inner.bottom > box.bottom + 1 || inner.top < box.top - 1;
      });
      return spilled ? [`${name(row)} cuts or spills ${name(spilled)}`] : [];
    });
    // A select squeezed narrower than its chosen option shows it cut ("Every▾" for "Every kind (61)").
    const squeezed = [...document.querySelectorAll('select')]
      .filter((select) => shown(select) && select.scrollWidth > select.clientWidth + 1)
      .map((select) => `${name(select.labels?.[0] ?? select)} cuts its value`);
    return [...sideways, ...controls, ...rows, ...squeezed];
  });
}

for (const [what, address] of ROUTES) {
  test(`${what} fits a phone: no sideways scroll, nothing off screen or cut, targets to tap, a title of its own`, async ({ page }) => {
    await page.goto(address(info));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page).not.toHaveTitle('Earnings Desk');
    await expect(page).toHaveTitle(/. · Earnings Desk$/);
    expect(await layoutFaults(page)).toEqual([]);
    await checkA11y(page, `${what} on a phone`, { tapTargets: true });
    // Each menu of the page (an Export menu, a document's facts), opened in turn, stays on the screen.
    for (const summary of await page.locator('details:not([open]) > summary:visible').elementHandles()) {
      const label = (await summary.textContent())?.trim();
      await summary.click();
      expect(await layoutFaults(page), `with "${label}" open`).toEqual([]);
      await summary.click();
    }
  });
}

test('the header keeps its two rows on a phone when no badge sits beside the theme toggle (a real data source)', async ({ page }) => {
  // The "Sandbox data" badge comes from the app's configuration: without it the first row had room
  // for Menu, and the company search after it ran off the screen. Here the server says it reads a
  // real data source.
  await page.route('**/app-config.json', (route) => route.fulfill({ json: { dataSource: 'upstream' } }));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Sandbox data')).toHaveCount(0);
  expect(await layoutFaults(page)).toEqual([]);
  const menu = await page.getByRole('button', { name: 'Menu' }).boundingBox();
  const name = await page.getByRole('link', { name: 'Earnings Desk' }).boundingBox();
  expect(menu!.y).toBeGreaterThan(name!.y + name!.height);
});

test("lists on a phone name each row's company and call: a transcript row shows its call, a recording row breaks no name mid-word, a calendar row keeps a short company whole", async ({
  page,
}) => {
  await page.goto('/transcripts');
  const first = page.getByRole('table', { name: 'Transcripts, newest published first' }).locator('tbody tr').first();
  await expect(first.locator('a[href^="/companies/"]')).toBeVisible();
  await expect(first.locator('a[href^="/events/"]:visible')).toHaveCount(1);

  // Home's latest recordings: the company column has room for each word of a name (the time beside
  // it wraps), instead of breaking "Ulanane" as "Ulanan/e".
  await page.goto('/');
  const company = page.getByRole('table', { name: 'Latest recordings, newest published first' }).locator('tbody tr a[href^="/companies/"]');
  await expect(company.first()).not.toHaveText('—');
  const cut = await company.evaluateAll((links) => {
    const measure = document.createElement('canvas').getContext('2d')!;
    return links.flatMap((link) => {
      const cell = link.closest('td')!;
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      measure.font = getComputedStyle(link).font;
      const words = (link.textContent ?? '').split(/\s+/).filter(Boolean);
      return words.filter((word) => measure.measureText(word).width > room + 0.5).map((word) => `${word} in ${room} px`);
    });
  });
  expect(cut).toEqual([]);

  await page.goto('/calendar');
  // "Bryrite · Capital Markets Day 2026" on Tuesday: the line is too short for both.
  const bryrite = page.getByRole('link', { name: 'Bryrite', exact: true }).first();
  await expect(bryrite).toBeVisible();
  expect(await bryrite.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
  const call = page.getByRole('link', { name: 'Capital Markets Day 2026' }).first();
  expect(await call.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true);

  // Home on a wide screen: the latest recordings fill half of it, so the table drops what a narrow
  // box can spare (duration, size) by its own width, and the Call column has room for a call's name.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const latest = page.getByRole('table', { name: 'Latest recordings, newest published first' });
  await expect(latest.locator('tbody tr').first()).toBeVisible();
  await expect(latest.getByRole('columnheader', { name: 'Duration' })).toBeHidden();
  await expect(latest.getByRole('columnheader', { name: 'Size' })).toBeHidden();
  expect((await latest.getByRole('columnheader', { name: 'Call' }).boundingBox())!.width).toBeGreaterThanOrEqual(140);
});

/** Holds the answers to the requests `matches` picks until the returned function is called. */
async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('what a page loads after its frame keeps its room: nothing below a PDF, the calls of a company or a latest call moves when it comes', async ({ page }) => {
  const top = async (locator: ReturnType<Page['getByText']>) => (await locator.boundingBox())!.y;

  // A PDF report: on a phone its facts sit below the viewer, which took another height while the file loaded.
  const file = await holdRequests(page, (url) => /\.pdf\b/.test(decodeURIComponent(url.href)));
  await page.goto(`/documents/${info.pdfDocumentId}`);
  const facts = page.getByText('About this document');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the file' })).toBeVisible();
  const factsBefore = await top(facts);
  file();
  await expect(page.getByRole('img', { name: /, page 1 of \d+$/ })).toBeVisible();
  expect(Math.abs((await top(facts)) - factsBefore)).toBeLessThanOrEqual(1);

  // "Calls of this company" above an event still to come: on a phone each link takes two lines.
  const calls = await holdRequests(page, (url) => url.pathname === '/public/v3/events' && url.searchParams.has('companyIds'));
  await page.goto(`/events/${info.willBeLiveEventId}`);
  const status = page.getByRole('heading', { name: 'Live status' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading the calls of this company' })).toBeAttached();
  const statusBefore = await top(status);
  calls();
  await expect(page.getByRole('navigation', { name: 'Calls of this company' }).getByText('Previous call:')).toBeVisible();
  expect(Math.abs((await top(status)) - statusBefore)).toBeLessThanOrEqual(1);

  // A company's latest earnings call, found once the event types are known.
  const types = await holdRequests(page, (url) => url.pathname === '/public/v3/event-types');
  await page.goto(`/companies/${info.companyId}`);
  const zone = page.getByText('Times in UTC').first();
  await expect(zone).toBeVisible();
  const zoneBefore = await top(zone);
  types();
  await expect(page.getByRole('region', { name: 'Latest earnings call' })).toBeVisible();
  expect(Math.abs((await top(zone)) - zoneBefore)).toBeLessThanOrEqual(1);
});

test('controls on a phone line up and keep to one row: the search button beside its field, the PDF toolbar with its More menu', async ({ page }) => {
  await page.goto('/search?q=margin');
  const field = (await page.getByRole('searchbox', { name: 'Search what was said' }).boundingBox())!;
  const submit = (await page.getByRole('button', { name: 'Search', exact: true }).boundingBox())!;
  expect([submit.y, submit.height]).toEqual([field.y, field.height]);

  await page.goto(`/documents/${info.pdfDocumentId}`);
  const toolbar = page.getByRole('toolbar', { name: 'PDF controls' });
  await expect(page.getByRole('img', { name: /, page 1 of \d+$/ })).toBeVisible();
  // One row: the controls (32 px) and the toolbar's padding.
  expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(50);
  const more = toolbar.locator('summary', { hasText: 'More PDF controls' });
  await more.click();
  await expect(toolbar.getByRole('button', { name: 'Fit width' })).toBeVisible();
  await toolbar.getByRole('searchbox', { name: 'Find in document' }).fill('revenue');
  await expect(toolbar.getByRole('search', { name: 'Find in document' }).getByRole('status')).toHaveText(/^\d+ of \d+$/);
  expect(await layoutFaults(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(toolbar.getByRole('button', { name: 'Fit width' })).toBeHidden();
  await expect(more).toBeFocused();
});
