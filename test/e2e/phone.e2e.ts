import { checkA11y, expect, test } from './fixtures.ts';

/** Layouts that hold on a phone (390 px wide): boxes keep a usable width, nothing is cut off. */

test.use({ viewport: { width: 390, height: 844 } });

let sample: { audioId: number; transcriptId: number };

test.beforeAll(async ({ request }) => {
  const info = await (await request.get('/__sandbox/info')).json();
  sample = info.eventWithAudioAndTranscript;
});

test('the find box keeps a usable width on the recording and document pages', async ({ page }) => {
  await page.goto(`/recordings/${sample.audioId}`);
  const onRecording = page.getByRole('searchbox', { name: 'Find in transcript' });
  await expect(onRecording).toBeVisible();
  // It once shrank to about 20 px beside its buttons.
  expect((await onRecording.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  await onRecording.fill('quarter');
  await expect(page.getByRole('button', { name: 'Next match' }).first()).toBeEnabled();

  await page.goto(`/documents/${sample.transcriptId}`);
  const onDocument = page.getByRole('searchbox', { name: 'Find in transcript' });
  await expect(onDocument).toBeVisible();
  expect((await onDocument.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  await checkA11y(page, 'document page on a phone');
});

test("a document's text comes first on a phone, its facts folded and reachable by keyboard", async ({ page }) => {
  await page.goto(`/documents/${sample.transcriptId}`);
  const first = page.getByRole('list', { name: 'Transcript' }).getByRole('listitem').first();
  await expect(first).toBeVisible();
  // The metadata once pushed the transcript ~900 px down: now its first paragraph starts on the first screen.
  expect((await first.boundingBox())!.y).toBeLessThan(844);
  const about = page.locator('details', { hasText: 'About this document' });
  await expect(about).not.toHaveAttribute('open', '');
  await about.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(about).toHaveAttribute('open', '');
  await expect(about.getByRole('term').first()).toHaveText('Type');
});

test("the companies table shows each company's exchange in full", async ({ page }) => {
  await page.goto('/companies');
  const rows = page.getByRole('table', { name: /companies/i }).getByRole('row');
  await expect(rows.nth(5)).toBeVisible();
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('[role="row"] [role="cell"]:nth-child(4) span')]
      .filter((span) => span.getBoundingClientRect().width > 0 && span.scrollWidth > span.clientWidth + 1)
      .map((span) => span.textContent),
  );
  expect(cut).toEqual([]);
  // Nor is it broken inside a word ("NYSEAmeric / an").
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll('[role="row"] [role="cell"]:nth-child(4) span:nth-child(2)')]
      .filter((span) => span.getBoundingClientRect().width > 0 && span.getClientRects().length === 1 && span.getBoundingClientRect().height > 20)
      .map((span) => span.textContent),
  );
  expect(broken).toEqual([]);
  // The exchange is shown under the ticker on a phone.
  const exchanges = await page.evaluate(
    () =>
      [...document.querySelectorAll('[role="row"] [role="cell"]:nth-child(4) span:nth-child(2)')].filter((span) => span.getBoundingClientRect().width > 0)
        .length,
  );
  expect(exchanges).toBeGreaterThan(5);
  await checkA11y(page, 'companies on a phone');
});

test("a company's segments lead with the latest year on a phone", async ({ page }) => {
  const info = await (await page.request.get('/__sandbox/info')).json();
  await page.goto(`/companies/${info.companyId}`);
  const table = page.getByRole('region', { name: 'Segments' }).getByRole('table').first();
  await expect(table).toBeAttached();
  const headers = await table.getByRole('columnheader').allTextContents();
  // Bryrite reports FY2023 to FY2025: the latest first, then back in time.
  expect(headers).toEqual(['Segment', 'FY2025', 'FY2024', 'FY2023']);
});

test("a company page's links are large enough to tap on a phone", async ({ page }) => {
  const info = await (await page.request.get('/__sandbox/info')).json();
  await page.goto(`/companies/${info.companyId}`);
  // Each recording and transcript row has its event page's link under its title.
  for (const panel of ['Recordings', 'Transcripts']) {
    await expect(page.getByRole('region', { name: panel }).getByRole('link', { name: 'Event page' }).first()).toBeVisible();
  }
  await checkA11y(page, 'company page on a phone', { tapTargets: true });
});

