/**
 * The five list endpoints the real service has beyond the contract (README, "Endpoints beyond the
 * contract"): /events, /live/audio, /documents,
 * /event-types, /document-types. Same conventions as the contract's lists: records as the
 * single-record endpoints give them, every filter (compared with filtering the full list
 * ourselves, by the records' own fields and their company's), AND across filters and OR within
 * a list, cursor walks in both directions, the same validation with { field, message } bodies,
 * 401 without the key. With SANDBOX_CONTRACT=strict they are unknown paths (404) and the 13 stay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  checkDocument,
  checkDocumentType,
  checkEvent,
  checkEventType,
  checkLive,
  collect,
  collectAll,
  errorProblem,
  expectError,
  expectNoRoute,
  fieldProblems,
  get,
  getData,
  ids,
  LIVE_STATES,
  makeSandbox,
  NOW,
  spread,
  summaryOf,
  V3,
  withQuery,
  type Params,
  type Rec,
} from './contract-helpers.ts';

const { sandbox, clock } = makeSandbox();
const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();
const time = (value: string) => Date.parse(value);

let companies: Rec[] = [];
let events: Rec[] = [];
let live: Rec[] = [];
let documents: Rec[] = [];
let eventTypes: Rec[] = [];
let documentTypes: Rec[] = [];
const companyById = new Map<number, Rec>();
const eventById = new Map<number, Rec>();
const groupOfType = new Map<number, number>();

beforeAll(async () => {
  companies = await collectAll(sandbox, '/companies');
  events = await collectAll(sandbox, '/events');
  live = await collectAll(sandbox, '/live/audio');
  documents = await collectAll(sandbox, '/documents');
  eventTypes = await collectAll(sandbox, '/event-types');
  documentTypes = await collectAll(sandbox, '/document-types');
  for (const c of companies) companyById.set(c.id, c);
  for (const e of events) eventById.set(e.id, e);
  for (const t of documentTypes) groupOfType.set(t.id, t.documentGroupId);
});

type Pred = (record: Rec) => boolean;

/** Fetches the filtered list (all pages) and compares it with filtering `all` ourselves. */
async function expectFiltered(path: string, all: Rec[], params: Params, pred: Pred, { allowEmpty = false } = {}): Promise<Rec[]> {
  const expected = all.filter(pred);
  const label = `${path}?${new URLSearchParams(params as Record<string, string>).toString()}`;
  if (!allowEmpty) expect(expected.length, `${label}: the test needs a filter that matches something`).toBeGreaterThan(0);
  const actual = await collectAll(sandbox, path, params);
  expect(ids(actual), label).toEqual(ids(expected));
  expect(actual, label).toEqual(expected);
  return actual;
}

const companyOf = (r: Rec): Rec => companyById.get(r.companyId)!;
const eventDateOf = (r: Rec): number => time(eventById.get(r.eventId)!.date);

/** The three lists with company and date filters, and the date each one's window applies to. */
const filtered = () =>
  [
    { path: '/events', all: events, date: (r: Rec) => time(r.date) },
    { path: '/live/audio', all: live, date: (r: Rec) => time(r.date) },
    { path: '/documents', all: documents, date: eventDateOf },
  ] as const;

