/**
 * Contract: 400 for bad query parameters and path ids, with a message naming the parameter
 * (or the bad id); the valid edges of each rule are accepted.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, errorProblem, fieldProblems, get, makeSandbox, V3, withQuery, type Params, type Rec } from './contract-helpers.ts';

const { sandbox } = makeSandbox();

/** The five list endpoints (1, 3, 6, 8, 11), filled in with discovered ids. */
let lists: { n: number; path: string }[] = [];
/** The twelve id endpoints with `{id}` left as a placeholder. */
let idPaths: { n: number; template: string }[] = [];
let sample: { companyId: number; audioId: number; eventId: number; documentId: number; typeId: number; eventTypeId: number };

beforeAll(async () => {
  const company = (await get(sandbox, '/companies', { limit: 1 })).data[0] as Rec;
  const audio = (await get(sandbox, '/audio', { limit: 1 })).data[0] as Rec;
  const transcript = (await get(sandbox, '/documents/transcripts', { limit: 1 })).data[0] as Rec;
  const event = (await get(sandbox, `/events/${audio.eventId}`)).data as Rec;
  sample = {
    companyId: company.id,
    audioId: audio.id,
    eventId: audio.eventId,
    documentId: transcript.id,
    typeId: transcript.typeId,
    eventTypeId: event.typeId,
  };
  lists = [
    { n: 1, path: '/companies' },
    { n: 3, path: `/companies/${company.id}/segments` },
    { n: 6, path: '/audio' },
    { n: 8, path: `/audio/${audio.id}/chapters` },
    { n: 11, path: '/documents/transcripts' },
  ];
  idPaths = [
    { n: 2, template: '/companies/{id}' },
    { n: 3, template: '/companies/{id}/segments' },
    { n: 4, template: '/events/{id}' },
    { n: 5, template: '/event-types/{id}' },
    { n: 7, template: '/audio/{id}' },
    { n: 8, template: '/audio/{id}/chapters' },
    { n: 9, template: '/live/audio/{id}' },
    { n: 10, template: '/documents/{id}' },
    { n: 12, template: '/documents/transcripts/{id}' },
    { n: 13, template: '/document-types/{id}' },
  ];
});

async function status(path: string, params: Params): Promise<number> {
  return (await call(sandbox, withQuery(`${V3}${path}`, params))).status;
}

/** Problems found by expect400 in the current test; every test asserts at its end that there are none. */
let problems: string[] = [];

async function expect400(path: string, params: Params, mentions: string[]): Promise<void> {
  const url = withQuery(`${V3}${path}`, params);
  const problem = errorProblem(await call(sandbox, url), 400, mentions);
  if (problem) problems.push(`GET ${decodeURIComponent(url)}: ${problem}`);
}

beforeEach(() => {
  problems = [];
});

afterEach(() => {
  // Every rejected request is listed, not only the first.
  expect(problems, `${problems.length} requests did not give the expected 400:\n${problems.join('\n')}`).toEqual([]);
});

describe('limit', () => {
  it('outside 1..500 or not an integer gives 400 naming limit, on every list endpoint', async () => {
    for (const { path } of lists) {
      // An integer written with a decimal point (500.0) is accepted: contract-fidelity.test.ts.
      for (const limit of ['0', '501', '1000', '-1', '1.5', '500.5', '501.0', '0.0', '2.', '.5', '1e2', 'abc', '10x', '', '0x10', 'ten', 'NaN', 'Infinity']) {
        await expect400(path, { limit }, ['limit']);
      }
    }
  });

  it('1 and 500 are accepted', async () => {
    for (const { path } of lists) {
      expect(await status(path, { limit: 1 }), `${path} limit=1`).toBe(200);
      expect(await status(path, { limit: 500 }), `${path} limit=500`).toBe(200);
    }
  });
});

