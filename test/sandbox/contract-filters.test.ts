/**
 * Contract: filters. Every filtered result is compared with filtering the full, unfiltered
 * list ourselves: countries/exchanges/tickers/isins through the record's company; companyIds,
 * eventIds, ids, typeIds, documentGroupIds (through the document type) and levels exactly;
 * startDate/endDate bound the related event's date (inclusive); updatedAfter/updatedBefore bound
 * updatedAt (exclusive). Filters combine with AND, values inside one list with OR.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collectAll, get, getData, ids, makeSandbox, type Params, type Rec } from './contract-helpers.ts';

const { sandbox } = makeSandbox();

let companies: Rec[] = [];
let audio: Rec[] = [];
let transcripts: Rec[] = [];
const companyById = new Map<number, Rec>();
const eventById = new Map<number, Rec>();
const groupOfType = new Map<number, number>();

const time = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  companies = await collectAll(sandbox, '/companies');
  audio = await collectAll(sandbox, '/audio');
  transcripts = await collectAll(sandbox, '/documents/transcripts');
  for (const c of companies) companyById.set(c.id, c);
  for (const eventId of new Set([...audio, ...transcripts].map((r) => r.eventId as number))) {
    eventById.set(eventId, await getData(sandbox, `/events/${eventId}`));
  }
  for (const typeId of new Set(transcripts.map((t) => t.typeId as number))) {
    groupOfType.set(typeId, (await getData(sandbox, `/document-types/${typeId}`)).documentGroupId);
  }
});

type Pred = (record: Rec) => boolean;

/** Fetches the filtered list (all pages) and compares it with filtering `all` ourselves. */
async function expectFiltered(path: string, all: Rec[], params: Params, pred: Pred, { allowEmpty = false } = {}): Promise<Rec[]> {
  const expected = all.filter(pred);
  const label = `${path}?${new URLSearchParams(params as Record<string, string>).toString()}`;
  if (!allowEmpty) expect(expected.length, `${label}: the test needs a filter that matches something`).toBeGreaterThan(0);
  const actual = await collectAll(sandbox, path, params);
  expect(ids(actual), label).toEqual(ids(expected));
  // The filtered records are the same records as in the unfiltered list.
  expect(actual, label).toEqual(expected);
  return actual;
}

const companyOf = (r: Rec): Rec => {
  const c = companyById.get(r.companyId ?? r.id);
  if (!c) throw new Error(`record ${r.id} refers to unknown company ${r.companyId}`);
  return c;
};
const inCountries =
  (list: string[]): Pred =>
  (r) =>
    list.includes(companyOf(r).country);
const onExchanges =
  (list: string[]): Pred =>
  (r) =>
    (companyOf(r).tickers as Rec[]).some((t) => list.includes(t.exchange));
const withTickers =
  (list: string[]): Pred =>
  (r) =>
    (companyOf(r).tickers as Rec[]).some((t) => list.includes(t.ticker));
const withIsins =
  (list: string[]): Pred =>
  (r) =>
    (companyOf(r).isins as string[]).some((i) => list.includes(i));
const eventDate = (r: Rec): number => time(eventById.get(r.eventId)!.date);

/** The most common values first. */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => v);
}

const related = () =>
  [
    ['/audio', audio],
    ['/documents/transcripts', transcripts],
  ] as const;

