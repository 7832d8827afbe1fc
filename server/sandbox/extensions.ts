import { DOCUMENT_TYPES, EVENT_TYPES, FINAL_STATES, LIVE_STATES, type LiveState } from './data/catalog.ts';
import { documentList, DOCUMENT_LIST_PARAMETERS } from './document-lists.ts';
import type { SlotRange } from './live.ts';
import {
  COMPANY_FILTERS,
  DATES,
  eventDates,
  hasDateWindow,
  list,
  matchesRelated,
  notFound,
  PAGE,
  relatedFilters,
  UPDATED,
  type RelatedFilters,
  type Route,
} from './listing.ts';
import { concatSources, EMPTY_SOURCE, paginate, sortedIdsSource, spanSource, type PositionSource } from './paginate.ts';
import type { QueryReader } from './query.ts';
import * as out from './serialize.ts';
import type { Context } from './serialize.ts';
import { liveIdOf, type LiveInfo } from './store.ts';
import { DEFAULT_TRANSCRIPT_VERSION, TRANSCRIPT_VERSIONS, type TranscriptVersion } from './live-transcript.ts';

/**
 * The five list endpoints the real service has beyond the 13 of the contract
 * (README, "Endpoints beyond the contract"):
 * /events, /live/audio, /documents, /event-types and /document-types. Same conventions and
 * validation as the contract's lists. Not served when the sandbox runs with SANDBOX_CONTRACT=strict.
 *
 * Events (and their live records, whose ids follow the events' order: store.ts, LIVE_ID_OFFSET)
 * are the static table, then the slots of the rolling schedule announced by now. Slot dates grow
 * with the slot, so a date window is a slot range; the static table is narrowed by the store's
 * date index. Both lists walk event ids: a live record's position (what its cursor encodes) is its
 * event's id.
 *
 * `/events` takes `sortBy=id|date` (public clients always send it). By date, the walk goes through
 * positions: 1..n are the static events in date order (ties by id), and the scheduled events keep
 * their ids as positions (they come after every static one: the static history ends a day before
 * the schedule starts, and slot dates grow with the slot), so a cursor pages either order alike.
 */

const ALL_LIVE_STATES = Object.values(LIVE_STATES) as LiveState[];

export const EXTENSION_PARAMETERS = {
  events: [...PAGE, 'sortBy', ...COMPANY_FILTERS, 'companyIds', 'typeIds', ...DATES, ...UPDATED],
  live: [...PAGE, ...COMPANY_FILTERS, 'companyIds', 'eventIds', 'states', ...DATES, ...UPDATED],
  liveTranscripts: [...PAGE, ...COMPANY_FILTERS, 'companyIds', 'eventIds', 'states', ...DATES, ...UPDATED, 'transcriptVersion'],
  liveTranscriptById: ['transcriptVersion'],
  documents: DOCUMENT_LIST_PARAMETERS,
  types: [...PAGE],
} as const satisfies Record<string, readonly string[]>;

/** Static event ids to walk: those in the date window when that narrows the walk, else all. */
function staticEventSource(ctx: Context, filters: RelatedFilters): PositionSource {
  const inWindow = hasDateWindow(filters) ? ctx.store.dates.eventsBetween(filters.startDate, filters.endDate) : undefined;
  return ctx.store.staticEvents(inWindow);
}

function windowSlots(ctx: Context, filters: RelatedFilters): SlotRange {
  return ctx.store.schedule.slotsBetween(filters.startDate, filters.endDate);
}

/** Positions of events in date order (see above): the walk, and the event id at a position. */
function eventsByDate(ctx: Context, filters: RelatedFilters): { source: PositionSource; idAt: (position: number) => number } {
  const { ids, lo, hi } = ctx.store.dates.eventsInDateOrder(filters.startDate, filters.endDate);
  const count = ids.length;
  return {
    source: concatSources(spanSource(lo + 1, hi), ctx.store.scheduledEvents(ctx.now, windowSlots(ctx, filters))),
    idAt: (position) => (position <= count ? (ids[position - 1] as number) : position),
  };
}

function eventsList(query: QueryReader, ctx: Context) {
  const page = query.page();
  const sortBy = query.oneOf('sortBy', ['id', 'date'], 'id');
  const filters = relatedFilters(query, ctx, { eventIds: false });
  const typeIds = query.integerList('typeIds');
  const { store, now } = ctx;
  const { events } = store.dataset;
  const { schedule } = store;
  const byDate = sortBy === 'date' ? eventsByDate(ctx, filters) : undefined;
  const source = byDate?.source ?? concatSources(staticEventSource(ctx, filters), store.scheduledEvents(now, windowSlots(ctx, filters)));
  const idAt = byDate?.idAt ?? ((position: number) => position);
  const dateOf = eventDates(ctx);
  const result = paginate(page, source, (position) => {
    const id = idAt(position);
    if (id <= events.count) {
      const row = id - 1;
      if (typeIds && !typeIds.has(events.typeId[row]!)) return false;
      return matchesRelated(filters, events.companyId[row]!, id, events.updatedAt[row]!, dateOf);
    }
    const k = id - schedule.firstEventId;
    if (typeIds && !typeIds.has(schedule.eventTypeId(k))) return false;
    // updatedAt costs a status computation: only when a filter needs it.
    const updatedAt = filters.updatedAfter !== undefined || filters.updatedBefore !== undefined ? store.scheduledEventUpdatedAt(k, now) : 0;
    return matchesRelated(filters, schedule.companyId(k), id, updatedAt, dateOf);
  });
  return list(result, (position) => out.event(store.event(idAt(position), now)!));
}

