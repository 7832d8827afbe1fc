import { DOC_TYPE, EARNINGS_CALL_TYPES, EDITED_TRANSCRIPT_TYPE, EVENT_TYPE, RAW_TRANSCRIPT_TYPE, type LiveState } from './data/catalog.ts';
import { filerKind, lastCompletedQuarter, pickCall, releaseType, staticCallOf, type Dataset } from './data/generate.ts';
import { hashString, mix } from './random.ts';

/**
 * The rolling schedule: like a day in earnings season, a call starts every SLOT_SPACING on the
 * sandbox clock, forever. Each call goes notLive → willBeLive → live → processingRecording →
 * recordingAvailable (a few fail along the way), its recording appears in /audio once processed,
 * and English calls get raw and edited transcripts after that.
 *
 * Slot k belongs to company perm[k mod N]. In the first round through the companies each one
 * holds its earnings call for the quarter after its latest static one (the quarter just ended),
 * so nothing duplicates the static history; in later rounds, companies present at conferences,
 * hold investor days and trading updates, dated in the quarter the call falls in. Ids continue after the static ones:
 * event id = firstEventId + k (its live record's id: store.ts, liveIdOf), audio id = firstAudioId + k, document ids
 * firstDocumentId + 3k (earnings release), + 1 (raw transcript), + 2 (edited transcript).
 */

export const SLOT_SPACING = 90_000;
/** How long before the first slot the schedule starts, relative to the generation time. */
export const LOOKBACK = 20 * 60_000;
export const WILL_BE_LIVE_WINDOW = 15 * 60_000;
export const PROCESSING_TIME = 45_000;
/** Events are announced (created) this long before they start. */
export const ANNOUNCE_AHEAD = 14 * 24 * 3_600_000;
const RELEASE_BEFORE = 45 * 60_000;
const RAW_TRANSCRIPT_AFTER = 3 * 60_000;
const EDITED_TRANSCRIPT_AFTER = 30 * 60_000;
const NOT_STARTED_AFTER = 5 * 60_000;
/** Event kinds of the rounds after the first. */
const LATER_ROUND_TYPES = [EVENT_TYPE.conference, EVENT_TYPE.investorDay, EVENT_TYPE.tradingUpdate, EVENT_TYPE.conference, EVENT_TYPE.capitalMarketsDay];

export type SlotFate = 'ok' | 'interrupted' | 'notStarted' | 'processingFailed';

export interface LiveStatus {
  state: LiveState;
  wentLiveAt: number | null;
  /** When the state last changed. */
  changedAt: number;
  /** Seconds of the call streamed so far (live) or in all (after). */
  streamedSeconds: number;
}

/** Slots lo..hi, inclusive (hi may be Infinity: no upper bound but the clock's). */
export interface SlotRange {
  lo: number;
  hi: number;
}

export class LiveSchedule {
  readonly start: number;
  readonly firstEventId: number;
  readonly firstAudioId: number;
  readonly firstDocumentId: number;
  private readonly order: Int32Array;
  private readonly salt: number;
  private readonly minDuration: number;
  private readonly maxDuration: number;
  private readonly latestQuarter: number;

  constructor(
    private readonly dataset: Dataset,
    private readonly durations: readonly number[],
  ) {
    // Calls start on whole minutes or half minutes, like real ones (on the minute).
    this.start = Math.floor((dataset.generatedAt - LOOKBACK) / 60_000) * 60_000;
    this.firstEventId = dataset.events.count + 1;
    this.firstAudioId = dataset.audio.count + 1;
    this.firstDocumentId = dataset.documents.count + 1;
    this.salt = hashString(`${dataset.seed}/live`);
    // A seeded permutation of the companies decides who reports when.
    const n = dataset.companies.length;
    this.order = new Int32Array(n);
    for (let i = 0; i < n; i++) this.order[i] = i + 1;
    for (let i = n - 1; i > 0; i--) {
      const j = mix(this.salt, i) % (i + 1);
      const t = this.order[i] as number;
      this.order[i] = this.order[j] as number;
      this.order[j] = t;
    }
    this.minDuration = Math.min(...durations);
    this.maxDuration = Math.max(...durations);
    this.latestQuarter = lastCompletedQuarter(dataset.generatedAt);
  }

  slotStart(k: number): number {
    return this.start + k * SLOT_SPACING;
  }

  companyId(k: number): number {
    return this.order[k % this.order.length] as number;
  }

  /** The slot of a company's earnings call: in the first round, for the quarter after its static ones. */
  earningsSlotOf(companyId: number): number {
    return this.order.indexOf(companyId);
  }

