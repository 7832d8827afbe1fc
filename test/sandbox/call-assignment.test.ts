import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../server/sandbox/config.ts';
import { isEarningsCallType } from '../../server/sandbox/data/catalog.ts';
import { CALL_SUBJECTS, callWeights, generateDataset, lastCompletedQuarter, pickCall } from '../../server/sandbox/data/generate.ts';
import { INDUSTRIES } from '../../server/sandbox/data/vocabulary.ts';
import { LiveSchedule, SLOT_SPACING } from '../../server/sandbox/live.ts';
import { MediaLibrary } from '../../server/sandbox/media/library.ts';

/**
 * Which recorded call an event gets: weights by the company's industry and the event's quarter,
 * so that a season of calls has trends (tariffs rising, destocking fading) and industries lean to
 * their subjects, while the general calls 1-3 stay in use everywhere.
 */

const CALLS = CALL_SUBJECTS.length;
const TARIFFS = CALL_SUBJECTS.indexOf('tariffs');
const DESTOCKING = CALL_SUBJECTS.indexOf('destocking');
const AI = CALL_SUBJECTS.indexOf('ai');
const BANKING = CALL_SUBJECTS.indexOf('banking');
const CURRENCY = CALL_SUBJECTS.indexOf('currency');

/** Share of call `index` among all calls for an industry and quarter. */
function share(industry: string, quartersAgo: number, index: number): number {
  const weights = callWeights(industry, quartersAgo, CALLS);
  return (weights[index] as number) / weights.reduce((a, b) => a + b, 0);
}

