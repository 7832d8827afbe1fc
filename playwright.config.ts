import chromium from '@sparticuz/chromium';
import { defineConfig } from '@playwright/test';

/**
 * Journeys in a real Chromium against the built app served by the built server (`npm start`) in sandbox mode.
 * The browser comes from an npm package (@sparticuz/chromium), so no download and no system package.
 */

const port = Number(process.env.E2E_PORT || 4173);
const sandboxEnv = {
  SANDBOX_NOW: '2026-11-21T12:00:00Z',
  SANDBOX_SEED: 'e2e',
  SANDBOX_API_KEY: process.env.E2E_SANDBOX_KEY ?? 'e2e-secret-key-7f3a9c',
  API_KEY: '',
  API_BASE_URL: '',
  // Only the main server indexes transcripts (in memory, nothing written); the others do not search.
  SEARCH_INDEX: 'off',
  SEARCH_DATA_DIR: 'memory',
};
/** The companies the main server's transcript index covers: enough to search, built in seconds. */
const SEARCH_SCOPE = [...Array.from({ length: 40 }, (_, i) => i + 1), 256].join(',');
/**
 * The journeys that follow live calls and mostly wait for them (to go live, to reach their Q&A, to
 * end): a project of their own, on servers no other journey uses (E2E_PORT + 1, the fast clock;
 * E2E_PORT + 4, real time), so they run beside the rest without meeting its armed faults.
 */
const LIVE_JOURNEYS = ['**/live.e2e.ts', '**/live-notes.e2e.ts', '**/live-transcript.e2e.ts', '**/said-alerts.e2e.ts'];
/**
 * The journeys that arm sandbox faults (a 503 on a segment, a 401 on every transcript, a slow
 * answer): every reader of their server meets an armed fault, so they have a server of their own
 * (E2E_PORT + 5) and run one at a time there, while the other journeys run two at a time.
 */
const FAULT_JOURNEYS = ['**/faults.e2e.ts', '**/faults-media.e2e.ts', '**/player.e2e.ts', '**/shell.e2e.ts', '**/documents.e2e.ts'];
const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // Four at a time: two of the desktop journeys, one fault journey on its own server, one live
  // journey (they mostly wait for their calls). On 2 cores the browsers mostly wait on the servers
  // and on what the page shows, so a third and fourth overlap that waiting.
  workers: 4,
  // No retries, in CI too: a flaky journey shows as a failure, to be fixed, never hidden.
  retries: 0,
  // A journey's deadline, for a hang: four run at once on 2 cores, and a long one with two axe
  // checks took 31 s under a heavily loaded machine (30 s was the limit). Waits inside a journey are
  // on what the page shows, never on time.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // No trace by default: recording one films every journey (a screenshot per frame, encoded in
    // the browser) and is thrown away when the journey passes. On 2 cores that took a third of the
    // journeys' time (15.2 min against 10.4 min for the same 91 journeys, the browser process 393 s
    // of CPU against 55 s). To see a failing journey step by step: npx playwright test <file> --trace on.
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--mute-audio',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [...LIVE_JOURNEYS, ...FAULT_JOURNEYS],
      workers: 2,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'faults',
      testMatch: FAULT_JOURNEYS,
      workers: 1,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${port + 5}` },
    },
    { name: 'live', testMatch: LIVE_JOURNEYS, workers: 1, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: 'node dist-server/main.js',
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // A short proxy timeout, so the fault journeys' slow answers turn into a 504 within seconds.
      env: {
        ...sandboxEnv,
        PORT: String(port),
        PROXY_TIMEOUT_MS: '3000',
        SEARCH_INDEX: 'on',
        SEARCH_SCOPE_COMPANY_IDS: SEARCH_SCOPE,
        // One sync, at start: a later one would meet the faults a journey arms for itself (a 401 for all).
        SEARCH_SYNC_MINUTES: '1440',
      },
    },
    {
      // The live journey's server: the sandbox clock runs ten times faster, so a call goes live,
      // streams and becomes a recording within a minute.
      command: 'node dist-server/main.js',
      url: `http://127.0.0.1:${port + 1}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...sandboxEnv, PORT: String(port + 1), SANDBOX_CLOCK_RATE: '10' },
    },
    {
      // The hostile dataset: unsafe URLs, markup, odd numbers and dates in every record.
      command: 'node dist-server/main.js',
      url: `http://127.0.0.1:${port + 2}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...sandboxEnv, PORT: String(port + 2), SANDBOX_DATASET: 'hostile' },
    },
    {
      // The live journeys at real time (a call followed as text, alerts on what is said): the same
      // sandbox as the first server, with no other journey (and no armed fault) on it.
      command: 'node dist-server/main.js',
      url: `http://127.0.0.1:${port + 4}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...sandboxEnv, PORT: String(port + 4) },
    },
    {
      // The fault journeys' server: the sandbox of the first, with a short proxy timeout too, and no
      // transcript index (none of them searches).
      command: 'node dist-server/main.js',
      url: `http://127.0.0.1:${port + 5}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...sandboxEnv, PORT: String(port + 5), PROXY_TIMEOUT_MS: '3000' },
    },
    {
      // An upstream that keeps to the 13 endpoints of the contract: the list extensions answer 404.
      command: 'node dist-server/main.js',
      url: `http://127.0.0.1:${port + 3}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...sandboxEnv, PORT: String(port + 3), SANDBOX_CONTRACT: 'strict' },
    },
  ],
});
