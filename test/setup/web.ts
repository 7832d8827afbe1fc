import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetExtensions } from '../../src/api/extensions.ts';
import { setNotesStore } from '../../src/lib/notes/index.ts';

// A whole-app render on a loaded machine (2 cores shared by a build, a browser and other suites) can
// take several seconds to show what it fetched; the default 1 s wait made tests fail on load alone.
// A test that shows nothing still fails, after 10 s; vitest's per-test limit for these files is above it.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // What a data source offers is remembered for the session; each test starts a new one.
  resetExtensions();
  // Each test starts with no bookmarks or highlights.
  setNotesStore(undefined);
});
