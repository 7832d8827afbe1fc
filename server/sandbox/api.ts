import { DOCUMENT_TYPES, EVENT_TYPES, TRANSCRIPT_TYPE_IDS } from './data/catalog.ts';
import type { CompanyRecord } from './data/companies.ts';
import type { SandboxContract } from './config.ts';
import { documentList, DOCUMENT_LIST_PARAMETERS } from './document-lists.ts';
import { EXTENSION_ROUTES } from './extensions.ts';
import {
  COMPANY_FILTERS,
  companyMask,
  DATES,
  eventDates,
  list,
  matchesRelated,
  notFound,
  PAGE,
  relatedFilters,
  UPDATED,
  type Handler,
  type Route,
} from './listing.ts';
import { paginate, rangeSource } from './paginate.ts';
import type { QueryReader } from './query.ts';
import * as out from './serialize.ts';
import type { Context } from './serialize.ts';

/**
 * The 13 endpoints of the Financial Events API v3 (and, unless the contract is strict, the five
 * list endpoints the real service has beyond it: extensions.ts). Each handler validates its
 * query, looks the records up through the Store at the current sandbox time, and returns the
 * contract's envelope. Every route declares the query parameters it takes; any other is refused
 * with 400 ("property expand should not exist"), as the service does.
 */

/** Query parameters each endpoint takes (the sandbox's own __fault, __retryAfter, __delay are always allowed). */
export const KNOWN_PARAMETERS = {
  companies: [...PAGE, ...COMPANY_FILTERS, ...UPDATED, 'ids'],
  segments: [...PAGE],
  audio: [...PAGE, ...COMPANY_FILTERS, 'companyIds', 'eventIds', ...DATES, ...UPDATED, 'expand'],
  audioById: ['expand'],
  chapters: [...PAGE, 'levels'],
  documentById: ['expand'],
  transcripts: DOCUMENT_LIST_PARAMETERS,
  none: [],
} as const satisfies Record<string, readonly string[]>;