test('bookmarks, the selection bar and My notes keep usable widths on a phone', async ({ page }) => {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto('/recordings/1');
  await page.getByRole('button', { name: 'Play recording' }).click();
  await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Bookmark this moment' }).click();
  const note = page.getByRole('textbox', { name: /^Bookmarked \d:\d\d\. Note$/ });
  await expect(note).toBeFocused();
  // The note box once shrank to three letters beside its label and buttons.
  expect((await note.boundingBox())!.width).toBeGreaterThanOrEqual(150);
  await note.fill('Phone note');
  await note.press('Enter');

  const transcript = page.getByRole('list', { name: 'Transcript' });
  // The head of investor relations' greeting (the CEO's, later, has the same words).
  await transcript
    .getByRole('button', { name: 'Thank you, and good afternoon, everyone.' })
    .first()
    .click({ modifiers: ['Shift'] });
  await transcript.getByRole('button', { name: /^Joining me are our Chief Executive Officer/ }).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('group', { name: 'Selected sentences' });
  await expect(bar).toContainText('Selected 2 sentences, 0:16–0:23');
  expect((await bar.getByRole('textbox', { name: 'Note' }).boundingBox())!.width).toBeGreaterThanOrEqual(150);
  expect(await overflow()).toBe(0);
  await checkA11y(page, 'recording page with a selection, on a phone');
  await bar.getByRole('button', { name: 'Highlight' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Highlighted 2 sentences at 0:16–0:23.' })).toBeVisible();

  await page.goto('/notes');
  await expect(page.getByRole('region', { name: 'Dunarane Beverages' }).getByRole('listitem')).toHaveCount(2);
  expect((await page.getByRole('searchbox', { name: 'Search my notes' }).boundingBox())!.width).toBeGreaterThanOrEqual(300);
  expect(await overflow()).toBe(0);
  await checkA11y(page, 'my notes on a phone');
});

/** A drawn box of some text. */
type Box = { text: string; left: number; right: number; top: number; bottom: number };

test("a company's segment charts show every axis figure whole, on a phone and on a laptop", async ({ page }) => {
  // Company 34's axes end at 30,000 and company 6's at 100,000: the widest figures of the sandbox's first companies.
  for (const { companyId, last } of [
    { companyId: 34, last: '30,000' },
    { companyId: 6, last: '100,000' },
  ]) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/companies/${companyId}`);
      const charts = page.getByRole('group', { name: /chart, use the arrow keys/ }).getByRole('img');
      await expect(charts.first()).toBeVisible();
      const drawn = await charts.evaluateAll((svgs) =>
        svgs.map((svg) => {
          const frame = svg.getBoundingClientRect();
          const labels = [...svg.querySelectorAll('text')].map((text) => {
            const r = text.getBoundingClientRect();
            return { text: text.textContent ?? '', left: r.left, right: r.right };
          });
          return { left: frame.left, right: frame.right, labels };
        }),
      );
      // The axis once ended in "30,000" with its last digits past the chart's right edge (a laptop's has more, smaller steps).
      if (width === 390) expect(drawn[0]!.labels.map((label) => label.text)).toContain(last);
      const outside = drawn.flatMap((chart) =>
        chart.labels
          .filter((label) => label.left < chart.left - 0.5 || label.right > chart.right + 0.5)
          .map((label) => `${label.text} (${Math.round(label.right - chart.right)} px over)`),
      );
      expect(outside, `company ${companyId} at ${width} px`).toEqual([]);
    }
  }
});

test('the companies table headers read apart on a phone', async ({ page }) => {
  await page.goto('/companies');
  const table = page.getByRole('table', { name: /companies/i });
  await expect(table.getByRole('row').nth(5)).toBeVisible();
  const headers: Box[] = await table.getByRole('columnheader').evaluateAll((cells) =>
    cells
      .filter((cell) => cell.getBoundingClientRect().width > 0)
      .map((cell) => {
        // The text's own box, which may run past its cell.
        const range = document.createRange();
        range.selectNodeContents(cell);
        const r = range.getBoundingClientRect();
        return { text: cell.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
  );
  expect(headers.map((header) => header.text)).toEqual(['Company', 'Country', 'Ticker']);
  // They once ran together as "COUNTRYTICKER": at least 8 px between one heading's text and the next.
  const gaps = headers.slice(1).map((header, i) => Math.round(header.left - headers[i]!.right));
  expect(
    gaps.every((gap) => gap >= 8),
    `gaps ${gaps.join(', ')}`,
  ).toBe(true);
});

test("the calendar's rows and day headings are whole on a phone", async ({ page }) => {
  // 390 px; and 360 px (a narrower phone), where "Today · Saturday, November 21" and its count take two lines.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/calendar');
    const list = page.getByRole('list', { name: 'Events of the week, by day' });
    const today = list.getByRole('heading', { name: /^Today · Saturday, November 21/ });
    await expect(today).toBeVisible();
    await today.scrollIntoViewIfNeeded();
    // Today's first calls, recorded: their state badges sit under the company and call.
    await expect(list.getByText('Recording available').first()).toBeVisible();
    const problems = await list.evaluate((root) => {
      const found: string[] = [];
      const items = [...root.querySelectorAll(':scope > [role="listitem"]')];
      // What a part of an item draws: its own box and its text's, which may run past that box.
      const drawn = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const boxes = [
          element.getBoundingClientRect(),
          range.getBoundingClientRect(),
          ...[...element.querySelectorAll('*')].map((e) => e.getBoundingClientRect()),
        ].filter((r) => r.width > 0 && r.height > 0);
        if (!boxes.length) return undefined;
        return {
          left: Math.min(...boxes.map((r) => r.left)),
          right: Math.max(...boxes.map((r) => r.right)),
          top: Math.min(...boxes.map((r) => r.top)),
          bottom: Math.max(...boxes.map((r) => r.bottom)),
        };
      };
      for (const item of items) {
        // At 360 px a row's links may take two lines: rows keep the height a 390 px phone needs, and only headings are checked.
        if (window.innerWidth < 390 && !item.querySelector('h3')) continue;
        const frame = item.getBoundingClientRect();
        const parts = item.children.length ? [...item.children] : [item];
        const boxes = parts.map((part) => ({ part, box: drawn(part) })).filter((p) => p.box);
        const name = (item.textContent ?? '').slice(0, 40);
        // Each part lies within its item: the next item does not cover it, and nothing is cut off.
        for (const { box } of boxes) if (box!.top < frame.top - 0.5 || box!.bottom > frame.bottom + 0.5) found.push(`cut: ${name}`);
        // And no two parts of one item overlap (a state badge once covered the lower half of "Company · call").
        for (const [i, a] of boxes.entries()) {
          for (const b of boxes.slice(i + 1)) {
            const x = Math.min(a.box!.right, b.box!.right) - Math.max(a.box!.left, b.box!.left);
            const y = Math.min(a.box!.bottom, b.box!.bottom) - Math.max(a.box!.top, b.box!.top);
            if (x > 0.5 && y > 0.5) found.push(`overlap: ${a.part.textContent} / ${b.part.textContent}`);
          }
        }
      }
      return [...new Set(found)];
    });
    expect(problems, `at ${width} px`).toEqual([]);
  }
});

test('every control on the live board is large enough to tap on a phone', async ({ page }) => {
  await page.goto('/live');
  // The board is drawn: a call live now, and each call's company named.
  await expect(page.getByRole('button', { name: /^Listen live: / }).first()).toBeVisible();
  const links = page.getByRole('listitem').getByRole('link');
  await expect(links.first()).not.toHaveText('Company page');
  // Each call's company and call links, one above the other, were 20 px tall and touching.
  const heights = await links.evaluateAll((all) => all.map((link) => link.getBoundingClientRect().height).filter((height) => height > 0));
  expect(heights.length).toBeGreaterThan(4);
  expect(heights.filter((height) => height < 24)).toEqual([]);
  await checkA11y(page, 'live board on a phone', { tapTargets: true });
});

test('every main navigation item is one tap away, and the header and a playing player keep to a fifth of the screen', async ({ page }) => {
  const viewport = { width: 390, height: 844 };
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  /** Wholly on screen: not cut off by the window nor scrolled away inside the navigation. */
  const onScreen = async (locator: import('@playwright/test').Locator) => {
    if (!(await locator.isVisible())) return false;
    const box = (await locator.boundingBox())!;
    return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  };

  await page.goto(`/recordings/${sample.audioId}`);
  await page.getByRole('button', { name: 'Play recording' }).click();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(false);

  // Header and docked player together: at most 20% of 844 px (168.8 px). They took 32% (270 px).
  const header = (await page.getByRole('banner').boundingBox())!;
  const dock = page.getByRole('region', { name: 'Player' });
  const player = (await dock.boundingBox())!;
  expect(header.height + player.height).toBeLessThanOrEqual(168.8);
  // The player is docked at the bottom of the screen, the header at its top.
  expect(header.y).toBe(0);
  expect(Math.round(player.y + player.height)).toBe(844);
  await expect(dock.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(await overflow()).toBe(0);
  await checkA11y(page, 'recording playing, on a phone', { tapTargets: true });

  // Each of the seven items is on screen at once or after one tap on Menu.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  for (const label of ['Calendar', 'Companies', 'Recordings', 'Transcripts', 'Search calls', 'Live', 'My notes']) {
    const link = nav.getByRole('link', { name: label, exact: true });
    if (await onScreen(link)) continue;
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await onScreen(link), `${label} after one tap`).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  }

  // The open menu: the current page marked, nothing sideways, accessible; an item goes there and closes it.
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Recordings', exact: true })).toHaveAttribute('aria-current', 'page');
  expect(await overflow()).toBe(0);
  await checkA11y(page, 'main menu open, on a phone', { tapTargets: true });
  await nav.getByRole('link', { name: 'My notes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My notes' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'My notes', exact: true })).toBeHidden();
  // Still playing on the next page, the player still docked within the fifth.
  await expect(dock.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect((await page.getByRole('banner').boundingBox())!.height + (await dock.boundingBox())!.height).toBeLessThanOrEqual(168.8);
  expect(await overflow()).toBe(0);
});
