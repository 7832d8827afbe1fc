/**
 * Contract: authentication on every endpoint, methods, unknown paths, HEAD, the error body
 * shape and unknown ids (404 naming the id, also for the parent of the scoped endpoints).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../server/sandbox/app.ts';
import { call, expectError, get, makeSandbox, V3, type Rec } from './contract-helpers.ts';

const { sandbox } = makeSandbox();

interface Endpoint {
  n: number;
  /** A path (below /public/v3) that answers 200 with the sandbox key. */
  path: string;
  /** The same endpoint with an id that does not exist (id endpoints only). */
  unknown?: string;
  unknownId?: number;
  list: boolean;
}

let endpoints: Endpoint[] = [];
const UNKNOWN = 987654321;

async function discover(sb: Sandbox): Promise<Endpoint[]> {
  const company = (await get(sb, '/companies', { limit: 1 })).data[0] as Rec;
  const audio = (await get(sb, '/audio', { limit: 1 })).data[0] as Rec;
  const transcript = (await get(sb, '/documents/transcripts', { limit: 1 })).data[0] as Rec;
  const event = (await get(sb, `/events/${audio.eventId}`)).data as Rec;
  return [
    { n: 1, path: '/companies', list: true },
    { n: 2, path: `/companies/${company.id}`, unknown: `/companies/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 3, path: `/companies/${company.id}/segments`, unknown: `/companies/${UNKNOWN}/segments`, unknownId: UNKNOWN, list: true },
    { n: 4, path: `/events/${audio.eventId}`, unknown: `/events/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 5, path: `/event-types/${event.typeId}`, unknown: `/event-types/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 6, path: '/audio', list: true },
    { n: 7, path: `/audio/${audio.id}`, unknown: `/audio/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 8, path: `/audio/${audio.id}/chapters`, unknown: `/audio/${UNKNOWN}/chapters`, unknownId: UNKNOWN, list: true },
    { n: 9, path: `/live/audio/${audio.eventId}`, unknown: `/live/audio/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 10, path: `/documents/${transcript.id}`, unknown: `/documents/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 11, path: '/documents/transcripts', list: true },
    { n: 12, path: `/documents/transcripts/${transcript.id}`, unknown: `/documents/transcripts/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
    { n: 13, path: `/document-types/${transcript.typeId}`, unknown: `/document-types/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
  ];
}

beforeAll(async () => {
  endpoints = await discover(sandbox);
});

describe('the 13 endpoints answer with the key', () => {
  it('every endpoint gives 200 with a JSON envelope when the right x-api-key is sent', async () => {
    expect(endpoints.map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (const e of endpoints) {
      const res = await call(sandbox, `${V3}${e.path}`);
      expect(res.status, `#${e.n} ${e.path}`).toBe(200);
      expect(res.headers.get('content-type'), `#${e.n}`).toMatch(/application\/json/);
      expect(Object.keys(res.json).sort(), `#${e.n} envelope`).toEqual(e.list ? ['data', 'pagination'] : ['data']);
    }
  });
});

describe('authentication', () => {
  it('a missing x-api-key gives 401 on every endpoint', async () => {
    for (const e of endpoints) {
      expectError(await call(sandbox, `${V3}${e.path}`, { key: null }), 401, [], `#${e.n} ${e.path} without key`);
    }
  });

  it('a wrong x-api-key gives 401 on every endpoint', async () => {
    for (const key of ['wrong', 'SANDBOX', 'sandboxx', 'sand', '']) {
      for (const e of endpoints) {
        expectError(await call(sandbox, `${V3}${e.path}`, { key }), 401, [], `#${e.n} ${e.path} with key "${key}"`);
      }
    }
  });

  it('the key is only accepted in the x-api-key header (not as a query parameter or a bearer token)', async () => {
    for (const e of endpoints) {
      const sep = e.path.includes('?') ? '&' : '?';
      expectError(await call(sandbox, `${V3}${e.path}${sep}x-api-key=${sandbox.apiKey}`, { key: null }), 401, [], `#${e.n} key in query`);
      expectError(await call(sandbox, `${V3}${e.path}${sep}api_key=${sandbox.apiKey}`, { key: null }), 401, [], `#${e.n} api_key in query`);
      expectError(
        await call(sandbox, `${V3}${e.path}`, { key: null, headers: { authorization: `Bearer ${sandbox.apiKey}` } }),
        401,
        [],
        `#${e.n} bearer token`,
      );
    }
  });

  it('the 401 message says what is wrong with the key', async () => {
    const missing = await call(sandbox, `${V3}/companies`, { key: null });
    expectError(missing, 401);
    expect(missing.json.message.toLowerCase()).toMatch(/key/);
    const wrong = await call(sandbox, `${V3}/companies`, { key: 'nope' });
    expectError(wrong, 401);
    expect(wrong.json.message.toLowerCase()).toMatch(/key/);
  });

  it('an unauthenticated request gets 401 even when it also has a bad parameter or an unknown id', async () => {
    for (const e of endpoints) {
      if (e.list) expectError(await call(sandbox, `${V3}${e.path}?limit=0`, { key: 'wrong' }), 401, [], `#${e.n} wrong key + limit=0`);
      if (e.unknown) expectError(await call(sandbox, `${V3}${e.unknown}`, { key: null }), 401, [], `#${e.n} no key + unknown id`);
    }
  });
});

describe('methods', () => {
  it('methods other than GET and HEAD give 405 on every endpoint', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const e of endpoints) {
        const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? '{}' : undefined;
        const res = await call(sandbox, `${V3}${e.path}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
        expectError(res, 405, [], `${method} #${e.n} ${e.path}`);
      }
    }
  });

  it('HEAD gives the GET status with an empty body on every endpoint', async () => {
    for (const e of endpoints) {
      const head = await call(sandbox, `${V3}${e.path}`, { method: 'HEAD' });
      expect(head.status, `HEAD #${e.n}`).toBe(200);
      expect(head.text, `HEAD #${e.n} body`).toBe('');
    }
  });

  it('HEAD mirrors error statuses too (401, 400, 404), still with an empty body', async () => {
    const cases: [string, string | null | undefined, number][] = [
      [`${V3}/companies`, null, 401],
      [`${V3}/audio`, 'wrong', 401],
      [`${V3}/companies?limit=0`, undefined, 400],
      [`${V3}/audio?direction=up`, undefined, 400],
      [`${V3}/companies/${UNKNOWN}`, undefined, 404],
      [`${V3}/audio/${UNKNOWN}/chapters`, undefined, 404],
      [`${V3}/no-such-endpoint`, undefined, 404],
    ];
    for (const [path, key, status] of cases) {
      const get = await call(sandbox, path, { key });
      const head = await call(sandbox, path, { key, method: 'HEAD' });
      expect(get.status, `GET ${path}`).toBe(status);
      expect(head.status, `HEAD ${path}`).toBe(status);
      expect(head.text, `HEAD ${path} body`).toBe('');
    }
  });
});

