import { Random } from '../random.ts';
import { DOC_TYPE, EARNINGS_CALL_TYPES, EDITED_TRANSCRIPT_TYPE, EVENT_TYPE, RAW_TRANSCRIPT_TYPE, TRANSCRIPT_TYPE_IDS } from './catalog.ts';
import { generateCompanies, type CompanyRecord } from './companies.ts';
import { TableBuilder, type Columns } from './table.ts';

export const PERIODS = ['Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', 'FY'] as const;
export const CONFERENCES = [
  'Global Technology Conference',
  'Industrials Forum',
  'Healthcare Summit',
  'Financials Conference',
  'Consumer & Retail Day',
  'Energy Transition Forum',
  'Nordic Investor Week',
  'Small & Mid Cap Conference',
] as const;
export const PRESS_TOPICS = [
  'Annual General Meeting results',
  'Changes to the Board of Directors',
  'Share buyback programme update',
  'Completion of acquisition',
  'New long-term supply agreement',
  'Sustainability report published',
  'Capital Markets Day highlights',
  'Dividend announcement',
] as const;

const EVENT_SCHEMA = {
  companyId: 'i32',
  typeId: 'i16',
  date: 'f64',
  fiscalYear: 'i16',
  period: 'u8',
  createdAt: 'f64',
  updatedAt: 'f64',
  callIndex: 'u8',
  finalState: 'u8',
  variant: 'u8',
} as const;
const AUDIO_SCHEMA = { companyId: 'i32', eventId: 'i32', callIndex: 'u8', createdAt: 'f64', updatedAt: 'f64' } as const;
const DOCUMENT_SCHEMA = {
  companyId: 'i32',
  eventId: 'i32',
  typeId: 'u8',
  createdAt: 'f64',
  updatedAt: 'f64',
  variant: 'u8',
} as const;

export type EventColumns = Columns<typeof EVENT_SCHEMA>;
export type AudioColumns = Columns<typeof AUDIO_SCHEMA>;
export type DocumentColumns = Columns<typeof DOCUMENT_SCHEMA>;

export interface Dataset {
  seed: string;
  /** The sandbox clock's reading when the data was generated. Everything static lies before it. */
  generatedAt: number;
  companies: CompanyRecord[];
  /** Static events, audio and documents: the row of id N is N - 1. */
  events: EventColumns & { count: number };
  audio: AudioColumns & { count: number };
  documents: DocumentColumns & { count: number };
  /** Ids of the transcript documents, ascending. */
  transcriptIds: Int32Array;
  /** Audio id of each static event's recording (0 when there is none), by event row. */
  eventAudioId: Int32Array;
  /** Length of each recorded call in seconds, by call index. */
  callDurations: readonly number[];
  /** Per company (by id - 1): index of the last quarter with a static earnings call (year * 4 + quarter - 1). */
  lastStaticQuarter: Int32Array;
  /** Quarter index of the first quarter with static earnings calls (January of the year two years before generation). */
  firstCallQuarter: number;
  /**
   * The recorded call of each company's static earnings call by quarter: row (id - 1) * callQuarters
   * + (quarter - firstCallQuarter); -1 where the company held none. See `staticCallOf`.
   */
  earningsCalls: Int16Array;
  callQuarters: number;
}

/** Which recorded call a company's static earnings call of a quarter plays; undefined: it held none. */
export function staticCallOf(dataset: Dataset, companyId: number, quarterIndex: number): number | undefined {
  const offset = quarterIndex - dataset.firstCallQuarter;
  if (offset < 0 || offset >= dataset.callQuarters || companyId < 1 || companyId > dataset.companies.length) return undefined;
  const call = dataset.earningsCalls[(companyId - 1) * dataset.callQuarters + offset] as number;
  return call < 0 ? undefined : call;
}

export interface GenerateOptions {
  seed: string;
  companies: number;
  now: number;
  /** Number of distinct recorded calls in the media library. */
  callCount: number;
  /** Length of each call in seconds, by call index. */
  callDurations: readonly number[];
}

/** What a `Report` document is, by its variant. */
export const REPORT_VARIANT = { meetingNotice: 0, registration: 1 } as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Quarter index (year * 4 + quarter - 1) of the latest quarter that ended before `time`. */
export function lastCompletedQuarter(time: number): number {
  const date = new Date(time);
  return date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3) - 1;
}