  /** Which round through the companies slot k belongs to. */
  round(k: number): number {
    return Math.floor(k / this.order.length);
  }

  /** Quarter index of slot k's fiscal period (year * 4 + quarter - 1). */
  quarter(k: number): number {
    if (this.round(k) === 0) {
      const companyRow = this.companyId(k) - 1;
      return (this.dataset.lastStaticQuarter[companyRow] as number) + 1;
    }
    return lastCompletedQuarter(this.slotStart(k)) + 1;
  }

  /**
   * Which recorded call slot k plays: picked like the static calls, by the company's industry and
   * the quarter (see pickCall); a company's earnings call (the first round) never repeats its
   * previous quarter's call.
   */
  callIndex(k: number): number {
    const companyId = this.companyId(k);
    const industry = this.dataset.companies[companyId - 1]?.industry.name ?? '';
    const quarter = this.quarter(k);
    const previous = this.round(k) === 0 ? staticCallOf(this.dataset, companyId, quarter - 1) : undefined;
    return pickCall(industry, this.latestQuarter - quarter, this.durations.length, mix(this.salt, k, 1) / 2 ** 32, previous);
  }

  durationMs(k: number): number {
    return Math.round((this.durations[this.callIndex(k)] ?? 0) * 1000);
  }

  /**
   * What happens to slot k's call. A failure never follows another within two slots, which keeps
   * the promise that some call is live at every moment (calls last longer than two slots).
   */
  fate(k: number): SlotFate {
    const fate = this.rawFate(k);
    if (fate === 'ok' || (k >= 1 && this.rawFate(k - 1) !== 'ok') || (k >= 2 && this.rawFate(k - 2) !== 'ok')) return 'ok';
    return fate;
  }

  private rawFate(k: number): SlotFate {
    const roll = mix(this.salt, k, 2);
    if (roll % 29 === 13) return 'notStarted';
    if (roll % 31 === 7) return 'interrupted';
    if (roll % 37 === 19) return 'processingFailed';
    return 'ok';
  }

  /** Slot of an event id, if that id belongs to the schedule and the event has been announced. */
  slotOfEvent(id: number, now: number): number | undefined {
    const k = id - this.firstEventId;
    if (k < 0 || !Number.isSafeInteger(k)) return undefined;
    return this.slotStart(k) - ANNOUNCE_AHEAD <= now ? k : undefined;
  }

  /** The last slot announced by `now`. */
  lastAnnouncedSlot(now: number): number {
    return Math.floor((now + ANNOUNCE_AHEAD - this.start) / SLOT_SPACING);
  }

  eventCreatedAt(k: number): number {
    return this.slotStart(k) - ANNOUNCE_AHEAD;
  }

  eventTypeId(k: number): number {
    const round = this.round(k);
    if (round === 0) return EARNINGS_CALL_TYPES[this.quarter(k) % 4] as number;
    return LATER_ROUND_TYPES[(round - 1) % LATER_ROUND_TYPES.length] as number;
  }

  /**
   * The type of slot k's document j: an earnings call's results release (8-K, 6-K or the company's
   * own), the slides of a conference, investor day or capital markets day, a trading update's press
   * release; then the in-house (raw) and the edited transcript.
   */
  documentTypeId(k: number, j: number): number {
    if (j === 1) return RAW_TRANSCRIPT_TYPE;
    if (j === 2) return EDITED_TRANSCRIPT_TYPE;
    if (this.round(k) === 0) return releaseType(filerKind(this.dataset.companies[this.companyId(k) - 1]!));
    return this.eventTypeId(k) === EVENT_TYPE.tradingUpdate ? DOC_TYPE.pressRelease : DOC_TYPE.slides;
  }

