/**
 * /calendar: the week in the reader's time zone (Europe/Stockholm here), week navigation, a week
 * with a daylight-saving change, filters in the address, empty days, unknown event types, and a data
 * source without the event list. The sandbox clock stands at Saturday 21 November 2026, 12:00 UTC.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock } from '../../src/api/server-clock.ts';
import { resetWatchlistCache } from '../../src/lib/watchlist.ts';
import { renderApp } from '../support/render-app.tsx';
import { pretendScreenWidth } from '../support/screen-width.ts';
import { apiPath, sandbox, sandboxJson, SANDBOX_NOW, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

/**
 * The reader: en-US, in Stockholm. Formatters made at import take the zone from here, and so does
 * `Intl.DateTimeFormat()` called without `new` (how the app reads the reader's zone).
 */
const realDateTimeFormat = vi.hoisted(() => {
  const Real = Intl.DateTimeFormat;
  const Reader = function (locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    return new Real(locales ?? 'en-US', { timeZone: 'Europe/Stockholm', ...options });
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Reader, { supportedLocalesOf: Real.supportedLocalesOf });
  (Reader as unknown as { prototype: unknown }).prototype = Real.prototype;
  Intl.DateTimeFormat = Reader;
  return Real;
});
afterAll(() => {
  Intl.DateTimeFormat = realDateTimeFormat;
});

useSandboxServer();
beforeEach(() => {
  // The reader's clock agrees with the service's (the app still waits for the service's answer).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SANDBOX_NOW);
  resetServerClock();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  resetWatchlistCache();
});

const eventRequests = () =>
  seenRequests
    .map((url) => new URL(url))
    .filter((url) => url.pathname === '/public/v3/events')
    .map((url) => Object.fromEntries(url.searchParams));

const week = () => screen.getByRole('list', { name: 'Events of the week, by day' });

