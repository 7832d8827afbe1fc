/**
 * Contract: cursor pagination on the five list endpoints. Following nextCursor from cursor 0
 * yields every record exactly once, sorted by id in the requested direction, the same set
 * whatever the limit; nextCursor is null on the last page; default limit 10; a page never
 * holds more than limit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collect, expectListEnvelope, get, ids, makeSandbox, sortNum, type Params, type Rec } from './contract-helpers.ts';

// A smaller dataset keeps the limit=1 walks fast; the rules do not depend on the size.
const { sandbox } = makeSandbox({ companies: 60 });

interface ListCase {
  name: string;
  path: string;
  params?: Params;
  /** Records have an id (segments do not). */
  hasId: boolean;
}

let cases: ListCase[] = [];

beforeAll(async () => {
  const audio = (await get(sandbox, '/audio', { limit: 3 })).data as Rec[];
  // The company with the most segment records among the first few.
  const companies = (await get(sandbox, '/companies', { limit: 20 })).data as Rec[];
  let best = { id: companies[0]!.id as number, count: -1 };
  for (const c of companies) {
    const count = (await get(sandbox, `/companies/${c.id}/segments`, { limit: 500 })).data.length as number;
    if (count > best.count) best = { id: c.id, count };
  }
  cases = [
    { name: 'companies', path: '/companies', hasId: true },
    { name: 'audio', path: '/audio', hasId: true },
    { name: 'transcripts', path: '/documents/transcripts', hasId: true },
    { name: 'chapters (levels 1,2)', path: `/audio/${audio[0]!.id}/chapters`, params: { levels: '1,2' }, hasId: true },
    { name: 'chapters (default level)', path: `/audio/${audio[1]!.id}/chapters`, hasId: true },
    { name: 'segments', path: `/companies/${best.id}/segments`, hasId: false },
    // A filtered list pages the same way.
    { name: 'audio filtered by companyIds', path: '/audio', params: { companyIds: `${audio[0]!.companyId},${audio[2]!.companyId}` }, hasId: true },
  ];
});

const key = (record: Rec) => JSON.stringify(record);

describe('following nextCursor from cursor 0', () => {
  for (const direction of ['asc', 'desc'] as const) {
    it(`yields every record exactly once, the same set with limit 1, 7 and 500 (${direction})`, async () => {
      for (const c of cases) {
        const runs = new Map<number, Rec[]>();
        for (const limit of [1, 7, 500]) {
          const { records, pages } = await collect(sandbox, c.path, c.params, { limit, direction });
          // collect() checks: every page <= limit, no repeated cursor, ids strictly ordered, ends on nextCursor null.
          expect(pages, `${c.name} limit ${limit}: at least ceil(n / limit) pages`).toBeGreaterThanOrEqual(Math.ceil(records.length / limit));
          runs.set(limit, records);
        }
        const base = runs.get(500)!;
        expect(base.length, `${c.name} has records`).toBeGreaterThan(c.name.startsWith('chapters') || c.name === 'segments' ? 2 : 10);
        for (const limit of [1, 7]) {
          const records = runs.get(limit)!;
          // Exactly once: no duplicates.
          expect(new Set(records.map(key)).size, `${c.name} limit ${limit}: duplicates`).toBe(records.length);
          expect(records.map(key), `${c.name} limit ${limit} vs 500 (${direction})`).toEqual(base.map(key));
        }
        if (c.hasId) {
          const list = ids(base);
          expect(list, `${c.name} sorted by id ${direction}`).toEqual(direction === 'asc' ? sortNum(list) : sortNum(list).reverse());
        }
      }
    });
  }

  it('asc and desc give the same set, in opposite order', async () => {
    for (const c of cases) {
      const asc = (await collect(sandbox, c.path, c.params, { limit: 7, direction: 'asc' })).records;
      const desc = (await collect(sandbox, c.path, c.params, { limit: 7, direction: 'desc' })).records;
      expect(desc.map(key).sort(), c.name).toEqual(asc.map(key).sort());
      if (c.hasId) expect(ids(desc), c.name).toEqual(ids(asc).reverse());
    }
  });

  it('the full companies list is every company id (ids reachable by endpoint 2 and nothing else)', async () => {
    const all = (await collect(sandbox, '/companies', {}, { limit: 500 })).records;
    for (const c of [all[0]!, all[all.length - 1]!]) {
      expect((await get(sandbox, `/companies/${c.id}`)).data).toEqual(c);
    }
    expect(new Set(ids(all)).size).toBe(all.length);
  });
});

