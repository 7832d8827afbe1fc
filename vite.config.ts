import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earningsDeskServer } from './server/dev-middleware.ts';
import { precompress } from './server/precompress.ts';

const LOADING_VIEW =
  /[\\/]src[\\/](components[\\/](query-states|skeleton|error-panel|ui[\\/](button|panel))\.tsx|api[\\/](keys|params|api-error)\.ts|features[\\/]recordings[\\/]recording-key\.ts)$|[\\/]@tanstack[\\/](react-query|query-core)[\\/]/;

/** Shared by some pages only, so kept out of the common chunk (see the groups below). */
const NOT_COMMON = /[\\/]src[\\/](lib[\\/]notes[\\/]|api[\\/](files|transcript-content)\.ts|features[\\/](player|recordings)[\\/])/;
const FILTER_FORMS =
  /[\\/]src[\\/](components[\\/](filter-fields|filter-chip-names|active-filter-chips|filter-form-actions|ui[\\/]multi-select)\.tsx?|lib[\\/]filters[\\/](use-filter-form|exchanges)\.ts|features[\\/]company-search[\\/]company-picker\.tsx)$/;

export default defineConfig({
  plugins: [
    // The router plugin generates src/routeTree.gen.ts and splits each route into its own chunk:
    // its loader, page and pending, error and not-found views load together when the route is
    // visited, so the first download holds only the app's frame and the route table.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { defaultBehavior: [['loader', 'component', 'errorComponent', 'notFoundComponent'], ['pendingComponent']] },
    }),
    react(),
    tailwindcss(),
    // The API proxy (and, without a key, the embedded sandbox) on the app's own origin, in dev and preview.
    earningsDeskServer(),
    // Brotli and gzip copies of the assets, made once at build time for the production server.
    precompress(),
  ],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  // The manifest tells the server which chunks each route needs (server/route-hints.ts); the
  // modulepreload polyfill is left out: every browser the app supports has modulepreload.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    // Fewer, larger files: on a phone each request costs a round trip, and a page used to need
    // about 60. The frame (what every page loads) is one file; code most pages share (validation,
    // the API client, list states) is another; the rest stays split by the pages that use it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'frame', tags: ['$initial'], priority: 4 },
            // What a record page's loading view needs (its skeleton, the 429 notice, the query it
            // watches), apart from the larger shared code, so the view paints without waiting for it.
            { name: 'loading', test: LOADING_VIEW, priority: 3 },
            // The list pages' filter forms (fields, the multi-select and the company picker, chips, the
            // form's rules): the five list pages show them, no other page does. In the common chunk
            // every page downloaded them (about 4.4 kB gzipped). Its priority is below common's, so
            // the code they share with other pages stays there and only these come here; with the
            // picker in it, this is one chunk name in the frame's preload lists, not two.
            { name: 'filters', priority: 1, test: FILTER_FORMS },
            // The listener's notes (their store and model) stay with the pages that show or keep
            // them: once a fifth page used them (the live page), every page downloaded them here.
            // So does reading files (src/api/files.ts: documents, transcripts, the live transcript's
            // ranged reads), which the list pages never do. Nor do what plays a call and reads its
            // transcript (src/features/player and recordings, src/api/transcript-content.ts): once
            // the Q&A came to the event and transcript pages, a fifth page shared them, and every
            // page downloaded them (the search page +1.4 kB). Nor do the filter forms (above).
            {
              name: 'common',
              minShareCount: 5,
              priority: 2,
              test: (id: string) => !FILTER_FORMS.test(id) && !NOT_COMMON.test(id),
            },
          ],
        },
      },
    },
  },
});
