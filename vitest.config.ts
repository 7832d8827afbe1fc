import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const WEB_TESTS = ['test/web/**/*.test.{ts,tsx}', 'test/api/**/*.test.{ts,tsx}'];
/**
 * Web tests that change what every later file in their worker would see, or that need the app's
 * modules fresh, each in a module registry of its own:
 * - they replace a module (vi.mock) or a global (vi.stubGlobal, location, the page's address);
 * - they read dates in another zone or as a UTC reader (the app's formatters are made when
 *   src/lib/format.ts first loads);
 * - they test what the app does before its company index exists (a module-level store);
 * - they open PDFs (pdf.js, a package and so shared by the worker's files, keeps state between documents).
 */
const WEB_TESTS_ISOLATED = [
  'test/api/client.test.ts',
  'test/api/live-transcript.test.ts',
  'test/web/calendar-tokyo.test.tsx',
  'test/web/calendar.test.tsx',
  'test/web/call-neighbours.test.tsx',
  'test/web/companies-sort.test.tsx',
  'test/web/company-index.test.ts',
  'test/web/company-search.test.tsx',
  'test/web/compare-page.test.tsx',
  'test/web/documents-pdf.test.tsx',
  'test/web/error-panel.test.tsx',
  'test/web/export-results.test.tsx',
  'test/web/format.test.ts',
  'test/web/live-board.test.tsx',
  'test/web/live-transcript-page.test.tsx',
  'test/web/live.test.tsx',
  'test/web/notes-clip-link.test.tsx',
  'test/web/notes-highlights.test.tsx',
  'test/web/notes-many.test.tsx',
  'test/web/notes-page.test.tsx',
  'test/web/said-alerts.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 20_000,
    // Hooks start servers (Vite dev and preview, sandboxes, search engines): on a loaded 2-core machine that takes more than vitest's 10 s.
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores, which is one on a 2-core machine: the suite
    // ran file after file (817 s here). Two workers there: 571 s; a bigger machine keeps its default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/sandbox/**/*.test.ts', 'test/server/**/*.test.ts', 'test/lib/**/*.test.ts', 'test/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: WEB_TESTS,
          exclude: WEB_TESTS_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['test/setup/fresh-modules.ts', 'test/setup/web.ts'],
          // Above the 10 s that findBy/waitFor wait (test/setup/web.ts), with room for a second wait.
          testTimeout: 30_000,
          // The files share their worker's packages (React, MSW, Testing Library…) instead of loading
          // them again for each file; the app's own modules are loaded fresh for each file
          // (test/setup/fresh-modules.ts). The web tests took 317 s on 2 cores, now 210–240 s.
          // Files that change what others rely on run isolated (WEB_TESTS_ISOLATED).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          include: WEB_TESTS_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['test/setup/web.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
