import { checkA11y, expect, test, waitForSearchIndex } from './fixtures.ts';

/**
 * "What did the CFO say about margins in the Q&A of the last four quarters?", asked from a
 * company's page in Chromium against the built app, in at most five actions, and heard from the
 * moment it was said.
 *
 * What the e2e sandbox says (seed "e2e", clock 21 Nov 2026, so the last four quarters that have
 * ended are Q3 2026 back to Q4 2025): Bryrite (256) has three calls in those quarters that say
 * "margins" (10 passages); in two of them its CFO, Nadia Nakamura, says it in the Q&A, once each:
 * its Q1 2026 earnings call (event 5687) at 2:28 (148.917 s) and its Q4 2025 one (event 5086).
 */

const COMPANY = 256;
const QUARTERS = '2026-Q3%2C2026-Q2%2C2026-Q1%2C2025-Q4';
const CFO = 'Nadia Nakamura';
const CFO_LINE = 'Nadia Nakamura, Chief Financial Officer, Bryrite · Q&A';
const FIRST_CALL = 'Bryrite · Q1 2026 earnings call';
const FIRST_SAID = "Gross margin should return to last year's level in the second half of next year";
const FIRST_AT = '2:28';
const FIRST_START = 148.917;
const CFO_CALLS = 2;

test.beforeAll(async ({ request }) => {
  await waitForSearchIndex(request);
});

test("CFO on margins in the Q&A of the last four quarters, from the company's page in five actions; ▶ plays from the hit", async ({ page }) => {
  await page.goto(`/companies/${COMPANY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bryrite' })).toBeVisible();
  let actions = 0;

  // 1. Type the subject in the company's own search box and press Enter.
  const box = page.getByRole('searchbox', { name: "Search this company's calls" });
  await box.fill('margins');
  await box.press('Enter');
  actions++;
  await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
  // The company is already a filter, so the filters are open.
  const filters = page.getByRole('form', { name: 'Search filters' });
  await expect(filters).toBeVisible();

  // 2–4. The CFO, the Q&A, the last four quarters; 5. Apply.
  await filters.getByRole('group', { name: 'Speaker role' }).getByRole('checkbox', { name: 'CFO' }).check();
  actions++;
  await filters.getByRole('group', { name: 'Section' }).getByRole('checkbox', { name: 'Q&A' }).check();
  actions++;
  await filters.getByRole('button', { name: 'Last 4 quarters' }).click();
  actions++;
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  actions++;
  expect(actions).toBeLessThanOrEqual(5);

  await expect(page).toHaveURL(`/search?q=margins&companyIds=${COMPANY}&roles=cfo&sections=qna&quarters=${QUARTERS}`);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText([
    'Companies: Bryrite×',
    'Role: CFO×',
    'Section: Q&A×',
    'Quarter: Q3 2026×',
    'Quarter: Q2 2026×',
    'Quarter: Q1 2026×',
    'Quarter: Q4 2025×',
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'passages in' })).toContainText(`${CFO_CALLS} passages in ${CFO_CALLS} calls`);
  const calls = page.getByRole('article');
  await expect(calls).toHaveCount(CFO_CALLS);
  const first = calls.first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(FIRST_CALL);
  await expect(first.getByRole('listitem')).toContainText(FIRST_SAID);
  // Every passage found is the CFO's, in the Q&A.
  for (const passage of await page.getByRole('article').getByRole('listitem').all()) await expect(passage.locator('p').first()).toHaveText(CFO_LINE);
  await checkA11y(page, 'an aimed search');

  // ▶ plays the call from that passage: where playback first moves is noted.
  await page.evaluate(() => {
    const w = window as unknown as { firstPlayedAt?: number };
    document.addEventListener(
      'timeupdate',
      (event) => {
        const media = event.target as HTMLMediaElement;
        if (w.firstPlayedAt === undefined && !media.paused && media.currentTime > 0) w.firstPlayedAt = media.currentTime;
      },
      true,
    );
  });
  await first.getByRole('button', { name: `Play from ${FIRST_AT}: ${CFO}` }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText('Q1 2026 Earnings Call');
  await expect.poll(() => page.evaluate(() => (window as unknown as { firstPlayedAt?: number }).firstPlayedAt ?? -1), { timeout: 15_000 }).toBeGreaterThan(0);
  const at = await page.evaluate(() => (window as unknown as { firstPlayedAt: number }).firstPlayedAt);
  expect(at).toBeGreaterThanOrEqual(FIRST_START - 0.5);
  expect(at).toBeLessThan(FIRST_START + 1);
});