describe('callWeights and pickCall', () => {
  it('give every call of the library a weight, with the general calls 1-3 possible for every industry and quarter', () => {
    expect(CALL_SUBJECTS.slice(0, 3)).toEqual(['general', 'general', 'general']);
    for (const industry of INDUSTRIES) {
      for (let age = -1; age <= 12; age++) {
        const weights = callWeights(industry.name, age, CALLS);
        expect(weights).toHaveLength(CALLS);
        for (const weight of weights) expect(weight).toBeGreaterThanOrEqual(0);
        for (const general of [0, 1, 2]) expect(weights[general], `${industry.name} ${age}`).toBeGreaterThan(0);
      }
    }
    // A smaller library only has the first calls; calls added later count as general ones.
    expect(callWeights('Retail', 2, 3)).toHaveLength(3);
    const eleven = callWeights('Retail', 2, 11);
    expect(eleven[9]).toBe(eleven[0]);
    expect(eleven[10]).toBe(eleven[0]);
  });

  it('make tariffs rise over the last four quarters and inventory destocking fade from two years ago', () => {
    for (const industry of ['Industrials', 'Retail', 'Materials']) {
      for (let age = 1; age < 5; age++) expect(share(industry, age, TARIFFS)).toBeGreaterThan(share(industry, age + 1, TARIFFS));
      expect(share(industry, 1, TARIFFS)).toBeGreaterThan(5 * share(industry, 8, TARIFFS));
      for (let age = 1; age < 8; age++) expect(share(industry, age, DESTOCKING)).toBeLessThan(share(industry, age + 1, DESTOCKING));
      expect(share(industry, 8, DESTOCKING)).toBeGreaterThan(5 * share(industry, 1, DESTOCKING));
    }
    // Two years ago destocking was the most common subject of industrial calls; now tariffs are.
    const industrialsThen = callWeights('Industrials', 8, CALLS);
    const industrialsNow = callWeights('Industrials', 1, CALLS);
    expect(industrialsThen.indexOf(Math.max(...industrialsThen))).toBe(DESTOCKING);
    expect(industrialsNow.indexOf(Math.max(...industrialsNow))).toBe(TARIFFS);
  });

  it('lean industries to their subjects: banks to credit and margin, chips and software to AI, retail to pricing and inventory', () => {
    const top = (industry: string, age: number) => {
      const weights = callWeights(industry, age, CALLS);
      return weights.indexOf(Math.max(...weights));
    };
    for (let age = 0; age <= 8; age++) {
      expect(top('Banking', age)).toBe(BANKING);
      expect(top('Software', age)).toBe(AI);
    }
    // Chip makers talk about AI over the last year; two years ago, about their customers' destocking.
    for (let age = 0; age <= 4; age++) expect(top('Semiconductors', age)).toBe(AI);
    expect(top('Semiconductors', 8)).toBe(DESTOCKING);
    expect(share('Banking', 1, BANKING)).toBeGreaterThan(0.5);
    for (const subject of [CURRENCY, DESTOCKING]) expect(share('Retail', 6, subject)).toBeGreaterThan(share('Software', 6, subject));
    expect(share('Retail', 1, CURRENCY)).toBeGreaterThan(share('Retail', 1, 0));
    // Only financial companies get the call about deposits and charge offs.
    for (const industry of INDUSTRIES) {
      const banking = callWeights(industry.name, 3, CALLS)[BANKING];
      if (industry.name === 'Banking' || industry.name === 'Insurance') expect(banking).toBeGreaterThan(0);
      else expect(banking, industry.name).toBe(0);
    }
  });

  it('pick by weight from one uniform draw, the same call for the same draw', () => {
    const weights = callWeights('Banking', 2, CALLS);
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = new Array<number>(CALLS).fill(0);
    const steps = 20_000;
    for (let i = 0; i < steps; i++) {
      const roll = (i + 0.5) / steps;
      const call = pickCall('Banking', 2, CALLS, roll);
      expect(pickCall('Banking', 2, CALLS, roll)).toBe(call);
      counts[call]!++;
    }
    counts.forEach((count, index) => expect(count / steps).toBeCloseTo((weights[index] as number) / total, 3));
    expect(pickCall('Banking', 2, CALLS, 0)).toBe(0);
    // A call of weight 0 is never picked, even at the ends of the draw's range.
    expect(pickCall('Software', 2, CALLS, 0.999_999_999)).not.toBe(BANKING);
    expect(callWeights('Software', 2, CALLS)[CALLS - 1]).toBeGreaterThan(0);
    expect(pickCall('Software', 2, CALLS, 0.999_999_999)).toBe(CALLS - 1);
  });

  it("never pick the company's previous call again, unless no other call has a weight", () => {
    // A bank's call is almost always about deposits and charge offs; the quarter after one, it is another.
    expect(pickCall('Banking', 1, CALLS, 0.5)).toBe(BANKING);
    expect(pickCall('Banking', 1, CALLS, 0.5, BANKING)).not.toBe(BANKING);
    for (let i = 0; i < 1_000; i++) {
      const roll = (i + 0.5) / 1_000;
      for (let previous = 0; previous < CALLS; previous++) {
        const call = pickCall('Retail', 3, CALLS, roll, previous);
        expect(call).not.toBe(previous);
        // A roll that did not land on the previous call picks what it picked before.
        const before = pickCall('Retail', 3, CALLS, roll);
        if (before !== previous) expect(call).toBe(before);
      }
    }
    // The end of the draw's range lands on the last call with a weight, not on the excluded one
    // (for software, before the currency call come banking, weight 0, and AI).
    expect(pickCall('Software', 2, CALLS, 0.999_999_999, CURRENCY)).toBe(AI);
    // The other calls keep their odds relative to each other: a bank's quarter after the banking call.
    const weights = callWeights('Banking', 1, CALLS);
    const others = weights.reduce((a, b) => a + b, 0) - (weights[BANKING] as number);
    const counts = new Array<number>(CALLS).fill(0);
    for (let i = 0; i < 20_000; i++) counts[pickCall('Banking', 1, CALLS, (i + 0.5) / 20_000, BANKING)]!++;
    counts.forEach((count, index) => expect(count / 20_000).toBeCloseTo(index === BANKING ? 0 : (weights[index] as number) / others, 2));
    // A library of one call has nothing else to say.
    expect(pickCall('Retail', 3, 1, 0.5, 0)).toBe(0);
  });
});

