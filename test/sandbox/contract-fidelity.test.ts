/**
 * Fidelity to the real service where public clients of it meet the sandbox (issue 27): they send
 * `sortBy` to /events (quartr-mcp, on every call), `expand=event` to the transcript detail (sim),
 * and integers written as `500.0` (unique_quartr). The sandbox takes those as the service does and
 * keeps refusing the rest; paths it does not serve (/documents/reports, /documents/slides) are a
 * 404 like any unknown path; a live-audio record has an id of its own, not its event's.
 *
 * Expected values are written out: those of seed "contract" with 60 companies at 2026-11-21T12:00Z
 * (static events 1..843, then the rolling schedule from event 844 at 11:40, one call every 90 s,
 * announced 14 days ahead).
 */
import { describe, expect, it } from 'vitest';
import { call, get, getData, makeSandbox, V3, withQuery, type Params, type Rec } from './contract-helpers.ts';

const { sandbox } = makeSandbox({ companies: 60 });
const { sandbox: strict } = makeSandbox({ companies: 60, contract: 'strict' });

/** Every record of a list, following nextCursor, and the pages it took. */
async function walk(path: string, params: Params, limit: number): Promise<{ records: Rec[]; pages: number }> {
  const records: Rec[] = [];
  let cursor: number | undefined;
  for (let pages = 1; pages < 5_000; pages++) {
    const body = await get(sandbox, path, { ...params, limit, cursor });
    expect(body.data.length, `${path} page ${pages}`).toBeLessThanOrEqual(limit);
    records.push(...body.data);
    if (body.pagination.nextCursor === null) return { records, pages };
    cursor = body.pagination.nextCursor;
  }
  throw new Error(`${path}: no last page`);
}

const pairs = (records: Rec[]) => records.map((e) => [e.id, e.date]);

