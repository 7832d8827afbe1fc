import { describe, expect, it } from 'vitest';
import { buildSizes } from '../../scripts/route-sizes.ts';

/**
 * The first download of every page of the build (`npm test` builds before it runs this), gzipped.
 * Sizes are deterministic, so these are budgets, not timings: a change that puts a page's code
 * (or a library only some pages use) into every page's first download fails here. `npm run bench`
 * prints the same numbers beside their aim and the bare framework page.
 */

/** The frame: React, the router, the query cache, the header and the route table. */
const FRAME_BUDGET = 116_000;
/** The frame plus a page's loading view: what paints first. */
const FIRST_PAINT_BUDGET = 123_000;
/**
 * The frame plus everything a page needs to show its content. 185 kB until live calls came to the
 * recording and search pages (one transcript view for recordings and live calls, ▶ that finds a
 * call's live stream, "Alert me when a live call says this"): /recordings/$audioId 181.3 → 186.2 kB
 * and /search 184.2 → 185.5 kB, after the live reader left the shared transcript barrel and file
 * reading left the common chunk. 187 kB held those with under a kilobyte to spare. 188 kB since
 * issue 29: the comparison's page (187.1 kB on main as merged) and the links between calls, which
 * take /recordings/$audioId 186.3 → 187.1 kB ("Calls of this company", loaded after the page; the
 * Q&A without a recording; a highlight's speaker runs). 190 kB since issue 30's aimed search: /search
 * 186.8 → 189.8 kB (role, section and quarter filters with their chips, who spoke in each passage,
 * NEAR in the one query parser and its help, the export's progress and Cancel), after the export's
 * writer and stream reader moved to load on Export, the search boxes of other pages load the parser
 * when first used, and the frame gave back what the new filters' address rules had added to it.
 */
const FIRST_SCREEN_BUDGET = 190_000;

const sizes = buildSizes('dist');

describe('first download of each page (gzipped)', () => {
  it('has every page of the app', () => {
    expect(sizes.routes.map((r) => r.route)).toEqual([
      '/',
      '/calendar',
      '/companies',
      '/companies/$companyId',
      '/compare',
      '/documents',
      '/documents/$documentId',
      '/events/$eventId',
      '/live',
      '/live/$liveId',
      '/notes',
      '/recordings',
      '/recordings/$audioId',
      '/search',
      '/transcripts',
    ]);
  });

  it(`keeps the frame within ${FRAME_BUDGET / 1000} kB, with no page's code in it`, () => {
    expect(sizes.frame).toBeLessThanOrEqual(FRAME_BUDGET);
    const pageChunks = new Set(sizes.routes.flatMap((r) => r.files.map((f) => f.file)));
    const frameFiles = sizes.frameFiles.map((f) => f.file);
    expect(frameFiles.filter((file) => pageChunks.has(file))).toEqual([]);
  });

  it.each(sizes.routes.map((r) => [r.route, r] as const))('%s paints within budget and shows its content within budget', (_, route) => {
    expect(route.firstPaint).toBeLessThanOrEqual(FIRST_PAINT_BUDGET);
    expect(route.firstScreen).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
  });

  it('loads the audio engine, the PDF renderer and the search index only when they are used', () => {
    // Judged by the chunk's name, not its content hash (a hash such as "C1HLsrPS" spells "hls" too).
    const chunkName = (file: string) => file.replace(/^.*\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
    const firstFiles = [...sizes.frameFiles, ...sizes.routes.flatMap((r) => r.files)].map((f) => chunkName(f.file));
    expect(firstFiles.filter((name) => /hls|pdf|pglite/i.test(name))).toEqual([]);
  });
});