/** The most common values first. */
function byFrequency<T>(values: T[]): T[] {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

describe('the records', () => {
  it('/events holds every event: the static history, then the schedule announced 14 days ahead', () => {
    expect(events.length).toBeGreaterThan(10_000);
    for (const e of events) checkEvent(e);
    const dates = events.map((e) => time(e.date));
    expect(Math.max(...dates)).toBeLessThanOrEqual(NOW + 14 * DAY);
    expect(Math.max(...dates)).toBeGreaterThan(NOW + 13.9 * DAY);
    expect(Math.min(...dates)).toBeLessThan(NOW - 365 * DAY);
  });

  it('each list record equals the record of its single-record endpoint', async () => {
    for (const e of spread(events, 40)) expect(await getData(sandbox, `/events/${e.id}`)).toEqual(e);
    for (const l of spread(live, 40)) expect(await getData(sandbox, `/live/audio/${l.id}`)).toEqual(l);
    for (const d of spread(documents, 40)) expect(await getData(sandbox, `/documents/${d.id}`)).toEqual(d);
    for (const t of eventTypes) expect(await getData(sandbox, `/event-types/${t.id}`)).toEqual(t);
    for (const t of documentTypes) expect(await getData(sandbox, `/document-types/${t.id}`)).toEqual(t);
  });

  it('/live/audio has one record per event, in every state the records can be in', () => {
    for (const l of live) checkLive(l);
    expect(live.map((l) => l.eventId)).toEqual(ids(events));
    const states = new Set(live.map((l) => l.state as string));
    for (const state of ['notLive', 'willBeLive', 'live', 'recordingAvailable']) expect(states, state).toContain(state);
  });

  it('/documents holds every document: all of /documents/transcripts and the other types, each linked to a listed event', async () => {
    for (const d of documents) checkDocument(d, false);
    const transcripts = await collectAll(sandbox, '/documents/transcripts');
    const transcriptIds = new Set(ids(transcripts));
    expect(documents.filter((d) => transcriptIds.has(d.id))).toEqual(transcripts);
    expect(new Set(documents.map((d) => d.typeId)).size).toBeGreaterThan(new Set(transcripts.map((t) => t.typeId)).size);
    for (const d of documents) expect(eventById.has(d.eventId), `document ${d.id} event ${d.eventId}`).toBe(true);
    const audio = await collectAll(sandbox, '/audio');
    for (const a of audio) expect(eventById.has(a.eventId), `audio ${a.id} event ${a.eventId}`).toBe(true);
  });

  it('expand=event on /documents adds the event summary of endpoint 4', async () => {
    const expanded = await collectAll(sandbox, '/documents', { expand: 'event' });
    expect(ids(expanded)).toEqual(ids(documents));
    for (const d of expanded) {
      checkDocument(d, true);
      expect(d.event).toEqual(summaryOf(eventById.get(d.eventId)!));
    }
  });

  it('/event-types and /document-types list the catalog by id, as endpoints 5 and 13 give each type', () => {
    for (const t of eventTypes) checkEventType(t);
    for (const t of documentTypes) checkDocumentType(t);
    expect(eventTypes.length).toBeGreaterThan(3);
    expect(documentTypes.length).toBeGreaterThan(3);
    // Every type a record uses is listed.
    const eventTypeIds = new Set(ids(eventTypes));
    for (const typeId of new Set(events.map((e) => e.typeId as number))) expect(eventTypeIds, `event type ${typeId}`).toContain(typeId);
    for (const typeId of new Set(documents.map((d) => d.typeId as number))) expect(groupOfType.has(typeId), `document type ${typeId}`).toBe(true);
  });
});

describe('company filters (countries, exchanges, tickers, isins)', () => {
  it('match the record’s company; several values are ORed', async () => {
    const countries = byFrequency(companies.map((c) => c.country as string));
    const exchanges = byFrequency(companies.flatMap((c) => [...new Set((c.tickers as Rec[]).map((t) => t.exchange as string))]));
    const tickers = byFrequency(companies.flatMap((c) => (c.tickers as Rec[]).map((t) => t.ticker as string)));
    const [a, b] = [companies[4]!, companies[companies.length - 2]!];
    const isins = [(a.isins as string[])[0]!, (b.isins as string[]).at(-1)!];
    for (const { path, all } of filtered()) {
      await expectFiltered(path, all, { countries: countries[1]! }, (r) => companyOf(r).country === countries[1]);
      await expectFiltered(path, all, { countries: `${countries[0]},${countries.at(-1)}` }, (r) =>
        [countries[0], countries.at(-1)].includes(companyOf(r).country),
      );
      // Lower case is the same code.
      await expectFiltered(path, all, { countries: countries[2]!.toLowerCase() }, (r) => companyOf(r).country === countries[2]);
      const onExchange = (list: string[]) => (r: Rec) => (companyOf(r).tickers as Rec[]).some((t) => list.includes(t.exchange));
      await expectFiltered(path, all, { exchanges: exchanges[1]! }, onExchange([exchanges[1]!]));
      await expectFiltered(path, all, { exchanges: `${exchanges[0]},${exchanges.at(-1)}` }, onExchange([exchanges[0]!, exchanges.at(-1)!]));
      const withTicker = (list: string[]) => (r: Rec) => (companyOf(r).tickers as Rec[]).some((t) => list.includes(t.ticker));
      await expectFiltered(path, all, { tickers: tickers[0]! }, withTicker([tickers[0]!]));
      await expectFiltered(path, all, { tickers: `${tickers[1]},${tickers.at(-1)},ZZZZZZZ` }, withTicker([tickers[1]!, tickers.at(-1)!]));
      const withIsin = (list: string[]) => (r: Rec) => (companyOf(r).isins as string[]).some((i) => list.includes(i));
      await expectFiltered(path, all, { isins: isins[0]! }, withIsin([isins[0]!]));
      await expectFiltered(path, all, { isins: isins.join(',') }, withIsin(isins));
    }
  });
});

describe('id filters', () => {
  it('companyIds match exactly, on the three lists', async () => {
    const pick = [companies[2]!.id, companies[50]!.id, companies.at(-1)!.id] as number[];
    for (const { path, all } of filtered()) {
      await expectFiltered(path, all, { companyIds: String(pick[0]) }, (r) => r.companyId === pick[0]);
      await expectFiltered(path, all, { companyIds: [...pick, 987654321].join(',') }, (r) => pick.includes(r.companyId));
    }
  });

  it('eventIds match exactly (/live/audio, /documents); /events takes no eventIds', async () => {
    const staticEvent = documents[0]!.eventId as number;
    const scheduledEvent = documents.at(-1)!.eventId as number;
    const pick = [staticEvent, scheduledEvent, live[live.length - 1]!.eventId as number];
    for (const { path, all } of filtered().slice(1)) {
      await expectFiltered(path, all, { eventIds: String(staticEvent) }, (r) => r.eventId === staticEvent);
      await expectFiltered(path, all, { eventIds: [...pick, 987654321].join(',') }, (r) => pick.includes(r.eventId));
    }
    expectError(await call(sandbox, `${V3}/events?eventIds=1`), 400, ['eventIds']);
  });

  it('typeIds match the event type (/events) and the document type (/documents), each listed type alone and together', async () => {
    const usedEventTypes = [...new Set(events.map((e) => e.typeId as number))];
    expect(usedEventTypes.length).toBeGreaterThan(2);
    for (const typeId of usedEventTypes) await expectFiltered('/events', events, { typeIds: String(typeId) }, (e) => e.typeId === typeId);
    const two = usedEventTypes.slice(0, 2);
    await expectFiltered('/events', events, { typeIds: two.join(',') }, (e) => two.includes(e.typeId));
    const usedDocumentTypes = [...new Set(documents.map((d) => d.typeId as number))];
    for (const typeId of usedDocumentTypes) await expectFiltered('/documents', documents, { typeIds: String(typeId) }, (d) => d.typeId === typeId);
    const three = usedDocumentTypes.slice(-3);
    await expectFiltered('/documents', documents, { typeIds: [...three, 987654].join(',') }, (d) => three.includes(d.typeId));
    // A type no record has matches nothing.
    const unused = Math.max(...ids(eventTypes)) + 1;
    await expectFiltered('/events', events, { typeIds: String(unused) }, () => false, { allowEmpty: true });
  });

  it('documentGroupIds match through the document type (/document-types)', async () => {
    for (let group = 1; group <= 6; group++) {
      await expectFiltered('/documents', documents, { documentGroupIds: String(group) }, (d) => groupOfType.get(d.typeId) === group, { allowEmpty: true });
    }
    const used = [...new Set(documents.map((d) => groupOfType.get(d.typeId)!))];
    expect(used.length).toBeGreaterThan(1);
    await expectFiltered('/documents', documents, { documentGroupIds: used.slice(0, 2).join(',') }, (d) =>
      used.slice(0, 2).includes(groupOfType.get(d.typeId)!),
    );
  });

  it('states match the live state exactly; several are ORed; willBeLive,live is what is live or about to be now', async () => {
    for (const state of LIVE_STATES) {
      if (state === 'processingRecording') continue;
      await expectFiltered('/live/audio', live, { states: state }, (l) => l.state === state, {
        allowEmpty: state === 'liveFailedNoAccess' || state === 'processingRecordingFailed',
      });
    }
    // A recording is processed for the 45 s after its call ends, so at one instant none may be:
    // step the sandbox clock to the first instant (15 s apart) when one is, and filter there.
    try {
      let now: Rec[] = [];
      for (let step = 0; step <= 12 && !now.some((l) => l.state === 'processingRecording'); step++) {
        clock.set(NOW + step * 15_000);
        now = await collectAll(sandbox, '/live/audio');
      }
      await expectFiltered('/live/audio', now, { states: 'processingRecording' }, (l) => l.state === 'processingRecording');
    } finally {
      clock.set(NOW);
    }
    const soon = await expectFiltered('/live/audio', live, { states: 'willBeLive,live' }, (l) => l.state === 'willBeLive' || l.state === 'live');
    expect(soon.some((l) => l.state === 'live')).toBe(true);
    expect(soon.some((l) => l.state === 'willBeLive')).toBe(true);
    for (const l of soon) expect(Math.abs(time(l.date) - NOW)).toBeLessThan(3 * 3_600_000);
    await expectFiltered('/live/audio', live, { states: 'recordingAvailable,liveFailedInterrupted,notLive' }, (l) =>
      ['recordingAvailable', 'liveFailedInterrupted', 'notLive'].includes(l.state),
    );
  });
});

describe('date filters', () => {
  it('startDate and endDate bound the date (the event’s; the document’s event’s), inclusive, past and future', async () => {
    for (const { path, all, date } of filtered()) {
      const dates = [...new Set(all.map(date))].sort((a, b) => a - b);
      for (const [lo, hi] of [
        [dates[Math.floor(dates.length / 5)]!, dates[Math.floor(dates.length / 4)]!], // in the static past
        [NOW - 3 * DAY, NOW + 4 * DAY], // a calendar week around now: history and schedule
        [NOW + 2 * DAY, NOW + 3 * DAY], // the schedule only (no documents yet: they are published from 45 minutes before a call)
      ] as const) {
        const future = lo > NOW;
        const both = await expectFiltered(path, all, { startDate: iso(lo), endDate: iso(hi) }, (r) => date(r) >= lo && date(r) <= hi, {
          allowEmpty: future && path === '/documents',
        });
        expect(both.length).toBeLessThan(all.length);
      }
      const mid = dates[Math.floor(dates.length / 2)]!;
      const from = await expectFiltered(path, all, { startDate: iso(mid) }, (r) => date(r) >= mid);
      expect(
        from.some((r) => date(r) === mid),
        `${path}: startDate is inclusive`,
      ).toBe(true);
      const to = await expectFiltered(path, all, { endDate: iso(mid) }, (r) => date(r) <= mid);
      expect(
        to.some((r) => date(r) === mid),
        `${path}: endDate is inclusive`,
      ).toBe(true);
      // A bare endDate means the whole day.
      const day = iso(mid).slice(0, 10);
      await expectFiltered(path, all, { startDate: day, endDate: day }, (r) => iso(date(r)).slice(0, 10) === day);
      await expectFiltered(path, all, { startDate: iso(mid + 1), endDate: iso(mid - 1) }, () => false, { allowEmpty: true });
    }
  });

  it('updatedAfter and updatedBefore bound updatedAt, exclusive', async () => {
    for (const { path, all } of filtered()) {
      const stamps = [...new Set(all.map((r) => time(r.updatedAt)))].sort((a, b) => a - b);
      const b1 = stamps[Math.floor(stamps.length / 4)]!;
      const b2 = stamps[Math.floor((3 * stamps.length) / 4)]!;
      const after = await expectFiltered(path, all, { updatedAfter: iso(b1) }, (r) => time(r.updatedAt) > b1);
      expect(after.some((r) => time(r.updatedAt) === b1)).toBe(false);
      await expectFiltered(path, all, { updatedBefore: iso(b2) }, (r) => time(r.updatedAt) < b2);
      await expectFiltered(path, all, { updatedAfter: iso(b1 - 1), updatedBefore: iso(b2) }, (r) => time(r.updatedAt) >= b1 && time(r.updatedAt) < b2);
    }
  });
});

describe('combining filters', () => {
  it('different filters combine with AND', async () => {
    const country = byFrequency(companies.map((c) => c.country as string))[0]!;
    const week = { startDate: iso(NOW - 3 * DAY), endDate: iso(NOW + 4 * DAY) };
    const inWeek = (t: number) => t >= NOW - 3 * DAY && t <= NOW + 4 * DAY;
    for (const { path, all, date } of filtered()) {
      await expectFiltered(path, all, { countries: country, ...week }, (r) => companyOf(r).country === country && inWeek(date(r)));
      const some = [...new Set(all.map((r) => r.companyId as number))].slice(0, 15);
      const stamps = all.map((r) => time(r.updatedAt)).sort((a, b) => a - b);
      const mid = stamps[Math.floor(stamps.length / 2)]!;
      await expectFiltered(
        path,
        all,
        { companyIds: some.join(','), updatedAfter: iso(mid), countries: country },
        (r) => some.includes(r.companyId) && time(r.updatedAt) > mid && companyOf(r).country === country,
        { allowEmpty: true },
      );
      // A company filter and an id filter that exclude each other give nothing.
      const other = companies.find((c) => c.country !== companyById.get(some[0]!)!.country)!;
      await expectFiltered(path, all, { companyIds: String(some[0]), countries: other.country }, () => false, { allowEmpty: true });
    }
    const eventType = byFrequency(events.map((e) => e.typeId as number))[0]!;
    await expectFiltered('/events', events, { typeIds: String(eventType), ...week }, (e) => e.typeId === eventType && inWeek(time(e.date)));
    await expectFiltered(
      '/live/audio',
      live,
      { states: 'notLive,recordingAvailable', ...week, countries: country },
      (l) => ['notLive', 'recordingAvailable'].includes(l.state) && inWeek(time(l.date)) && companyOf(l).country === country,
    );
    const documentType = byFrequency(documents.map((d) => d.typeId as number))[0]!;
    await expectFiltered(
      '/documents',
      documents,
      { typeIds: String(documentType), documentGroupIds: String(groupOfType.get(documentType)), ...week },
      (d) => d.typeId === documentType && inWeek(eventDateOf(d)),
    );
    await expectFiltered(
      '/documents',
      documents,
      { typeIds: String(documentType), documentGroupIds: String((groupOfType.get(documentType)! % 6) + 1) },
      () => false,
      {
        allowEmpty: true,
      },
    );
  });
});

describe('pagination', () => {
  const walks = (): [string, Params, number][] => [
    ['/events', {}, 500],
    ['/events', { startDate: iso(NOW - 3 * DAY), endDate: iso(NOW + 4 * DAY) }, 97],
    ['/live/audio', {}, 500],
    ['/live/audio', { states: 'willBeLive,live' }, 2],
    ['/documents', {}, 500],
    ['/documents', { startDate: iso(NOW - 3 * DAY), endDate: iso(NOW + 4 * DAY), expand: 'event' }, 101],
    ['/event-types', {}, 3],
    ['/document-types', {}, 4],
  ];

  it('asc and desc walks visit every record once, in id order, and stop on nextCursor null', async () => {
    for (const [path, params, limit] of walks()) {
      const asc = await collect(sandbox, path, params, { limit, direction: 'asc' });
      const desc = await collect(sandbox, path, params, { limit, direction: 'desc' });
      expect(asc.records.length, path).toBeGreaterThan(0);
      expect(new Set(ids(asc.records)).size, `${path}: no record twice`).toBe(asc.records.length);
      expect(ids(desc.records), `${path}: desc is asc reversed`).toEqual(ids(asc.records).reverse());
      expect(asc.pages, path).toBe(Math.ceil(asc.records.length / limit) || 1);
      // The same records as one big page.
      const whole = await collectAll(sandbox, path, params);
      expect(asc.records, path).toEqual(whole);
    }
  });

  it('the default page holds 10, and the type lists are the whole catalog in order', async () => {
    for (const path of ['/events', '/live/audio', '/documents']) {
      const body = await get(sandbox, path);
      expect(body.data, path).toHaveLength(10);
      expect(body.pagination.nextCursor, path).not.toBeNull();
    }
    expect(ids(eventTypes)).toEqual([...ids(eventTypes)].sort((a, b) => a - b));
    expect(ids(documentTypes)).toEqual([...ids(documentTypes)].sort((a, b) => a - b));
    const all = await get(sandbox, '/event-types', { limit: 500 });
    expect(all.pagination.nextCursor).toBeNull();
    expect(all.data).toEqual(eventTypes);
  });
});

describe('validation', () => {
  const all = ['/events', '/live/audio', '/documents', '/event-types', '/document-types'];
  let problems: string[] = [];

  async function expect400(path: string, params: Params, field: string): Promise<void> {
    const url = withQuery(`${V3}${path}`, params);
    const problem = errorProblem(await call(sandbox, url), 400, [field]);
    if (problem) problems.push(`GET ${decodeURIComponent(url)}: ${problem}`);
  }

  const done = () => expect(problems, `${problems.length} requests did not give the expected 400:\n${problems.join('\n')}`).toEqual([]);

  it('bad limit, cursor and direction give 400 naming the field, on the five', async () => {
    problems = [];
    for (const path of all) {
      for (const limit of ['0', '501', '-1', '1.5', 'abc', '']) await expect400(path, { limit }, 'limit');
      for (const cursor of ['-1', '1.5', 'abc', '']) await expect400(path, { cursor }, 'cursor');
      for (const direction of ['up', 'ASC', '', 'asc,desc']) await expect400(path, { direction }, 'direction');
      expect((await call(sandbox, withQuery(`${V3}${path}`, { limit: 500, cursor: 0, direction: 'desc' }))).status, path).toBe(200);
    }
    done();
  });

  it('bad dates give 400 naming the field', async () => {
    problems = [];
    for (const path of all.slice(0, 3)) {
      for (const name of ['startDate', 'endDate', 'updatedBefore', 'updatedAfter']) {
        for (const value of ['yesterday', '2026-02-30', '2026-11-21T25:00:00Z', '21.11.2026', '']) await expect400(path, { [name]: value }, name);
      }
    }
    done();
  });

  it('malformed lists give 400 naming the field', async () => {
    problems = [];
    const lists: [string, Record<string, string>][] = [
      ['/events', { countries: 'US', exchanges: 'NYSE', tickers: 'AB', isins: 'US0378331005', companyIds: '1', typeIds: '1' }],
      ['/live/audio', { countries: 'US', exchanges: 'NYSE', tickers: 'AB', isins: 'US0378331005', companyIds: '1', eventIds: '1', states: 'live' }],
      [
        '/documents',
        { countries: 'US', exchanges: 'NYSE', tickers: 'AB', isins: 'US0378331005', companyIds: '1', eventIds: '1', typeIds: '1', documentGroupIds: '1' },
      ],
    ];
    for (const [path, params] of lists) {
      for (const [name, good] of Object.entries(params)) {
        for (const value of ['', ',', `${good},`, `,${good}`, `${good},,${good}`, `${good}, ${good}`, ` ${good}`])
          await expect400(path, { [name]: value }, name);
        expect((await call(sandbox, withQuery(`${V3}${path}`, { [name]: `${good},${good}` }))).status, `${path}?${name}`).toBe(200);
      }
    }
    for (const [path, names] of [
      ['/events', ['companyIds', 'typeIds']],
      ['/live/audio', ['companyIds', 'eventIds']],
      ['/documents', ['companyIds', 'eventIds', 'typeIds', 'documentGroupIds']],
    ] as const) {
      for (const name of names) for (const value of ['abc', '1,x', '1.5', '-1', '0x1']) await expect400(path, { [name]: value }, name);
    }
    for (const path of all.slice(0, 3)) await expect400(path, { countries: 'USA' }, 'countries');
    done();
  });

  it('states must each be one of the nine live states', async () => {
    problems = [];
    for (const states of ['LIVE', 'started', 'live,started', 'Live', 'live,', 'live, notLive', '']) await expect400('/live/audio', { states }, 'states');
    const res = await call(sandbox, `${V3}/live/audio?states=started`);
    expect(fieldProblems(res)).toEqual([{ field: 'states', message: expect.stringContaining(LIVE_STATES.join(', ')) }]);
    expect((await call(sandbox, withQuery(`${V3}/live/audio`, { states: LIVE_STATES.join(',') }))).status).toBe(200);
    done();
  });

  it('expand takes only event, and only on /documents', async () => {
    problems = [];
    for (const expand of ['company', 'event,company', '']) await expect400('/documents', { expand }, 'expand');
    for (const path of ['/events', '/live/audio', '/event-types', '/document-types']) await expect400(path, { expand: 'event' }, 'expand');
    done();
  });

  it('a parameter an endpoint does not take is refused with 400 naming it', async () => {
    const cases: [string, string][] = [
      ['/events', 'eventIds'],
      ['/events', 'states'],
      ['/events', 'documentGroupIds'],
      ['/events', 'ids'],
      ['/live/audio', 'typeIds'],
      ['/documents', 'states'],
      ['/documents', 'levels'],
      ['/event-types', 'countries'],
      ['/event-types', 'typeIds'],
      ['/document-types', 'documentGroupIds'],
      ['/document-types', 'nope'],
    ];
    for (const [path, name] of cases) {
      const res = await call(sandbox, `${V3}${path}?${name}=1`);
      expect(res.status, `${path}?${name}`).toBe(400);
      expect(res.json, `${path}?${name}`).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [{ field: name, message: `property ${name} should not exist` }],
      });
    }
  });
});