describe('company filters (countries, exchanges, tickers, isins)', () => {
  it('countries match the company country; several countries are ORed', async () => {
    const countries = byFrequency(companies.map((c) => c.country));
    expect(countries.length).toBeGreaterThan(3);
    const single = [countries[1]!];
    const several = [countries[0]!, countries[2]!, countries[countries.length - 1]!];
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      await expectFiltered(path, all, { countries: single.join(',') }, inCountries(single));
      await expectFiltered(path, all, { countries: several.join(',') }, inCountries(several));
    }
  });

  it('exchanges match any of the company listings; several are ORed', async () => {
    const exchanges = byFrequency(companies.flatMap((c) => [...new Set((c.tickers as Rec[]).map((t) => t.exchange as string))]));
    expect(exchanges.length).toBeGreaterThan(3);
    // A secondary listing matters too: pick exchanges that are not every company's first listing.
    const secondary = exchanges.find((x) => companies.some((c) => (c.tickers as Rec[]).slice(1).some((t) => t.exchange === x)));
    const single = [secondary ?? exchanges[1]!];
    const several = [exchanges[0]!, exchanges[exchanges.length - 1]!];
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      await expectFiltered(path, all, { exchanges: single.join(',') }, onExchanges(single));
      await expectFiltered(path, all, { exchanges: several.join(',') }, onExchanges(several));
    }
  });

  it('tickers match any of the company tickers (a shared ticker matches every company that has it)', async () => {
    const tickers = byFrequency(companies.flatMap((c) => [...new Set((c.tickers as Rec[]).map((t) => t.ticker as string))]));
    const companiesWithAudio = new Set(audio.map((a) => a.companyId));
    const withAudio = tickers.filter((t) => companies.some((c) => companiesWithAudio.has(c.id) && (c.tickers as Rec[]).some((x) => x.ticker === t)));
    const single = [withAudio[0]!];
    const several = [withAudio[1]!, withAudio[withAudio.length - 1]!, 'ZZZZZZZZ'];
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      await expectFiltered(path, all, { tickers: single.join(',') }, withTickers(single));
      await expectFiltered(path, all, { tickers: several.join(',') }, withTickers(several));
    }
  });

  it('isins match any of the company ISINs', async () => {
    const withAudio = companies.filter((c) => audio.some((a) => a.companyId === c.id) && transcripts.some((t) => t.companyId === c.id));
    const a = withAudio[0]!;
    const b = withAudio[withAudio.length - 1]!;
    const single = [(a.isins as string[])[0]!];
    const several = [(a.isins as string[])[0]!, (b.isins as string[])[(b.isins as string[]).length - 1]!];
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      await expectFiltered(path, all, { isins: single.join(',') }, withIsins(single));
      await expectFiltered(path, all, { isins: several.join(',') }, withIsins(several));
    }
  });
});

describe('id filters', () => {
  it('ids (companies) match exactly; unknown ids are simply not found', async () => {
    const pick = [companies[3]!.id, companies[17]!.id, companies[companies.length - 1]!.id];
    await expectFiltered('/companies', companies, { ids: String(pick[1]) }, (c) => c.id === pick[1]);
    await expectFiltered('/companies', companies, { ids: [...pick, 987654321].join(',') }, (c) => pick.includes(c.id));
  });

  it('companyIds match exactly (audio, transcripts)', async () => {
    for (const [path, all] of related()) {
      const present = [...new Set(all.map((r) => r.companyId as number))];
      const one = [present[2]!];
      const several = [present[0]!, present[Math.floor(present.length / 2)]!, present[present.length - 1]!];
      await expectFiltered(path, all, { companyIds: one.join(',') }, (r) => one.includes(r.companyId));
      await expectFiltered(path, all, { companyIds: several.join(',') }, (r) => several.includes(r.companyId));
    }
  });

  it('eventIds match exactly (audio, transcripts)', async () => {
    for (const [path, all] of related()) {
      const present = [...new Set(all.map((r) => r.eventId as number))];
      const one = [present[5]!];
      const several = [present[1]!, present[Math.floor(present.length / 3)]!, present[present.length - 1]!, 987654321];
      await expectFiltered(path, all, { eventIds: one.join(',') }, (r) => one.includes(r.eventId));
      await expectFiltered(path, all, { eventIds: several.join(',') }, (r) => several.includes(r.eventId));
    }
  });

  it('typeIds match exactly (transcripts)', async () => {
    const typeIds = [...groupOfType.keys()].sort((a, b) => a - b);
    expect(typeIds.length, 'raw and edited transcript types both occur').toBeGreaterThanOrEqual(2);
    for (const typeId of typeIds) {
      await expectFiltered('/documents/transcripts', transcripts, { typeIds: String(typeId) }, (t) => t.typeId === typeId);
    }
    await expectFiltered('/documents/transcripts', transcripts, { typeIds: typeIds.join(',') }, (t) => typeIds.includes(t.typeId));
    await expectFiltered('/documents/transcripts', transcripts, { typeIds: '5,10,19' }, (t) => [5, 10, 19].includes(t.typeId), { allowEmpty: true });
  });

  it('documentGroupIds match through the document type (endpoint 13)', async () => {
    for (let group = 1; group <= 6; group++) {
      await expectFiltered('/documents/transcripts', transcripts, { documentGroupIds: String(group) }, (t) => groupOfType.get(t.typeId) === group, {
        allowEmpty: true,
      });
    }
    const used = [...new Set(groupOfType.values())];
    expect(used.length).toBeGreaterThan(0);
    const unused = [1, 2, 3, 4, 5, 6].find((g) => !used.includes(g))!;
    await expectFiltered('/documents/transcripts', transcripts, { documentGroupIds: used.join(',') }, (t) => used.includes(groupOfType.get(t.typeId)!));
    await expectFiltered('/documents/transcripts', transcripts, { documentGroupIds: `${unused},${used[0]}` }, (t) => groupOfType.get(t.typeId) === used[0]);
  });
});