export function quarterEnd(quarterIndex: number): number {
  const year = Math.floor(quarterIndex / 4);
  const quarter = quarterIndex % 4; // 0-based
  return Date.UTC(year, quarter * 3 + 3, 0, 23, 59, 59, 999);
}

const US_EXCHANGES = /^(?:NYSE|NYSEAmerican|Nasdaq[A-Z]*)$/;

/**
 * Which filings a company's results come with: a US company files 8-K, 10-Q and 10-K; a foreign
 * company listed in the US furnishes 6-K and files a 20-F (a Canadian one a 40-F); any other
 * publishes its own earnings release, interim and annual reports.
 */
export function filerKind(company: Pick<CompanyRecord, 'country' | 'tickers'>): 'us' | 'foreign' | 'canadian' | 'home' {
  if (company.country === 'US') return 'us';
  if (!company.tickers.some((t) => US_EXCHANGES.test(t.exchange))) return 'home';
  return company.country === 'CA' ? 'canadian' : 'foreign';
}

export function releaseType(kind: ReturnType<typeof filerKind>): number {
  return kind === 'us' ? DOC_TYPE.earningsRelease8K : kind === 'home' ? DOC_TYPE.earningsRelease : DOC_TYPE.earningsRelease6K;
}

function annualReportType(kind: ReturnType<typeof filerKind>): number {
  if (kind === 'us') return DOC_TYPE.annualReport10K;
  if (kind === 'foreign') return DOC_TYPE.annualReport20F;
  if (kind === 'canadian') return DOC_TYPE.annualReport40F;
  return DOC_TYPE.annualReport;
}

/** The date of a company's earnings call for a quarter. */
export function callDate(company: CompanyRecord, quarterIndex: number, rng: Random): number {
  const lag = company.reportLagDays + (quarterIndex % 4 === 3 ? 12 : 0) + rng.int(-4, 4);
  const day = new Date(quarterEnd(quarterIndex) + lag * DAY);
  // Calls are on weekdays.
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), company.callHourUtc, rng.pick([0, 0, 30]));
}

/**
 * What each recorded call (by index) is mostly about. Calls 1-3 are general quarters (a record
 * quarter, a weak one, a recovery) that suit any company; the later ones each have a subject.
 * Indices past this list (calls added later) count as general.
 */
export const CALL_SUBJECTS = ['general', 'general', 'general', 'tariffs', 'destocking', 'ai', 'banking', 'currency'] as const;
export type CallSubject = (typeof CALL_SUBJECTS)[number];

/** How much each industry leans to (above 1) or away from (below 1) a subject; missing: 1. */
const INDUSTRY_LEAN: Readonly<Record<string, Partial<Record<CallSubject, number>>>> = {
  Software: { ai: 3, tariffs: 0.3, destocking: 0.4 },
  Semiconductors: { ai: 3, destocking: 1.5, tariffs: 1.2 },
  Biotechnology: { ai: 0.4, tariffs: 0.3, destocking: 0.3 },
  'Medical Devices': { ai: 0.4, destocking: 0.6 },
  Banking: { banking: 12, currency: 0.5, ai: 0.2, tariffs: 0.1, destocking: 0 },
  Insurance: { banking: 3, currency: 0.8, ai: 0.3, tariffs: 0.1, destocking: 0 },
  Industrials: { tariffs: 2, destocking: 1.5, ai: 0.5 },
  Energy: { currency: 1.2, tariffs: 0.7, destocking: 0.5, ai: 0.3 },
  Retail: { currency: 2, destocking: 2, tariffs: 1.5, ai: 0.3 },
  Logistics: { tariffs: 1.5, destocking: 1.5, ai: 0.4 },
  Telecommunications: { ai: 1.2, tariffs: 0.4, destocking: 0.3 },
  Materials: { tariffs: 1.8, destocking: 1.8, currency: 1.2, ai: 0.2 },
  'Consumer Staples': { currency: 2, destocking: 1.2, ai: 0.2 },
  Media: { ai: 1, tariffs: 0.2, destocking: 0.2 },
  'Real Estate': { ai: 0.6, tariffs: 0.3, destocking: 0 },
};

