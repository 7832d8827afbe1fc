/**
 * /calendar: the week in the reader's time zone (Europe/Stockholm here), week navigation, a week
 * with a daylight-saving change, filters in the address, empty days, unknown event types, and a data
 * source without the event list. The sandbox clock stands at Saturday 21 November 2026, 12:00 UTC.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock } from '../../src/api/server-clock.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, SANDBOX_NOW, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

/** The reader: en-US, in Stockholm. Formatters made at import take the zone from here. */
const realDateTimeFormat = vi.hoisted(() => {
  const Real = Intl.DateTimeFormat;
  class ReaderDateTimeFormat extends Real {
    constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      super(locales ?? 'en-US', { timeZone: 'Europe/Stockholm', ...options });
    }
  }
  Intl.DateTimeFormat = ReaderDateTimeFormat as typeof Intl.DateTimeFormat;
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
});

const eventRequests = () =>
  seenRequests
    .map((url) => new URL(url))
    .filter((url) => url.pathname === '/public/v3/events')
    .map((url) => Object.fromEntries(url.searchParams));

const week = () => screen.getByRole('list', { name: 'Events of the week, by day' });

describe('the week', () => {
  it('shows this week in the reader’s zone, today marked, asking for the week from local midnight to local midnight', async () => {
    await renderApp('/calendar');
    expect(await screen.findByRole('heading', { level: 2, name: 'This week: Nov 16 – 22, 2026' })).toBeInTheDocument();
    const today = await within(week()).findByRole('heading', { name: /^Today · Saturday, November 21/ });
    expect(today).toHaveAttribute('aria-current', 'date');
    await waitFor(() => expect(eventRequests().length).toBeGreaterThan(0));
    // Monday 16 November 00:00 in Stockholm (UTC+1) to the end of Sunday 22 November.
    expect(eventRequests()[0]).toMatchObject({ startDate: '2026-11-15T23:00:00.000Z', endDate: '2026-11-22T22:59:59.999Z', limit: '500' });
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
    await waitFor(() => expect(eventRequests().some((p) => p.startDate === '2026-11-22T23:00:00.000Z')).toBe(true));
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

  it('asks for a week with a daylight-saving change from the summer-time midnight to the winter-time one', async () => {
    await renderApp('/calendar?week=2026-10-21');
    expect(await screen.findByRole('heading', { level: 2, name: 'Oct 19 – 25, 2026' })).toBeInTheDocument();
    await waitFor(() => expect(eventRequests().length).toBeGreaterThan(0));
    // Monday 19 October starts at 00:00 CEST (22:00 UTC the day before); Sunday 25 October ends at 24:00 CET (23:00 UTC).
    expect(eventRequests()[0]).toMatchObject({ startDate: '2026-10-18T22:00:00.000Z', endDate: '2026-10-25T22:59:59.999Z' });
    const headings = within(week())
      .getAllByRole('heading')
      .map((h) => h.textContent!.replace(/\d[\d,]* events?$/, '').trim());
    expect(headings[0]).toBe('Monday, October 19');
  });
});

describe('filters', () => {
  it('narrows to the watchlist through the address, and an empty day says so', async () => {
    const company = sandbox.store.companies[4]!;
    localStorage.setItem('earnings-desk.watchlist.v1', JSON.stringify([{ id: company.id, displayName: company.displayName }]));
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

describe('what the service sends', () => {
  it('names an event of a type it does not know by its title, never by an id', async () => {
    const real = await sandboxJson<{ data: Record<string, unknown>[]; pagination: unknown }>(
      '/events?startDate=2026-11-20T23:00:00.000Z&endDate=2026-11-21T22:59:59.999Z&limit=3',
    );
    const odd = { ...real.data[0]!, typeId: 999_999, title: 'Mystery Corp Strategy Hour' };
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ data: [odd], pagination: { nextCursor: null } })));
    await renderApp('/calendar');
    const row = (await within(week()).findByText('Mystery Corp Strategy Hour')).closest('[role="listitem"]')!;
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