describe('the week', () => {
  it('shows this week in the reader’s zone, today marked, asking for the window that holds the week in every zone', async () => {
    await renderApp('/calendar');
    expect(await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Events of the week, by day' });
    const today = await within(week()).findByRole('heading', { name: /^Today · Saturday, November 21/ });
    expect(today).toHaveAttribute('aria-current', 'date');
    await waitFor(() => expect(eventRequests().length).toBeGreaterThan(0));
    // Monday 16 November 00:00 at UTC+14 to the end of Sunday 22 November at UTC−12: the same request in every zone.
    expect(eventRequests()[0]).toMatchObject({ startDate: '2026-11-15T10:00:00.000Z', endDate: '2026-11-23T11:59:59.999Z', limit: '500' });
    // Every page of the week was read, each from the cursor the previous page gave.
    const cursors = eventRequests().map((params) => params.cursor ?? '0');
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it('moves a week at a time, and the date picker goes to the week of the day chosen', async () => {
    const { user, router } = await renderApp('/calendar');
    await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' });
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 23 – 29, 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ week: '2026-11-23' });
    await waitFor(() => expect(eventRequests().some((p) => p.startDate === '2026-11-22T10:00:00.000Z')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 9 – 15, 2026' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Go to date'), '2027-01-01');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    // New Year's Day is a Friday: its week runs from Monday 28 December.
    expect(await screen.findByRole('heading', { level: 2, name: 'Dec 28, 2026 – Jan 3, 2027' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' })).toBeInTheDocument();
    expect(router.state.location.search).not.toHaveProperty('week');
  });

  it('shows a week with a daylight-saving change from Monday to Sunday', async () => {
    await renderApp('/calendar?week=2026-10-21');
    expect(await screen.findByRole('heading', { level: 2, name: 'Oct 19 – 25, 2026' })).toBeInTheDocument();
    await waitFor(() => expect(eventRequests().length).toBeGreaterThan(0));
    expect(eventRequests()[0]).toMatchObject({ startDate: '2026-10-18T10:00:00.000Z', endDate: '2026-10-26T11:59:59.999Z' });
    const headings = within(await screen.findByRole('list', { name: 'Events of the week, by day' }))
      .getAllByRole('heading')
      .map((h) => h.textContent!);
    expect(headings[0]).toMatch(/^Monday, October 19, [\d,]+ events?$/);
    expect(headings.at(-1)).toMatch(/^Sunday, October 25, [\d,]+ events?$/);
  });
});

describe('filters', () => {
  it('narrows to the watchlist through the address, and an empty day says so', async () => {
    const company = sandbox.store.companies[4]!;
    localStorage.setItem('earnings-desk.watchlist.v1', JSON.stringify([{ id: company.id, displayName: company.displayName }]));
    resetWatchlistCache();
    const { user, router } = await renderApp('/calendar');
    await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' });
    await user.click(screen.getByRole('button', { name: /Watchlist only/ }));
    expect(router.state.location.search).toMatchObject({ watchlist: 1 });
    await waitFor(() => expect(eventRequests().at(-1)).toMatchObject({ companyIds: String(company.id) }));
    expect((await within(week()).findAllByText('No events match the filters.')).length).toBeGreaterThan(0);
  });

  it('names event types from the type list, earnings calls first, and filters by their ids', async () => {
    const { user, router } = await renderApp('/calendar');
    await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' });
    await user.click(screen.getByText('Filters'));
    const types = screen.getByRole('combobox', { name: 'Event types' });
    await user.click(types);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options[0]).toBe('Earnings call');
    await user.click(screen.getByRole('option', { name: 'Earnings call' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toMatchObject({ types: 'earnings-call' });
    await waitFor(() => expect(eventRequests().at(-1)).toMatchObject({ typeIds: '26,27,28,29,35,36' }));
    expect(screen.getByRole('button', { name: 'Remove filter Event types: Earnings call' })).toBeInTheDocument();
  });
});

describe('an address value the calendar cannot use', () => {
  // Each falls back to this week and is named, as every list page names a filter it drops; none breaks the page.
  for (const [search, named] of [
    ['week=x', 'Week: x'],
    ['week=2026-13-45', 'Week: 2026-13-45'],
    ['week=99999-01-01', 'Week: 99999-01-01'],
    ['week=2026-02-30', 'Week: 2026-02-30'],
    // Its week runs into the year 10000, which no date the service reads can name.
    ['week=9999-12-31', 'Week: 9999-12-31'],
  ] as const) {
    it(`/calendar?${search} shows this week and says “${named}” was left out`, async () => {
      await renderApp(`/calendar?${search}`);
      expect(await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText(`Some filters in the address could not be used and were left out: ${named}.`)).toBeInTheDocument();
      expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
      await waitFor(() => expect(eventRequests()[0]).toMatchObject({ startDate: '2026-11-15T10:00:00.000Z', endDate: '2026-11-23T11:59:59.999Z' }));
    });
  }

  it('an empty week is this week, and nothing is named', async () => {
    await renderApp('/calendar?week=');
    expect(await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/could not be used/)).not.toBeInTheDocument();
  });

  it('names every bad value at once (filters, week and watchlist switch), and the next step writes an address without them', async () => {
    const { user, router } = await renderApp('/calendar?countries=USA&week=2026-13-45&watchlist=maybe');
    expect(await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' }, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.getByText('Some filters in the address could not be used and were left out: Countries: USA; Week: 2026-13-45; Watchlist only: maybe.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 23 – 29, 2026' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ week: '2026-11-23' });
    expect(screen.queryByText(/could not be used/)).not.toBeInTheDocument();
  });
});

describe('what the service sends', () => {
  it('keeps the reader’s own week from the window: an event on either side of the Stockholm week is not shown', async () => {
    const real = await sandboxJson<{ data: Record<string, unknown>[]; pagination: unknown }>(
      '/events?startDate=2026-11-20T23:00:00.000Z&endDate=2026-11-21T22:59:59.999Z&limit=3',
    );
    // Of a type the service does not list, so each row is named by its title.
    const at = (id: number, date: string, title: string) => ({ ...real.data[0]!, id, date, title, typeId: 999_999 });
    const events = [
      // Sunday 15 November 23:30 in Stockholm: the week before.
      at(990_001, '2026-11-15T22:30:00Z', 'Before Monday Capital Markets Day'),
      // Monday 16 November 00:30 and Sunday 22 November 23:30 in Stockholm: this week.
      at(990_002, '2026-11-15T23:30:00Z', 'Just After Midnight Call'),
      at(990_003, '2026-11-22T22:30:00Z', 'Late Sunday Call'),
      // Monday 23 November 00:30 in Stockholm: the week after.
      at(990_004, '2026-11-22T23:30:00Z', 'After Sunday Strategy Update'),
    ];
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ data: events, pagination: { nextCursor: null } })));
    await renderApp('/calendar');
    const list = await screen.findByRole('list', { name: 'Events of the week, by day' });
    expect((await within(list).findAllByText('Just After Midnight Call')).length).toBeGreaterThan(0);
    expect(within(list).getByRole('heading', { name: /^Monday, November 16,\s*1 event$/ })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: /^Sunday, November 22,\s*1 event$/ })).toBeInTheDocument();
    expect(within(list).getAllByText('Late Sunday Call').length).toBeGreaterThan(0);
    expect(within(list).queryAllByText('Before Monday Capital Markets Day')).toEqual([]);
    expect(within(list).queryAllByText('After Sunday Strategy Update')).toEqual([]);
    // Recordings are asked for by day, only for the days up to today that have events: Monday alone here.
    const recordingDays = () =>
      seenRequests
        .map((url) => new URL(url))
        .filter((url) => url.pathname === '/public/v3/audio')
        .map((url) => url.searchParams.get('startDate'));
    await waitFor(() => expect(recordingDays().length).toBeGreaterThan(0));
    expect(recordingDays()).toEqual(['2026-11-15T23:00:00.000Z']);
  });

  it('names an event of a type it does not know by its title, never by an id', async () => {
    const real = await sandboxJson<{ data: Record<string, unknown>[]; pagination: unknown }>(
      '/events?startDate=2026-11-20T23:00:00.000Z&endDate=2026-11-21T22:59:59.999Z&limit=3',
    );
    const odd = { ...real.data[0]!, typeId: 999_999, title: 'Mystery Corp Strategy Hour' };
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ data: [odd], pagination: { nextCursor: null } })));
    await renderApp('/calendar');
    const row = (await screen.findAllByText('Mystery Corp Strategy Hour'))[0]!.closest('[role="listitem"]')!;
    expect(row).not.toHaveTextContent('999999');
  });

  it('without the event list, says once what is missing and shows no error', async () => {
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })));
    const { user } = await renderApp('/calendar');
    expect(await screen.findByRole('note')).toHaveTextContent('The calendar needs the list of events, which this data source does not offer.');
    expect(screen.queryByRole('alert')).toBeNull();
    const asked = eventRequests().length;
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('note')).toBeInTheDocument();
    expect(eventRequests().length).toBe(asked);
  });
});

