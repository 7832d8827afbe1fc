import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

/**
 * The Chromium every bench measures in: the one inside @sparticuz/chromium (nothing to download),
 * with the flags that keep its own background work (updates, network probes, the GPU process) out
 * of the numbers. Lighthouse launches it itself, with these flags too.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const chromiumPath = (): Promise<string> => chromium.executablePath();

/** Chromium with the benches' flags, and any a bench needs besides (`--mute-audio`, ...). */
export async function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  return playwright.launch({ executablePath: await chromiumPath(), args: [...CHROMIUM_FLAGS, ...extra] });
}
