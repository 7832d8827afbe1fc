import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { checkA11y, expect, test } from './fixtures.ts';

/** A company's page leads with its latest earnings call: its Q&A in two moves, its last four quarters' transcripts in one zip. */

let companyId: number;

test.beforeAll(async ({ request }) => {
  companyId = (await (await request.get('/__sandbox/info')).json()).companyId;
});

test("open a company and play its latest earnings call's Q&A", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeVisible();
  // Move 1: open the company (the palette, by name).
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Find a company' });
  // The palette loads on first use; one types once its box has the focus.
  await expect(dialog.getByRole('combobox', { name: 'Search companies' })).toBeFocused();
  await page.keyboard.type('Bryrite', { delay: 30 });
  // The company, not the search of what was said (first while nothing typed names a company).
  await expect(dialog.getByRole('option').first()).toHaveText(/^Bryrite/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}$`));

  // The newest event is a capital markets day; the card is about the newest earnings call.
  const card = page.getByRole('region', { name: 'Latest earnings call' });
  await expect(card.getByRole('link', { name: 'Q2 2026 earnings call' })).toHaveAttribute('href', '/recordings/6281');
  await checkA11y(page, 'company page with its latest call');

  // Move 2: Jump to Q&A (recording 6281 speaks the sandbox's call 6, whose Q&A starts at 111.728 s).
  await card.getByRole('button', { name: /Jump to Q&A/ }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText('Q2 2026 earnings call');
  await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime)).toBeGreaterThan(111.3);
});

test('download the last four quarters of earnings call transcripts as text from the company page', async ({ page }) => {
  await page.goto(`/companies/${companyId}`);
  await page.getByText('Download transcripts').click();
  const quarters = page.getByRole('group', { name: 'Earnings calls by fiscal quarter' });
  await expect(quarters.getByRole('checkbox', { name: 'Q2 2026' })).toBeChecked();
  await expect(quarters.getByRole('checkbox', { name: 'Q1 2026' })).toBeChecked();
  await expect(quarters.getByRole('checkbox', { name: 'Q4 2025' })).toBeChecked();
  await expect(quarters.getByRole('checkbox', { name: 'Q3 2025' })).toBeChecked();
  await expect(quarters.getByRole('checkbox', { name: 'Q2 2025' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Text' })).toBeChecked();
  await checkA11y(page, 'download chooser');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download 4 as zip' }).click()]);
  expect(download.suggestedFilename()).toBe('Bryrite - Q3 2025 to Q2 2026 earnings call transcripts.zip');
  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(entries).sort()).toEqual([
    'Bryrite - Q1 2026 - Transcript.txt',
    'Bryrite - Q2 2026 - Transcript.txt',
    'Bryrite - Q3 2025 - Transcript.txt',
    'Bryrite - Q4 2025 - Transcript.txt',
  ]);
  const text = strFromU8(entries['Bryrite - Q2 2026 - Transcript.txt']!);
  expect(text.split('\n').slice(0, 5)).toEqual([
    'Q2 2026 earnings call',
    'Company: Bryrite',
    expect.stringMatching(/^Date: Jul 2[12], 2026/),
    'Type: Transcript',
    '',
  ]);
  expect(text).toMatch(/^\[0:00\] Operator$/m);
  expect(text).not.toContain('"paragraphs"');
});