describe('cursor', () => {
  it('below 0 or not an integer gives 400 naming cursor, on every list endpoint', async () => {
    for (const { path } of lists) {
      for (const cursor of ['-1', '-100', '1.5', '-1.0', '10.5', '10.', 'abc', '', 'null', '5x']) {
        await expect400(path, { cursor }, ['cursor']);
      }
    }
  });

  it('0 is accepted', async () => {
    for (const { path } of lists) expect(await status(path, { cursor: 0 }), path).toBe(200);
  });
});

describe('direction', () => {
  it('other than asc/desc gives 400 naming direction, on every list endpoint', async () => {
    for (const { path } of lists) {
      for (const direction of ['up', 'down', 'ASC', 'Desc', 'ascending', 'descending', '', '1', 'asc,desc']) {
        await expect400(path, { direction }, ['direction']);
      }
    }
  });

  it('asc and desc are accepted', async () => {
    for (const { path } of lists) {
      expect(await status(path, { direction: 'asc' }), path).toBe(200);
      expect(await status(path, { direction: 'desc' }), path).toBe(200);
    }
  });
});

describe('expand', () => {
  const expandPaths = () => ['/audio', `/audio/${sample.audioId}`, `/documents/${sample.documentId}`, '/documents/transcripts'];

  it('other than event gives 400 naming expand (endpoints 6, 7, 10, 11)', async () => {
    for (const path of expandPaths()) {
      for (const expand of ['company', 'events', 'Event', 'event,company', 'company,event', '', 'event,', ',event', 'event, event', 'audio']) {
        await expect400(path, { expand }, ['expand']);
      }
    }
  });

  it('event is accepted', async () => {
    for (const path of expandPaths()) expect(await status(path, { expand: 'event' }), path).toBe(200);
  });
});

