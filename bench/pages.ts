import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createServerApp } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { BARE_PREFIX, buildBareApp, withBareApp } from './bare/build.ts';
import { withBenchFiles } from './player.ts';

/**
 * The pages the page-load benchmarks (bench/lighthouse.ts, bench/first-load.ts) open, and a server
 * for running either alone: the production build in sandbox mode at a fixed time, with the player
 * bench's files and the bare anchor page (bench/bare) beside it.
 */

export interface BenchPage {
  label: string;
  path: string;
}

interface SandboxInfo {
  companyId: number;
  eventWithAudioAndTranscript?: { eventId: number; audioId: number; transcriptId: number };
  pdfDocumentId?: number;
  /** A call live now: its live-audio record's own id. */
  liveId?: number;
}

/**
 * The seven pages the Lighthouse aims name; with `more`, also an event, a document and a live
 * event page. Ids are the sandbox's samples (/__sandbox/info): at the fixed SANDBOX_NOW they are
 * the same every run.
 */
export async function benchPages(base: string, options: { more?: boolean } = {}): Promise<BenchPage[]> {
  const info = (await (await fetch(`${base}/__sandbox/info`)).json()) as SandboxInfo;
  const sample = info.eventWithAudioAndTranscript;
  const pages: BenchPage[] = [
    { label: 'home', path: '/' },
    { label: 'companies', path: '/companies' },
    { label: 'company', path: `/companies/${info.companyId}` },
    ...(sample ? [{ label: 'recording', path: `/recordings/${sample.audioId}` }] : []),
    { label: 'calendar', path: '/calendar' },
    { label: 'search', path: '/search' },
    { label: 'notes', path: '/notes' },
  ];
  if (options.more) {
    if (sample) pages.push({ label: 'event', path: `/events/${sample.eventId}` });
    if (info.pdfDocumentId) pages.push({ label: 'document (PDF)', path: `/documents/${info.pdfDocumentId}` });
    if (info.liveId) pages.push({ label: 'live event', path: `/live/${info.liveId}` });
  }
  return pages;
}

export interface BenchServer {
  base: string;
  /** The bare page's path on this server. */
  barePath: string;
  /** The bare page's build (for its files' sizes). */
  bareDist: string;
  close(): Promise<void>;
}

/** Serves dist/ (needs `npm run build`) in sandbox mode, with the bare page built and served beside it. */
export async function startBenchServer(): Promise<BenchServer> {
  const bareDist = await buildBareApp();
  // The transcript index covers a few companies, in memory: built in seconds, so no indexing runs
  // while pages are timed (the whole sandbox takes over a minute of both cores).
  const config = readServerConfig({
    ...process.env,
    API_KEY: '',
    API_BASE_URL: '',
    SANDBOX_NOW: '2026-11-21T12:00:00Z',
    SEARCH_DATA_DIR: 'memory',
    SEARCH_SCOPE_COMPANY_IDS: Array.from({ length: 20 }, (_, i) => i + 1).join(','),
  });
  const app = createServerApp(config, { distDir: 'dist' });
  await app.search.start();
  const server = serve({ fetch: withBareApp(withBenchFiles(app.fetch), bareDist), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Wait for the index to finish its first read (a few seconds), so no page is timed beside it.
  for (let waited = 0; waited < 180_000; waited += 500) {
    const status = (await (await fetch(`http://127.0.0.1:${port}/api/search/status`)).json()) as { state?: string };
    if (status.state && !['starting', 'listing', 'reading', 'waiting'].includes(status.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    barePath: BARE_PREFIX,
    bareDist,
    close: () =>
      new Promise((resolve) => {
        server.close(() => void app.search.close().finally(() => resolve()));
        // Browsers keep connections alive; the benchmark is over.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/**
 * For a page-load benchmark run alone (`node --import tsx bench/<file>.ts`, needs `npm run build`):
 * when `moduleUrl` is the script node was started with, runs `bench` on its own bench server, then
 * exits (the sandbox's clock and the search index keep timers; the benchmark is over).
 */
export function runAlone(moduleUrl: string, bench: (server: BenchServer) => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  (async () => {
    const server = await startBenchServer();
    try {
      await bench(server);
    } finally {
      await server.close();
    }
  })().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
