import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Shared by every journey: `checkA11y` runs axe on the page as it is and fails on any violation
 * (with `tapTargets`, also on links and buttons too small to tap on a phone);
 * every test also fails on a console error or an unhandled rejection it did not expect
 * (`expectConsoleError(/pattern/)` declares the ones a journey provokes on purpose).
 */

export async function checkA11y(page: Page, context = '', options: { tapTargets?: boolean } = {}): Promise<void> {
  // `tapTargets`: also axe's target-size rule (WCAG 2.5.8, 24 px targets; off in axe by default, on in Lighthouse).
  const builder = new AxeBuilder({ page });
  if (options.tapTargets) builder.options({ rules: { 'target-size': { enabled: true } } });
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

export const test = base.extend<{ expectConsoleError: (pattern: RegExp) => void; _consoleGuard: void }>({
  // Playwright reads a fixture's dependencies from its destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  expectConsoleError: async ({}, use, testInfo) => {
    const allowed: RegExp[] = [];
    (testInfo as unknown as { allowedConsole: RegExp[] }).allowedConsole = allowed;
    await use((pattern) => allowed.push(pattern));
  },
  _consoleGuard: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A live transcript's "nothing new yet" is a 416 by design (Range past the end of a growing
        // file); Chromium logs every 4xx as a failed resource. Only that one answer is let through.
        if (/status of 416\b/.test(message.text()) && /\.jsonl\b|\.jsonl%|jsonl$/.test(decodeURIComponent(message.location().url))) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`unhandled: ${error.message}`));
      await use();
      const allowed = (testInfo as unknown as { allowedConsole?: RegExp[] }).allowedConsole ?? [];
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors or unhandled rejections').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Arms a sandbox fault rule on the running server (sandbox mode only). */
export async function armFault(page: Page, rule: Record<string, unknown>): Promise<void> {
  const response = await page.request.post('/__sandbox/faults', { data: rule });
  expect(response.status()).toBe(201);
}

export async function clearFaults(page: Page): Promise<void> {
  await page.request.delete('/__sandbox/faults');
}

/**
 * Waits until the main server's transcript index has read everything it listed (it is built when
 * the server starts). Call from a `beforeAll`, which it gives the time it may take.
 */
export async function waitForSearchIndex(request: APIRequestContext): Promise<void> {
  test.setTimeout(150_000);
  await expect
    .poll(
      async () => {
        const status = await (await request.get('/api/search/status')).json();
        return status.state === 'idle' && status.transcripts.pending === 0 ? 'ready' : `${status.state} ${status.transcripts.pending}`;
      },
      { timeout: 140_000, intervals: [500] },
    )
    .toBe('ready');
}