describe('dates', () => {
  const dateParams = (): [string, string[]][] => [
    ['/companies', ['updatedBefore', 'updatedAfter']],
    ['/audio', ['startDate', 'endDate', 'updatedBefore', 'updatedAfter']],
    ['/documents/transcripts', ['startDate', 'endDate', 'updatedBefore', 'updatedAfter']],
  ];
  const invalid = [
    'yesterday',
    'not-a-date',
    '2026-13-01',
    '2026-00-10',
    '2026-02-30',
    '2026-11-31',
    '2026-11-21T25:00:00Z',
    '2026-11-21T12:60:00Z',
    '21.11.2026',
    '11/21/2026',
    '2026/11/21',
    '1763726400000',
    '2026-1-5',
    '',
    'Sat, 21 Nov 2026 12:00:00 GMT',
    // Offsets out of range are not ISO 8601 either.
    '2026-11-21T12:00:00+12:99',
    '2026-11-21T12:00:00+25:00',
  ];
  const valid = ['2025-01-01', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00.000Z', '2025-01-01T02:00:00+02:00', '2025-06-30T23:59:59.999Z'];

  it('a date that is not ISO 8601 gives 400 naming the parameter', async () => {
    for (const [path, names] of dateParams()) {
      for (const name of names) {
        for (const value of invalid) await expect400(path, { [name]: value }, [name]);
      }
    }
  });

  it('ISO 8601 dates (date only, UTC, with milliseconds, with an offset) are accepted', async () => {
    for (const [path, names] of dateParams()) {
      for (const name of names) {
        for (const value of valid) expect(await status(path, { [name]: value }), `${path}?${name}=${value}`).toBe(200);
      }
    }
  });
});

describe('lists', () => {
  const listParams = (): [string, Record<string, [string, string]>][] => [
    ['/companies', { countries: ['US', 'GB'], exchanges: ['NYSE', 'LSE'], tickers: ['AB', 'CD'], isins: ['US0378331005', 'DE0007164600'], ids: ['1', '2'] }],
    [
      '/audio',
      {
        countries: ['US', 'GB'],
        exchanges: ['NYSE', 'LSE'],
        tickers: ['AB', 'CD'],
        isins: ['US0378331005', 'DE0007164600'],
        companyIds: ['1', '2'],
        eventIds: ['1', '2'],
      },
    ],
    [
      '/documents/transcripts',
      {
        countries: ['US', 'GB'],
        exchanges: ['NYSE', 'LSE'],
        tickers: ['AB', 'CD'],
        isins: ['US0378331005', 'DE0007164600'],
        companyIds: ['1', '2'],
        eventIds: ['1', '2'],
        typeIds: ['10', '11'],
        documentGroupIds: ['1', '2'],
      },
    ],
    [`/audio/${sample.audioId}/chapters`, { levels: ['1', '2'] }],
  ];

  it('a list with an empty item gives 400 naming the parameter', async () => {
    for (const [path, params] of listParams()) {
      for (const [name, [a, b]] of Object.entries(params)) {
        for (const value of [`${a},,${b}`, `,${a}`, `${a},`, ',', `${a},,`, '']) await expect400(path, { [name]: value }, [name]);
      }
    }
  });

  it('a list with any whitespace gives 400 naming the parameter', async () => {
    for (const [path, params] of listParams()) {
      for (const [name, [a, b]] of Object.entries(params)) {
        for (const value of [`${a}, ${b}`, `${a} ,${b}`, ` ${a}`, `${a} `, `${a},\t${b}`, `${a}\n`, ' ']) {
          await expect400(path, { [name]: value }, [name]);
        }
      }
    }
  });

  it('a well-formed list (one value, several values) is accepted', async () => {
    for (const [path, params] of listParams()) {
      for (const [name, [a, b]] of Object.entries(params)) {
        expect(await status(path, { [name]: a }), `${path}?${name}=${a}`).toBe(200);
        expect(await status(path, { [name]: `${a},${b}` }), `${path}?${name}=${a},${b}`).toBe(200);
      }
    }
  });

  it('a non-integer in an id list gives 400 naming the parameter', async () => {
    const integerLists: [string, string[]][] = [
      ['/companies', ['ids']],
      ['/audio', ['companyIds', 'eventIds']],
      ['/documents/transcripts', ['companyIds', 'eventIds', 'typeIds', 'documentGroupIds']],
      [`/audio/${sample.audioId}/chapters`, ['levels']],
    ];
    for (const [path, names] of integerLists) {
      for (const name of names) {
        for (const value of ['abc', '1,x', '1.5', '2,3a', 'one', '1,2.5', '1,2.', 'x1', '0x1']) {
          await expect400(path, { [name]: value }, [name]);
        }
      }
    }
  });
});

describe('path ids', () => {
  it('a non-integer path id gives 400 naming the field id, with a message quoting the bad id, on every id endpoint', async () => {
    for (const { n, template } of idPaths) {
      for (const bad of ['abc', '1.5', '12.', '12x', 'x12', 'one', '1e3', 'null', '0x10']) {
        const path = `${V3}${template.replace('{id}', bad)}`;
        const res = await call(sandbox, path);
        const problem = errorProblem(res, 400, ['id']);
        if (problem) problems.push(`#${n} GET ${path}: ${problem}`);
        else if (!fieldProblems(res).some((p) => p.field === 'id' && p.message.includes(bad))) {
          problems.push(`#${n} GET ${path}: the id entry does not quote "${bad}": ${res.text}`);
        }
      }
    }
  });

  it('the same endpoints accept a known integer id', async () => {
    const known: Record<number, number> = {
      2: sample.companyId,
      3: sample.companyId,
      4: sample.eventId,
      5: sample.eventTypeId,
      7: sample.audioId,
      8: sample.audioId,
      // A live-audio record's own id: its event's + 764.
      9: sample.eventId + 764,
      10: sample.documentId,
      12: sample.documentId,
      13: sample.typeId,
    };
    for (const { n, template } of idPaths) {
      const path = `${V3}${template.replace('{id}', String(known[n]))}`;
      expect((await call(sandbox, path)).status, `#${n} ${path}`).toBe(200);
    }
  });
});