describe('cursor 0 and the default cursor', () => {
  it('cursor 0 starts at the first record in either direction, and is the default', async () => {
    for (const c of cases) {
      for (const direction of ['asc', 'desc'] as const) {
        const all = (await collect(sandbox, c.path, c.params, { limit: 500, direction })).records;
        const explicit = await get(sandbox, c.path, { ...c.params, limit: 3, direction, cursor: 0 });
        const implicit = await get(sandbox, c.path, { ...c.params, limit: 3, direction });
        expect(explicit, `${c.name} ${direction}: cursor=0 equals no cursor`).toEqual(implicit);
        expect(explicit.data.map(key), `${c.name} ${direction}: first page`).toEqual(all.slice(0, 3).map(key));
      }
    }
  });

  it('the default direction is asc', async () => {
    for (const c of cases) {
      const implicit = await get(sandbox, c.path, { ...c.params, limit: 5 });
      const asc = await get(sandbox, c.path, { ...c.params, limit: 5, direction: 'asc' });
      expect(implicit, c.name).toEqual(asc);
    }
  });

  it('passing nextCursor back gives the following records, also in desc', async () => {
    for (const c of cases) {
      for (const direction of ['asc', 'desc'] as const) {
        const all = (await collect(sandbox, c.path, c.params, { limit: 500, direction })).records;
        if (all.length < 3) continue;
        const first = await get(sandbox, c.path, { ...c.params, limit: 2, direction });
        expect(first.pagination.nextCursor, c.name).not.toBeNull();
        const second = await get(sandbox, c.path, { ...c.params, limit: 2, direction, cursor: first.pagination.nextCursor });
        expect(second.data.map(key), `${c.name} ${direction}: second page`).toEqual(all.slice(2, 4).map(key));
      }
    }
  });
});

describe('page size', () => {
  it('the default limit is 10', async () => {
    for (const c of cases) {
      const total = (await collect(sandbox, c.path, c.params, { limit: 500 })).records.length;
      for (const direction of ['asc', 'desc'] as const) {
        const page = await get(sandbox, c.path, { ...c.params, direction });
        expectListEnvelope(page);
        expect(page.data.length, `${c.name} ${direction}: default page`).toBe(Math.min(10, total));
        if (total > 10) expect(page.pagination.nextCursor, c.name).not.toBeNull();
        else expect(page.pagination.nextCursor, c.name).toBeNull();
      }
    }
    // The big lists have more than 10 records, so the default page is really 10.
    for (const path of ['/companies', '/audio', '/documents/transcripts']) {
      expect((await get(sandbox, path)).data.length, path).toBe(10);
    }
  });

  it('a page never holds more than limit', async () => {
    for (const c of cases) {
      for (const limit of [1, 2, 3, 10, 499]) {
        const page = await get(sandbox, c.path, { ...c.params, limit });
        expect(page.data.length, `${c.name} limit ${limit}`).toBeLessThanOrEqual(limit);
      }
    }
  });

  it('nextCursor is null on the last page, also when the last page is exactly full', async () => {
    const all = (await collect(sandbox, '/companies', {}, { limit: 500 })).records;
    const n = all.length;
    expect(n).toBeGreaterThan(2);
    const one = await get(sandbox, '/companies', { limit: n });
    expect(one.data.length).toBe(n);
    expect(one.pagination.nextCursor, 'limit = total: one page').toBeNull();

    const half = Math.floor(n / 2);
    const halves = await collect(sandbox, '/companies', {}, { limit: half });
    expect(ids(halves.records)).toEqual(ids(all));

    // Whatever the first page of limit n - 1 holds, following the cursor ends on null with every record once.
    const partial = await get(sandbox, '/companies', { limit: n - 1 });
    expect(partial.pagination.nextCursor, 'at most n - 1 of n records: not the last page').not.toBeNull();
    const rest: Rec[] = [...partial.data];
    let cursor = partial.pagination.nextCursor as number | null;
    for (let i = 0; cursor !== null && i < n; i++) {
      const page = await get(sandbox, '/companies', { limit: n - 1, cursor });
      rest.push(...page.data);
      cursor = page.pagination.nextCursor;
    }
    expect(cursor).toBeNull();
    expect(ids(rest)).toEqual(ids(all));
  });

  it('a filter that matches nothing gives an empty page with nextCursor null', async () => {
    for (const [path, params] of [
      ['/companies', { ids: '987654321' }],
      ['/audio', { companyIds: '987654321' }],
      ['/documents/transcripts', { eventIds: '987654321' }],
    ] as const) {
      const page = await get(sandbox, path, params);
      expectListEnvelope(page);
      expect(page.data, path).toEqual([]);
      expect(page.pagination.nextCursor, path).toBeNull();
    }
  });
});
