import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 20_000,
    // Hooks start servers (Vite dev and preview, sandboxes, search engines): on a loaded 2-core machine that takes more than vitest's 10 s.
    hookTimeout: 60_000,
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
          include: ['test/web/**/*.test.{ts,tsx}', 'test/api/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/setup/web.ts'],
          // Above the 10 s that findBy/waitFor wait (test/setup/web.ts), with room for a second wait.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
