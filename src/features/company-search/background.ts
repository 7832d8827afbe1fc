import { getCompanyIndex } from './company-index.ts';

/** How often an open app catches up with companies changed upstream. */
const REFRESH_EVERY_MS = 15 * 60_000;

/**
 * Starts filling the company index (called once the first page has loaded and the browser is
 * idle: see lazy.tsx), and refreshes it every 15 minutes while the tab is visible.
 */
export function startCompanyIndexInBackground(): () => void {
  const index = getCompanyIndex();
  void index.start();
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void index.refresh();
  }, REFRESH_EVERY_MS);
  return () => clearInterval(timer);
}
