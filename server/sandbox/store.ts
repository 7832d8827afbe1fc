import { EVENT_TYPE, FINAL_STATES, TRANSCRIPT_TYPE_IDS, isEarningsCallType, type LiveState } from './data/catalog.ts';
import type { CompanyRecord } from './data/companies.ts';
import { CONFERENCES, PERIODS, type Dataset } from './data/generate.ts';
import { PROCESSING_TIME, type LiveSchedule } from './live.ts';
import { concatSources, rangeSource, sortedIdsSource, type PositionSource } from './paginate.ts';

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

const QUARTER_NAMES = ['first quarter', 'second quarter', 'third quarter', 'fourth quarter'];

export class Store {
  readonly companies: CompanyRecord[];

  constructor(
    readonly dataset: Dataset,
    readonly schedule: LiveSchedule,
  ) {
    this.companies = dataset.companies;
  }

  company(id: number): CompanyRecord | undefined {
    return id >= 1 ? this.companies[id - 1] : undefined;
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
    const status = this.schedule.status(slot, now);
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
      // The event record itself changes once, when the call has been held.
      updatedAt: status.state === 'notLive' || status.state === 'willBeLive' ? createdAt : status.changedAt,
      callIndex: this.schedule.callIndex(slot),
      title: eventTitle(company, this.schedule.eventTypeId(slot), fiscalYear, fiscalPeriod, date, this.schedule.round(slot)),
      slot,
    };
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

  /** The live-audio record of event `id` (same id). */
  live(id: number, now: number): LiveInfo | undefined {
    const event = this.event(id, now);
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
    const row = id - 1;
    const state = FINAL_STATES[this.dataset.events.finalState[row] as number] ?? 'recordingAvailable';
    const audioId = this.dataset.eventAudioId[row] || undefined;
    const audioInfo = audioId ? this.audio(audioId, now) : undefined;
    const duration = (this.dataset.callDurations[event.callIndex] ?? 0) * 1000;
    // When the record last changed: the moment it reached its final state.
    let changedAt: number;
    let streamedSeconds = duration / 1000;
    switch (state) {
      case 'liveFailedNotStarted':
        changedAt = event.date + 5 * 60_000;
        streamedSeconds = 0;
        break;
      case 'liveFailedNoAccess':
        changedAt = event.date;
        streamedSeconds = 0;
        break;
      case 'liveFailedInterrupted':
        changedAt = event.date + Math.round(duration * 0.6);
        streamedSeconds = (duration * 0.6) / 1000;
        break;
      case 'processingRecordingFailed':
        changedAt = event.date + duration + PROCESSING_TIME;
        break;
      default:
        changedAt = audioInfo ? audioInfo.createdAt : event.date + duration + PROCESSING_TIME;
    }
    const wentLive = streamedSeconds > 0;
    return {
      id,
      event,
      state,
      wentLiveAt: wentLive ? event.date : null,
      createdAt: event.createdAt,
      updatedAt: changedAt,
      audioId,
      streamed: wentLive,
      streamedSeconds,
    };
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

  /** Transcript document ids in order, static then scheduled. */
  transcriptSource(now: number): PositionSource {
    const { schedule } = this;
    const first = schedule.firstDocumentId;
    const ids = function* (fromSlot: number, toSlot: number, step: 1 | -1) {
      for (let k = fromSlot; step > 0 ? k <= toSlot : k >= toSlot; k += step) {
        const order = step > 0 ? [1, 2] : [2, 1];
        for (const j of order) {
          const at = schedule.documentCreatedAt(k, j);
          if (at !== undefined && at <= now) yield first + 3 * k + j;
        }
      }
    };
    const last = schedule.lastRecordedSlotBound(now) + 1;
    const tail: PositionSource = {
      *ascending(from) {
        for (const id of ids(Math.max(0, Math.floor((from - first) / 3)), last, 1)) if (id >= from) yield id;
      },
      *descending(from) {
        const top = from === Infinity ? last : Math.min(last, Math.floor((from - first) / 3));
        for (const id of ids(top, 0, -1)) if (id <= from) yield id;
      },
    };
    return concatSources(sortedIdsSource(this.dataset.transcriptIds), tail);
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