describe('date filters', () => {
  it('startDate and endDate bound the related event date, inclusive (checked against endpoint 4)', async () => {
    for (const [path, all] of related()) {
      const dates = [...new Set(all.map(eventDate))].sort((a, b) => a - b);
      const low = dates[Math.floor(dates.length / 3)]!;
      const high = dates[Math.floor((2 * dates.length) / 3)]!;
      const lowIso = new Date(low).toISOString();
      const highIso = new Date(high).toISOString();
      const from = await expectFiltered(path, all, { startDate: lowIso }, (r) => eventDate(r) >= low);
      expect(
        from.some((r) => eventDate(r) === low),
        `${path}: a record whose event is exactly at startDate is included`,
      ).toBe(true);
      const to = await expectFiltered(path, all, { endDate: highIso }, (r) => eventDate(r) <= high);
      expect(
        to.some((r) => eventDate(r) === high),
        `${path}: a record whose event is exactly at endDate is included`,
      ).toBe(true);
      await expectFiltered(path, all, { startDate: lowIso, endDate: highIso }, (r) => eventDate(r) >= low && eventDate(r) <= high);
      // A one-instant window holds exactly the records of events at that instant.
      await expectFiltered(path, all, { startDate: highIso, endDate: highIso }, (r) => eventDate(r) === high);
      // An empty window.
      await expectFiltered(path, all, { startDate: highIso, endDate: lowIso }, () => false, { allowEmpty: true });
    }
  });

  it('a date with an offset means the same instant', async () => {
    const [path, all] = related()[0];
    const dates = [...new Set(all.map(eventDate))].sort((a, b) => a - b);
    const mid = dates[Math.floor(dates.length / 2)]!;
    // The same instant written in UTC+02:00.
    const local = `${new Date(mid + 2 * 3_600_000).toISOString().slice(0, 23)}+02:00`;
    expect(Date.parse(local)).toBe(mid);
    await expectFiltered(path, all, { startDate: local }, (r) => eventDate(r) >= mid);
    await expectFiltered(path, all, { endDate: local }, (r) => eventDate(r) <= mid);
  });
});

describe('updatedAfter / updatedBefore', () => {
  it('bound updatedAt exclusively (a record updated exactly at the boundary is left out)', async () => {
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      const stamps = [...new Set(all.map((r) => time(r.updatedAt)))].sort((a, b) => a - b);
      const b1 = stamps[Math.floor(stamps.length / 4)]!;
      const b2 = stamps[Math.floor((3 * stamps.length) / 4)]!;
      const i1 = new Date(b1).toISOString();
      const i2 = new Date(b2).toISOString();
      const after = await expectFiltered(path, all, { updatedAfter: i1 }, (r) => time(r.updatedAt) > b1);
      expect(
        after.some((r) => time(r.updatedAt) === b1),
        `${path}: updatedAfter is exclusive`,
      ).toBe(false);
      expect(all.some((r) => time(r.updatedAt) === b1)).toBe(true);
      const before = await expectFiltered(path, all, { updatedBefore: i2 }, (r) => time(r.updatedAt) < b2);
      expect(
        before.some((r) => time(r.updatedAt) === b2),
        `${path}: updatedBefore is exclusive`,
      ).toBe(false);
      await expectFiltered(path, all, { updatedAfter: i1, updatedBefore: i2 }, (r) => time(r.updatedAt) > b1 && time(r.updatedAt) < b2);
      // One millisecond earlier, the boundary record is in.
      const justBefore = new Date(b1 - 1).toISOString();
      const inclusive = await expectFiltered(path, all, { updatedAfter: justBefore }, (r) => time(r.updatedAt) > b1 - 1);
      expect(inclusive.some((r) => time(r.updatedAt) === b1)).toBe(true);
    }
  });
});

