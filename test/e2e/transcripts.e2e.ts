import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { checkA11y, expect, test } from './fixtures.ts';

/** The transcript list: filters in the URL with back/forward, and three transcripts as one zip. */

test('select three transcripts and download them as one zip of their JSON files with readable names', async ({ page }) => {
  await page.goto('/transcripts');
  const table = page.getByRole('table', { name: 'Transcripts, newest published first' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).not.toContainText(/Company \d+|Type \d+/);
  await checkA11y(page, 'transcript list');

  const expected: { company: string; type: string; href: string }[] = [];
  for (const index of [1, 2, 3]) {
    const row = rows.nth(index);
    await row.getByRole('checkbox').check();
    const cells = row.getByRole('cell');
    expected.push({
      // The company is the cell's first link (on a phone the call's link comes under it).
      company: (await cells.nth(1).getByRole('link').first().textContent())!,
      // The row's transcript is its first link; a call's other transcript is linked under it.
      type: (await cells.nth(4).getByRole('link').first().textContent())!,
      href: (await cells.nth(4).getByRole('link').first().getAttribute('href'))!,
    });
  }
  await expect(page.getByText('3 selected')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select all \d+ loaded transcripts$/ })).not.toBeChecked();

  // Readable text is the default; the original JSON is one choice away.
  await expect(page.getByRole('radio', { name: 'Text' })).toBeChecked();
  await page.getByRole('radio', { name: 'JSON' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download 3 as zip' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Transcripts - 3 files - \d{4}-\d\d-\d\d\.zip$/);
  await expect(page.getByRole('status').filter({ hasText: /^Saved Transcripts - 3 files/ })).toContainText('with 3 transcripts');
  await checkA11y(page, 'after the download');

  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const names = Object.keys(entries).sort();
  expect(names).toHaveLength(3);
  for (const row of expected) {
    const id = Number(/\/documents\/(\d+)/.exec(row.href)![1]);
    const doc = (await (await page.request.get(`/public/v3/documents/transcripts/${id}`)).json()).data as {
      fileUrl: string;
      event: { fiscalPeriod: string; fiscalYear: number };
    };
    const stem = `${row.company} - ${doc.event.fiscalPeriod} ${doc.event.fiscalYear} - ${row.type}`;
    const name = names.find((n) => n === `${stem}.json` || n.startsWith(`${stem} (`));
    expect(name, `an entry named after ${stem}`).toBeDefined();
    const original = await (await page.request.get(doc.fileUrl)).text();
    expect(strFromU8(entries[name!]!)).toBe(original);
    expect(JSON.parse(original).transcript.paragraphs.length).toBeGreaterThan(0);
  }
});

test('filters live in the URL: a bad value falls back, Apply adds a history entry, back and forward restore them', async ({ page }) => {
  await page.goto('/transcripts?documentGroupIds=1,42&startDate=not-a-date&direction=asc');
  await expect(page.getByRole('table', { name: 'Transcripts, oldest published first' }).getByRole('row').nth(1)).toBeVisible();
  // No transcript is in a document group: that filter is neither offered nor sent.
  await expect(page.getByRole('group', { name: 'Document groups' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Event date' }).getByLabel('From')).toHaveValue('');

  const companyId = (await (await page.request.get('/public/v3/documents/transcripts?limit=1&direction=desc')).json()).data[0].companyId as number;
  const company = (await (await page.request.get(`/public/v3/companies/${companyId}`)).json()).data as { displayName: string };
  await page.getByRole('combobox', { name: 'Companies', exact: true }).fill(company.displayName);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(company.displayName, { exact: true }) })
    .click();
  await page.getByLabel('Order').selectOption('desc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`companyIds=${companyId}`));
  const filtered = page.getByRole('table', { name: 'Transcripts, newest published first' });
  await expect(filtered.getByRole('row').nth(1)).toBeVisible();
  const companyName = (await filtered.getByRole('row').nth(1).getByRole('cell').nth(1).getByRole('link').first().textContent())!;
  for (const text of await filtered.getByRole('row').locator('td:nth-child(2) a[href^="/companies/"]').allTextContents()) expect(text).toBe(companyName);
  await checkA11y(page, 'filtered list');

  await page.goBack();
  await expect(page.getByRole('table', { name: 'Transcripts, oldest published first' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${company.displayName}` })).toHaveCount(0);
  await page.goForward();
  await expect(page.getByRole('button', { name: `Remove ${company.displayName}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transcripts, newest published first' })).toBeVisible();
});