describe('the default dataset', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const media = new MediaLibrary();
  const dataset = generateDataset({ seed: DEFAULTS.seed, companies: DEFAULTS.companies, now, callCount: media.calls.length, callDurations: media.durations });

  it("never gives a company the same recorded call in consecutive quarters, the live schedule's latest quarter included", () => {
    const { events } = dataset;
    const callOf = new Map<string, number>();
    for (let row = 0; row < events.count; row++) {
      if (!isEarningsCallType(events.typeId[row] as number)) continue;
      callOf.set(`${events.companyId[row]}/${(events.fiscalYear[row] as number) * 4 + (events.period[row] as number)}`, events.callIndex[row] as number);
    }
    let pairs = 0;
    let repeats = 0;
    for (const [key, call] of callOf) {
      const [company, quarter] = key.split('/').map(Number) as [number, number];
      const previous = callOf.get(`${company}/${quarter - 1}`);
      if (previous === undefined) continue;
      pairs++;
      if (previous === call) repeats++;
    }
    // Two years and three quarters of calls for each of the 500 companies: nine pairs each.
    expect(pairs).toBe(4500);
    expect(repeats).toBe(0);

    const schedule = new LiveSchedule(dataset, media.durations);
    let livePairs = 0;
    for (let k = 0; k < DEFAULTS.companies; k++) {
      const previous = callOf.get(`${schedule.companyId(k)}/${schedule.quarter(k) - 1}`);
      if (previous === undefined) continue;
      livePairs++;
      expect(schedule.callIndex(k), `slot ${k}`).not.toBe(previous);
    }
    expect(livePairs).toBe(500);
  });
});

describe('the generated dataset', () => {
  const now = Date.parse('2026-02-10T12:00:00Z');
  const media = new MediaLibrary();
  const dataset = generateDataset({ seed: 'call-assignment', companies: 600, now, callCount: media.calls.length, callDurations: media.durations });

  it('uses every call, with the trends and leanings of the weights', () => {
    expect(media.calls.length).toBe(CALLS);
    const latest = lastCompletedQuarter(now);
    const counts = new Array<number>(CALLS).fill(0);
    const byAge = new Map<number, number[]>();
    const bankCalls = { banks: 0, others: 0 };
    const { events } = dataset;
    for (let row = 0; row < events.count; row++) {
      const call = events.callIndex[row] as number;
      counts[call]!++;
      const industry = dataset.companies[(events.companyId[row] as number) - 1]!.industry.name;
      if (call === BANKING) bankCalls[industry === 'Banking' || industry === 'Insurance' ? 'banks' : 'others']++;
      const period = events.period[row] as number;
      if (period > 3) continue;
      const age = latest - ((events.fiscalYear[row] as number) * 4 + period);
      const ofAge = byAge.get(age) ?? new Array<number>(CALLS).fill(0);
      ofAge[call]!++;
      byAge.set(age, ofAge);
    }
    for (const count of counts) expect(count).toBeGreaterThan(50);
    expect(bankCalls.others).toBe(0);
    const rate = (age: number, call: number) => byAge.get(age)![call]! / byAge.get(age)!.reduce((a, b) => a + b, 0);
    expect(rate(1, TARIFFS)).toBeGreaterThan(3 * rate(7, TARIFFS));
    expect(rate(7, DESTOCKING)).toBeGreaterThan(3 * rate(1, DESTOCKING));
  });

  it('keeps one draw per event, so the events, their dates and states, and how many recordings and documents there are do not depend on the calls in the library', () => {
    const fewer = generateDataset({ seed: 'call-assignment', companies: 600, now, callCount: 3, callDurations: media.durations.slice(0, 3) });
    expect(fewer.events.count).toBe(dataset.events.count);
    expect(fewer.documents.count).toBe(dataset.documents.count);
    expect(fewer.audio.count).toBe(dataset.audio.count);
    for (const column of ['companyId', 'typeId', 'date', 'fiscalYear', 'period', 'createdAt', 'updatedAt', 'finalState', 'variant'] as const) {
      expect(Array.from(fewer.events[column]), column).toEqual(Array.from(dataset.events[column]));
    }
    for (let row = 0; row < fewer.events.count; row++) expect(fewer.events.callIndex[row]).toBeLessThan(3);
  });

  it('gives the live schedule its calls the same way, and the call before one that fails to stay live lasts two slots', () => {
    const schedule = new LiveSchedule(dataset, media.durations);
    const counts = new Array<number>(CALLS).fill(0);
    let gaps = 0;
    for (let k = 1; k < 5_000; k++) {
      counts[schedule.callIndex(k)]!++;
      const fate = schedule.fate(k);
      if (fate === 'notStarted' || fate === 'interrupted') {
        gaps++;
        expect(schedule.durationMs(k - 1), `slot ${k - 1}`).toBeGreaterThanOrEqual(2 * SLOT_SPACING);
      }
      expect(schedule.durationMs(k)).toBeGreaterThan(SLOT_SPACING);
    }
    expect(gaps).toBeGreaterThan(100);
    for (const count of counts) expect(count).toBeGreaterThan(0);
  });
});