describe('/events takes sortBy=id|date', () => {
  it('date orders by the event date, id by id; without sortBy the order is by id', async () => {
    expect(pairs((await get(sandbox, '/events', { sortBy: 'date', limit: 5 })).data)).toEqual([
      [1, '2024-01-09T15:00:00.000Z'],
      [2, '2024-01-24T15:00:00.000Z'],
      [4, '2024-03-06T15:00:00.000Z'],
      [3, '2024-03-21T08:00:00.000Z'],
      [5, '2024-03-23T08:00:00.000Z'],
    ]);
    const byId = [
      [1, '2024-01-09T15:00:00.000Z'],
      [2, '2024-01-24T15:00:00.000Z'],
      [3, '2024-03-21T08:00:00.000Z'],
      [4, '2024-03-06T15:00:00.000Z'],
      [5, '2024-03-23T08:00:00.000Z'],
    ];
    expect(pairs((await get(sandbox, '/events', { sortBy: 'id', limit: 5 })).data)).toEqual(byId);
    expect(pairs((await get(sandbox, '/events', { limit: 5 })).data)).toEqual(byId);
  });

  it('direction applies, and passing nextCursor back gives the next page in date order', async () => {
    const first = await get(sandbox, '/events', { sortBy: 'date', direction: 'desc', limit: 3 });
    expect(pairs(first.data)).toEqual([
      [14297, '2026-12-05T11:59:30.000Z'],
      [14296, '2026-12-05T11:58:00.000Z'],
      [14295, '2026-12-05T11:56:30.000Z'],
    ]);
    const second = await get(sandbox, '/events', { sortBy: 'date', direction: 'desc', limit: 3, cursor: first.pagination.nextCursor });
    expect(pairs(second.data)).toEqual([
      [14294, '2026-12-05T11:55:00.000Z'],
      [14293, '2026-12-05T11:53:30.000Z'],
      [14292, '2026-12-05T11:52:00.000Z'],
    ]);
    const ascending = await get(sandbox, '/events', { sortBy: 'date', limit: 3 });
    const next = await get(sandbox, '/events', { sortBy: 'date', limit: 3, cursor: ascending.pagination.nextCursor });
    expect(next.data.map((e: Rec) => e.id)).toEqual([3, 5, 6]);
  });

  it('events on the same date come by id (ascending; descending in desc)', async () => {
    const window = { startDate: '2024-05-03T13:00:00.000Z', endDate: '2024-05-03T13:00:00.000Z' };
    expect((await get(sandbox, '/events', { ...window, sortBy: 'date' })).data.map((e: Rec) => e.id)).toEqual([21, 80, 81]);
    expect((await get(sandbox, '/events', { ...window, sortBy: 'date', direction: 'desc' })).data.map((e: Rec) => e.id)).toEqual([81, 80, 21]);
  });

  it('a whole walk by date holds every event once, in date order, the same set as by id', async () => {
    const byDate = (await walk('/events', { sortBy: 'date' }, 500)).records;
    const byId = (await walk('/events', { sortBy: 'id' }, 500)).records;
    expect(byDate.length).toBe(14297);
    expect(byId.length).toBe(14297);
    expect(new Set(byDate.map((e) => e.id)).size).toBe(14297);
    const disorder = byDate.findIndex(
      (e, i) => i > 0 && (Date.parse(e.date) < Date.parse(byDate[i - 1]!.date) || (e.date === byDate[i - 1]!.date && e.id < byDate[i - 1]!.id)),
    );
    expect(disorder, 'first event out of date order').toBe(-1);
    expect([...byDate].sort((a, b) => a.id - b.id)).toEqual(byId);
    const desc = (await walk('/events', { sortBy: 'date', direction: 'desc' }, 500)).records;
    expect(desc.map((e) => e.id)).toEqual(byDate.map((e) => e.id).reverse());
  });

  it('small pages give the same records as one large page, with filters, across the end of the history and into the schedule', async () => {
    const cases: Params[] = [{ startDate: '2026-01-01', endDate: '2026-03-31' }, { startDate: '2026-11-01', endDate: '2026-11-22' }, { companyIds: '7' }];
    for (const params of cases) {
      for (const direction of ['asc', 'desc']) {
        const large = (await walk('/events', { ...params, sortBy: 'date', direction }, 500)).records;
        const small = await walk('/events', { ...params, sortBy: 'date', direction }, 7);
        expect(
          small.records.map((e) => e.id),
          JSON.stringify({ ...params, direction }),
        ).toEqual(large.map((e) => e.id));
        expect(small.pages).toBe(Math.ceil(large.length / 7));
      }
    }
    const window = (await walk('/events', { startDate: '2026-11-01', endDate: '2026-11-22', sortBy: 'date' }, 500)).records;
    // The last static event of the window, then the scheduled ones (from 11:40 on the 21st), in one date order.
    expect(window.length).toBe(1455);
    expect(pairs(window.slice(0, 3))).toEqual([
      [842, '2026-11-06T13:00:00.000Z'],
      [844, '2026-11-21T11:40:00.000Z'],
      [845, '2026-11-21T11:41:30.000Z'],
    ]);
    expect(pairs((await get(sandbox, '/events', { companyIds: '7', sortBy: 'date', limit: 3 })).data)).toEqual([
      [60, '2024-04-22T21:00:00.000Z'],
      [20, '2024-05-09T13:00:00.000Z'],
      [141, '2024-07-22T21:30:00.000Z'],
    ]);
  });

  it('any other value is refused with the 400 field list; sortBy is not taken elsewhere', async () => {
    for (const sortBy of ['name', 'Date', 'ID', 'date,id', '', 'createdAt']) {
      const res = await call(sandbox, withQuery(`${V3}/events`, { sortBy }));
      expect(res.status, `sortBy=${sortBy}`).toBe(400);
      expect(res.json, `sortBy=${sortBy}`).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [{ field: 'sortBy', message: 'sortBy must be one of the following values: id, date' }],
      });
    }
    const twice = await call(sandbox, `${V3}/events?sortBy=id&sortBy=date`);
    expect(twice.json.message).toEqual([{ field: 'sortBy', message: 'sortBy must be given once, not 2 times' }]);
    for (const path of ['/audio', '/companies', '/documents/transcripts', '/live/audio', '/documents']) {
      const res = await call(sandbox, `${V3}${path}?sortBy=id`);
      expect(res.json, path).toEqual({ statusCode: 400, error: 'Bad Request', message: [{ field: 'sortBy', message: 'property sortBy should not exist' }] });
    }
  });
});

describe('/documents/transcripts/{id} takes expand=event', () => {
  it('answers as without it (the transcript always has its event), and as /documents/{id}?expand=event', async () => {
    const plain = await call(sandbox, `${V3}/documents/transcripts/1`);
    const expanded = await call(sandbox, `${V3}/documents/transcripts/1?expand=event`);
    expect(expanded.status).toBe(200);
    expect(expanded.json).toEqual(plain.json);
    expect(expanded.json.data.event).toMatchObject({ title: 'Lororion at the Energy Transition Forum 2024', date: '2024-01-09T15:00:00.000Z' });
    expect(expanded.json).toEqual((await call(sandbox, `${V3}/documents/1?expand=event`)).json);
  });

  it('still refuses another expand, and other parameters', async () => {
    const res = await call(sandbox, `${V3}/documents/transcripts/1?expand=company`);
    expect(res.json).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: [{ field: 'expand', message: 'expand must be a comma-separated list of: event (got "company")' }],
    });
    expect((await call(sandbox, `${V3}/documents/transcripts/1?limit=5`)).json.message).toEqual([
      { field: 'limit', message: 'property limit should not exist' },
    ]);
  });
});

