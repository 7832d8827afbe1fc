import { calendarText, type IcsEvent } from '../src/lib/ics.ts';
import { eventName } from '../src/lib/names.ts';
import type { ApiProxy } from './proxy.ts';

/**
 * `GET /api/calendar.ics?companyIds=1,2,3`: the coming events of those companies as a calendar
 * feed a calendar app subscribes to (the watchlist's "Subscribe" link). Read from the data source's
 * `/events` through the one API proxy (which adds the key), all pages, from a day ago to 90 days
 * ahead; each answer is kept for five minutes, so calendar apps polling the feed do not spend the
 * upstream's request budget.
 *
 * Answers: 200 text/calendar; 400 (plain text) for ids that cannot be used; 404 when the data
 * source has no event list (it never will, so the app is told plainly); 503 with Retry-After when
 * the data source fails for now, so a calendar app keeps its last copy instead of emptying it.
 */

export const FEED_PATH = '/api/calendar.ics';
const MAX_COMPANIES = 200;
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 200;
const MAX_PAGES = 20;
const DAY = 86_400_000;

interface Cached {
  expires: number;
  response: { status: number; body: string; headers: Record<string, string> };
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

export function createCalendarFeed({ proxy, now = () => Date.now() }: { proxy: ApiProxy; now?: () => number }) {
  const cache = new Map<string, Cached>();

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

  const build = async (ids: number[], origin: string): Promise<Cached['response']> => {
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
    const entries: IcsEvent[] = events.map((event) => {
      const who = companyName.get(event.companyId as number);
      const name = eventName(event as { title?: string; fiscalYear?: number; fiscalPeriod?: string }, {
        type: typeOf.get(event.typeId as number),
        company: who ? { displayName: who } : undefined,
      });
      return {
        id: event.id as number,
        summary: who ? `${who}: ${name}` : name,
        start: String(event.date ?? ''),
        description: [who, name].filter(Boolean).join(' · '),
        url: `${origin}/events/${event.id}`,
        updated: typeof event.updatedAt === 'string' ? event.updatedAt : undefined,
      };
    });
    const name = ids.length === 1 && companyName.get(ids[0]!) ? `${companyName.get(ids[0]!)}: events` : 'Earnings Desk: watchlist events';
    return {
      status: 200,
      body: calendarText(entries, { name, description: 'Coming events of the watchlist, from Earnings Desk', now: time }),
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="earnings-desk-watchlist.ics"',
        'cache-control': 'private, max-age=300',
      },
    };
  };

  return async function feed(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Only GET and HEAD.', { status: 405, headers: { ...PLAIN, allow: 'GET, HEAD' } });
    const url = new URL(request.url);
    const ids = readCompanyIds(url.searchParams.get('companyIds'));
    if (typeof ids === 'string') return respond(plain(400, ids), request);
    const key = ids.join(',');
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return respond(hit.response, request);
    const response = await build(ids, url.origin);
    if (response.status === 200 || response.status === 404) {
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, { expires: now() + CACHE_MS, response });
    }
    return respond(response, request);
  };
}

const PLAIN = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

function plain(status: number, text: string): Cached['response'] {
  return { status, body: `${text}\n`, headers: PLAIN };
}

function respond(response: Cached['response'], request: Request): Response {
  const bytes = new TextEncoder().encode(response.body);
  return new Response(request.method === 'HEAD' ? null : bytes, {
    status: response.status,
    headers: { ...response.headers, 'content-length': String(bytes.byteLength) },
  });
}
