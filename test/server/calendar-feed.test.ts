/** /api/calendar.ics: the watchlist's coming events as a calendar feed, read through the proxy. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { createCalendarFeed } from '../../server/calendar-feed.ts';
import { readServerConfig } from '../../server/config.ts';
import { createApiProxy } from '../../server/proxy.ts';
import { createSandbox } from '../../server/sandbox/app.ts';
import { serveApp, socketExchange } from './helpers.ts';

const env = { SANDBOX_COMPANIES: '30', SANDBOX_NOW: '2026-11-21T12:00:00Z', SANDBOX_CLOCK_RATE: '0', SANDBOX_API_KEY: 'feed-secret-key-42' };
const app = createServerApp(readServerConfig(env));

async function feed(query: string, target = app) {
  const response = await target.fetch(new Request(`http://app.test/api/calendar.ics${query}`));
  return { response, text: await response.text() };
}

/** The events of the window, straight from the sandbox through the same server, every page. */
async function sandboxEvents(companyIds: string) {
  const events: { id: number; companyId: number; date: string }[] = [];
  let cursor: number | null = 0;
  while (cursor !== null) {
    const url = `http://app.test/public/v3/events?companyIds=${companyIds}&startDate=2026-11-20T12:00:00.000Z&endDate=2027-02-19T12:00:00.000Z&limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const body = (await (await app.fetch(new Request(url))).json()) as { data: typeof events; pagination: { nextCursor: number | null } };
    events.push(...body.data);
    cursor = body.pagination.nextCursor;
  }
  return events;
}

describe('the calendar feed', () => {
  it('lists exactly the asked companies’ events of the coming 90 days as an RFC 5545 calendar', async () => {
    const { response, text } = await feed('?companyIds=7,3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const uids = [...text.matchAll(/^UID:event-(\d+)@earnings-desk\r$/gm)].map((match) => Number(match[1]));
    const expected = await sandboxEvents('3,7');
    expect(expected.length).toBeGreaterThan(0);
    expect(uids.sort((a, b) => a - b)).toEqual(expected.map((event) => event.id).sort((a, b) => a - b));
    // Every line is CRLF-terminated and at most 75 octets.
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain('X-WR-CALNAME:Earnings Desk: watchlist events');
  });

  it('names each event as the app does, with its start in UTC and a link to its page', async () => {
    const [first] = await sandboxEvents('3');
    const { text } = await feed('?companyIds=3');
    const block = text.split('BEGIN:VEVENT').find((part) => part.includes(`UID:event-${first!.id}@`))!;
    const start = first!.date.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(block).toContain(`DTSTART:${start}\r\n`);
    expect(block).toContain(`URL:http://app.test/events/${first!.id}\r\n`);
    expect(block).toMatch(/SUMMARY:[^\r]+: /);
  });

  it('refuses ids it cannot use, in words', async () => {
    for (const query of ['', '?companyIds=', '?companyIds=abc', '?companyIds=1,-2', `?companyIds=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`]) {
      const { response, text } = await feed(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(text.trim().length).toBeGreaterThan(10);
    }
  });

  it('says plainly that there is no feed where the data source has no event list', async () => {
    const strict = createServerApp(readServerConfig({ ...env, SANDBOX_CONTRACT: 'strict' }));
    const { response, text } = await feed('?companyIds=3', strict);
    expect(response.status).toBe(404);
    expect(text).toBe('This data source does not offer the list of events, so there is no calendar feed.\n');
  });

  it('never carries the API key', async () => {
    const { response, text } = await feed('?companyIds=1,2,3');
    expect(text).not.toContain('feed-secret-key-42');
    expect([...response.headers.values()].join(' ')).not.toContain('feed-secret-key-42');
  });
});

/** The event links of a feed, in order. */
const links = (text: string) => [...text.matchAll(/^URL:(.*)\r$/gm)].map((match) => match[1]);