describe('an integer written with a decimal point', () => {
  it('is that integer in limit, cursor and id lists', async () => {
    const page = await get(sandbox, '/companies', { limit: '500.0' });
    expect(page.data.length).toBe(60);
    expect(page).toEqual(await get(sandbox, '/companies', { limit: 500 }));
    const first = await get(sandbox, '/audio', { limit: '3.00' });
    expect(first.data.length).toBe(3);
    const cursor = first.pagination.nextCursor as number;
    expect(await get(sandbox, '/audio', { limit: '3.0', cursor: `${cursor}.0` })).toEqual(await get(sandbox, '/audio', { limit: 3, cursor }));
    expect((await get(sandbox, '/audio', { cursor: '0.0', limit: 1 })).data.map((a: Rec) => a.id)).toEqual([1]);
    expect((await get(sandbox, '/companies', { ids: '5.0,7' })).data.map((c: Rec) => c.id)).toEqual([5, 7]);
    expect((await get(sandbox, '/documents/transcripts', { eventIds: '1.0' })).data.map((d: Rec) => d.id)).toEqual([1]);
    expect((await get(sandbox, '/live/audio', { eventIds: '2.0' })).data.map((l: Rec) => [l.id, l.eventId])).toEqual([[766, 2]]);
  });

  it('is that integer in a path id', async () => {
    expect((await getData(sandbox, '/companies/5.0')).id).toBe(5);
    expect(await getData(sandbox, '/events/4.0')).toEqual(await getData(sandbox, '/events/4'));
    expect((await getData(sandbox, '/audio/1.00')).id).toBe(1);
    expect((await getData(sandbox, '/live/audio/765.0')).eventId).toBe(1);
    expect((await getData(sandbox, '/documents/transcripts/1.0')).id).toBe(1);
  });

  it('with anything but zeros after the point, or nothing around it, is still refused', async () => {
    const limit = await call(sandbox, `${V3}/companies?limit=500.5`);
    expect(limit.json).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: [{ field: 'limit', message: 'limit must be an integer number, got "500.5"' }],
    });
    expect((await call(sandbox, `${V3}/companies?limit=501.0`)).json.message).toEqual([{ field: 'limit', message: 'limit must not be greater than 500' }]);
    expect((await call(sandbox, `${V3}/companies?limit=0.0`)).json.message).toEqual([{ field: 'limit', message: 'limit must not be less than 1' }]);
    expect((await call(sandbox, `${V3}/audio?cursor=-1.0`)).json.message).toEqual([{ field: 'cursor', message: 'cursor must not be less than 0' }]);
    expect((await call(sandbox, `${V3}/companies?ids=5.5`)).json.message).toEqual([
      { field: 'ids', message: 'each value in ids must be an integer number, got "5.5"' },
    ]);
    for (const id of ['5.5', '5.', '.5', '5e0']) {
      expect((await call(sandbox, `${V3}/companies/${id}`)).json.message, `/companies/${id}`).toEqual([
        { field: 'id', message: `id must be an integer number, got "${id}"` },
      ]);
    }
  });
});

describe('paths the sandbox does not serve', () => {
  it('/documents/reports and /documents/slides answer 404 like any unknown path', async () => {
    for (const path of ['/documents/reports', '/documents/slides', '/documents/reports/12', '/documents/slides?limit=5']) {
      const res = await call(sandbox, `${V3}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.json, path).toEqual({ statusCode: 404, message: `Cannot GET ${V3}${path.split('?')[0]}`, error: 'Not Found' });
    }
    // A malformed document id is still a 400 naming it.
    expect((await call(sandbox, `${V3}/documents/report`)).json.message).toEqual([{ field: 'id', message: 'id must be an integer number, got "report"' }]);
  });
});

describe('a live-audio record has an id of its own', () => {
  it('found by its event through /live/audio?eventIds, read by its own id through /live/audio/{id}', async () => {
    const found = (await get(sandbox, '/live/audio', { eventIds: '1,2,850' })).data.map((l: Rec) => [l.id, l.eventId, l.state]);
    expect(found).toEqual([
      [765, 1, 'recordingAvailable'],
      [766, 2, 'recordingAvailable'],
      [1614, 850, 'recordingAvailable'],
    ]);
    expect((await getData(sandbox, '/live/audio/1614')).eventId).toBe(850);
    // The event's own id names no record (1) or another event's (/live/audio/850 is event 86's).
    expect((await call(sandbox, `${V3}/live/audio/1`)).status).toBe(404);
    expect((await getData(sandbox, '/live/audio/850')).eventId).toBe(86);
  });

  it('the same ids with a strict-contract upstream, which has no /live/audio list', async () => {
    expect((await call(strict, `${V3}/live/audio?eventIds=1`)).status).toBe(404);
    const record = await getData(strict, '/live/audio/765');
    expect([record.id, record.eventId]).toEqual([765, 1]);
    expect(record).toEqual(await getData(sandbox, '/live/audio/765'));
  });

  it('the live stream of a call is served under the record id', async () => {
    const ids = sandbox.sampleIds();
    expect(ids.liveId).toBe(ids.liveEventId! + 764);
    const record = await getData(sandbox, `/live/audio/${ids.liveId}`);
    expect(record.state).toBe('live');
    expect(new URL(record.audio).pathname).toBe(`/sandbox-files/live/${ids.liveId}/index.m3u8`);
    expect((await sandbox.fetch(new Request(record.audio))).status).toBe(200);
  });
});