  status(k: number, now: number): LiveStatus {
    const start = this.slotStart(k);
    const duration = this.durationMs(k);
    const fate = this.fate(k);
    const liveFor = (until: number) => Math.max(0, Math.min(until, now) - start) / 1000;
    if (now < start - WILL_BE_LIVE_WINDOW) {
      return { state: 'notLive', wentLiveAt: null, changedAt: this.eventCreatedAt(k), streamedSeconds: 0 };
    }
    if (fate === 'notStarted') {
      if (now < start + NOT_STARTED_AFTER) {
        return { state: 'willBeLive', wentLiveAt: null, changedAt: start - WILL_BE_LIVE_WINDOW, streamedSeconds: 0 };
      }
      return { state: 'liveFailedNotStarted', wentLiveAt: null, changedAt: start + NOT_STARTED_AFTER, streamedSeconds: 0 };
    }
    if (now < start) {
      return { state: 'willBeLive', wentLiveAt: null, changedAt: start - WILL_BE_LIVE_WINDOW, streamedSeconds: 0 };
    }
    if (fate === 'interrupted') {
      const cut = start + Math.round(duration * 0.6);
      if (now < cut) return { state: 'live', wentLiveAt: start, changedAt: start, streamedSeconds: liveFor(cut) };
      return { state: 'liveFailedInterrupted', wentLiveAt: start, changedAt: cut, streamedSeconds: (cut - start) / 1000 };
    }
    const end = start + duration;
    if (now < end) return { state: 'live', wentLiveAt: start, changedAt: start, streamedSeconds: liveFor(end) };
    const processed = end + PROCESSING_TIME;
    if (now < processed) {
      return { state: 'processingRecording', wentLiveAt: start, changedAt: end, streamedSeconds: duration / 1000 };
    }
    if (fate === 'processingFailed') {
      return { state: 'processingRecordingFailed', wentLiveAt: start, changedAt: processed, streamedSeconds: duration / 1000 };
    }
    return { state: 'recordingAvailable', wentLiveAt: start, changedAt: processed, streamedSeconds: duration / 1000 };
  }

  /** When slot k's recording appears in /audio (undefined: never). */
  audioCreatedAt(k: number): number | undefined {
    const fate = this.fate(k);
    if (fate !== 'ok') return undefined;
    return this.slotStart(k) + this.durationMs(k) + PROCESSING_TIME;
  }

  /** Creation time of one of slot k's documents (j = 0 release, 1 raw, 2 edited); undefined: never. */
  documentCreatedAt(k: number, j: number): number | undefined {
    if (j === 0) return this.slotStart(k) - RELEASE_BEFORE;
    const companyRow = this.companyId(k) - 1;
    if (this.dataset.companies[companyRow]?.language !== 'en') return undefined;
    const audioAt = this.audioCreatedAt(k);
    if (audioAt === undefined) return undefined;
    return audioAt + (j === 1 ? RAW_TRANSCRIPT_AFTER : EDITED_TRANSCRIPT_AFTER);
  }

  /** Highest slot whose recording may exist by `now` (recordings appear in slot order, give or take). */
  lastRecordedSlotBound(now: number): number {
    return Math.floor((now - this.start - this.minDuration * 1000 - PROCESSING_TIME) / SLOT_SPACING);
  }

  /** Slots whose start lies in [from, to] (either bound optional), as an inclusive range; hi < lo when none. */
  slotsBetween(from: number | undefined, to: number | undefined): SlotRange {
    const lo = from === undefined ? 0 : Math.max(0, Math.ceil((from - this.start) / SLOT_SPACING));
    const hi = to === undefined ? Infinity : Math.floor((to - this.start) / SLOT_SPACING);
    return { lo, hi };
  }

  /**
   * The slots that can be in one of `states` at `now` (a hull, to narrow a walk: the state of each
   * slot in it must still be checked). Calls change state in slot order, so each state covers a
   * run of slots: upcoming calls are notLive, the few around `now` willBeLive or live, past ones done.
   */
  slotsInStates(states: ReadonlySet<LiveState>, now: number): SlotRange {
    const slotAt = (time: number) => Math.floor((time - this.start) / SLOT_SPACING);
    const ranges: SlotRange[] = [];
    const past = { lo: 0, hi: slotAt(now) };
    for (const state of states) {
      if (state === 'notLive') ranges.push({ lo: Math.max(0, slotAt(now + WILL_BE_LIVE_WINDOW)), hi: Infinity });
      else if (state === 'willBeLive') ranges.push({ lo: slotAt(now - NOT_STARTED_AFTER), hi: slotAt(now + WILL_BE_LIVE_WINDOW) + 1 });
      else if (state === 'live') ranges.push({ lo: slotAt(now - this.maxDuration * 1000) - 1, hi: past.hi });
      else if (state !== 'liveFailedNoAccess') ranges.push(past);
    }
    if (ranges.length === 0) return { lo: 0, hi: -1 };
    return { lo: Math.max(0, Math.min(...ranges.map((r) => r.lo))), hi: Math.max(...ranges.map((r) => r.hi)) };
  }

  /** Highest slot that may have a document by `now`. */
  lastDocumentSlotBound(now: number): number {
    return Math.floor((now + RELEASE_BEFORE - this.start) / SLOT_SPACING);
  }
}
