import { vi } from 'vitest';

/**
 * Web test files share a worker's module cache (vitest.config.ts: `isolate: false`), so that React,
 * MSW, Testing Library and the other packages load once per worker instead of once per file. The
 * app's own modules (and the test support, the sandbox) are made fresh for each file, as a page
 * load would: what one file leaves in a module (the company index, a session's caches) is never
 * what the next one starts with. Runs before the other setup files, which then load fresh too.
 */
vi.resetModules();
