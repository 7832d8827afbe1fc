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
    await expect(page.getByRole('button', { name: 'Remove filter Tickers: BRK/B' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter Tickers: AAPL' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter Countries: United States' })).toBeVisible();
    // The list answers (rows, or the words for none).
    await expect(page.getByRole('table', { name: table }).or(page.getByText(empty, { exact: false }))).toBeVisible();
    await checkA11y(page, `${path} with dropped filters`);
  });
}

test('find a company by part of its name in the recordings filter (no id typed), apply, and see only its calls', async ({ page }) => {
  // The company of the newest recording, and its name as the service gives it.
  const first = (await (await page.request.get('/public/v3/audio?limit=1&direction=desc')).json()).data[0] as { companyId: number };
  const company = (await (await page.request.get(`/public/v3/companies/${first.companyId}`)).json()).data as { displayName: string };
  const expected = (await (await page.request.get(`/public/v3/audio?companyIds=${first.companyId}&limit=50`)).json()).data as unknown[];

  await page.goto('/recordings');
  await expect(page.getByRole('table', { name: 'Recordings, newest published first' }).getByRole('row')).toHaveCount(51);
  await page.getByText('Filters', { exact: true }).click();
  const picker = page.getByRole('combobox', { name: 'Companies', exact: true });
  // Part of the name, lower-cased, as someone types it.
  await picker.pressSequentially(company.displayName.slice(0, 6).toLowerCase());
  const option = page.getByRole('option').filter({ has: page.getByText(company.displayName, { exact: true }) });
  await expect(option).toBeVisible();
  await checkA11y(page, 'recordings with the company picker open');
  await picker.press('ArrowDown');
  await picker.press('ArrowUp');
  for (let i = 0; i < 8 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await picker.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(page.getByRole('button', { name: `Remove ${company.displayName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Apply filters' }).click();

  await expect(page).toHaveURL(new RegExp(`/recordings\\?companyIds=${first.companyId}$`));
  await expect(page.getByRole('button', { name: `Remove filter Companies: ${company.displayName}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Recordings, newest published first' });
  await expect(table.getByRole('row')).toHaveCount(expected.length + 1);
  // Every row is that company's.
  for (const row of (await table.getByRole('row').all()).slice(1))
    await expect(row.getByRole('link', { name: company.displayName, exact: true })).toBeVisible();
  // Never the company's id in its place (the id's digits may well appear in a time, such as 01:16 PM).
  await expect(page.locator('main').getByText(String(first.companyId), { exact: true })).toHaveCount(0);
  await checkA11y(page, 'recordings filtered by a company picked by name');
});

test('sort /companies by name with the Company heading: the address holds the order', async ({ page }) => {
  await page.goto('/companies?countries=DE');
  const table = page.getByRole('table', { name: 'Matching companies' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const heading = table.getByRole('columnheader', { name: 'Company' });
  await heading.getByRole('button', { name: 'Company' }).click();
  await expect(page).toHaveURL(/\/companies\?countries=DE&sort=name$/);
  await expect(heading).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(/^All [\d,]+ companies sorted\.$/)).toBeVisible();
  const names = async () => (await table.getByRole('row').locator('[role=cell]:first-child').allTextContents()).slice(0, 10);
  const shown = await names();
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  await expect(table.getByRole('columnheader', { name: 'Next earnings call' })).toBeVisible();
  await checkA11y(page, '/companies sorted by name');
});

test('play a call from /recordings with ▶ on its row, in the docked player', async ({ page }) => {
  await page.goto('/recordings?types=earnings-call');
  const row = page.getByRole('table', { name: 'Recordings, newest published first' }).getByRole('row').nth(1);
  const play = row.getByRole('button', { name: /^Play .+ earnings call, / });
  // axe reads /recordings with its ▶ buttons in the journey above.
  await play.click();
  const dock = page.getByRole('region', { name: 'Player' });
  await expect(dock.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Pause .+ earnings call, / })).toBeVisible();
});