describe('the calendar feed’s links and cache, over real sockets', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));
  const serve = async (extra: Record<string, string>) => {
    const server = await serveApp(createServerApp(readServerConfig({ ...env, SEARCH_INDEX: 'off', ...extra })));
    servers.push(server);
    return server.origin;
  };
  const get = (origin: string, host: string) =>
    socketExchange(origin, `GET /api/calendar.ics?companyIds=7,3 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

  it('links every event to PUBLIC_BASE_URL, whatever Host an earlier request named', async () => {
    const origin = await serve({ PUBLIC_BASE_URL: 'https://desk.example.com' });
    const ids = (await sandboxEvents('3,7')).map((event) => event.id).sort((a, b) => a - b);
    const poisoned = await get(origin, 'evil.example');
    expect(poisoned.status).toBe(200);
    expect(poisoned.body).not.toContain('evil.example');
    const next = await fetch(`${origin}/api/calendar.ics?companyIds=3,7`);
    expect(next.status).toBe(200);
    const text = await next.text();
    expect(text).not.toContain('evil.example');
    expect(links(text).sort()).toEqual(ids.map((id) => `https://desk.example.com/events/${id}`).sort());
  });

  it('without PUBLIC_BASE_URL, a request’s Host shapes its own answer only, never the next subscriber’s', async () => {
    const origin = await serve({});
    const [first] = await sandboxEvents('3,7');
    const own = await get(origin, 'evil.example');
    expect(own.status).toBe(200);
    expect(own.body).toContain(`URL:http://evil.example/events/${first!.id}\r\n`);
    const next = await fetch(`${origin}/api/calendar.ics?companyIds=3,7`);
    const text = await next.text();
    expect(text).not.toContain('evil.example');
    expect(text).toContain(`URL:${origin}/events/${first!.id}\r\n`);
  });

  it('refuses a request with two Host headers with 400, and answers one with one', async () => {
    const origin = await serve({ PUBLIC_BASE_URL: 'https://desk.example.com' });
    const host = new URL(origin).host;
    for (const target of ['/api/calendar.ics?companyIds=3', '/healthz', '/public/v3/companies?limit=1']) {
      const twice = await socketExchange(origin, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
      expect(twice.status, target).toBe(400);
      expect(JSON.parse(twice.body), target).toEqual({ statusCode: 400, message: 'A request must have exactly one Host header', error: 'Bad Request' });
      expect(twice.head.toLowerCase()).toContain('x-content-type-options: nosniff');
      const once = await socketExchange(origin, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(once.status, target).toBe(200);
    }
  });

  it('does not keep a 503: once the data service recovers, the next request gets the feed', async () => {
    const fresh = createServerApp(readServerConfig(env));
    const arm = await fresh.fetch(
      new Request('http://app.test/__sandbox/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: '503', scope: 'api', match: '/events' }),
      }),
    );
    expect(arm.status).toBe(201);
    const failing = await feed('?companyIds=3', fresh);
    expect(failing.response.status).toBe(503);
    expect(failing.response.headers.get('retry-after')).toBe('300');
    expect(failing.text).toBe('The data service could not be read; try again shortly.\n');
    expect((await fresh.fetch(new Request('http://app.test/__sandbox/faults', { method: 'DELETE' }))).status).toBe(200);
    const [first] = await sandboxEvents('3');
    const recovered = await feed('?companyIds=3', fresh);
    expect(recovered.response.status).toBe(200);
    expect(recovered.text).toContain(`UID:event-${first!.id}@earnings-desk\r\n`);
  });
});

describe('the calendar feed under many distinct feeds at once', () => {
  it('reads a bounded number at once; a few more wait their turn, beyond that a 503 says to come back', async () => {
    const sandbox = createSandbox({ companies: 30, now: '2026-11-21T12:00:00Z', clockRate: 0 });
    // The event list answers only when the test lets it, one page at a time.
    const held: (() => void)[] = [];
    const proxy = createApiProxy({
      apiKey: sandbox.apiKey,
      baseUrl: 'http://sandbox.internal',
      timeoutMs: 60_000,
      sandbox: true,
      inProcess: true,
      forward: async (request) => {
        if (new URL(request.url).pathname.endsWith('/events')) await new Promise<void>((resolve) => held.push(resolve));
        return sandbox.fetch(request);
      },
    });
    const feed = createCalendarFeed({ proxy, now: () => sandbox.clock.now(), readsAtOnce: 1, maxWaiting: 1 });
    const ask = (ids: string) => feed(new Request(`http://app.test/api/calendar.ics?companyIds=${ids}`));

    const first = ask('1');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const second = ask('2'); // waits for the one place
    const sameAsFirst = ask('1'); // joins the reading of the same list
    const third = await ask('3'); // one waiting already: no more
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('30');
    expect(await third.text()).toBe('Too many calendar feeds are being prepared; try again shortly.\n');
    expect(held).toHaveLength(1); // the second has not started reading

    held.shift()!();
    expect((await first).status).toBe(200);
    expect((await sameAsFirst).status).toBe(200);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()!();
    const secondAnswer = await second;
    expect(secondAnswer.status).toBe(200);
    expect(await secondAnswer.text()).toContain('BEGIN:VEVENT');
    // Nothing else asked the event list: the same list was read once.
    expect(held).toHaveLength(0);
  });
});
