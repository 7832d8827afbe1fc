/**
 * Captures what the app hands the browser to save: each `URL.createObjectURL` blob and the
 * `download` name of the link clicked for it. Call in a test file's top-level or describe scope.
 *
 *   const downloads = captureDownloads();
 *   ...; expect(downloads.saved.at(-1)!.name).toBe('Report.pdf');
 */
import { afterEach, beforeEach, vi } from 'vitest';

export interface SavedFile {
  blob: Blob;
  name: string;
}

export function captureDownloads(): { saved: SavedFile[] } {
  const state = { saved: [] as SavedFile[] };
  beforeEach(() => {
    state.saved = [];
    let lastBlob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      lastBlob = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      state.saved.push({ blob: lastBlob!, name: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return state;
}
