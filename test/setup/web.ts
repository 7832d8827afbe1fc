import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetExtensions } from '../../src/api/extensions.ts';
import { setNotesStore } from '../../src/lib/notes/index.ts';

afterEach(() => {
  cleanup();
  // What a data source offers is remembered for the session; each test starts a new one.
  resetExtensions();
  // Each test starts with no bookmarks or highlights.
  setNotesStore(undefined);
});
