import { DOCUMENT_TYPES, EVENT_TYPES, TRANSCRIPT_TYPE_IDS } from './data/catalog.ts';
import type { CompanyRecord } from './data/companies.ts';
import { companySegments } from './data/segments.ts';
import { HttpError } from './errors.ts';
import { paginate, rangeSource, type Page } from './paginate.ts';
import { QueryReader, pathId } from './query.ts';
import * as out from './serialize.ts';
import type { Context } from './serialize.ts';

/**
 * The 13 endpoints of the Financial Events API v3. Each handler validates its query, looks the
 * records up through the Store at the current sandbox time, and returns the contract's envelope.
 */

type Handler = (params: string[], query: QueryReader, ctx: Context) => unknown;

interface Route {
  pattern: RegExp;
  handler: Handler;
}

const PAGE = ['limit', 'cursor', 'direction'];
const COMPANY_FILTERS = ['countries', 'exchanges', 'tickers', 'isins'];
const UPDATED = ['updatedBefore', 'updatedAfter'];

/** Query parameters each endpoint understands (others are ignored, as the service does). */
export const KNOWN_PARAMETERS: Record<string, readonly string[]> = {
  companies: [...PAGE, ...COMPANY_FILTERS, ...UPDATED, 'ids'],
  segments: PAGE,
  audio: [...PAGE, ...COMPANY_FILTERS, 'companyIds', 'eventIds', 'startDate', 'endDate', ...UPDATED, 'expand'],
  audioById: ['expand'],
  chapters: [...PAGE, 'levels'],
  documentById: ['expand'],
  transcripts: [...PAGE, ...COMPANY_FILTERS, 'companyIds', 'eventIds', 'startDate', 'endDate', ...UPDATED, 'expand', 'typeIds', 'documentGroupIds'],
};

function list(page: Page, render: (position: number) => unknown) {
  return { data: page.positions.map(render), pagination: { nextCursor: page.nextCursor } };
}

function notFound(what: string, id: number): never {
  throw new HttpError(404, `${what} with id ${id} not found`);
}

