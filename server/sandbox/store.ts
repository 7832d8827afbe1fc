import {
  DOC_TYPE,
  EDITED_TRANSCRIPT_TYPE,
  EVENT_TYPE,
  FINAL_STATES,
  RAW_TRANSCRIPT_TYPE,
  TRANSCRIPT_TYPE_IDS,
  isEarningsCallType,
  type LiveState,
} from './data/catalog.ts';
import type { CompanyRecord } from './data/companies.ts';
import { CompanyFinancials, type CallFacts } from './data/financials.ts';
import { CONFERENCES, PERIODS, staticCallOf, type Dataset } from './data/generate.ts';
import { companySegments, type SegmentRecord } from './data/segments.ts';
import { DateIndex } from './indexes.ts';
import { PROCESSING_TIME, type LiveSchedule, type SlotRange } from './live.ts';
import { concatSources, rangeSource, sortedIdsSource, spanSource, type PositionSource } from './paginate.ts';

/**
 * One view over the static history and the rolling live schedule: everything the routes need
 * to look a record up by id or walk a list in id order, at a given moment of the sandbox clock.
 */

export interface EventInfo {
  id: number;
  company: CompanyRecord;
  typeId: number;
  date: number;
  fiscalYear: number;
  fiscalPeriod: string;
  language: string;
  createdAt: number;
  updatedAt: number;
  callIndex: number;
  title: string;
  /** Slot in the live schedule, for scheduled events. */
  slot?: number;
}

export interface AudioInfo {
  id: number;
  company: CompanyRecord;
  eventId: number;
  callIndex: number;
  createdAt: number;
  updatedAt: number;
}

export interface DocumentInfo {
  id: number;
  company: CompanyRecord;
  eventId: number;
  typeId: number;
  createdAt: number;
  updatedAt: number;
  variant: number;
}

export interface LiveInfo {
  id: number;
  event: EventInfo;
  state: LiveState;
  wentLiveAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Recording audio id once it exists. */
  audioId?: number;
  /** Whether a live playlist exists (live or after). */
  streamed: boolean;
  streamedSeconds: number;
}

/**
 * A live-audio record has an id of its own, as in the real service (whose documentation shows id
 * 127537 for eventId 128301): here its event's id plus this offset, for every seed and size, so
 * the ids are stable from run to run and follow the events' order. The offset is small enough that
 * `/live/audio/{eventId}` usually names another event's record, as it can with the real service:
 * a client that mistakes one id for the other reads a wrong record, not a convenient 404.
 */
export const LIVE_ID_OFFSET = 764;

/** The live-audio record id of an event. */
export const liveIdOf = (eventId: number): number => eventId + LIVE_ID_OFFSET;

/** The event id of a live-audio record id; undefined when no event can have it. */
export function eventIdOfLive(liveId: number): number | undefined {
  const eventId = liveId - LIVE_ID_OFFSET;
  return eventId >= 1 && Number.isSafeInteger(eventId) ? eventId : undefined;
}

const QUARTER_NAMES = ['first quarter', 'second quarter', 'third quarter', 'fourth quarter'];

/** The types a scheduled call's document j can have (document id = firstDocumentId + 3 * slot + j; see LiveSchedule.documentTypeId). */
const SCHEDULED_DOCUMENT_TYPES: readonly (readonly number[])[] = [
  [DOC_TYPE.earningsRelease8K, DOC_TYPE.earningsRelease6K, DOC_TYPE.earningsRelease, DOC_TYPE.slides, DOC_TYPE.pressRelease],
  [RAW_TRANSCRIPT_TYPE],
  [EDITED_TRANSCRIPT_TYPE],
];
/** The j of each scheduled document. */
export const ALL_SCHEDULED_DOCUMENTS: readonly number[] = [0, 1, 2];

export function scheduledDocumentTypes(j: number): readonly number[] {
  return SCHEDULED_DOCUMENT_TYPES[j] ?? [];
}

/** A live record's state and when it last changed. */
export interface LiveTiming {
  state: LiveState;
  changedAt: number;
  streamedSeconds: number;
}

export class Store {
  readonly companies: CompanyRecord[];
  /** Static records by date, for lists with a date window. */
  readonly dates: DateIndex;

  constructor(
    readonly dataset: Dataset,
    readonly schedule: LiveSchedule,
    /** The figures each recorded call states (by call index; see media/library.ts). */
    private readonly callFacts: readonly (CallFacts | undefined)[] = [],
  ) {
    this.companies = dataset.companies;
    this.dates = new DateIndex(dataset);
  }

