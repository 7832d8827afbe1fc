import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The production server as plain JavaScript: server/main.ts and the src/ modules it uses, bundled into
 * dist-server/main.js, with every package from node_modules left as an import (PGlite finds its own
 * files, pg stays optional). dist-server/ sits beside dist/, so the static handler (rooted at dist/)
 * can never serve it. `npm start` runs it with plain node: no TypeScript compiler in the process.
 */
const external = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), ...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];

export default defineConfig({
  // Used instead of the app's vite.config.ts (`-c`): no React, Tailwind or dev middleware here.
  publicDir: false,
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rollupOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: 'main.js', format: 'es' },
    },
  },
});
