import { checkA11y, expect, test } from './fixtures.ts';

/** /recordings in Chromium: filters in the URL, the form, and a row that opens its recording. */

test('filters live in the URL, the form applies them, and a row opens its recording', async ({ page }) => {
  await page.goto('/recordings');
  const table = page.getByRole('table', { name: 'Recordings, newest published first' });
  await expect(table.getByRole('row')).toHaveCount(51);
  await checkA11y(page, 'recordings');

  // Narrow to the company of the first row, oldest first.
  const first = (await (await page.request.get('/public/v3/audio?limit=1&direction=desc')).json()).data[0];
  await page.getByText('Filters', { exact: true }).click();
  const company = (await (await page.request.get(`/public/v3/companies/${first.companyId}`)).json()).data as { displayName: string };
  await page.getByRole('combobox', { name: 'Companies', exact: true }).fill(company.displayName);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(company.displayName, { exact: true }) })
    .click();
  await page.getByRole('combobox', { name: 'Order' }).selectOption('asc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/recordings\\?companyIds=${first.companyId}&direction=asc$`));
  const filtered = page.getByRole('table', { name: 'Recordings, oldest published first' });
  await expect(filtered).toBeVisible();
  await expect(page.getByText('Filters (1 applied)')).toBeVisible();
  await checkA11y(page, 'recordings filtered');

  // A typing mistake is explained, not sent.
  await page.getByRole('textbox', { name: 'Tickers' }).fill('no?ticker');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Cannot use no?ticker. Use letters, digits, dots, slashes or dashes, separated by commas.')).toBeVisible();

  // The newest recording of that company is the last row; its event opens the recording page.
  const last = filtered.getByRole('row').last();
  await last.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/recordings/${first.id}$`));
  await expect(page.getByRole('list', { name: 'Chapters', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
});

test('an unknown recording says so', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 404/);
  await page.goto('/recordings/99999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Recording not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await checkA11y(page, 'missing recording');
});