/**
 * How common a subject is in a quarter, by how many quarters before the latest completed one it
 * lies (0: that quarter, which the live schedule reports; 1: the last static quarter; ...).
 * Tariffs rise over the last four quarters, destocking fades from two years ago to now, AI
 * spending grows slowly over the whole span; the rest stay level.
 */
function subjectTrend(subject: CallSubject, quartersAgo: number): number {
  const age = Math.max(0, quartersAgo);
  switch (subject) {
    case 'tariffs':
      return age >= 5 ? 0.2 : 0.2 + (5 - age) * 0.9;
    case 'destocking':
      return Math.min(3, Math.max(0.15, 0.4 * age - 0.2));
    case 'ai':
      return 0.6 + Math.max(0, 10 - age) * 0.15;
    case 'general':
      return 1.5;
    default:
      return 1;
  }
}

/**
 * The weight of each call (by index, `callCount` of them) for an event of a company in `industry`
 * whose quarter lies `quartersAgo` quarters before the latest completed one. Pure.
 */
export function callWeights(industry: string, quartersAgo: number, callCount: number): number[] {
  const lean = INDUSTRY_LEAN[industry] ?? {};
  const weights: number[] = [];
  for (let index = 0; index < callCount; index++) {
    const subject: CallSubject = CALL_SUBJECTS[index] ?? 'general';
    // Only financial companies talk about deposits and charge offs.
    const leaning = lean[subject] ?? (subject === 'banking' ? 0 : 1);
    weights.push(subjectTrend(subject, quartersAgo) * leaning);
  }
  return weights;
}

/**
 * Picks a call by `callWeights` with `roll`, a uniform draw in [0, 1). Pure and deterministic.
 * `previous`, the call of the company's previous earnings call, is never picked again (unless it
 * is the only call with a weight): no company says the same thing two quarters running. A roll
 * that lands on it picks again among the others, by where in its share the roll fell (itself a
 * uniform draw), so every other pick stays what it was, and each other call keeps its odds
 * relative to the rest.
 */
export function pickCall(industry: string, quartersAgo: number, callCount: number, roll: number, previous?: number): number {
  const weights = callWeights(industry, quartersAgo, callCount);
  const first = pickByWeight(weights, roll);
  if (previous === undefined || first.index !== previous || !weights.some((weight, index) => weight > 0 && index !== previous)) return first.index;
  weights[previous] = 0;
  return pickByWeight(weights, first.within).index;
}

/** The index whose share of the weights holds `roll`, and where in that share it fell ([0, 1)). */
function pickByWeight(weights: readonly number[], roll: number): { index: number; within: number } {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = roll * total;
  let last = 0;
  for (let index = 0; index < weights.length; index++) {
    const weight = weights[index] as number;
    if (weight <= 0) continue;
    last = index;
    if (left < weight) return { index, within: left / weight };
    left -= weight;
  }
  // Only rounding at the very end of the range gets here.
  return { index: last, within: 1 - Number.EPSILON };
}