describe('authentication', () => {
  it('without the key or with a wrong one the five answer 401 Unauthorized', async () => {
    for (const path of ['/events', '/live/audio', '/documents', '/event-types', '/document-types']) {
      for (const key of [null, 'wrong', '']) {
        const res = await call(sandbox, `${V3}${path}`, { key });
        expect(res.status, `${path} key ${key}`).toBe(401);
        expect(res.json, `${path} key ${key}`).toEqual({ statusCode: 401, message: 'Unauthorized' });
      }
    }
  });
});

describe('strict contract mode (SANDBOX_CONTRACT=strict)', () => {
  const strict = makeSandbox({ contract: 'strict' }).sandbox;

  it('the five answer 404 like any unknown path, with or without parameters', async () => {
    for (const path of ['/events', '/live/audio', '/documents', '/event-types', '/document-types']) {
      expectNoRoute(await call(strict, `${V3}${path}`), `${V3}${path}`, 'GET', path);
      expectNoRoute(await call(strict, `${V3}${path}?limit=5`), `${V3}${path}`, 'GET', `${path}?limit=5`);
      expectNoRoute(await call(strict, `${V3}${path}/`), `${V3}${path}/`, 'GET', `${path}/`);
      // Unknown before anything else: even without a key.
      expect((await call(strict, `${V3}${path}`, { key: null })).status, path).toBe(404);
    }
  });

  it('while the 13 still answer, as in full mode', async () => {
    const company = (await get(strict, '/companies', { limit: 1 })).data[0] as Rec;
    const audio = (await get(strict, '/audio', { limit: 1 })).data[0] as Rec;
    const transcript = (await get(strict, '/documents/transcripts', { limit: 1 })).data[0] as Rec;
    const event = await getData(strict, `/events/${audio.eventId}`);
    const paths = [
      '/companies',
      `/companies/${company.id}`,
      `/companies/${company.id}/segments`,
      `/events/${audio.eventId}`,
      `/event-types/${event.typeId}`,
      '/audio',
      `/audio/${audio.id}`,
      `/audio/${audio.id}/chapters`,
      `/live/audio/${audio.eventId + 764}`,
      `/documents/${transcript.id}`,
      '/documents/transcripts',
      `/documents/transcripts/${transcript.id}`,
      `/document-types/${transcript.typeId}`,
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([call(strict, `${V3}${path}`), call(sandbox, `${V3}${path}`)]);
      expect(a.status, path).toBe(200);
      expect(a.json, path).toEqual(b.json);
    }
  });
});