/** Companies matching countries/exchanges/tickers/isins, as a lookup by company id; undefined: no such filter. */
function companyMask(query: QueryReader, companies: CompanyRecord[]): Uint8Array | undefined {
  const countries = query.codeList('countries', /^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code');
  const exchanges = query.codeList('exchanges');
  const tickers = query.codeList('tickers');
  const isins = query.codeList('isins');
  if (!countries && !exchanges && !tickers && !isins) return undefined;
  const mask = new Uint8Array(companies.length + 1);
  for (const c of companies) {
    if (countries && !countries.has(c.country)) continue;
    if (exchanges && !c.tickers.some((t) => exchanges.has(t.exchange.toUpperCase()))) continue;
    if (tickers && !c.tickers.some((t) => tickers.has(t.ticker.toUpperCase()))) continue;
    if (isins && !c.isins.some((isin) => isins.has(isin))) continue;
    mask[c.id] = 1;
  }
  return mask;
}

interface RelatedFilters {
  mask?: Uint8Array;
  companyIds?: Set<number>;
  eventIds?: Set<number>;
  startDate?: number;
  endDate?: number;
  updatedBefore?: number;
  updatedAfter?: number;
}

function relatedFilters(query: QueryReader, ctx: Context): RelatedFilters {
  return {
    mask: companyMask(query, ctx.store.companies),
    companyIds: query.integerList('companyIds'),
    eventIds: query.integerList('eventIds'),
    startDate: query.date('startDate', 'start'),
    endDate: query.date('endDate', 'end'),
    updatedBefore: query.date('updatedBefore', 'start'),
    updatedAfter: query.date('updatedAfter', 'start'),
  };
}

function matchesRelated(f: RelatedFilters, ctx: Context, companyId: number, eventId: number, updatedAt: number): boolean {
  if (f.mask && f.mask[companyId] !== 1) return false;
  if (f.companyIds && !f.companyIds.has(companyId)) return false;
  if (f.eventIds && !f.eventIds.has(eventId)) return false;
  if (f.updatedAfter !== undefined && !(updatedAt > f.updatedAfter)) return false;
  if (f.updatedBefore !== undefined && !(updatedAt < f.updatedBefore)) return false;
  if (f.startDate !== undefined || f.endDate !== undefined) {
    const date = eventDate(ctx, eventId);
    if (date === undefined) return false;
    if (f.startDate !== undefined && date < f.startDate) return false;
    if (f.endDate !== undefined && date > f.endDate) return false;
  }
  return true;
}

function eventDate(ctx: Context, eventId: number): number | undefined {
  const { events } = ctx.store.dataset;
  if (eventId >= 1 && eventId <= events.count) return events.date[eventId - 1];
  return ctx.store.event(eventId, ctx.now)?.date;
}

const routes: Route[] = [
  {
    pattern: /^\/companies$/,
    handler: (_, query, ctx) => {
      const page = query.page();
      const mask = companyMask(query, ctx.store.companies);
      const ids = query.integerList('ids');
      const updatedBefore = query.date('updatedBefore', 'start');
      const updatedAfter = query.date('updatedAfter', 'start');
      const { companies } = ctx.store;
      const result = paginate(
        page,
        rangeSource(() => companies.length),
        (id) => {
          const c = companies[id - 1] as CompanyRecord;
          if (mask && mask[id] !== 1) return false;
          if (ids && !ids.has(id)) return false;
          if (updatedAfter !== undefined && !(c.updatedAt > updatedAfter)) return false;
          if (updatedBefore !== undefined && !(c.updatedAt < updatedBefore)) return false;
          return true;
        },
      );
      return list(result, (id) => out.company(companies[id - 1] as CompanyRecord));
    },
  },
  {
    pattern: /^\/companies\/([^/]+)$/,
    handler: ([id], _, ctx) => {
      const companyId = pathId(id as string);
      const c = ctx.store.company(companyId) ?? notFound('Company', companyId);
      return { data: out.company(c) };
    },
  },
  {
    pattern: /^\/companies\/([^/]+)\/segments$/,
    handler: ([id], query, ctx) => {
      const companyId = pathId(id as string);
      const page = query.page();
      const c = ctx.store.company(companyId) ?? notFound('Company', companyId);
      const segments = companySegments(ctx.store.dataset.seed, c, ctx.store.dataset.generatedAt);
      const result = paginate(
        page,
        rangeSource(() => segments.length),
        () => true,
      );
      return list(result, (position) => out.segment(segments[position - 1]!));
    },
  },
  {
    pattern: /^\/events\/([^/]+)$/,
    handler: ([id], _, ctx) => {
      const eventId = pathId(id as string);
      const e = ctx.store.event(eventId, ctx.now) ?? notFound('Event', eventId);
      return { data: out.event(e) };
    },
  },
  {
    pattern: /^\/event-types\/([^/]+)$/,
    handler: ([id], _, __) => {
      const typeId = pathId(id as string);
      const type = EVENT_TYPES.find((t) => t.id === typeId) ?? notFound('Event type', typeId);
      return { data: out.eventType(type) };
    },
  },
  {
    pattern: /^\/audio$/,
    handler: (_, query, ctx) => {
      const page = query.page();
      const filters = relatedFilters(query, ctx);
      const expand = query.expandEvent();
      const { audio } = ctx.store.dataset;
      const result = paginate(page, ctx.store.audioSource(ctx.now), (id) => {
        if (id <= audio.count) {
          const row = id - 1;
          return matchesRelated(filters, ctx, audio.companyId[row]!, audio.eventId[row]!, audio.updatedAt[row]!);
        }
        const a = ctx.store.audio(id, ctx.now);
        return a !== undefined && matchesRelated(filters, ctx, a.company.id, a.eventId, a.updatedAt);
      });
      return list(result, (id) => out.audio(ctx.store.audio(id, ctx.now)!, ctx, expand));
    },
  },
  {
    pattern: /^\/audio\/([^/]+)$/,
    handler: ([id], query, ctx) => {
      const audioId = pathId(id as string);
      const expand = query.expandEvent();
      const a = ctx.store.audio(audioId, ctx.now) ?? notFound('Audio', audioId);
      return { data: out.audio(a, ctx, expand) };
    },
  },
  {
    pattern: /^\/audio\/([^/]+)\/chapters$/,
    handler: ([id], query, ctx) => {
      const audioId = pathId(id as string);
      const page = query.page();
      const levels = query.integerList('levels') ?? new Set([1]);
      const a = ctx.store.audio(audioId, ctx.now) ?? notFound('Audio', audioId);
      const chapters = out.chapters(a, ctx);
      const byId = new Map(chapters.map((chapter) => [chapter.id, chapter]));
      const ids = chapters.map((chapter) => chapter.id);
      const source = {
        *ascending(from: number) {
          for (const chapterId of ids) if (chapterId >= from) yield chapterId;
        },
        *descending(from: number) {
          for (let i = ids.length - 1; i >= 0; i--) if (ids[i]! <= from) yield ids[i]!;
        },
      };
      const result = paginate(page, source, (chapterId) => levels.has(byId.get(chapterId)!.level));
      return list(result, (chapterId) => byId.get(chapterId));
    },
  },
  {
    pattern: /^\/live\/audio\/([^/]+)$/,
    handler: ([id], _, ctx) => {
      const liveId = pathId(id as string);
      const l = ctx.store.live(liveId, ctx.now) ?? notFound('Live audio', liveId);
      return { data: out.live(l, ctx) };
    },
  },
  {
    pattern: /^\/documents\/transcripts$/,
    handler: (_, query, ctx) => {
      const page = query.page();
      const filters = relatedFilters(query, ctx);
      const expand = query.expandEvent();
      const typeIds = query.integerList('typeIds');
      const groupIds = query.integerList('documentGroupIds');
      const groupOf = new Map(DOCUMENT_TYPES.map((t) => [t.id, t.documentGroupId]));
      const { documents } = ctx.store.dataset;
      const result = paginate(page, ctx.store.transcriptSource(ctx.now), (id) => {
        let typeId: number;
        if (id <= documents.count) {
          const row = id - 1;
          typeId = documents.typeId[row]!;
          if (!matchesRelated(filters, ctx, documents.companyId[row]!, documents.eventId[row]!, documents.updatedAt[row]!)) {
            return false;
          }
        } else {
          const d = ctx.store.document(id, ctx.now);
          if (!d || !matchesRelated(filters, ctx, d.company.id, d.eventId, d.updatedAt)) return false;
          typeId = d.typeId;
        }
        if (typeIds && !typeIds.has(typeId)) return false;
        if (groupIds && !groupIds.has(groupOf.get(typeId) ?? -1)) return false;
        return true;
      });
      return list(result, (id) => out.document(ctx.store.document(id, ctx.now)!, ctx, expand));
    },
  },
  {
    pattern: /^\/documents\/transcripts\/([^/]+)$/,
    handler: ([id], _, ctx) => {
      const documentId = pathId(id as string);
      const d = ctx.store.document(documentId, ctx.now);
      if (!d || !TRANSCRIPT_TYPE_IDS.has(d.typeId)) notFound('Transcript', documentId);
      // The transcript operation always includes the event summary.
      return { data: out.document(d, ctx, true) };
    },
  },
  {
    pattern: /^\/documents\/([^/]+)$/,
    handler: ([id], query, ctx) => {
      const documentId = pathId(id as string);
      const expand = query.expandEvent();
      const d = ctx.store.document(documentId, ctx.now) ?? notFound('Document', documentId);
      return { data: out.document(d, ctx, expand) };
    },
  },
  {
    pattern: /^\/document-types\/([^/]+)$/,
    handler: ([id], _, __) => {
      const typeId = pathId(id as string);
      const type = DOCUMENT_TYPES.find((t) => t.id === typeId) ?? notFound('Document type', typeId);
      return { data: out.documentType(type) };
    },
  },
];

/** Finds the route for a path below /public/v3; undefined when no endpoint has that path. */
export function matchRoute(path: string): { handler: Handler; params: string[] } | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const route of routes) {
    const match = route.pattern.exec(trimmed);
    if (match) return { handler: route.handler, params: match.slice(1) };
  }
  return undefined;
}
