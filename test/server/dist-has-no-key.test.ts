import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

/**
 * The built browser code must not carry the key, nor add one itself: the Node proxy does that.
 * The test makes its own production build (the project's vite.config.ts) into a temporary
 * directory, with a known key and upstream set in the environment as `npm start` would have them,
 * so it never depends on, or skips for want of, an earlier `npm run build`.
 */

const KEY = 'dist-test-key-4c1d9e7b2a';
const BASE_URL = 'https://upstream.dist-test.example';
let outDir: string;
const saved = { API_KEY: process.env.API_KEY, API_BASE_URL: process.env.API_BASE_URL };

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'earnings-desk-dist-'));
  process.env.API_KEY = KEY;
  process.env.API_BASE_URL = BASE_URL;
  await build({
    configFile: join(process.cwd(), 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
}, 180_000);

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the built app', () => {
  it('is a whole build: an index.html and its scripts', () => {
    const files = filesUnder(outDir).map((file) => file.slice(outDir.length + 1));
    expect(files).toContain('index.html');
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(1);
  });

  it('contains neither the configured key, nor its upstream, nor an x-api-key header name', () => {
    const offenders: string[] = [];
    for (const file of filesUnder(outDir)) {
      const text = readFileSync(file).toString('latin1');
      if (/x-api-key/i.test(text)) offenders.push(`${file}: mentions x-api-key`);
      if (text.includes(KEY)) offenders.push(`${file}: contains API_KEY`);
      if (text.includes(BASE_URL)) offenders.push(`${file}: contains API_BASE_URL`);
    }
    expect(offenders).toEqual([]);
  });
});