export function generateDataset(options: GenerateOptions): Dataset {
  const { seed, now, callCount, callDurations } = options;
  const companies = generateCompanies(seed, options.companies, now);
  const events = new TableBuilder(EVENT_SCHEMA);
  const audio = new TableBuilder(AUDIO_SCHEMA);
  const documents = new TableBuilder(DOCUMENT_SCHEMA);
  const lastStaticQuarter = new Int32Array(companies.length);
  const latestQuarter = lastCompletedQuarter(now);
  const firstYear = new Date(now).getUTCFullYear() - 2;
  const firstCallQuarter = firstYear * 4;
  const callQuarters = Math.max(0, latestQuarter - firstCallQuarter);
  const earningsCalls = new Int16Array(companies.length * callQuarters).fill(-1);
  const cutoff = now - DAY;

  for (const company of companies) {
    const rng = Random.derive(seed, `company-events/${company.seedIndex}`);
    const english = company.language === 'en';
    const filer = filerKind(company);
    const addDocument = (eventDraft: number, typeId: number, createdAt: number, variant = 0) => {
      if (createdAt > now) return;
      const updatedAt = rng.chance(0.15) ? Math.min(now, createdAt + rng.int(1, 30) * HOUR) : createdAt;
      documents.push({ companyId: company.id, eventId: eventDraft, typeId, createdAt, updatedAt, variant });
    };
    const addEvent = (typeId: number, date: number, fiscalYear: number, period: number, variant = 0, previousCall?: number) => {
      const createdAt = Math.max(company.createdAt, date - rng.int(20, 60) * DAY);
      const updatedAt = rng.chance(0.6) ? Math.min(now, date + rng.int(10, 72 * 60) * MINUTE) : createdAt;
      const roll = rng.next();
      // Most past events were streamed and recorded; a few failed along the way.
      const finalState = roll < 0.955 ? 0 : 1 + Math.floor((roll - 0.955) / 0.01125);
      // Earnings calls go by their fiscal quarter, other events by the quarter they fall in. One
      // draw, as the uniform pick before took, so every later draw stays where it was.
      const quarterIndex = period <= 3 ? fiscalYear * 4 + period : lastCompletedQuarter(date) + 1;
      const callIndex = pickCall(company.industry.name, latestQuarter - quarterIndex, callCount, rng.next(), previousCall);
      const draft = events.push({
        companyId: company.id,
        typeId,
        date,
        fiscalYear,
        period,
        createdAt,
        updatedAt,
        callIndex,
        finalState: Math.min(finalState, 4),
        variant,
      });
      let recorded = false;
      if (finalState === 0) {
        const audioCreated = date + (callDurations[callIndex] ?? 240) * 1000 + rng.int(4, 45) * MINUTE;
        if (audioCreated <= now) {
          const audioUpdated = rng.chance(0.2) ? Math.min(now, audioCreated + rng.int(1, 20) * DAY) : audioCreated;
          audio.push({ companyId: company.id, eventId: draft, callIndex, createdAt: audioCreated, updatedAt: audioUpdated });
          recorded = true;
          if (english) {
            addDocument(draft, RAW_TRANSCRIPT_TYPE, audioCreated + rng.int(20, 90) * MINUTE);
            if (rng.chance(0.9)) addDocument(draft, EDITED_TRANSCRIPT_TYPE, date + rng.int(20, 96) * HOUR);
          }
        }
      }
      return { draft, recorded, callIndex };
    };

    // Quarterly earnings calls, up to the quarter before the latest completed one: that one is
    // reported "today" by the live schedule (see live.ts).
    let lastQuarter = firstYear * 4 - 1;
    let previousCall: number | undefined;
    for (let quarterIndex = firstYear * 4; quarterIndex < latestQuarter; quarterIndex++) {
      const date = callDate(company, quarterIndex, rng);
      if (date > cutoff) break;
      lastQuarter = quarterIndex;
      const year = Math.floor(quarterIndex / 4);
      const quarter = quarterIndex % 4;
      const { draft, callIndex } = addEvent(EARNINGS_CALL_TYPES[quarter] as number, date, year, quarter, 0, previousCall);
      previousCall = callIndex;
      earningsCalls[(company.id - 1) * callQuarters + quarterIndex - firstCallQuarter] = callIndex;
      addDocument(draft, releaseType(filer), date - rng.int(30, 150) * MINUTE);
      if (rng.chance(0.55)) addDocument(draft, DOC_TYPE.slides, date - rng.int(20, 60) * MINUTE);
      if (filer === 'us') {
        addDocument(
          draft,
          quarter === 3 ? DOC_TYPE.annualReport10K : DOC_TYPE.quarterlyReport10Q,
          date + (quarter === 3 ? rng.int(15, 40) : rng.int(1, 12)) * DAY + rng.int(0, 600) * MINUTE,
        );
      } else if (quarter === 3) {
        addDocument(draft, annualReportType(filer), date + rng.int(20, 60) * DAY + rng.int(0, 600) * MINUTE);
      } else if (quarter === 1 || rng.chance(0.7)) {
        addDocument(draft, DOC_TYPE.interimReport, date - rng.int(30, 90) * MINUTE);
      }
    }
    lastStaticQuarter[company.id - 1] = lastQuarter;

    for (let year = firstYear; year <= firstYear + 2; year++) {
      // Annual general meeting in spring, approving the previous year's accounts.
      const agmDate = Date.UTC(year, 4, 1 + rng.int(0, 45), rng.pick([8, 9, 13, 14]), 0);
      if (agmDate < cutoff && agmDate > company.createdAt) {
        const { draft } = addEvent(EVENT_TYPE.annualGeneralMeeting, agmDate, year - 1, 6);
        addDocument(draft, DOC_TYPE.report, agmDate - rng.int(25, 40) * DAY, REPORT_VARIANT.meetingNotice);
        addDocument(draft, DOC_TYPE.pressRelease, agmDate + rng.int(3, 8) * HOUR, 0);
      }
      if (rng.chance(0.25)) {
        const date = Date.UTC(year, rng.int(0, 11), rng.int(1, 28), rng.pick([13, 15, 17]), 0);
        if (date < cutoff) {
          const variant = rng.int(0, 7);
          addEvent(EVENT_TYPE.conference, date, year, Math.floor(new Date(date).getUTCMonth() / 3), variant);
        }
      }
    }
    if (rng.chance(0.35)) {
      const date = Date.UTC(firstYear + rng.int(0, 2), rng.pick([2, 5, 8, 10]), rng.int(5, 25), rng.pick([8, 9, 13]), 0);
      if (date < cutoff) {
        const { draft } = addEvent(EVENT_TYPE.capitalMarketsDay, date, new Date(date).getUTCFullYear(), Math.floor(new Date(date).getUTCMonth() / 3));
        addDocument(draft, DOC_TYPE.slides, date - rng.int(10, 60) * MINUTE);
        addDocument(draft, DOC_TYPE.pressRelease, date + rng.int(4, 9) * HOUR, 6);
      }
    }
    if (rng.chance(0.07)) {
      const date = Date.UTC(firstYear + rng.int(0, 2), rng.int(0, 11), rng.int(1, 28), rng.pick([7, 12, 13]), 0);
      if (date < cutoff) {
        const { draft } = addEvent(EVENT_TYPE.mergerAnnouncement, date, new Date(date).getUTCFullYear(), Math.floor(new Date(date).getUTCMonth() / 3));
        addDocument(draft, DOC_TYPE.pressRelease, date - rng.int(30, 120) * MINUTE, 3);
        if (rng.chance(0.6)) addDocument(draft, DOC_TYPE.report, date + rng.int(10, 40) * DAY, REPORT_VARIANT.registration);
      }
    }
  }

  // Ids follow creation order, as they do on the real service.
  const eventOrder = events.orderBy('createdAt');
  const eventIdOfDraft = new Int32Array(events.length);
  eventOrder.forEach((draft, row) => {
    eventIdOfDraft[draft] = row + 1;
  });
  const remap = (builder: { length: number; get(column: 'eventId', draft: number): number; set(column: 'eventId', draft: number, value: number): void }) => {
    for (let i = 0; i < builder.length; i++) builder.set('eventId', i, eventIdOfDraft[builder.get('eventId', i)] as number);
  };
  remap(audio);
  remap(documents);

  const eventColumns = { ...events.build(eventOrder), count: events.length };
  const audioColumns = { ...audio.build(audio.orderBy('createdAt')), count: audio.length };
  const documentColumns = { ...documents.build(documents.orderBy('createdAt')), count: documents.length };

  const eventAudioId = new Int32Array(eventColumns.count);
  for (let row = 0; row < audioColumns.count; row++) eventAudioId[(audioColumns.eventId[row] as number) - 1] = row + 1;
  const transcripts: number[] = [];
  for (let row = 0; row < documentColumns.count; row++) {
    if (TRANSCRIPT_TYPE_IDS.has(documentColumns.typeId[row] as number)) transcripts.push(row + 1);
  }

  return {
    seed,
    generatedAt: now,
    companies,
    events: eventColumns,
    audio: audioColumns,
    documents: documentColumns,
    transcriptIds: Int32Array.from(transcripts),
    eventAudioId,
    callDurations,
    lastStaticQuarter,
    firstCallQuarter,
    earningsCalls,
    callQuarters,
  };
}
