import { builtinModules } from 'node:module';
import { build, defineConfig, type BuildEnvironmentOptions, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The production server as plain JavaScript: server/main.ts and the src/ modules it uses, bundled into
 * dist-server/main.js, with every package from node_modules left as an import (PGlite finds its own
 * files, pg stays optional). dist-server/ sits beside dist/, so the static handler (rooted at dist/)
 * can never serve it. `npm start` runs it with plain node: no TypeScript compiler in the process.
 *
 * The search index's engine runs in a worker thread (server/search/pglite-worker.ts): once main.js is
 * written, a second build writes it, whole, to dist-server/search-engine.js, where
 * server/search/db.ts starts it from (beside main.js). Both files stay self-contained.
 */
const external = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), ...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];

const serverBuild = (entry: string, fileName: string, emptyOutDir: boolean): BuildEnvironmentOptions => ({
  ssr: entry,
  outDir: 'dist-server',
  emptyOutDir,
  target: 'node20',
  sourcemap: false,
  minify: false,
  rollupOptions: {
    external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
    output: { entryFileNames: fileName, format: 'es' },
  },
});

const searchEngineWorker = (): Plugin => ({
  name: 'earnings-desk-search-engine-worker',
  apply: 'build',
  async closeBundle() {
    await build({ configFile: false, publicDir: false, logLevel: 'warn', build: serverBuild('server/search/pglite-worker.ts', 'search-engine.js', false) });
  },
});

export default defineConfig({
  // Used instead of the app's vite.config.ts (`-c`): no React, Tailwind or dev middleware here.
  publicDir: false,
  plugins: [searchEngineWorker()],
  build: serverBuild('server/main.ts', 'main.js', true),
});
