import type { Result } from 'lighthouse';
import { benchPages, runAlone, type BenchPage } from './pages.ts';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.ts';

/**
 * Lighthouse, mobile with simulated throttling (its default configuration), on the app's pages and
 * on the bare anchor page (bench/bare, served by the same server), each RUNS times in rounds (every
 * page once, then again) so that drift on the machine hits all pages alike. Prints per page the
 * median performance score, the accessibility score and the median run's metrics beside the aims
 * (performance ≥ 0.95, accessibility 1.0), then every failing accessibility audit with the
 * elements it names. Prints numbers; asserts nothing.
 */

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PERFORMANCE_AIM = 0.95;
const ACCESSIBILITY_AIM = 1;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

interface Run {
  performance: number | null;
  accessibility: number | null;
  metrics: Record<string, number | undefined>;
  failing: { id: string; title: string; nodes: string[] }[];
  /** What the metrics point at: the LCP element, the elements that shifted most. */
  lcpElement?: string;
  shifts: string[];
  /** Why Lighthouse could not say which elements (its trace gatherers fail on some Chromium builds). */
  attributionError?: string;
}

type Items = { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined;
const nodeName = (node: { selector?: string; snippet?: string } | undefined) => (node?.selector ?? node?.snippet ?? '?').slice(0, 120);

function summarise(lhr: Result): Run {
  const metrics: Record<string, number | undefined> = {};
  for (const [short, id] of METRICS) metrics[short] = lhr.audits[id]?.numericValue;
  const failing: Run['failing'] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    const items = (audit.details as Items)?.items ?? [];
    failing.push({ id: ref.id, title: audit.title, nodes: items.map((item) => nodeName(item.node)) });
  }
  return {
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    metrics,
    failing,
    lcpElement: ((lhr.audits['largest-contentful-paint-element']?.details as { items?: Items[] } | undefined)?.items?.[0]?.items ?? []).map((item) =>
      nodeName(item.node),
    )[0],
    shifts: ((lhr.audits['layout-shifts']?.details as Items)?.items ?? [])
      .slice(0, 3)
      .map((item) => `${nodeName(item.node)} (${(item.score ?? 0).toFixed(3)})`),
    attributionError: lhr.audits['largest-contentful-paint-element']?.errorMessage ?? lhr.audits['layout-shifts']?.errorMessage,
  };
}

/** The run with the median performance score (a failed run counts as the lowest). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor(sorted.length / 2)]!;
}

const score = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${(value / 1000).toFixed(2)} s`);

/**
 * Scores `pages` and the bare page at `base` (an origin serving the app with `withBareApp`), the bare
 * page at `barePath`.
 */
export async function benchLighthouse(base: string, pages: BenchPage[], barePath: string): Promise<void> {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const all: BenchPage[] = [...pages, { label: 'bare Vite + React page', path: barePath }];
  const runs = new Map<string, Run[]>(all.map((page) => [page.label, []]));
  const started = performance.now();
  const chrome = await launch({ chromePath: await chromiumPath(), chromeFlags: CHROME_FLAGS });
  try {
    for (let round = 0; round < RUNS; round++) {
      for (const page of all) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (result?.lhr.runtimeError) console.log(`  (${page.label}, run ${round + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message})`);
        runs.get(page.label)!.push(result ? summarise(result.lhr) : { performance: null, accessibility: null, metrics: {}, failing: [], shifts: [] });
      }
    }
  } finally {
    await chrome.kill();
  }
  const seconds = (performance.now() - started) / 1000;

  const bare = medianRun(runs.get(all.at(-1)!.label)!);
  console.log(`\nLighthouse (mobile, simulated throttling), median of ${RUNS} by performance score; ${all.length * RUNS} runs in ${seconds.toFixed(0)} s`);
  const header = `  ${'page'.padEnd(44)} ${'perf'.padStart(5)} ${'×bare'.padStart(6)} ${'a11y'.padStart(5)} ${METRICS.map(([short]) => short.padStart(7)).join(' ')}  perf runs`;
  console.log(header);
  for (const page of all) {
    const pageRuns = runs.get(page.label)!;
    const median = medianRun(pageRuns);
    const ratio = median.performance !== null && bare.performance ? (median.performance / bare.performance).toFixed(2) : 'n/a';
    const aims =
      page.path === barePath
        ? 'anchor'
        : [
            median.performance !== null && median.performance >= PERFORMANCE_AIM ? 'perf ok' : 'perf BELOW AIM',
            pageRuns.every((run) => run.accessibility === ACCESSIBILITY_AIM) ? 'a11y ok' : 'a11y BELOW AIM',
          ].join(', ');
    const metrics = METRICS.map(([short]) => (short === 'CLS' ? (median.metrics.CLS?.toFixed(3) ?? 'n/a') : ms(median.metrics[short])).padStart(7)).join(' ');
    console.log(
      `  ${`${page.label} (${page.path})`.slice(0, 44).padEnd(44)} ${score(median.performance).padStart(5)} ${ratio.padStart(6)} ${score(median.accessibility).padStart(5)} ${metrics}  ${pageRuns.map((run) => score(run.performance)).join(' ')}  ${aims}`,
    );
  }
  console.log(`  aims: performance ≥ ${PERFORMANCE_AIM}, accessibility ${ACCESSIBILITY_AIM.toFixed(1)} on every page; ×bare = performance / the bare page's`);

  // What the median run's LCP and CLS point at, where the page is below the performance aim.
  let attributionError: string | undefined;
  for (const page of pages) {
    const median = medianRun(runs.get(page.label)!);
    attributionError ??= median.attributionError;
    if ((median.performance !== null && median.performance >= PERFORMANCE_AIM) || (!median.lcpElement && !median.shifts.length)) continue;
    console.log(`  ${page.path}: LCP element ${median.lcpElement ?? 'n/a'}${median.shifts.length ? `; shifted most: ${median.shifts.join(', ')}` : ''}`);
  }
  if (attributionError) console.log(`  (which elements LCP and layout shifts point at is not known: ${attributionError})`);

  // Failing accessibility audits, across all runs of a page (they should not differ run to run).
  const failures: string[] = [];
  for (const page of all) {
    const byId = new Map<string, { title: string; nodes: Set<string> }>();
    for (const run of runs.get(page.label)!)
      for (const audit of run.failing) {
        const entry = byId.get(audit.id) ?? { title: audit.title, nodes: new Set<string>() };
        for (const node of audit.nodes) entry.nodes.add(node);
        byId.set(audit.id, entry);
      }
    for (const [id, { title, nodes }] of byId) {
      failures.push(`  ${page.path}: ${id} — ${title}`);
      for (const node of nodes) failures.push(`      ${node}`);
    }
  }
  console.log(failures.length ? `Failing accessibility audits:\n${failures.join('\n')}` : 'No failing accessibility audits.');
}

/** `node --import tsx bench/lighthouse.ts`: this benchmark alone, on its own server (needs `npm run build`). */
runAlone(import.meta.url, async (server) => {
  await benchLighthouse(server.base, await benchPages(server.base), server.barePath);
});
