import { getCompanyIndex } from './company-index.ts';

/** How often an open app catches up with companies changed upstream. */
const REFRESH_EVERY_MS = 15 * 60_000;

/**
 * Starts filling the company index once the first page has had its turn (the index competes for
 * the network with nothing the analyst is waiting for), and refreshes it while the app stays open.
 */
export function startCompanyIndexInBackground(): () => void {
  const index = getCompanyIndex();
  const begin = () => void index.start();
  const idle = globalThis.requestIdleCallback
    ? globalThis.requestIdleCallback(begin, { timeout: 3_000 })
    : (setTimeout(begin, 1_500) as unknown as number);
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void index.refresh();
  }, REFRESH_EVERY_MS);
  return () => {
    if (globalThis.cancelIdleCallback) globalThis.cancelIdleCallback(idle);
    else clearTimeout(idle);
    clearInterval(timer);
  };
}
