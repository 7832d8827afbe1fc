import { describe, expect, it } from 'vitest';
import { firstRequestUrls } from '../../server/route-hints.ts';
import { routeFirstQueries } from '../../src/route-requests.ts';

/**
 * The calendar's preload hints: what the server names in the page's HTML before the app runs, so
 * a phone fetches the week while it is still loading the app's code. The week is read as the
 * window that holds it in every zone, so the server can name it without the reader's zone.
 */

const SATURDAY_NOON = Date.parse('2026-11-21T12:00:00Z');
const TYPE_LISTS = ['/public/v3/event-types?limit=500', '/public/v3/document-types?limit=500'];
const hints = (address: string, now: number | null = SATURDAY_NOON) => {
  const url = new URL(address, 'http://app.test');
  return firstRequestUrls(routeFirstQueries(url.pathname, url.searchParams, now ?? undefined));
};

describe('the calendar’s first reads, named by the server', () => {
  it('names the type lists and this week’s first page of events by the service’s clock', () => {
    expect(hints('/calendar')).toEqual([
      ...TYPE_LISTS,
      '/public/v3/events?startDate=2026-11-15T10%3A00%3A00.000Z&endDate=2026-11-23T11%3A59%3A59.999Z&limit=500',
    ]);
  });

  it('names the week the address asks for, with its country and exchange filters', () => {
    expect(hints('/calendar?week=2026-12-30&countries=NO&exchanges=XOSL')).toEqual([
      ...TYPE_LISTS,
      '/public/v3/events?countries=NO&exchanges=XOSL&startDate=2026-12-27T10%3A00%3A00.000Z&endDate=2027-01-04T11%3A59%3A59.999Z&limit=500',
    ]);
  });

  it('takes the week by the clock in UTC: late on Sunday it is still the week that ends that day', () => {
    expect(hints('/calendar', Date.parse('2026-11-22T23:30:00Z'))).toEqual([
      ...TYPE_LISTS,
      '/public/v3/events?startDate=2026-11-15T10%3A00%3A00.000Z&endDate=2026-11-23T11%3A59%3A59.999Z&limit=500',
    ]);
  });

  it('a week the page cannot use is this week, as the page falls back to it', () => {
    for (const week of ['x', '2026-13-45', '99999-01-01', '9999-12-31', '']) expect(hints(`/calendar?week=${week}`)).toEqual(hints('/calendar'));
    expect(hints('/calendar?watchlist=maybe')).toEqual(hints('/calendar'));
  });

  it('names no events where the week’s request depends on the browser: the watchlist, event types, or no clock', () => {
    expect(hints('/calendar?watchlist=1')).toEqual(TYPE_LISTS);
    expect(hints('/calendar?types=earnings-call')).toEqual(TYPE_LISTS);
    expect(hints('/calendar', null)).toEqual(TYPE_LISTS);
  });
});

describe('an event page’s first reads, named by the server', () => {
  it('names the event, its recordings and transcripts, but not its live record (a list the data source may lack)', () => {
    expect(hints('/events/1134')).toEqual([
      '/public/v3/events/1134',
      '/public/v3/audio?eventIds=1134&limit=50',
      '/public/v3/documents/transcripts?eventIds=1134&limit=50',
    ]);
  });
});

describe('the comparison’s first reads, named by the server', () => {
  it('names both calls’ events; one when `with` is left out or is the same call; none without a usable call', () => {
    expect(hints('/compare?call=1145&with=1082')).toEqual(['/public/v3/events/1145', '/public/v3/events/1082']);
    expect(hints('/compare?call=1145')).toEqual(['/public/v3/events/1145']);
    expect(hints('/compare?call=1145&with=1145')).toEqual(['/public/v3/events/1145']);
    expect(hints('/compare?call=1145&with=0')).toEqual(['/public/v3/events/1145']);
    expect(hints('/compare')).toEqual([]);
    expect(hints('/compare?call=-3&with=1082')).toEqual([]);
  });
});

describe('the documents list’s first reads, named by the server', () => {
  it('names its first page with the address’s filters; with kinds, the type list that names their types', () => {
    expect(hints('/documents')).toEqual(['/public/v3/documents?direction=desc&limit=50&expand=event']);
    expect(hints('/documents?companyIds=16&startDate=2026-01-01&direction=asc')).toEqual([
      '/public/v3/documents?direction=asc&companyIds=16&startDate=2026-01-01T00%3A00%3A00.000Z&limit=50&expand=event',
    ]);
    expect(hints('/documents?kinds=slides')).toEqual(['/public/v3/document-types?limit=500']);
  });
});
