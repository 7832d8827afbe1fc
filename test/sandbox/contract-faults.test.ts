/**
 * Contract: the sandbox's fault injection. Each kind returns its status (429 with Retry-After),
 * malformed gives a 200 whose body JSON.parse rejects, drop gives a body whose reading rejects,
 * slow answers normally after the delay; a rule with times: 1 hits exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, expectError, makeSandbox, ORIGIN, V3 } from './contract-helpers.ts';

const { sandbox } = makeSandbox();

afterEach(async () => {
  await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/faults`, { method: 'DELETE' }));
});

function request(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers: { 'x-api-key': sandbox.apiKey, ...headers } });
}

async function addRule(rule: Record<string, unknown>): Promise<number> {
  const res = await sandbox.fetch(
    new Request(`${ORIGIN}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) }),
  );
  await res.text();
  return res.status;
}

const STATUS_KINDS = ['401', '403', '404', '429', '500', '502', '503'] as const;

describe('fault injection by header and by query', () => {
  it('each status kind returns its status with the error body, on any endpoint', async () => {
    for (const path of ['/companies', '/audio?limit=1', '/documents/transcripts', '/audio?limit=1&expand=event']) {
      for (const kind of STATUS_KINDS) {
        const viaHeader = await call(sandbox, `${V3}${path}`, { headers: { 'x-sandbox-fault': kind } });
        expectError(viaHeader, Number(kind), [], `header ${kind} on ${path}`);
        const sep = path.includes('?') ? '&' : '?';
        const viaQuery = await call(sandbox, `${V3}${path}${sep}__fault=${kind}`);
        expectError(viaQuery, Number(kind), [], `__fault=${kind} on ${path}`);
      }
    }
  });

  it('429 carries a Retry-After header (default and __retryAfter)', async () => {
    const plain = await call(sandbox, `${V3}/companies`, { headers: { 'x-sandbox-fault': '429' } });
    expect(plain.status).toBe(429);
    const retryAfter = plain.headers.get('retry-after');
    expect(retryAfter).not.toBeNull();
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(Number(retryAfter))).toBe(true);
    const custom = await call(sandbox, `${V3}/companies?__fault=429&__retryAfter=7`);
    expect(custom.status).toBe(429);
    expect(custom.headers.get('retry-after')).toBe('7');
  });

  it('malformed gives 200 with a body that JSON.parse rejects', async () => {
    for (const res of [
      await sandbox.fetch(request(`${V3}/companies`, { 'x-sandbox-fault': 'malformed' })),
      await sandbox.fetch(request(`${V3}/audio?__fault=malformed`)),
    ]) {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(() => JSON.parse(text)).toThrow();
    }
  });

  it('drop gives a response whose body cannot be read to the end', async () => {
    for (const req of [request(`${V3}/companies`, { 'x-sandbox-fault': 'drop' }), request(`${V3}/audio?__fault=drop`)]) {
      const res = await sandbox.fetch(req);
      await expect(res.text()).rejects.toThrow();
    }
  });

  it('slow answers normally, after the delay', async () => {
    const normal = await call(sandbox, `${V3}/companies?limit=2`);
    const started = performance.now();
    const slow = await call(sandbox, `${V3}/companies?limit=2&__fault=slow&__delay=120`);
    const elapsed = performance.now() - started;
    expect(slow.status).toBe(200);
    expect(slow.json).toEqual(normal.json);
    expect(elapsed).toBeGreaterThanOrEqual(100);
    const started2 = performance.now();
    const slow2 = await call(sandbox, `${V3}/companies?limit=2`, { headers: { 'x-sandbox-fault': 'slow', 'x-sandbox-delay': '80' } });
    expect(slow2.status).toBe(200);
    expect(performance.now() - started2).toBeGreaterThanOrEqual(60);
  });

  it('without a fault the same requests succeed', async () => {
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
    expect((await call(sandbox, `${V3}/audio?limit=1`)).status).toBe(200);
  });
});

describe('fault rules', () => {
  it('a rule with times: 1 hits exactly once', async () => {
    expect(await addRule({ kind: '503', scope: 'api', times: 1 })).toBe(201);
    expectError(await call(sandbox, `${V3}/companies`), 503);
    for (let i = 0; i < 5; i++) expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
  });

  it('times: 3 hits three times; match limits it to matching paths', async () => {
    expect(await addRule({ kind: '500', scope: 'api', match: '/audio', times: 3 })).toBe(201);
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(sandbox, `${V3}/audio?limit=1`)).status);
    expect(statuses).toEqual([500, 500, 500, 200, 200]);
  });

  it('a 429 rule carries Retry-After; a rule without times hits until DELETE', async () => {
    expect(await addRule({ kind: '429', scope: 'api', match: '/companies', retryAfter: 3 })).toBe(201);
    for (let i = 0; i < 4; i++) {
      const res = await call(sandbox, `${V3}/companies`);
      expectError(res, 429);
      expect(res.headers.get('retry-after')).toBe('3');
    }
    const cleared = await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/faults`, { method: 'DELETE' }));
    expect(cleared.status).toBe(200);
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
  });

  it('a malformed rule and a drop rule behave like the header kinds', async () => {
    expect(await addRule({ kind: 'malformed', scope: 'api', times: 1 })).toBe(201);
    const malformed = await sandbox.fetch(request(`${V3}/companies`));
    expect(malformed.status).toBe(200);
    const text = await malformed.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(await addRule({ kind: 'drop', scope: 'api', times: 1 })).toBe(201);
    const dropped = await sandbox.fetch(request(`${V3}/companies`));
    await expect(dropped.text()).rejects.toThrow();
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
  });

  it('an invalid rule is refused with 400', async () => {
    expect(await addRule({ kind: 'explode', scope: 'api' })).toBe(400);
    expect(await addRule({ kind: '500', scope: 'everywhere' })).toBe(400);
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
  });
});

describe('the fault controls refuse what a page on another origin could send', () => {
  const post = (headers: Record<string, string>, body = JSON.stringify({ kind: '500', scope: 'api' })) =>
    sandbox.fetch(new Request(`${ORIGIN}/__sandbox/faults`, { method: 'POST', headers, body }));
  const armed = async () => ((await (await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/faults`))).json()) as { rules: unknown[] }).rules;

  it('a text/plain POST (a cross-site form or fetch without preflight) gets 415 and arms nothing', async () => {
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await post({ 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({
        statusCode: 415,
        message: 'Send the fault rule as JSON with Content-Type: application/json',
        error: 'Unsupported Media Type',
      });
    }
    const untyped = await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/faults`, { method: 'POST', body: new Uint8Array([123, 125]) }));
    expect(untyped.status).toBe(415);
    expect(await armed()).toEqual([]);
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(200);
  });

  it('a change from another origin gets 403, even as JSON, and changes nothing', async () => {
    const crossOrigin = await post({ 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect(((await crossOrigin.json()) as { message: string }).message).toBe(
      "The sandbox's test controls take changes only from their own origin, not from https://evil.example",
    );
    expect((await post({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ 'content-type': 'application/json', 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect(await armed()).toEqual([]);

    expect(await addRule({ kind: '503', scope: 'api', match: '/companies' })).toBe(201);
    const clear = await sandbox.fetch(new Request(`${ORIGIN}/__sandbox/faults`, { method: 'DELETE', headers: { origin: 'https://evil.example' } }));
    expect(clear.status).toBe(403);
    expect(await armed()).toHaveLength(1);
  });

  it('a same-origin JSON change works, as from the app’s own page or a test tool', async () => {
    const res = await post({ 'content-type': 'application/json; charset=utf-8', origin: ORIGIN, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(201);
    expect((await call(sandbox, `${V3}/companies`)).status).toBe(500);
    expect((await post({ 'content-type': 'application/json', 'sec-fetch-site': 'none' })).status).toBe(201);
  });
});
