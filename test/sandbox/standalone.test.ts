import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxConfig } from '../../server/sandbox/config.ts';

/** `npm run sandbox`: the sandbox served on its own port, keyed, printing where to start. */

let child: ChildProcess;
let output = '';
let base = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/sandbox/main.ts'], {
    env: { ...process.env, PORT: '0', SANDBOX_COMPANIES: '40', SANDBOX_API_KEY: 'local-key', SANDBOX_NOW: '2026-11-21T12:00:00Z' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 15_000);
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = /Base URL: (http:\/\/127\.0\.0\.1:\d+\/public\/v3)/.exec(output);
      if (match && output.includes('going live soon')) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${output}`)));
  });
});

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('standalone sandbox', () => {
  it('prints its base URL and ids worth trying, each of which answers', async () => {
    expect(output).toContain('x-api-key: local-key');
    const paths = [...output.matchAll(/http:\/\/127\.0\.0\.1:\d+(\/public\/v3\/[^\s]+)/g)].map((m) => m[1] as string);
    expect(paths.length).toBeGreaterThanOrEqual(6);
    const origin = new URL(base).origin;
    for (const path of paths) {
      const response = await fetch(`${origin}${path}`, { headers: { 'x-api-key': 'local-key' } });
      expect(response.status, path).toBe(200);
    }
    const live = /live now\s+\S+\/live\/audio\/(\d+)/.exec(output)?.[1];
    const record = await (await fetch(`${base}/live/audio/${live}`, { headers: { 'x-api-key': 'local-key' } })).json();
    expect(record.data.state).toBe('live');
  });

  it('requires the configured key', async () => {
    expect((await fetch(`${base}/companies`)).status).toBe(401);
    expect((await fetch(`${base}/companies`, { headers: { 'x-api-key': 'sandbox' } })).status).toBe(401);
    expect((await fetch(`${base}/companies`, { headers: { 'x-api-key': 'local-key' } })).status).toBe(200);
  });

  it('serves media URLs on its own origin', async () => {
    const { data } = await (await fetch(`${base}/audio?limit=1`, { headers: { 'x-api-key': 'local-key' } })).json();
    expect(data[0].fileUrl.startsWith(new URL(base).origin)).toBe(true);
    const response = await fetch(data[0].fileUrl, { headers: { range: 'bytes=0-9' } });
    expect(response.status).toBe(206);
  });
});

describe('sandbox settings', () => {
  it('explains each bad setting', () => {
    expect(() => readSandboxConfig({ SANDBOX_NOW: 'yesterday', SANDBOX_COMPANIES: '0', SANDBOX_CLOCK_RATE: '-2' })).toThrow(
      /SANDBOX_NOW must be an ISO 8601 time[\s\S]*SANDBOX_COMPANIES must be a whole number[\s\S]*SANDBOX_CLOCK_RATE must be a number/,
    );
  });

  it('has defaults for everything', () => {
    expect(readSandboxConfig({})).toEqual({
      seed: 'earnings-desk',
      now: undefined,
      companies: 500,
      clockRate: 1,
      apiKey: 'sandbox',
      publicUrl: undefined,
      dataset: 'normal',
      contract: 'full',
      plan: 'full',
    });
  });

  it('reads SANDBOX_CONTRACT (full or strict) and explains any other value', () => {
    expect(readSandboxConfig({ SANDBOX_CONTRACT: 'strict' }).contract).toBe('strict');
    expect(readSandboxConfig({ SANDBOX_CONTRACT: ' full ' }).contract).toBe('full');
    expect(() => readSandboxConfig({ SANDBOX_CONTRACT: 'lenient' })).toThrow(/SANDBOX_CONTRACT must be full .* or strict .*, got "lenient"/);
    expect(() => readSandboxConfig({ SANDBOX_CONTRACT: 'STRICT' })).toThrow(/SANDBOX_CONTRACT/);
  });
});
