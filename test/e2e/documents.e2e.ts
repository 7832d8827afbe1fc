import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from './fixtures.ts';

/** A PDF report in the app: pages, zoom, text selection, find; and pdf.js stays out of the first route. */

/** Strings only pdf.js's and fflate's code contain (checked below to be in the chunks that do load them). */
const PDFJS_MARKER = 'Setting up fake worker';
const FFLATE_MARKER = 'extra field too long';

async function pdfId(page: Page): Promise<number> {
  return ((await (await page.request.get('/__sandbox/info')).json()) as { pdfDocumentId: number }).pdfDocumentId;
}

/** Records every script the page loads, with its text. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(
        new URL(response.url()).pathname,
        response.text().catch(() => ''),
      );
  });
  return scripts;
}

async function loadedWith(scripts: Map<string, Promise<string>>, marker: string): Promise<string[]> {
  const hits: string[] = [];
  for (const [path, body] of scripts) if ((await body).includes(marker)) hits.push(path);
  return hits;
}

test('open a PDF report, go to page 2, find a figure, select text, zoom', async ({ page }) => {
  const id = await pdfId(page);
  const doc = (await (await page.request.get(`/public/v3/documents/${id}?expand=event`)).json()).data as { event: { title: string } };
  const workers: string[] = [];
  page.on('request', (request) => {
    if (/pdf\.worker/.test(request.url())) workers.push(request.url());
  });
  await page.goto(`/documents/${id}`);
  // The call named once (without its company, shown above it), then the document's type once.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(': Annual report');
  expect(doc.event.title).toBeTruthy();
  const about = page.locator('details', { hasText: 'About this document' });
  await expect(about).toHaveAttribute('open', '');
  await expect(about).toContainText('Annual report');
  await expect(about).not.toContainText('Periodic Report');

  const toolbar = page.getByRole('toolbar', { name: 'PDF controls' });
  const pageBox = toolbar.getByRole('spinbutton', { name: 'Page number' });
  await expect(page.getByRole('img', { name: /, page 1 of \d+$/ })).toBeVisible();
  await expect(page.locator('.pdf-text-layer span').first()).toBeAttached();
  expect(workers.length).toBeGreaterThan(0);
  await checkA11y(page, 'PDF page 1');

  // Page 2 by the Next button; then by typing a page number, and back.
  await toolbar.getByRole('button', { name: 'Next page' }).click();
  await expect(pageBox).toHaveValue('2');
  await expect(page.getByRole('img', { name: /, page 2 of \d+$/ })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Previous page' })).toBeEnabled();

  // A figure on page 2 (from its text layer): found, counted, marked on page 2.
  await expect(page.locator('.pdf-text-layer span').first()).toBeAttached();
  const texts = await page.locator('.pdf-text-layer span').allTextContents();
  const figure = texts.find((text) => /^-?\d{1,3}(,\d{3})*\.\d$/.test(text.trim()))!.trim();
  expect(figure).toBeTruthy();
  await toolbar.getByRole('searchbox', { name: 'Find in document' }).fill(figure);
  const count = toolbar.getByRole('search', { name: 'Find in document' }).getByRole('status');
  // Found from the page being read: the match on page 2 is current (the figure may also be on page 1).
  await expect(count).toHaveText(/^\d+ of \d+$/);
  await expect(pageBox).toHaveValue('2');
  await expect(page.locator('.pdf-text-layer mark[data-current]')).toHaveText(figure);
  await expect(page.locator('.pdf-text-layer mark[data-current]')).toBeInViewport();
  await checkA11y(page, 'PDF with a match');

  // A word across the document: next steps through the matches, wrapping round.
  await toolbar.getByRole('searchbox', { name: 'Find in document' }).fill('revenue');
  await expect(count).toHaveText(/^\d+ of \d+$/);
  const total = Number((await count.textContent())!.split(' of ')[1]);
  expect(total).toBeGreaterThan(1);
  const first = await count.textContent();
  await toolbar.getByRole('button', { name: 'Next match' }).click();
  await expect(count).not.toHaveText(first!);
  await expect(page.locator('.pdf-text-layer mark[data-current]')).toHaveText(/revenue/i);

  // Text can be selected: drag across the first line of the page.
  const span = page
    .locator('.pdf-text-layer span')
    .filter({ hasText: /\w{4,}/ })
    .first();
  await span.scrollIntoViewIfNeeded();
  const box = (await span.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  expect(selected.length).toBeGreaterThan(2);
  expect((await span.textContent())!).toContain(selected.trim().slice(0, 3));

  // Zoom in and out.
  const zoom = toolbar.getByLabel(/^Zoom \d+%$/);
  const before = await zoom.textContent();
  await toolbar.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(before!);
  const canvasWidth = await page.getByRole('img', { name: /, page \d+ of \d+$/ }).evaluate((c) => c.clientWidth);
  await toolbar.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(() => page.getByRole('img', { name: /, page \d+ of \d+$/ }).evaluate((c) => c.clientWidth)).toBeLessThan(canvasWidth);

  // The original, under a readable name.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download original' }).click()]);
  expect(download.suggestedFilename()).toMatch(/ - Q\d \d{4} - Annual report.*\.pdf$/);
});

test('pdf.js and the zip code are absent from the first route, and load where they are used', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Latest transcripts, newest published first' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  expect(await loadedWith(scripts, PDFJS_MARKER)).toEqual([]);
  expect(await loadedWith(scripts, FFLATE_MARKER)).toEqual([]);

  // Nor on the transcript list until a zip is asked for.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transcripts' }).click();
  const table = page.getByRole('table', { name: 'Transcripts, newest published first' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await loadedWith(scripts, FFLATE_MARKER)).toEqual([]);
  expect(await loadedWith(scripts, PDFJS_MARKER)).toEqual([]);
  await table.getByRole('row').nth(1).getByRole('checkbox').check();
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download 1 as zip' }).click()]);
  expect(await loadedWith(scripts, FFLATE_MARKER)).toHaveLength(1);

  // The PDF renderer loads on a PDF document page.
  await page.goto(`/documents/${await pdfId(page)}`);
  await expect(page.getByRole('img', { name: /, page 1 of \d+$/ })).toBeVisible();
  expect(await loadedWith(scripts, PDFJS_MARKER)).toHaveLength(1);
});

test('a document whose file fails says so and recovers with Retry', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 404/);
  const id = await pdfId(page);
  // A missing file is not retried by itself (a 5xx is, with backoff): the message shows at once.
  const response = await page.request.post('/__sandbox/faults', { data: { kind: '404', scope: 'media', match: `/documents/${id}/` } });
  expect(response.status()).toBe(201);
  await page.goto(`/documents/${id}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The file is missing (404)');
  await expect(page.locator('details', { hasText: 'About this document' })).toContainText('Annual report');
  await checkA11y(page, 'document file error');
  await page.request.delete('/__sandbox/faults');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('img', { name: /, page 1 of \d+$/ })).toBeVisible();
  await page.request.delete('/__sandbox/faults');
});