  company(id: number): CompanyRecord | undefined {
    return id >= 1 ? this.companies[id - 1] : undefined;
  }

  /** The recorded call a company's earnings call of a quarter plays: a static one, or the live schedule's; undefined: none. */
  earningsCallOf(companyId: number, quarter: number): number | undefined {
    const lastStatic = this.dataset.lastStaticQuarter[companyId - 1];
    if (lastStatic !== undefined && quarter === lastStatic + 1) return this.schedule.callIndex(this.schedule.earningsSlotOf(companyId));
    return staticCallOf(this.dataset, companyId, quarter);
  }

  /** A company's figures, with what its earnings calls say (data/financials.ts). */
  financials(company: CompanyRecord): CompanyFinancials {
    return new CompanyFinancials(this.dataset.seed, company, this.dataset.generatedAt, (quarter) => {
      const call = this.earningsCallOf(company.id, quarter);
      return call === undefined ? undefined : this.callFacts[call];
    });
  }

  /** A company's segment records, from its figures. */
  segments(company: CompanyRecord): SegmentRecord[] {
    return companySegments(this.dataset.seed, company, this.dataset.generatedAt, this.financials(company));
  }

  event(id: number, now: number): EventInfo | undefined {
    const { events } = this.dataset;
    if (id >= 1 && id <= events.count) {
      const row = id - 1;
      const company = this.companies[(events.companyId[row] as number) - 1] as CompanyRecord;
      const typeId = events.typeId[row] as number;
      const fiscalYear = events.fiscalYear[row] as number;
      const fiscalPeriod = PERIODS[events.period[row] as number] as string;
      const date = events.date[row] as number;
      return {
        id,
        company,
        typeId,
        date,
        fiscalYear,
        fiscalPeriod,
        language: company.language,
        createdAt: events.createdAt[row] as number,
        updatedAt: events.updatedAt[row] as number,
        callIndex: events.callIndex[row] as number,
        title: eventTitle(company, typeId, fiscalYear, fiscalPeriod, date, events.variant[row] as number),
      };
    }
    const slot = this.schedule.slotOfEvent(id, now);
    if (slot === undefined) return undefined;
    const company = this.companies[this.schedule.companyId(slot) - 1] as CompanyRecord;
    const quarter = this.schedule.quarter(slot);
    const fiscalYear = Math.floor(quarter / 4);
    const fiscalPeriod = PERIODS[quarter % 4] as string;
    const date = this.schedule.slotStart(slot);
    const createdAt = this.schedule.eventCreatedAt(slot);
    return {
      id,
      company,
      typeId: this.schedule.eventTypeId(slot),
      date,
      fiscalYear,
      fiscalPeriod,
      language: company.language,
      createdAt,
      updatedAt: this.scheduledEventUpdatedAt(slot, now),
      callIndex: this.schedule.callIndex(slot),
      title: eventTitle(company, this.schedule.eventTypeId(slot), fiscalYear, fiscalPeriod, date, this.schedule.round(slot)),
      slot,
    };
  }

  /** When a scheduled event's record last changed: once, when the call has been held. */
  scheduledEventUpdatedAt(slot: number, now: number): number {
    const status = this.schedule.status(slot, now);
    return status.state === 'notLive' || status.state === 'willBeLive' ? this.schedule.eventCreatedAt(slot) : status.changedAt;
  }

  audio(id: number, now: number): AudioInfo | undefined {
    const { audio } = this.dataset;
    if (id >= 1 && id <= audio.count) {
      const row = id - 1;
      return {
        id,
        company: this.companies[(audio.companyId[row] as number) - 1] as CompanyRecord,
        eventId: audio.eventId[row] as number,
        callIndex: audio.callIndex[row] as number,
        createdAt: audio.createdAt[row] as number,
        updatedAt: audio.updatedAt[row] as number,
      };
    }
    const slot = id - this.schedule.firstAudioId;
    if (slot < 0 || !Number.isSafeInteger(slot)) return undefined;
    const createdAt = this.schedule.audioCreatedAt(slot);
    if (createdAt === undefined || createdAt > now) return undefined;
    return {
      id,
      company: this.companies[this.schedule.companyId(slot) - 1] as CompanyRecord,
      eventId: this.schedule.firstEventId + slot,
      callIndex: this.schedule.callIndex(slot),
      createdAt,
      updatedAt: createdAt,
    };
  }

