import { CALENDAR_END, calendarParts, type IcsEvent } from '../src/lib/ics.ts';
import { eventName } from '../src/lib/names.ts';
import type { ApiProxy } from './proxy.ts';

/**
 * `GET /api/calendar.ics?companyIds=1,2,3`: the coming events of those companies as a calendar
 * feed a calendar app subscribes to (the watchlist's "Subscribe" link). Read from the data source's
 * `/events` through the one API proxy (which adds the key), all pages, from a day ago to 90 days
 * ahead; each answer is kept for five minutes under its normalised company list (sorted, without
 * repeats), so calendar apps polling the feed do not spend the upstream's request budget, and
 * requests for a list being read wait for that one reading.
 *
 * Links: each event links to its page at `publicBaseUrl` (PUBLIC_BASE_URL). Nothing from the
 * request is ever kept: without PUBLIC_BASE_URL, what is kept holds no links, and each answer is
 * written for its own request with links to the origin that request named (its Host), so one
 * request's Host can never reach another subscriber's feed.
 *
 * Cost: a 200-company feed is some 5,000 events (11 pages of the list, 1.6 MB of text). At most
 * two feeds are read and two written at once, a page or a hundred events at a time, giving the event
 * loop back in between, so other requests are not held while feeds are built.
 *
 * Answers: 200 text/calendar; 400 (plain text) for ids that cannot be used; 404 when the data
 * source has no event list (it never will, so the app is told plainly); 503 with Retry-After when
 * the data source fails for now (never kept: the next request tries again), so a calendar app
 * keeps its last copy instead of emptying it.
 */

export const FEED_PATH = '/api/calendar.ics';
const MAX_COMPANIES = 200;
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 200;
/** Events kept over all cached feeds (a 200-company feed holds about 5,000): about 60 MB at most. */
const CACHE_EVENTS = 100_000;
/** Events read or written between two turns of the event loop (a millisecond or two of work). */
const CHUNK = 100;
/**
 * Feeds read at once (and, apart, feeds written at once), and feeds that may wait their turn to be
 * read (more get a 503). Each turn of the event loop runs one chunk of every feed at work, so this
 * bounds how long other requests wait for a turn; in sandbox mode a page of the event list is also
 * made on this thread (about 10 ms for 500 events).
 */
const READS_AT_ONCE = 2;
const MAX_WAITING = 100;
const MAX_PAGES = 20;
const DAY = 86_400_000;

interface Answer {
  status: number;
  body: string | Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A feed as read, without links (they are added when it is written for a request). */
interface Feed {
  name: string;
  /** When it was read (DTSTAMP). */
  time: number;
  events: IcsEvent[];
}

interface Cached {
  expires: number;
  built: Feed | Answer;
  /** The feed written with PUBLIC_BASE_URL's links, once one request asked for it. */
  written?: Promise<Uint8Array<ArrayBuffer>>;
}

type Json = Record<string, unknown>;

export function readCompanyIds(value: string | null): number[] | string {
  if (!value || !value.trim()) return 'Give the companies as companyIds=1,2,3.';
  const items = value.split(',').map((item) => item.trim());
  if (items.length > MAX_COMPANIES) return `At most ${MAX_COMPANIES} companies per feed.`;
  const ids: number[] = [];
  for (const item of items) {
    if (!/^[1-9]\d{0,15}$/.test(item) || !Number.isSafeInteger(Number(item))) return `"${item.slice(0, 40)}" is not a company id (a positive whole number).`;
    ids.push(Number(item));
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}

export interface CalendarFeedOptions {
  proxy: ApiProxy;
  now?: () => number;
  /** PUBLIC_BASE_URL: the origin event links point at. */
  publicBaseUrl?: string;
  readsAtOnce?: number;
  maxWaiting?: number;
}

export function createCalendarFeed({
  proxy,
  now = () => Date.now(),
  publicBaseUrl,
  readsAtOnce = READS_AT_ONCE,
  maxWaiting = MAX_WAITING,
}: CalendarFeedOptions) {
  const cache = new Map<string, Cached>();
  const reading = new Map<string, Promise<Feed | Answer>>();
  let cachedEvents = 0;

  const reads = places(readsAtOnce);
  const writes = places(readsAtOnce);

  const get = async (path: string, query: Record<string, string | number | undefined>): Promise<{ status: number; body?: Json }> => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const response = await proxy(new Request(`http://feed.internal/public/v3${path}?${search}`, { headers: { accept: 'application/json' } }));
    if (!response.ok) return { status: response.status };
    try {
      return { status: response.status, body: (await response.json()) as Json };
    } catch {
      return { status: 502 };
    }
  };

  /** Every page of a list, or the failing status. */
  const all = async (path: string, query: Record<string, string | number | undefined>): Promise<Json[] | number> => {
    const items: Json[] = [];
    let cursor: number | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      // An in-process source answers without a turn of the event loop: one is given before each page.
      await nextTurn();
      const answer = await get(path, { ...query, limit: 500, cursor });
      if (!answer.body) return answer.status;
      const data = Array.isArray(answer.body.data) ? (answer.body.data as Json[]) : [];
      items.push(...data);
      const next = (answer.body.pagination as Json | undefined)?.nextCursor;
      if (typeof next !== 'number' || data.length === 0 || next === cursor) break;
      cursor = next;
    }
    return items;
  };

