/**
 * Contract: authentication on every endpoint, methods, unknown paths, HEAD, the error body
 * shapes of upstream-facts ("Validation and error bodies": 401 `Unauthorized`, 404 `Not Found`
 * for an unknown id, also for the parent of the scoped endpoints; NestJS's "Cannot GET /path"
 * for an unknown path) and unknown query parameters (400 naming each).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../server/sandbox/app.ts';
import { call, expectError, expectNoRoute, expectNotFound, fieldProblems, get, makeSandbox, V3, type Rec } from './contract-helpers.ts';

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
    { n: 9, path: `/live/audio/${audio.eventId + 764}`, unknown: `/live/audio/${UNKNOWN}`, unknownId: UNKNOWN, list: false },
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

  it('the 401 body is the plain { statusCode: 401, message: "Unauthorized" }, for a missing and for a wrong key', async () => {
    const missing = await call(sandbox, `${V3}/companies`, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ statusCode: 401, message: 'Unauthorized' });
    const wrong = await call(sandbox, `${V3}/companies`, { key: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ statusCode: 401, message: 'Unauthorized' });
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
  it('give 404 with the error body (the five extension lists are tested in contract-extensions)', async () => {
    const paths = [
      `${V3}/nope`,
      `${V3}`,
      `${V3}/`,
      `${V3}/event`,
      `${V3}/eventtypes`,
      `${V3}/document-type`,
      // (/live and /live/{id} are endpoints beyond the contract: contract-live-transcripts.)
      `${V3}/live/audio/1/nope`,
      `${V3}/live/transcripts/1/nope`,
      `${V3}/live/1/nope`,
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
      expectNoRoute(await call(sandbox, path), path, 'GET', `GET ${path}`);
    }
  });
});

describe('unknown query parameters', () => {
  it('are refused with 400 naming each ("property expand should not exist"), on every endpoint', async () => {
    for (const e of endpoints) {
      const sep = e.path.includes('?') ? '&' : '?';
      for (const name of ['nope', 'limits', 'Limit', 'company_ids', 'api_key']) {
        const res = await call(sandbox, `${V3}${e.path}${sep}${name}=1`);
        expectError(res, 400, [name], `#${e.n} ${e.path} ?${name}`);
        expect(fieldProblems(res), `#${e.n} ?${name}`).toEqual([{ field: name, message: `property ${name} should not exist` }]);
      }
    }
  });

  it('single-record endpoints take no parameters but expand where the contract lists it (7, 10) and on the transcript (12)', async () => {
    for (const e of endpoints.filter((x) => !x.list)) {
      const res = await call(sandbox, `${V3}${e.path}?expand=event`);
      // 12: public clients send expand=event to the transcript as to the document (it always has the event).
      if (e.n === 7 || e.n === 10 || e.n === 12) expect(res.status, `#${e.n} expand=event`).toBe(200);
      else expect(fieldProblems(res), `#${e.n} expand=event`).toEqual([{ field: 'expand', message: 'property expand should not exist' }]);
    }
    for (const e of endpoints.filter((x) => !x.list)) {
      expectError(await call(sandbox, `${V3}${e.path}?limit=5`), 400, ['limit'], `#${e.n} limit`);
    }
  });

  it('a parameter of another endpoint is refused (expand on companies, levels on audio, ids on transcripts)', async () => {
    const cases: [string, string][] = [
      ['/companies', 'expand=event'],
      ['/companies', 'companyIds=1'],
      ['/audio', 'levels=1'],
      ['/audio', 'typeIds=1'],
      ['/documents/transcripts', 'ids=1'],
      ['/documents/transcripts', 'states=live'],
    ];
    for (const [path, query] of cases) {
      const name = query.split('=')[0]!;
      expect(fieldProblems(await call(sandbox, `${V3}${path}?${query}`)), `${path}?${query}`).toEqual([
        { field: name, message: `property ${name} should not exist` },
      ]);
    }
  });

  it('every problem of a request is listed, one entry per field', async () => {
    const res = await call(sandbox, `${V3}/audio?limit=0&direction=up&nope=1&countries=USA&expand=company`);
    expectError(res, 400, ['limit', 'direction', 'nope', 'countries', 'expand']);
    expect(
      fieldProblems(res)
        .map((p) => p.field)
        .sort(),
    ).toEqual(['countries', 'direction', 'expand', 'limit', 'nope']);
    // A bad path id and a bad parameter are both named; a bad query on an unknown id is still a 400.
    const both = await call(sandbox, `${V3}/audio/abc/chapters?levels=x`);
    expect(
      fieldProblems(both)
        .map((p) => p.field)
        .sort(),
    ).toEqual(['id', 'levels']);
    expectError(await call(sandbox, `${V3}/audio/${UNKNOWN}/chapters?levels=x`), 400, ['levels']);
  });

  it('the sandbox fault parameters stay allowed everywhere', async () => {
    for (const e of endpoints) {
      const sep = e.path.includes('?') ? '&' : '?';
      expect((await call(sandbox, `${V3}${e.path}${sep}__delay=0&__retryAfter=1`)).status, `#${e.n}`).toBe(200);
      expect((await call(sandbox, `${V3}${e.path}${sep}__fault=503`)).status, `#${e.n}`).toBe(503);
    }
  });
});

describe('unknown ids', () => {
  it('give the plain 404 { statusCode: 404, message: "Not Found" } on every id endpoint', async () => {
    for (const e of endpoints) {
      if (!e.unknown) continue;
      expectNotFound(await call(sandbox, `${V3}${e.unknown}`), `#${e.n} ${e.unknown}`);
    }
  });

  it('the scoped endpoints (segments, chapters) give 404 for an unknown parent', async () => {
    expectNotFound(await call(sandbox, `${V3}/companies/${UNKNOWN}/segments`), 'segments of unknown company');
    expectNotFound(await call(sandbox, `${V3}/companies/${UNKNOWN}/segments?limit=5&direction=desc`), 'segments of unknown company with page params');
    expectNotFound(await call(sandbox, `${V3}/audio/${UNKNOWN}/chapters`), 'chapters of unknown audio');
    expectNotFound(await call(sandbox, `${V3}/audio/${UNKNOWN}/chapters?levels=1,2`), 'chapters of unknown audio with levels');
    // Id 0 is a well-formed integer that no record has.
    expectNotFound(await call(sandbox, `${V3}/companies/0/segments`), 'segments of company 0');
    expectNotFound(await call(sandbox, `${V3}/audio/0/chapters`), 'chapters of audio 0');
    expectNotFound(await call(sandbox, `${V3}/companies/0`), 'company 0');
  });

  it('the first id past the last record is unknown (404) for companies', async () => {
    const all = await get(sandbox, '/companies', { limit: 500, direction: 'desc' });
    const last = all.data[0].id as number;
    expect((await call(sandbox, `${V3}/companies/${last}`)).status).toBe(200);
    expectNotFound(await call(sandbox, `${V3}/companies/${last + 1}`), 'company after the last');
  });

  it('a non-transcript document is not served by the transcript endpoint (12) but is by endpoint 10', async () => {
    const pdf = sandbox.sampleIds().pdfDocumentId;
    expect(pdf, 'the sandbox has a non-transcript document').toBeDefined();
    expect((await call(sandbox, `${V3}/documents/${pdf}`)).status).toBe(200);
    expectNotFound(await call(sandbox, `${V3}/documents/transcripts/${pdf}`), 'non-transcript on endpoint 12');
  });
});

describe('error bodies', () => {
  it('a 400 is { statusCode: 400, error: "Bad Request", message: [{ field, message }] }, as JSON', async () => {
    const res = await call(sandbox, `${V3}/companies?limit=0`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ statusCode: 400, error: 'Bad Request', message: [{ field: 'limit', message: 'limit must not be less than 1' }] });
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('keeps the per-field wording (limit, cursor, direction, dates, lists, expand)', async () => {
    const cases: [string, string, RegExp][] = [
      ['/audio?limit=501', 'limit', /^limit must not be greater than 500$/],
      ['/audio?limit=ten', 'limit', /^limit must be an integer number, got "ten"$/],
      ['/audio?cursor=-1', 'cursor', /^cursor must not be less than 0$/],
      ['/audio?direction=up', 'direction', /^direction must be one of the following values: asc, desc$/],
      ['/audio?startDate=yesterday', 'startDate', /^startDate must be a valid ISO 8601 date string, got "yesterday"$/],
      ['/audio?eventIds=1,,2', 'eventIds', /^eventIds must not contain empty items$/],
      ['/audio?countries=USA', 'countries', /^each value in countries must be an ISO 3166-1 alpha-2 country code, got "USA"$/],
      ['/audio?expand=company', 'expand', /expand must be a comma-separated list of: event/],
      ['/companies?limit=1&limit=2', 'limit', /^limit must be given once, not 2 times$/],
    ];
    for (const [path, field, message] of cases) {
      const entries = fieldProblems(await call(sandbox, `${V3}${path}`));
      expect(entries, path).toHaveLength(1);
      expect(entries[0]!.field, path).toBe(field);
      expect(entries[0]!.message, path).toMatch(message);
    }
  });

  it('a 404 for an unknown id is the plain { statusCode: 404, message: "Not Found" }, as JSON', async () => {
    const notFound = await call(sandbox, `${V3}/events/${UNKNOWN}`);
    expectNotFound(notFound);
    expect(notFound.headers.get('content-type')).toMatch(/application\/json/);
  });
});