  document(id: number, now: number): DocumentInfo | undefined {
    const { documents } = this.dataset;
    if (id >= 1 && id <= documents.count) {
      const row = id - 1;
      return {
        id,
        company: this.companies[(documents.companyId[row] as number) - 1] as CompanyRecord,
        eventId: documents.eventId[row] as number,
        typeId: documents.typeId[row] as number,
        createdAt: documents.createdAt[row] as number,
        updatedAt: documents.updatedAt[row] as number,
        variant: documents.variant[row] as number,
      };
    }
    const offset = id - this.schedule.firstDocumentId;
    if (offset < 0 || !Number.isSafeInteger(offset)) return undefined;
    const slot = Math.floor(offset / 3);
    const j = offset % 3;
    const createdAt = this.schedule.documentCreatedAt(slot, j);
    if (createdAt === undefined || createdAt > now) return undefined;
    return {
      id,
      company: this.companies[this.schedule.companyId(slot) - 1] as CompanyRecord,
      eventId: this.schedule.firstEventId + slot,
      typeId: this.schedule.documentTypeId(slot, j),
      createdAt,
      updatedAt: createdAt,
      variant: 0,
    };
  }

  /** The live-audio record with id `id` (its event's id + LIVE_ID_OFFSET). */
  live(id: number, now: number): LiveInfo | undefined {
    const eventId = eventIdOfLive(id);
    if (eventId === undefined) return undefined;
    const event = this.event(eventId, now);
    if (!event) return undefined;
    if (event.slot !== undefined) {
      const status = this.schedule.status(event.slot, now);
      const audioId = this.schedule.firstAudioId + event.slot;
      return {
        id,
        event,
        state: status.state,
        wentLiveAt: status.wentLiveAt,
        createdAt: event.createdAt,
        updatedAt: status.changedAt,
        audioId: status.state === 'recordingAvailable' ? audioId : undefined,
        streamed: status.wentLiveAt !== null,
        streamedSeconds: status.streamedSeconds,
      };
    }
    const row = eventId - 1;
    const { state, changedAt, streamedSeconds } = this.staticLiveTiming(row);
    const wentLive = streamedSeconds > 0;
    return {
      id,
      event,
      state,
      wentLiveAt: wentLive ? event.date : null,
      createdAt: event.createdAt,
      updatedAt: changedAt,
      audioId: this.dataset.eventAudioId[row] || undefined,
      streamed: wentLive,
      streamedSeconds,
    };
  }

  /** The final state of a static event's live record, from its row alone (cheap enough to filter on). */
  staticLiveState(row: number): LiveState {
    return FINAL_STATES[this.dataset.events.finalState[row] as number] ?? 'recordingAvailable';
  }

  /** The final state of a static event's live record, when it was reached and how much was streamed. */
  staticLiveTiming(row: number): LiveTiming {
    const { events, audio, eventAudioId } = this.dataset;
    const state = this.staticLiveState(row);
    const date = events.date[row] as number;
    const duration = (this.dataset.callDurations[events.callIndex[row] as number] ?? 0) * 1000;
    switch (state) {
      case 'liveFailedNotStarted':
        return { state, changedAt: date + 5 * 60_000, streamedSeconds: 0 };
      case 'liveFailedNoAccess':
        return { state, changedAt: date, streamedSeconds: 0 };
      case 'liveFailedInterrupted':
        return { state, changedAt: date + Math.round(duration * 0.6), streamedSeconds: (duration * 0.6) / 1000 };
      case 'processingRecordingFailed':
        return { state, changedAt: date + duration + PROCESSING_TIME, streamedSeconds: duration / 1000 };
      default: {
        const audioId = eventAudioId[row] as number;
        const changedAt = audioId ? (audio.createdAt[audioId - 1] as number) : date + duration + PROCESSING_TIME;
        return { state, changedAt, streamedSeconds: duration / 1000 };
      }
    }
  }

