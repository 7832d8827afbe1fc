/**
 * Contract: light realism checks on the generated data (countries, exchanges, ISIN check digits,
 * shared tickers, segment arithmetic), on a sandbox with 500 companies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, collectAll, get, getData, ids, isValidIsin, makeSandbox, OTHER_FORMAT, V3, type Rec } from './contract-helpers.ts';

describe('realistic data (500 companies)', () => {
  const { sandbox } = makeSandbox({ seed: 'contract', companies: 500 });
  let companies: Rec[] = [];

  beforeAll(async () => {
    companies = await collectAll(sandbox, '/companies');
  });

  it('has 500 companies', () => {
    expect(companies.length).toBe(500);
  });

  it('spans at least 10 countries and 12 exchanges', () => {
    const countries = new Set(companies.map((c) => c.country));
    const exchanges = new Set(companies.flatMap((c) => (c.tickers as Rec[]).map((t) => t.exchange)));
    expect(countries.size, [...countries].join(',')).toBeGreaterThanOrEqual(10);
    expect(exchanges.size, [...exchanges].join(',')).toBeGreaterThanOrEqual(12);
  });

  it('the ISO 6166 check used here accepts real ISINs and rejects altered ones', () => {
    for (const isin of ['US0378331005', 'US5949181045', 'DE0007164600', 'GB0002634946', 'NL0010273215', 'JP3633400001', 'CH0012032048']) {
      expect(isValidIsin(isin), isin).toBe(true);
    }
    for (const isin of ['US0378331006', 'US5949181046', 'DE0007164601', 'US037833100', 'us0378331005', 'US03783310O5']) {
      expect(isValidIsin(isin), isin).toBe(false);
    }
  });

  it('every ISIN has a valid check digit', () => {
    const isins = companies.flatMap((c) => c.isins as string[]);
    expect(isins.length).toBeGreaterThanOrEqual(companies.length);
    const bad = isins.filter((isin) => !isValidIsin(isin));
    expect(bad, 'ISINs with a wrong check digit or format').toEqual([]);
  });

  it('some ticker is shared by companies on different exchanges, and the tickers filter finds them all', async () => {
    const listings = new Map<string, { companyId: number; exchange: string }[]>();
    for (const c of companies) {
      for (const t of c.tickers as Rec[]) {
        const list = listings.get(t.ticker) ?? [];
        list.push({ companyId: c.id, exchange: t.exchange });
        listings.set(t.ticker, list);
      }
    }
    const shared = [...listings.entries()].filter(([, list]) => {
      const companyIds = new Set(list.map((l) => l.companyId));
      const exchanges = new Set(list.map((l) => l.exchange));
      return companyIds.size >= 2 && exchanges.size >= 2;
    });
    expect(shared.length, 'tickers shared by companies on different exchanges').toBeGreaterThan(0);
    const [ticker, list] = shared[0]!;
    const found = await collectAll(sandbox, '/companies', { tickers: ticker });
    expect(ids(found)).toEqual([...new Set(list.map((l) => l.companyId))].sort((x, y) => x - y));
  });

  it('segment items plus the numeric part of other add up to total (within 0.15)', async () => {
    let checked = 0;
    for (const c of companies) {
      const segments = await collectAll(sandbox, `/companies/${c.id}/segments`);
      for (const s of segments) {
        const match = OTHER_FORMAT.exec(s.other as string);
        expect(match, `company ${c.id} ${s.fiscalYear} ${s.segmentItem}/${s.segmentCategory}: other "${s.other}"`).not.toBeNull();
        const sum = (s.items as Rec[]).reduce((acc, item) => acc + (item.value as number), 0) + Number(match![1]);
        if (Math.abs(sum - s.total) > 0.15) {
          throw new Error(`company ${c.id} ${s.fiscalYear} ${s.segmentItem}/${s.segmentCategory}: items + other = ${sum.toFixed(2)}, total = ${s.total}`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('events have plausible titles, languages and fiscal periods', async () => {
    const audio = (await get(sandbox, '/audio', { limit: 200, expand: 'event' })).data as Rec[];
    for (const a of audio) {
      const e = await getData(sandbox, `/events/${a.eventId}`);
      expect(e.language, `event ${e.id}`).toMatch(/^[a-z]{2}$/);
      expect(e.fiscalYear, `event ${e.id}`).toBeGreaterThan(2000);
      expect(e.fiscalYear, `event ${e.id}`).toBeLessThan(2100);
      expect(e.title.length, `event ${e.id}`).toBeGreaterThan(5);
    }
  });

  it('events report a fiscal period that is not years after the event itself (static and announced events)', async () => {
    // Beyond the listed rules, a light realism check: an earnings call held in 2026 reports a
    // 2026 (or, with a shifted fiscal year, a 2027) period, not one decades ahead.
    const first = sandbox.schedule.firstEventId;
    const ids: number[] = [];
    for (let id = 1; id < first; id += 7) ids.push(id);
    // Announced events: the next two weeks of the schedule.
    for (let k = 0; k < 14 * 24 * 40; k += 97) ids.push(first + k);
    const wrong: string[] = [];
    for (const id of ids) {
      const res = await call(sandbox, `${V3}/events/${id}`);
      if (res.status !== 200) continue;
      const e = res.json.data as Rec;
      const year = new Date(e.date).getUTCFullYear();
      if (e.fiscalYear > year + 1 || e.fiscalYear < year - 2) wrong.push(`event ${id} on ${e.date}: "${e.title}" (fiscalYear ${e.fiscalYear})`);
    }
    expect(wrong.length, `events whose fiscal year is far from their date, e.g.\n${wrong.slice(0, 5).join('\n')}`).toBe(0);
  });
});