describe('combining filters', () => {
  it('different filters combine with AND', async () => {
    const countries = byFrequency(companies.map((c) => c.country));
    const country = countries[0]!;
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      const stamps = all.map((r) => time(r.updatedAt)).sort((a, b) => a - b);
      const mid = stamps[Math.floor(stamps.length / 2)]!;
      await expectFiltered(
        path,
        all,
        { countries: country, updatedAfter: new Date(mid).toISOString() },
        (r) => inCountries([country])(r) && time(r.updatedAt) > mid,
      );
    }
    for (const [path, all] of related()) {
      const present = [...new Set(all.map((r) => r.companyId as number))].slice(0, 12);
      const dates = [...new Set(all.map(eventDate))].sort((a, b) => a - b);
      const mid = dates[Math.floor(dates.length / 2)]!;
      await expectFiltered(
        path,
        all,
        { companyIds: present.join(','), startDate: new Date(mid).toISOString() },
        (r) => present.includes(r.companyId) && eventDate(r) >= mid,
      );
      // A company filter and an id filter that exclude each other give nothing.
      const other = companies.find((c) => c.country !== companyById.get(present[0]!)!.country)!;
      await expectFiltered(path, all, { companyIds: String(present[0]), countries: other.country }, () => false, { allowEmpty: true });
    }
    const typeIds = [...groupOfType.keys()];
    const dates = [...new Set(transcripts.map(eventDate))].sort((a, b) => a - b);
    const end = dates[Math.floor(dates.length / 2)]!;
    await expectFiltered(
      '/documents/transcripts',
      transcripts,
      { typeIds: String(typeIds[0]), countries: countries.slice(0, 3).join(','), endDate: new Date(end).toISOString(), documentGroupIds: '1,2,3,4,5,6' },
      (t) => t.typeId === typeIds[0] && inCountries(countries.slice(0, 3))(t) && eventDate(t) <= end,
    );
    const exchanges = byFrequency(companies.flatMap((c) => (c.tickers as Rec[]).map((t) => t.exchange as string)));
    const tickers = companies
      .filter((c) => (c.tickers as Rec[]).some((t) => t.exchange === exchanges[0]))
      .slice(0, 5)
      .flatMap((c) => (c.tickers as Rec[]).map((t) => t.ticker as string));
    await expectFiltered(
      '/companies',
      companies,
      { exchanges: exchanges[0]!, tickers: tickers.join(','), countries: countries.join(',') },
      (c) => onExchanges([exchanges[0]!])(c) && withTickers(tickers)(c),
    );
  });

  it('filtered lists page the same way (limit 7 gives the same records as limit 500)', async () => {
    const country = byFrequency(companies.map((c) => c.country))[0]!;
    for (const [path, all] of [['/companies', companies], ...related()] as const) {
      const expected = all.filter(inCountries([country]));
      const pages: Rec[] = [];
      let cursor: number | undefined;
      for (let i = 0; i < 1000; i++) {
        const body = await get(sandbox, path, { countries: country, limit: 7, cursor });
        expect(body.data.length).toBeLessThanOrEqual(7);
        pages.push(...body.data);
        if (body.pagination.nextCursor === null) break;
        cursor = body.pagination.nextCursor;
      }
      expect(ids(pages), path).toEqual(ids(expected));
    }
  });
});

describe('chapter levels', () => {
  it('levels match exactly; without levels only level 1 is returned', async () => {
    for (const a of [audio[0]!, audio[Math.floor(audio.length / 2)]!, audio[audio.length - 1]!]) {
      const path = `/audio/${a.id}/chapters`;
      const all = await collectAll(sandbox, path, { levels: '1,2,3,4,5,6,7,8,9' });
      const levels = [...new Set(all.map((c) => c.level as number))].sort();
      expect(levels, `${path}: levels 1 and 2 exist`).toEqual(expect.arrayContaining([1, 2]));
      await expectFiltered(path, all, {}, (c) => c.level === 1);
      await expectFiltered(path, all, { levels: '1' }, (c) => c.level === 1);
      await expectFiltered(path, all, { levels: '2' }, (c) => c.level === 2);
      await expectFiltered(path, all, { levels: '2,1' }, (c) => c.level === 1 || c.level === 2);
      await expectFiltered(path, all, { levels: '7' }, (c) => c.level === 7, { allowEmpty: true });
    }
  });
});
