import { checkA11y, expect, test, waitForSearchIndex } from './fixtures.ts';

/**
 * Transcript search in Chromium against the built app: a phrase said in a sandbox call is found in
 * that call with its speaker; ▶ plays the call from that sentence; the transcript opens at it; the
 * mentions per quarter on the page are the API's figures.
 *
 * What the e2e sandbox says (seed "e2e"; its index covers companies 1–40 and 256): Bryrite (256)
 * has 14 calls that say "gross margin", 40 mentions in all. By most mentions first (4), the newest
 * such call is its Q1 2026 earnings call (event 5687, 17 Apr 2026, the sandbox's call 4), where its
 * CEO says it first at 0:33 (33.083 s), sentence 8 of the transcript.
 */

const COMPANY = 256;
const PHRASE = '"gross margin"';
const FIRST_CALL = 'Bryrite · Q1 2026 earnings call';
const SPEAKER = 'Dana Kowalczyk';
const SPEAKER_DETAIL = 'Chief Executive Officer, Bryrite';
const SENTENCE = 'New tariffs on imported components cost us about two points of gross margin in the quarter.';
const SENTENCE_START = 33.083;
const CALLS = 14;

test.beforeAll(async ({ request }) => {
  // The index is built when the server starts; wait until it has read everything it listed.
  await waitForSearchIndex(request);
});