describe('the home page’s Today panel', () => {
  // Saturday 21 November in Stockholm: three calls live at 12:00 UTC and 440 still to start before
  // local midnight (one every 90 seconds), 443 in all.
  it('shows the calls live now and the next ones, each row whole, and how many more today holds as a link to today in the calendar', async () => {
    const restore = pretendScreenWidth(1366);
    try {
      await renderApp('/');
      const today = await screen.findByRole('region', { name: 'Today' });
      const list = await within(today).findByRole('list', { name: 'Live now and next today' });
      // Eight rows and nothing more in the panel: it scrolled inside itself and cut its eighth row.
      expect(within(list).getAllByRole('listitem')).toHaveLength(8);
      expect(within(list).getAllByText('Live now')).toHaveLength(3);
      const more = within(today).getByRole('link', { name: '435 more events today in the calendar' });
      expect(more).toHaveAttribute('href', '/calendar?week=2026-11-21');
    } finally {
      restore();
    }
  });

  it('on a phone, where a row takes three lines, shows five and counts the rest', async () => {
    const restore = pretendScreenWidth(390);
    try {
      await renderApp('/');
      const today = await screen.findByRole('region', { name: 'Today' });
      const list = await within(today).findByRole('list', { name: 'Live now and next today' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(5);
      expect(within(today).getByRole('link', { name: '438 more events today in the calendar' })).toHaveAttribute('href', '/calendar?week=2026-11-21');
    } finally {
      restore();
    }
  });
});
