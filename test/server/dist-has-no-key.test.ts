import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The built browser code must not carry the key, nor add one itself: the Node proxy does that.
 * Runs after `npm run build`; skipped (with the reason in the test name) while dist/ does not exist.
 */

const dist = join(process.cwd(), 'dist');
const built = existsSync(join(dist, 'index.html'));

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.skipIf(!built)(built ? 'dist/ (the built app)' : 'dist/ (skipped: no dist/index.html, run npm run build first)', () => {
  it('contains no x-api-key header name and not the configured key', () => {
    const key = process.env.API_KEY?.trim();
    const offenders: string[] = [];
    for (const file of filesUnder(dist)) {
      const text = readFileSync(file).toString('latin1');
      if (/x-api-key/i.test(text)) offenders.push(`${file}: mentions x-api-key`);
      if (key && key.length >= 6 && text.includes(key)) offenders.push(`${file}: contains API_KEY`);
    }
    expect(offenders).toEqual([]);
  });
});