  /** Audio ids in order: the static table, then recordings of scheduled calls as they appear. */
  audioSource(now: number): PositionSource {
    const { schedule } = this;
    const tail: PositionSource = {
      *ascending(from) {
        const last = schedule.lastRecordedSlotBound(now) + 1; // one extra: durations differ a little
        for (let k = Math.max(0, from - schedule.firstAudioId); k <= last; k++) {
          const at = schedule.audioCreatedAt(k);
          if (at !== undefined && at <= now) yield schedule.firstAudioId + k;
        }
      },
      *descending(from) {
        const last = Math.min(schedule.lastRecordedSlotBound(now) + 1, from - schedule.firstAudioId);
        for (let k = last; k >= 0; k--) {
          const at = schedule.audioCreatedAt(k);
          if (at !== undefined && at <= now) yield schedule.firstAudioId + k;
        }
      },
    };
    return concatSources(
      rangeSource(() => this.dataset.audio.count),
      tail,
    );
  }

  /** Static event ids (which order their live records too): all, or the given ascending ids. */
  staticEvents(ids?: ArrayLike<number>): PositionSource {
    return ids ? sortedIdsSource(ids) : rangeSource(() => this.dataset.events.count);
  }

  /** Static document ids: all, or the given ascending ids. */
  staticDocuments(ids?: ArrayLike<number>): PositionSource {
    return ids ? sortedIdsSource(ids) : rangeSource(() => this.dataset.documents.count);
  }

  /** Ids of the scheduled events (which order their live records too) announced by `now`, in `slots`. */
  scheduledEvents(now: number, slots: SlotRange): PositionSource {
    const { firstEventId } = this.schedule;
    const hi = Math.min(slots.hi, this.schedule.lastAnnouncedSlot(now));
    return spanSource(firstEventId + Math.max(0, slots.lo), firstEventId + hi);
  }

  /** Ids of the scheduled calls' documents published by `now`: kinds `js` (0 release, 1 raw, 2 edited transcript), slots in `slots`. */
  scheduledDocuments(now: number, js: readonly number[], slots: SlotRange): PositionSource {
    const { schedule } = this;
    const first = schedule.firstDocumentId;
    const bound = js.includes(0) ? schedule.lastDocumentSlotBound(now) : schedule.lastRecordedSlotBound(now) + 1; // +1: durations differ a little
    const lo = Math.max(0, slots.lo);
    const hi = Math.min(slots.hi, bound);
    const published = (k: number, j: number) => {
      const at = schedule.documentCreatedAt(k, j);
      return at !== undefined && at <= now;
    };
    const descendingJs = [...js].reverse();
    return {
      *ascending(from) {
        for (let k = Math.max(lo, Math.floor((from - first) / 3)); k <= hi; k++) {
          for (const j of js) if (first + 3 * k + j >= from && published(k, j)) yield first + 3 * k + j;
        }
      },
      *descending(from) {
        const top = from === Infinity ? hi : Math.min(hi, Math.floor((from - first) / 3));
        for (let k = top; k >= lo; k--) {
          for (const j of descendingJs) if (first + 3 * k + j <= from && published(k, j)) yield first + 3 * k + j;
        }
      },
    };
  }

  isTranscript(document: DocumentInfo): boolean {
    return TRANSCRIPT_TYPE_IDS.has(document.typeId);
  }
}

export function eventTitle(company: CompanyRecord, typeId: number, fiscalYear: number, fiscalPeriod: string, date: number, variant: number): string {
  const year = new Date(date).getUTCFullYear();
  if (isEarningsCallType(typeId)) return `${company.displayName} ${fiscalPeriod} ${fiscalYear} Earnings Call`;
  switch (typeId) {
    case EVENT_TYPE.capitalMarketsDay:
      return `${company.displayName} Capital Markets Day ${year}`;
    case EVENT_TYPE.annualGeneralMeeting:
      return `${company.displayName} Annual General Meeting ${year}`;
    case EVENT_TYPE.conference:
      return `${company.displayName} at the ${CONFERENCES[variant % CONFERENCES.length]} ${year}`;
    case EVENT_TYPE.mergerAnnouncement:
      return `${company.displayName} Acquisition Conference Call`;
    case EVENT_TYPE.tradingUpdate:
      return `${company.displayName} ${fiscalPeriod} ${fiscalYear} Trading Update`;
    case EVENT_TYPE.investorDay:
      return `${company.displayName} Investor Day ${year}`;
    default:
      return `${company.displayName} ${fiscalPeriod} ${fiscalYear} Event`;
  }
}

export function quarterName(fiscalPeriod: string): string {
  const index = ['Q1', 'Q2', 'Q3', 'Q4'].indexOf(fiscalPeriod);
  return index >= 0 ? (QUARTER_NAMES[index] as string) : fiscalPeriod === 'FY' ? 'full year' : fiscalPeriod;
}
