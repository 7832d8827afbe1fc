import { checkA11y, expect, test } from './fixtures.ts';

interface Company {
  id: number;
  displayName: string;
  name: string;
  tickers: { ticker: string; exchange: string }[];
}
interface Segment {
  fiscalYear: number;
  segmentCategory: string;
  segmentItem: string;
  items: { name: string; value: number }[];
}

/** A company with recordings and segments, read through the app's own proxy. */
async function pickCompany(request: import('@playwright/test').APIRequestContext): Promise<{ company: Company; segments: Segment[] }> {
  const audio = (await (await request.get('/public/v3/audio?limit=20&direction=desc')).json()) as { data: { companyId: number }[] };
  for (const { companyId } of audio.data) {
    const segments = (await (await request.get(`/public/v3/companies/${companyId}/segments?limit=500`)).json()) as { data: Segment[] };
    if (segments.data.length === 0) continue;
    const company = (await (await request.get(`/public/v3/companies/${companyId}`)).json()) as { data: Company };
    return { company: company.data, segments: segments.data };
  }
  throw new Error('no company with recordings and segments');
}

test('find a company by part of its name with the keyboard, read its segments, follow a recording', async ({ page }) => {
  const { company, segments } = await pickCompany(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeVisible();

  // Ctrl+K opens the palette; type part of the name (a slice from its middle works too, but a prefix ranks first).
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Find a company' });
  const input = dialog.getByRole('combobox', { name: 'Search companies' });
  await expect(input).toBeFocused();
  const part = company.displayName.slice(0, 5);
  await page.keyboard.type(part, { delay: 40 });
  const options = dialog.getByRole('listbox', { name: 'Matching companies' }).getByRole('option');
  await expect(options.filter({ hasText: company.displayName }).first()).toBeVisible();
  await checkA11y(page, 'palette open');

  // Walk down to it with the arrow keys; the active option is announced through aria-activedescendant.
  const names = await options.evaluateAll((nodes) => nodes.map((n) => n.querySelector('span span')?.textContent ?? ''));
  const target = names.indexOf(company.displayName);
  expect(target).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: company.displayName })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The segments table carries the API's figures.
  const segmentsRegion = page.getByRole('region', { name: 'Segments' });
  const latestYear = Math.max(...segments.map((s) => s.fiscalYear));
  const sample = segments.find((s) => s.fiscalYear === latestYear && s.items.length > 0)!;
  const table = segmentsRegion.getByRole('table').filter({ hasText: sample.items[0]!.name }).first();
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  const header = await table.getByRole('columnheader').allTextContents();
  const yearColumn = header.findIndex((h) => h.includes(String(latestYear)));
  expect(yearColumn).toBeGreaterThan(0);
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: sample.items[0]!.name, exact: true }) })
    .first();
  const cell = row.getByRole('cell').nth(yearColumn - 1);
  const shown = Number(
    (await cell.innerText())
      .split('\n')[0]!
      .replace(/[^\d.−-]/g, '')
      .replace('−', '-'),
  );
  expect(shown).toBeCloseTo(sample.items[0]!.value, 1);
  await checkA11y(page, 'company page');

  // Follow the newest recording to its page.
  const recordings = page.getByRole('region', { name: 'Recordings' });
  const firstRecording = recordings.getByRole('listitem').first().getByRole('link').first();
  const title = (await firstRecording.textContent())!;
  await firstRecording.click();
  await expect(page).toHaveURL(/\/recordings\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('open /companies with filters in the address and scroll far: rows stay bounded, pages keep coming', async ({ page }) => {
  await page.goto('/companies?direction=desc&updatedBefore=2030-01-01');
  const table = page.getByRole('table', { name: 'Matching companies' });
  await expect(table).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Updated before', exact: true })).toHaveValue('2030-01-01');
  await expect(page.getByRole('combobox', { name: 'Order' }).locator('option:checked')).toHaveText('Newest listed first');
  await expect(page.getByRole('button', { name: 'Remove filter Updated before: 1 Jan 2030' })).toBeVisible();

  // Newest listed first: ids fall down the list.
  // The companies' own links (a row also links its next earnings call).
  const firstIds = await table
    .locator('a[href^="/companies/"]')
    .evaluateAll((links) => links.slice(0, 5).map((a) => Number(a.getAttribute('href')!.split('/').pop())));
  expect([...firstIds].sort((a, b) => b - a)).toEqual(firstIds);

  const status = page.getByRole('status').filter({ hasText: /companies loaded/ });
  let maxRendered = 0;
  for (let i = 0; i < 60; i++) {
    const said = (await status.textContent()) ?? '';
    if (/All [\d,]+ companies loaded/.test(said)) break;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The next page has arrived when the count loaded changes.
    await expect(status).not.toHaveText(said);
    maxRendered = Math.max(maxRendered, await table.getByRole('row').count());
  }
  await expect(status).toHaveText(/All 500 companies loaded/);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // The last company is in view, with its row index, while the document holds only a window of rows.
  await expect(table.locator('[aria-rowindex="501"]')).toBeVisible();
  expect(maxRendered).toBeLessThan(60);
  await checkA11y(page, 'companies scrolled');

  // Back at the top, and back/forward walks filter changes.
  await page.getByRole('combobox', { name: 'Countries' }).fill('United King');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/countries=GB/);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/countries=GB/);
  await expect(page.getByRole('button', { name: 'Remove United Kingdom' })).toHaveCount(0);
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the companies table shows each company's exchange in full", async ({ page }) => {
    // The sandbox's exchanges are short; the first company gets a long one, as real listings have.
    const long = 'Nasdaq Stockholm First North Growth Market';
    await page.route(/\/public\/v3\/companies(\?|$)/, async (route) => {
      // The page may give up on a request it no longer needs (a newer one replaces it): nothing to change then.
      const answer = await route
        .fetch()
        .then(async (response) => ({ response, body: (await response.json()) as { data: Company[] } }))
        .catch(() => undefined);
      if (!answer) return;
      const { response, body } = answer;
      if (body.data[0]?.tickers[0]) body.data[0].tickers[0].exchange = long;
      await route.fulfill({ response, json: body }).catch(() => {});
    });
    await page.goto('/companies');
    const table = page.getByRole('table', { name: /companies/i });
    await expect(table.getByRole('row').nth(5)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Exchange' })).toBeVisible();
    await expect(table.getByRole('cell', { name: long })).toBeVisible();
    // The exchange column wraps: no cell hides part of its text (it once ended in "…").
    const exchanges = await page.evaluate(() =>
      [...document.querySelectorAll('[role="row"] [role="cell"]:nth-child(5)')].map((cell) => ({
        text: cell.textContent,
        cut: cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1,
      })),
    );
    expect(exchanges.length).toBeGreaterThan(5);
    expect(exchanges.filter((exchange) => exchange.cut)).toEqual([]);
  });
});