/** `transcriptVersion`: 1.6 (the default) or 1.7 (the file with refinements). */
function transcriptVersion(query: QueryReader): TranscriptVersion {
  return query.oneOf('transcriptVersion', TRANSCRIPT_VERSIONS, DEFAULT_TRANSCRIPT_VERSION);
}

/** A live record in the shape each live list gives: /live/audio's, or with its transcript (and audio or not). */
type LiveRender = (live: LiveInfo, ctx: Context) => unknown;

function liveList(query: QueryReader, ctx: Context, render: LiveRender = out.live) {
  const page = query.page();
  const filters = relatedFilters(query, ctx);
  const states = query.enumList('states', ALL_LIVE_STATES);
  const { store, now } = ctx;
  const { events } = store.dataset;
  const { schedule } = store;
  // Static events only ever end in a final state; scheduled ones are willBeLive or live only near now.
  const staticPart = states && !FINAL_STATES.some((state) => states.has(state)) ? EMPTY_SOURCE : staticEventSource(ctx, filters);
  let slots = windowSlots(ctx, filters);
  if (states) slots = intersect(slots, schedule.slotsInStates(states, now));
  const source = concatSources(staticPart, store.scheduledEvents(now, slots));
  const needsTiming = filters.updatedAfter !== undefined || filters.updatedBefore !== undefined;
  const dateOf = eventDates(ctx);
  const result = paginate(page, source, (id) => {
    if (id <= events.count) {
      const row = id - 1;
      if (states && !states.has(store.staticLiveState(row))) return false;
      const updatedAt = needsTiming ? store.staticLiveTiming(row).changedAt : 0;
      return matchesRelated(filters, events.companyId[row]!, id, updatedAt, dateOf);
    }
    const k = id - schedule.firstEventId;
    const status = states || needsTiming ? schedule.status(k, now) : undefined;
    if (states && !states.has(status!.state)) return false;
    return matchesRelated(filters, schedule.companyId(k), id, status?.changedAt ?? 0, dateOf);
  });
  return list(result, (eventId) => render(store.live(liveIdOf(eventId), now)!, ctx));
}

/**
 * The live lists with transcripts (live-transcript.ts): /live and /live/{id} (audio and transcript
 * together), /live/transcripts and /live/transcripts/{id} (transcript only). Same filters as
 * /live/audio plus transcriptVersion; a key whose plan lacks the live-transcript dataset gets 403.
 */
function liveTranscriptRoutes(): Route[] {
  const routes: Route[] = [];
  for (const [prefix, withAudio] of [
    ['/live/transcripts', false],
    ['/live', true],
  ] as const) {
    const escaped = prefix.replace(/\//g, '\\/');
    const render = (version: TranscriptVersion) => (live: LiveInfo, ctx: Context) => out.liveWithTranscript(live, ctx, version, withAudio);
    routes.push({
      pattern: new RegExp(`^${escaped}$`),
      parameters: EXTENSION_PARAMETERS.liveTranscripts,
      extension: true,
      requires: 'liveTranscripts',
      handler: (_, query, ctx) => liveList(query, ctx, render(transcriptVersion(query))),
    });
    routes.push({
      // /live/{id}, but not /live/audio or /live/transcripts (their own routes).
      pattern: new RegExp(`^${escaped}\\/${withAudio ? '(?!(?:audio|transcripts)$)' : ''}([^/]+)$`),
      parameters: EXTENSION_PARAMETERS.liveTranscriptById,
      extension: true,
      requires: 'liveTranscripts',
      handler: ([id], query, ctx) => {
        const version = transcriptVersion(query);
        const live = ctx.store.live(id!, ctx.now) ?? notFound();
        return { data: render(version)(live, ctx) };
      },
    });
  }
  return routes;
}

function intersect(a: SlotRange, b: SlotRange): SlotRange {
  return { lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
}

/** A catalog list (event or document types), by id. */
function catalogList<T extends { id: number }>(query: QueryReader, records: readonly T[], render: (record: T) => unknown) {
  const page = query.page();
  const byId = new Map(records.map((record) => [record.id, record]));
  const ids = [...byId.keys()].sort((a, b) => a - b);
  const result = paginate(page, sortedIdsSource(ids), () => true);
  return list(result, (id) => render(byId.get(id)!));
}

export const EXTENSION_ROUTES: Route[] = [
  { pattern: /^\/events$/, parameters: EXTENSION_PARAMETERS.events, extension: true, handler: (_, query, ctx) => eventsList(query, ctx) },
  { pattern: /^\/live\/audio$/, parameters: EXTENSION_PARAMETERS.live, extension: true, handler: (_, query, ctx) => liveList(query, ctx) },
  ...liveTranscriptRoutes(),
  {
    pattern: /^\/documents$/,
    parameters: EXTENSION_PARAMETERS.documents,
    extension: true,
    handler: (_, query, ctx) => documentList(query, ctx, 'all'),
  },
  {
    pattern: /^\/event-types$/,
    parameters: EXTENSION_PARAMETERS.types,
    extension: true,
    handler: (_, query) => catalogList(query, EVENT_TYPES, out.eventType),
  },
  {
    pattern: /^\/document-types$/,
    parameters: EXTENSION_PARAMETERS.types,
    extension: true,
    handler: (_, query) => catalogList(query, DOCUMENT_TYPES, out.documentType),
  },
];
