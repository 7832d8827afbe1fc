/**
 * /calendar for a reader in Tokyo (UTC+9, no daylight saving): the same sandbox week starts nine
 * hours before UTC midnight, and an evening call in New York falls on the next day.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock } from '../../src/api/server-clock.ts';
import { renderApp } from '../support/render-app.tsx';
import { SANDBOX_NOW, seenRequests, useSandboxServer } from '../support/sandbox-server.ts';

const realDateTimeFormat = vi.hoisted(() => {
  const Real = Intl.DateTimeFormat;
  const Reader = function (locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
    return new Real(locales ?? 'en-US', { timeZone: 'Asia/Tokyo', ...options });
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
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SANDBOX_NOW);
  resetServerClock();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the week in Tokyo', () => {
  it('runs from Monday 00:00 in Tokyo, says so once, and marks Saturday 21:00 as today', async () => {
    await renderApp('/calendar');
    expect(await screen.findByText('Times in Asia/Tokyo')).toBeInTheDocument();
    // 12:00 UTC on Saturday is 21:00 in Tokyo: still Saturday the 21st.
    const week = await screen.findByRole('list', { name: 'Events of the week, by day' });
    expect(within(week).getByRole('heading', { name: /^Today · Saturday, November 21/ })).toHaveAttribute('aria-current', 'date');
    await waitFor(() => expect(seenRequests.some((url) => url.includes('/public/v3/events?'))).toBe(true));
    const first = new URL(seenRequests.find((url) => url.includes('/public/v3/events?'))!);
    // The same window as anywhere else (it holds the week in every zone); Tokyo's week is kept from it.
    expect(first.searchParams.get('startDate')).toBe('2026-11-15T10:00:00.000Z');
    expect(first.searchParams.get('endDate')).toBe('2026-11-23T11:59:59.999Z');
    // The schedule's calls from 11:40 UTC are at 20:40 and later in Tokyo, on Saturday.
    const times = within(week)
      .getAllByRole('listitem')
      .flatMap((item) => (item.querySelector('time') ? [item.querySelector('time')!.textContent] : []));
    expect(times[0]).toBe('08:40 PM');
  });
});
