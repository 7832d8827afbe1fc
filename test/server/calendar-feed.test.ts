/** /api/calendar.ics: the watchlist's coming events as a calendar feed, read through the proxy. */
import { describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { readServerConfig } from '../../server/config.ts';

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