test('find a phrase in the right call, hear it said, and open the transcript at it', async ({ page, request }) => {
  await page.goto(`/search?companyIds=${COMPANY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search what was said' });
  await box.fill(PHRASE);
  await box.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'passages in' })).toContainText(`in ${CALLS} calls`);
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(FIRST_CALL);
  const passage = first.getByRole('listitem').first();
  await expect(passage).toContainText(SPEAKER);
  await expect(passage).toContainText(SPEAKER_DETAIL);
  await expect(passage).toContainText(SENTENCE);
  await expect(passage.locator('mark')).toHaveText(['gross margin']);
  await checkA11y(page, 'search results');

  // ▶ plays the call in the docked player from that sentence: where playback first moves is noted.
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
  await passage.getByRole('button', { name: `Play from 0:33: ${SPEAKER}` }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText('Q1 2026 Earnings Call');
  await expect.poll(() => page.evaluate(() => (window as unknown as { firstPlayedAt?: number }).firstPlayedAt ?? -1), { timeout: 15_000 }).toBeGreaterThan(0);
  const at = await page.evaluate(() => (window as unknown as { firstPlayedAt: number }).firstPlayedAt);
  expect(at).toBeGreaterThanOrEqual(SENTENCE_START - 0.5);
  expect(at).toBeLessThan(SENTENCE_START + 1);
  await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);

  // The mentions per quarter are the API's figures.
  const summary = await (await request.get(`/api/search/summary?q=${encodeURIComponent(PHRASE)}&companyIds=${COMPANY}`)).json();
  await page.getByText('Show the figures as a table').click();
  const table = page.getByRole('table', { name: `Mentions of “${PHRASE}” by fiscal period, oldest first` });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(summary.quarters.length + 1);
  for (const [i, quarter] of summary.quarters.entries()) {
    const cells = rows.nth(i + 1).getByRole('cell');
    await expect(rows.nth(i + 1).getByRole('rowheader')).toHaveText(`${quarter.fiscalPeriod} ${quarter.fiscalYear}`);
    await expect(cells.nth(0)).toHaveText(String(quarter.hits));
    await expect(cells.nth(1)).toHaveText(String(quarter.calls));
    await expect(cells.nth(2)).toHaveText(String(quarter.searched));
  }
  expect(summary.quarters.reduce((sum: number, q: { hits: number }) => sum + q.hits, 0)).toBe(40);

  // Open transcript: the reader opens at that sentence.
  await passage.getByRole('link', { name: `Open the transcript at 0:33 (${SPEAKER}, ${SPEAKER_DETAIL})` }).click();
  await expect(page).toHaveURL(/\/documents\/\d+\?kind=transcript&sentence=8$/);
  const here = page.locator('li[aria-current="location"]');
  await expect(here).toContainText(SENTENCE);
  await expect(here.locator('[data-focus]')).toHaveText(SENTENCE);
  await expect(here.locator('[data-focus]')).toBeInViewport();
});

test('Ctrl+K "margin", then Enter, opens the transcript search for it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Find a company' });
  await expect(dialog.getByRole('combobox', { name: 'Search companies' })).toBeFocused();
  await page.keyboard.type('margin', { delay: 30 });
  // No company is named "margin": searching what was said comes first, active, above loose matches.
  const first = dialog.getByRole('listbox', { name: 'Matching companies' }).getByRole('option').first();
  await expect(first).toHaveText(/^Search what was said for “margin”/);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=margin$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Search transcripts' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search what was said' })).toHaveValue('margin');
  await expect(page.getByRole('heading', { level: 2, name: 'Calls that match' })).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'passages in' })).toBeVisible();
});

test('explains a query it cannot read, before and after asking the server', async ({ page, expectConsoleError }) => {
  // The browser logs the server's 400 for the query of common words; the page explains it.
  expectConsoleError(/status of 400/);
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search what was said' });
  await box.fill('"gross margin');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('A quotation mark is not closed: end the phrase with " or remove it.');
  await expect(page).toHaveURL(/\/search$/);
  // Only common words: the server says so, next to the box.
  await box.fill('the and of');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    '“the and of” has only common words (such as the, and, of), which are not indexed: add a word that carries meaning.',
  );
});

test('the search page on a phone: results first, no sideways scroll, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search?companyIds=${COMPANY}`);
  const box = page.getByRole('searchbox', { name: 'Search what was said' });
  await box.fill(PHRASE);
  await box.press('Enter');
  await expect(page.getByRole('article').first().getByRole('heading', { level: 3 })).toHaveText(FIRST_CALL);
  const overflow = () =>
    page.evaluate(() => {
      const over = [...document.querySelectorAll('body *')].filter(
        (e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !e.closest('nav'),
      );
      return {
        by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        what: over.slice(0, 3).map((e) => `${e.tagName} ${e.className}`),
      };
    });
  expect(await overflow()).toEqual({ by: 0, what: [] });
  await checkA11y(page, 'search results on a phone');
});

test('the mentions chart names its periods whole on a phone and a laptop, never cut or overlapping, axe clean', async ({ page }) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/search?q=${encodeURIComponent(PHRASE)}&companyIds=${COMPANY}`);
    const chart = page.getByRole('list', { name: /^Share of calls that mention “"?gross margin"?”, oldest period first$/ });
    // Bryrite's 14 periods with "gross margin", each a bar named in full for a screen reader.
    await expect(chart.getByRole('img')).toHaveCount(14);
    await expect(chart.getByRole('img').first()).toHaveAccessibleName(/^FY 2023: /);
    await expect(chart.getByRole('img').last()).toHaveAccessibleName(/^Q4 2026: /);
    const axis = await chart.evaluate((list) => {
      const figure = list.closest('figure')!.getBoundingClientRect();
      return [...list.querySelectorAll(':scope > li')].map((item) => {
        const label = item.querySelector<HTMLElement>(':scope > [aria-hidden="true"]')!;
        // Every piece of text drawn under the bar: shown whole (nothing cut by its box) and inside the figure.
        const pieces = [...label.querySelectorAll<HTMLElement>('*')].filter((e) => e.children.length === 0 && e.offsetParent !== null);
        const boxes = pieces.map((e) => e.getBoundingClientRect());
        return {
          text: label.innerText.replace(/\s+/g, ' ').trim(),
          clipped: pieces.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent),
          outside: boxes.some((box) => box.left < figure.left || box.right > figure.right),
          left: Math.min(...boxes.map((box) => box.left)),
          right: Math.max(...boxes.map((box) => box.right)),
        };
      });
    });
    const named = axis.filter((label) => label.text !== '');
    // The bars are narrow in both layouts (the phone's screen, the laptop's side column): every 2nd period is named, the newest always.
    expect(
      named.map((label) => label.text),
      `at ${width} px`,
    ).toEqual(['Q1 2024', 'Q3 2024', 'FY 2024', 'Q2 2025', 'Q4 2025', 'Q1 2026', 'Q4 2026']);
    expect(
      axis.flatMap((label) => label.clipped),
      `at ${width} px`,
    ).toEqual([]);
    expect(
      axis.filter((label) => label.outside).map((label) => label.text),
      `at ${width} px`,
    ).toEqual([]);
    for (const [i, label] of named.slice(1).entries())
      expect(label.left, `${label.text} clear of ${named[i]!.text} at ${width} px`).toBeGreaterThan(named[i]!.right);
    await checkA11y(page, `mentions chart at ${width} px`);
  }
});
