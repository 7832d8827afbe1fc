import { checkA11y, expect, test } from './fixtures.ts';

/**
 * One set of filter rules: the same malformed address gives the same cleaned request on every list
 * page, read from the request the browser actually sent, and every page names what it left out.
 */

const MALFORMED = '?tickers=brk/b,aapl&countries=US,USA&updatedAfter=2026-02-31';

const pages = [
  { path: '/companies', api: '/public/v3/companies', limit: '200', table: 'Matching companies', empty: 'No company matches these filters.' },
  { path: '/recordings', api: '/public/v3/audio', limit: '50', table: 'Recordings, newest published first', empty: 'No recordings match these filters.' },
  {
    path: '/transcripts',
    api: '/public/v3/documents/transcripts',
    limit: '50',
    table: 'Transcripts, newest published first',
    empty: 'No transcripts match these filters.',
  },
];

for (const { path, api, limit, table, empty } of pages) {
  test(`${path} cleans the malformed address the same way and names what it dropped`, async ({ page }) => {
    const sent = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === api && url.searchParams.get('limit') === limit;
    });
    await page.goto(`${path}${MALFORMED}`);
    const query = new URL((await sent).url()).searchParams;
    expect(query.get('tickers')).toBe('BRK/B,AAPL');
    expect(query.get('countries')).toBe('US');
    expect(query.has('updatedAfter')).toBe(false);

    // The address keeps what the link said.
    expect(new URL(page.url()).searchParams.get('countries')).toBe('US,USA');
    await expect(page.getByRole('status').filter({ hasText: 'could not be used' })).toHaveText(
      'Some filters in the address could not be used and were left out: Countries: USA; Updated after: 2026-02-31.',
    );
    await expect(page.getByRole('button', { name: 'Remove filter Tickers: BRK/B,AAPL' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter Countries: US' })).toBeVisible();
    // The list answers (rows, or the words for none).
    await expect(page.getByRole('table', { name: table }).or(page.getByText(empty, { exact: false }))).toBeVisible();
    await checkA11y(page, `${path} with dropped filters`);
  });
}