  const build = async (ids: number[]): Promise<Feed | Answer> => {
    const time = now();
    const events = await all('/events', {
      companyIds: ids.join(','),
      startDate: new Date(time - DAY).toISOString(),
      endDate: new Date(time + 90 * DAY).toISOString(),
    });
    if (events === 404 || events === 403) {
      return plain(404, 'This data source does not offer the list of events, so there is no calendar feed.');
    }
    if (typeof events === 'number')
      return { ...plain(503, 'The data service could not be read; try again shortly.'), headers: { ...PLAIN, 'retry-after': '300' } };
    // Names: the companies and the event types, one request each (types may be missing: titles are used then).
    const companies = await all('/companies', { ids: ids.join(',') });
    const types = await all('/event-types', {});
    const companyName = new Map((Array.isArray(companies) ? companies : []).map((c) => [c.id as number, (c.displayName || c.name) as string | undefined]));
    const typeOf = new Map((Array.isArray(types) ? types : []).map((t) => [t.id as number, t as { name?: string; parent?: string }]));
    const entries: IcsEvent[] = [];
    for (const event of events) {
      if (entries.length % CHUNK === CHUNK - 1) await nextTurn();
      const who = companyName.get(event.companyId as number);
      const name = eventName(event as { title?: string; fiscalYear?: number; fiscalPeriod?: string }, {
        type: typeOf.get(event.typeId as number),
        company: who ? { displayName: who } : undefined,
      });
      entries.push({
        id: event.id as number,
        summary: who ? `${who}: ${name}` : name,
        start: String(event.date ?? ''),
        description: [who, name].filter(Boolean).join(' · '),
        updated: typeof event.updatedAt === 'string' ? event.updatedAt : undefined,
      });
    }
    const name = ids.length === 1 && companyName.get(ids[0]!) ? `${companyName.get(ids[0]!)}: events` : 'Earnings Desk: watchlist events';
    return { name, time, events: entries };
  };

  /** One reading per company list at a time; a feed or a 404 is kept, a failure (503) never. */
  const read = (key: string, ids: number[]): Promise<Cached> => {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return Promise.resolve(hit);
    let pending = reading.get(key);
    if (!pending) {
      if (reads.waiting() >= maxWaiting) return Promise.resolve({ expires: 0, built: BUSY });
      pending = reads.run(() => build(ids)).finally(() => reading.delete(key));
      reading.set(key, pending);
    }
    return pending.then((built) => {
      const current = cache.get(key);
      if (current && current.built === built) return current;
      const entry: Cached = { expires: now() + CACHE_MS, built };
      if (!('events' in built) && built.status !== 404) return entry;
      forget(key);
      const size = 'events' in built ? built.events.length : 0;
      for (const [oldKey] of cache) {
        if (cache.size < CACHE_ENTRIES && cachedEvents + size <= CACHE_EVENTS) break;
        forget(oldKey);
      }
      cache.set(key, entry);
      cachedEvents += size;
      return entry;
    });
  };

  const forget = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    if ('events' in entry.built) cachedEvents -= entry.built.events.length;
  };

  return async function feed(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Only GET and HEAD.', { status: 405, headers: { ...PLAIN, allow: 'GET, HEAD' } });
    const url = new URL(request.url);
    const ids = readCompanyIds(url.searchParams.get('companyIds'));
    if (typeof ids === 'string') return respond(plain(400, ids), request);
    const entry = await read(ids.join(','), ids);
    const built = entry.built;
    if (!('events' in built)) return respond(built, request);
    // Links from configuration when there is one (and then the written feed is kept); else from
    // this request's own origin, written for this answer only.
    const body = publicBaseUrl ? (entry.written ??= writes.run(() => write(built, publicBaseUrl))) : writes.run(() => write(built, url.origin));
    return respond({ status: 200, body: await body, headers: FEED_HEADERS }, request);
  };
}

const FEED_HEADERS = {
  'content-type': 'text/calendar; charset=utf-8',
  'content-disposition': 'inline; filename="earnings-desk-watchlist.ics"',
  'cache-control': 'private, max-age=300',
};

/** The feed's calendar text with each event linked to its page at origin, a chunk of events per turn. */
async function write(feed: Feed, origin: string): Promise<Uint8Array<ArrayBuffer>> {
  const { head, event } = calendarParts({ name: feed.name, description: 'Coming events of the watchlist, from Earnings Desk', now: feed.time });
  const parts = [head];
  for (let index = 0; index < feed.events.length; index++) {
    if (index % CHUNK === CHUNK - 1) await nextTurn();
    const item = feed.events[index]!;
    parts.push(event({ ...item, url: `${origin}/events/${item.id}` }));
  }
  parts.push(CALENDAR_END);
  return new TextEncoder().encode(parts.join(''));
}

/** Work run when one of `count` places is free; the rest wait in line. */
function places(count: number) {
  let busy = 0;
  const line: (() => void)[] = [];
  return {
    waiting: () => line.length,
    run: async <T>(work: () => Promise<T>): Promise<T> => {
      if (busy < count) busy++;
      else await new Promise<void>((resolve) => line.push(resolve));
      try {
        return await work();
      } finally {
        // The place goes to the next in line, or is freed.
        const next = line.shift();
        if (next) next();
        else busy--;
      }
    },
  };
}

/** Lets the event loop answer what arrived meanwhile. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const PLAIN = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
const BUSY: Answer = {
  status: 503,
  body: 'Too many calendar feeds are being prepared; try again shortly.\n',
  headers: { ...PLAIN, 'retry-after': '30' },
};

function plain(status: number, text: string): Answer {
  return { status, body: `${text}\n`, headers: PLAIN };
}

function respond(response: Answer, request: Request): Response {
  const bytes = typeof response.body === 'string' ? new TextEncoder().encode(response.body) : response.body;
  return new Response(request.method === 'HEAD' ? null : bytes, {
    status: response.status,
    headers: { ...response.headers, 'content-length': String(bytes.byteLength) },
  });
}