const CONTRACT_ROUTES: Route[] = [
  {
    pattern: /^\/companies$/,
    parameters: KNOWN_PARAMETERS.companies,
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
    parameters: KNOWN_PARAMETERS.none,
    handler: ([id], _, ctx) => {
      const c = ctx.store.company(id!) ?? notFound();
      return { data: out.company(c) };
    },
  },
  {
    pattern: /^\/companies\/([^/]+)\/segments$/,
    parameters: KNOWN_PARAMETERS.segments,
    handler: ([id], query, ctx) => {
      const companyId = id!;
      const page = query.page();
      const c = ctx.store.company(companyId) ?? notFound();
      const segments = ctx.store.segments(c);
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
    parameters: KNOWN_PARAMETERS.none,
    handler: ([id], _, ctx) => {
      const e = ctx.store.event(id!, ctx.now) ?? notFound();
      return { data: out.event(e) };
    },
  },
  {
    pattern: /^\/event-types\/([^/]+)$/,
    parameters: KNOWN_PARAMETERS.none,
    handler: ([id]) => {
      const typeId = id!;
      const type = EVENT_TYPES.find((t) => t.id === typeId) ?? notFound();
      return { data: out.eventType(type) };
    },
  },
  {
    pattern: /^\/audio$/,
    parameters: KNOWN_PARAMETERS.audio,
    handler: (_, query, ctx) => {
      const page = query.page();
      const filters = relatedFilters(query, ctx);
      const expand = query.expandEvent();
      const { audio } = ctx.store.dataset;
      const dateOf = eventDates(ctx);
      const result = paginate(page, ctx.store.audioSource(ctx.now), (id) => {
        if (id <= audio.count) {
          const row = id - 1;
          return matchesRelated(filters, audio.companyId[row]!, audio.eventId[row]!, audio.updatedAt[row]!, dateOf);
        }
        const a = ctx.store.audio(id, ctx.now);
        return a !== undefined && matchesRelated(filters, a.company.id, a.eventId, a.updatedAt, dateOf);
      });
      return list(result, (id) => out.audio(ctx.store.audio(id, ctx.now)!, ctx, expand));
    },
  },
  {
    pattern: /^\/audio\/([^/]+)$/,
    parameters: KNOWN_PARAMETERS.audioById,
    handler: ([id], query, ctx) => {
      const audioId = id!;
      const expand = query.expandEvent();
      const a = ctx.store.audio(audioId, ctx.now) ?? notFound();
      return { data: out.audio(a, ctx, expand) };
    },
  },
  {
    pattern: /^\/audio\/([^/]+)\/chapters$/,
    parameters: KNOWN_PARAMETERS.chapters,
    handler: ([id], query, ctx) => {
      const audioId = id!;
      const page = query.page();
      const levels = query.integerList('levels') ?? new Set([1]);
      const a = ctx.store.audio(audioId, ctx.now) ?? notFound();
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
    parameters: KNOWN_PARAMETERS.none,
    handler: ([id], _, ctx) => {
      const l = ctx.store.live(id!, ctx.now) ?? notFound();
      return { data: out.live(l, ctx) };
    },
  },
  {
    pattern: /^\/documents\/transcripts$/,
    parameters: KNOWN_PARAMETERS.transcripts,
    handler: (_, query, ctx) => documentList(query, ctx, 'transcripts'),
  },
  {
    pattern: /^\/documents\/transcripts\/([^/]+)$/,
    parameters: KNOWN_PARAMETERS.documentById,
    handler: ([id], query, ctx) => {
      // The transcript operation always includes the event summary; `expand=event` (as on
      // /documents/{id}) is taken and changes nothing.
      query.expandEvent();
      const d = ctx.store.document(id!, ctx.now);
      if (!d || !TRANSCRIPT_TYPE_IDS.has(d.typeId)) notFound();
      return { data: out.document(d, ctx, true) };
    },
  },
  {
    // The real service's other document lists (/documents/reports, /documents/slides) are paths the
    // sandbox does not serve: 404 like any unknown path, not a 400 for a malformed document id.
    pattern: /^\/documents\/(?!(?:reports|slides)$)([^/]+)$/,
    parameters: KNOWN_PARAMETERS.documentById,
    handler: ([id], query, ctx) => {
      const documentId = id!;
      const expand = query.expandEvent();
      const d = ctx.store.document(documentId, ctx.now) ?? notFound();
      return { data: out.document(d, ctx, expand) };
    },
  },
  {
    pattern: /^\/document-types\/([^/]+)$/,
    parameters: KNOWN_PARAMETERS.none,
    handler: ([id]) => {
      const typeId = id!;
      const type = DOCUMENT_TYPES.find((t) => t.id === typeId) ?? notFound();
      return { data: out.documentType(type) };
    },
  },
];

const ROUTES: Route[] = [...CONTRACT_ROUTES, ...EXTENSION_ROUTES];

export type Contract = SandboxContract;

export interface RouteMatch {
  handler: Handler;
  /** The path's id segments, as written. */
  params: string[];
  parameters: ReadonlySet<string>;
  /** A dataset the key's plan must include (see Route.requires). */
  requires?: Route['requires'];
}

const parameterSets = new Map(ROUTES.map((route) => [route, new Set(route.parameters)]));

/**
 * Finds the route for a path below /public/v3; undefined when no endpoint has that path (in
 * `strict` mode the five extension endpoints do not exist either).
 */
export function matchRoute(path: string, contract: Contract = 'full'): RouteMatch | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const route of ROUTES) {
    if (route.extension && contract === 'strict') continue;
    const match = route.pattern.exec(trimmed);
    if (match) return { handler: route.handler, params: match.slice(1), parameters: parameterSets.get(route)!, requires: route.requires };
  }
  return undefined;
}

/**
 * Runs a matched route: unknown parameters and every other query problem become one 400 listing
 * them all (validation comes before lookups, so a bad query on an unknown id is still a 400).
 */
export function runRoute(route: RouteMatch, query: QueryReader, ctx: Context): unknown {
  query.rejectUnknown(route.parameters);
  const ids = route.params.map((param) => query.pathId(param));
  let answer: unknown;
  try {
    answer = route.handler(ids, query, ctx);
  } catch (error) {
    // A 404 for an id read as -1 (malformed) gives way to the 400 naming it.
    query.check();
    throw error;
  }
  query.check();
  return answer;
}