describe('unknown paths', () => {
  it('give 404 with the error body', async () => {
    const paths = [
      `${V3}/nope`,
      `${V3}`,
      `${V3}/`,
      `${V3}/events`,
      `${V3}/event-types`,
      `${V3}/document-types`,
      `${V3}/documents`,
      `${V3}/live/audio`,
      `${V3}/live`,
      `${V3}/segments`,
      `${V3}/chapters`,
      `${V3}/companies/1/nope`,
      `${V3}/audio/1/chapters/1`,
      `${V3}/audio/1/nope`,
      `${V3}/documents/transcripts/1/nope`,
      '/public/v2/companies',
      '/public/v4/companies',
      '/v3/companies',
      '/companies',
      '/',
    ];
    for (const path of paths) {
      expectError(await call(sandbox, path), 404, [], `GET ${path}`);
    }
  });
});

describe('unknown ids', () => {
  it('give 404 on every id endpoint, with a message naming the id', async () => {
    for (const e of endpoints) {
      if (!e.unknown) continue;
      expectError(await call(sandbox, `${V3}${e.unknown}`), 404, [e.unknownId!], `#${e.n} ${e.unknown}`);
    }
  });

  it('the scoped endpoints (segments, chapters) give 404 for an unknown parent, naming it', async () => {
    expectError(await call(sandbox, `${V3}/companies/${UNKNOWN}/segments`), 404, [UNKNOWN], 'segments of unknown company');
    expectError(
      await call(sandbox, `${V3}/companies/${UNKNOWN}/segments?limit=5&direction=desc`),
      404,
      [UNKNOWN],
      'segments of unknown company with page params',
    );
    expectError(await call(sandbox, `${V3}/audio/${UNKNOWN}/chapters`), 404, [UNKNOWN], 'chapters of unknown audio');
    expectError(await call(sandbox, `${V3}/audio/${UNKNOWN}/chapters?levels=1,2`), 404, [UNKNOWN], 'chapters of unknown audio with levels');
    // Id 0 is a well-formed integer that no record has.
    expectError(await call(sandbox, `${V3}/companies/0/segments`), 404, ['0'], 'segments of company 0');
    expectError(await call(sandbox, `${V3}/audio/0/chapters`), 404, ['0'], 'chapters of audio 0');
    expectError(await call(sandbox, `${V3}/companies/0`), 404, ['0'], 'company 0');
  });

  it('the first id past the last record is unknown (404) for companies', async () => {
    const all = await get(sandbox, '/companies', { limit: 500, direction: 'desc' });
    const last = all.data[0].id as number;
    expect((await call(sandbox, `${V3}/companies/${last}`)).status).toBe(200);
    expectError(await call(sandbox, `${V3}/companies/${last + 1}`), 404, [last + 1], 'company after the last');
  });

  it('a non-transcript document is not served by the transcript endpoint (12) but is by endpoint 10', async () => {
    const pdf = sandbox.sampleIds().pdfDocumentId;
    expect(pdf, 'the sandbox has a non-transcript document').toBeDefined();
    expect((await call(sandbox, `${V3}/documents/${pdf}`)).status).toBe(200);
    expectError(await call(sandbox, `${V3}/documents/transcripts/${pdf}`), 404, [pdf!], 'non-transcript on endpoint 12');
  });
});

describe('error bodies', () => {
  it('are JSON { statusCode, message, error } with the status of the response', async () => {
    const res = await call(sandbox, `${V3}/companies?limit=0`);
    expectError(res, 400, ['limit']);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const notFound = await call(sandbox, `${V3}/events/${UNKNOWN}`);
    expectError(notFound, 404, [UNKNOWN]);
    expect(notFound.headers.get('content-type')).toMatch(/application\/json/);
  });
});
