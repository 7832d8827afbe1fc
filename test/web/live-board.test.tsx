/**
 * The live board on /live: its groups, polling, Listen, watchlist notifications, what a live row
 * says of its call (Q&A started, the latest alert), and the page without the list. The live
 * transcripts are a stand-in the test drives by hand (test/support/live-transcript-fake.ts).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRecentLiveCache } from '../../src/features/live/recent.ts';
import { player } from '../../src/lib/player/index.ts';
import { resetWatchlistCache } from '../../src/lib/watchlist.ts';
import { resetServerClock } from '../../src/api/server-clock.ts';
import { renderApp } from '../support/render-app.tsx';
import { passes, useFlowingTime } from '../support/flowing-time.ts';
import { followed, liveSubscriptions, resetLiveTranscriptFake, rolling, setLiveView } from '../support/live-transcript-fake.ts';
import { alertTray } from '../../src/features/live/said-alerts-watcher.ts';
import { resetWatchedTermsCache } from '../../src/lib/watched-terms.ts';

vi.mock('../../src/api/live-transcript.ts', async () => (await import('../support/live-transcript-fake.ts')).liveTranscriptModule);
import { apiPath, clock, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetRecentLiveCache();
  resetWatchlistCache();
  resetServerClock();
  player.close();
  setHidden(false);
  resetLiveTranscriptFake();
  resetWatchedTermsCache();
  alertTray.clear();
  alertTray.markSeen();
});

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  window.dispatchEvent(new Event('visibilitychange'));
}

/*
 * The sandbox at 12:00 UTC (seed "web-tests"): calls start every 90 s from 11:40. Live: 1146
 * Zenorant Bancorp (11:56:30), 1147 Calarica Foods (11:58), 1148 Harelard (11:59:30). Next: 1149
 * Jorisus Medical (12:01), 1150 Heloryx Systems (12:02:30). Ended: 1145 Bramane Foods (11:55,
 * interrupted), 1144 Lysorara Capital (recording available), 1141 Halisyx (processing failed);
 * at 12:00:58 Zenorant Bancorp has ended too, its recording processing. Every one of them is the
 * company's Q3 2026 earnings call. Their live records have ids of their own: the event's + 764
 * (1911 for the call of event 1147).
 */

function listRequests(): number {
  return seenRequests.filter((u) => new URL(u).pathname === '/public/v3/live/audio').length;
}

function group(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The rows of a group, each as "company | call | state" in order. */
function rows(name: string): string[] {
  return within(group(name))
    .queryAllByRole('listitem')
    .map((item) => {
      const links = within(item).getAllByRole('link');
      const state = item.querySelector('[data-state]')?.textContent ?? '';
      return `${links[0]!.textContent} | ${links[1]!.textContent?.replace(/,.*$/, '')} | ${state}`;
    });
}

/** The reader's clock and the service's at `at`, flowing (test/support/flowing-time.ts). */
function takeTheClock(at: string) {
  useFlowingTime(at);
  clock.set(Date.parse(at));
}

/** Five seconds pass at once: the board's pace while any of its calls can still change (LIVE_POLL.active). */
function nextRead() {
  return passes(5_000);
}

describe('the board at a fixed time', () => {
  it('shows the calls live now, starting soon and just ended, each named and linked', async () => {
    await renderApp('/live');
    await screen.findByRole('heading', { level: 2, name: 'Live now' });
    await waitFor(() => expect(rows('Live now')[0]).toBe('Zenorant Bancorp | Q3 2026 earnings call | Live'));
    expect(rows('Live now')).toEqual([
      'Zenorant Bancorp | Q3 2026 earnings call | Live',
      'Calarica Foods | Q3 2026 earnings call | Live',
      'Harelard | Q3 2026 earnings call | Live',
    ]);
    await waitFor(() => expect(rows('Starting soon')[0]).toBe('Jorisus Medical | Q3 2026 earnings call | Starting soon'));
    expect(rows('Starting soon')[1]).toBe('Heloryx Systems | Q3 2026 earnings call | Starting soon');
    await waitFor(() => expect(rows('Just ended')[0]).toBe('Bramane Foods | Q3 2026 earnings call | Stream interrupted'));
    expect(rows('Just ended')[1]).toBe('Lysorara Capital | Q3 2026 earnings call | Recording available');
    expect(rows('Just ended')).toContain('Halisyx | Q3 2026 earnings call | Processing failed');

    const live = within(group('Live now'));
    expect(live.getByText('3 calls')).toBeInTheDocument();
    expect(live.getByRole('link', { name: 'Q3 2026 earnings call, Calarica Foods' })).toHaveAttribute('href', '/live/1911');
    expect(live.getByRole('link', { name: 'Calarica Foods' })).toHaveAttribute('href', expect.stringMatching(/^\/companies\/\d+$/));
    // A countdown within the hour before the start.
    const soon = within(group('Starting soon')).getAllByRole('listitem')[0]!;
    expect(within(soon).getByRole('timer')).toHaveTextContent(/^in (1 min 00 s|59 s|58 s|57 s)$/);
    // The time in the reader's zone, said once for the page.
    expect(soon.querySelector('time')).toHaveAttribute('datetime', '2026-11-21T12:01:00.000Z');
    expect(screen.getByText(/^Times in /)).toBeInTheDocument();
  });

  it("reads the whole board with one request, on a window around the service's now (not the reader's clock)", async () => {
    await renderApp('/live');
    await waitFor(() => expect(rows('Live now')).toHaveLength(3));
    expect(listRequests()).toBe(1);
    const url = new URL(seenRequests.find((u) => new URL(u).pathname === '/public/v3/live/audio')!);
    expect(url.searchParams.get('startDate')).toBe('2026-11-21T10:00:00.000Z');
    expect(url.searchParams.get('endDate')).toBe('2026-11-21T14:15:00.000Z');
    // The calls are named from one read of the window's events, not one read per call.
    await waitFor(() => expect(within(group('Live now')).getAllByRole('link', { name: /^Q3 2026 earnings call, / })).toHaveLength(3));
    const paths = seenRequests.map((u) => new URL(u).pathname);
    expect(paths.filter((p) => p === '/public/v3/events')).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('/public/v3/events/'))).toEqual([]);
    // ... and their companies from one read of those not known yet.
    await waitFor(() => expect(rows('Just ended')[0]).toBe('Bramane Foods | Q3 2026 earnings call | Stream interrupted'));
    const companyReads = seenRequests.map((u) => new URL(u)).filter((u) => u.pathname.startsWith('/public/v3/companies'));
    expect(companyReads.map((u) => u.pathname)).toEqual(['/public/v3/companies']);
    // The rows on screen: 3 live, the first 8 starting soon, the first 8 just ended; 19 companies.
    expect(companyReads[0]!.searchParams.get('ids')!.split(',')).toHaveLength(19);
  });

  it('Listen on a live row starts its stream in the docked player', async () => {
    // The player's code loads with the first thing to play (player-slot.tsx): loaded first here, so
    // the wait below is for the player to show the stream, not for its code on a busy machine.
    await import('../../src/features/player/player-host.tsx');
    const { user } = await renderApp('/live');
    const button = await screen.findByRole('button', { name: 'Listen live: Calarica Foods: Q3 2026 earnings call' });
    await user.click(button);
    expect(player.getState().source).toMatchObject({
      kind: 'live',
      liveId: 1911,
      title: 'Calarica Foods: Q3 2026 earnings call',
      artist: 'Calarica Foods',
    });
    expect(await screen.findByRole('region', { name: 'Player' })).toBeInTheDocument();
    expect(within(group('Live now')).getByText('Playing')).toBeInTheDocument();
  });

  it('names the calls one event at a time where the data source does not list events', async () => {
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })));
    await renderApp('/live');
    await waitFor(() => expect(rows('Live now')[0]).toBe('Zenorant Bancorp | Q3 2026 earnings call | Live'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says so when a group is empty', async () => {
    server.use(
      http.get(apiPath('/live/audio'), () =>
        HttpResponse.json({
          data: [
            {
              id: 1913,
              eventId: 1149,
              companyId: 1,
              date: '2026-11-21T12:01:00.000Z',
              wentLiveAt: null,
              state: 'willBeLive',
              audio: null,
              createdAt: '2026-11-07T12:01:00.000Z',
              updatedAt: '2026-11-21T11:46:00.000Z',
            },
          ],
          pagination: { nextCursor: null },
        }),
      ),
    );
    await renderApp('/live');
    expect(
      await within(await screen.findByRole('region', { name: 'Live now' })).findByText('No call is live right now. Calls appear here the moment they start.'),
    ).toBeInTheDocument();
    expect(within(group('Just ended')).getByText('No call has ended in the last 2 hours.')).toBeInTheDocument();
  });
});

describe('what a live row says of its call', () => {
  function row(company: string): HTMLElement {
    return within(group('Live now'))
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('link', { name: company }))!;
  }

  it('says when the Q&A started, following only the live rows’ transcripts at background pace', async () => {
    await renderApp('/live');
    await waitFor(() => expect(rows('Live now')[0]).toBe('Zenorant Bancorp | Q3 2026 earnings call | Live'));
    await waitFor(() => expect(followed().sort()).toEqual([1910, 1911, 1912]));
    expect(new Set(liveSubscriptions.map((s) => s.pace))).toEqual(new Set(['background']));
    expect(row('Calarica Foods')).not.toHaveTextContent('Q&A started');

    setLiveView(1911, rolling([['Operator, first question please.', 1834.6, 1837]], { qnaStart: 1834.6 }));
    expect(row('Calarica Foods')).toHaveTextContent('Q&A started 30:34');
    expect(row('Harelard')).not.toHaveTextContent('Q&A started');
  });

  it('shows the latest alert of each live call: the term, the time in the call and the sentence', async () => {
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 0));
    localStorage.setItem(
      'earnings-desk.watched-terms.v1',
      JSON.stringify([
        { id: 't1', text: 'tariffs', scope: 'all' },
        { id: 't2', text: '"gross margin"', scope: 'all' },
      ]),
    );
    resetWatchedTermsCache();
    await renderApp('/live');
    await waitFor(() => expect(rows('Live now')[2]).toBe('Harelard | Q3 2026 earnings call | Live'));
    // Shared with the watcher, which the shell mounts once idle.
    await screen.findByRole('button', { name: 'Alerts' });
    setLiveView(
      1911,
      rolling([
        ['New tariffs on steel will weigh on the second half.', 754.2, 758.9],
        ['Thank you.', 759.5, 760.4],
      ]),
    );
    expect(row('Calarica Foods')).toHaveTextContent('Latest alert at 12:34, “tariffs”: New tariffs on steel will weigh on the second half.');
    expect(row('Harelard')).not.toHaveTextContent('Latest alert');

    setLiveView(
      1911,
      rolling([
        ['New tariffs on steel will weigh on the second half.', 754.2, 758.9],
        ['Thank you.', 759.5, 760.4],
        ['Our gross margin was 41.2 percent, up 180 basis points from a year ago, helped by mix and by pricing actions in the quarter.', 800, 812],
        ['Next.', 813, 814],
      ]),
    );
    expect(row('Calarica Foods')).toHaveTextContent(
      'Latest alert at 13:20, “"gross margin"”: Our gross margin was 41.2 percent, up 180 basis points from a year ago, helped by mix and…',
    );
  });
});

describe('polling', () => {
  it('re-reads the board and moves a call from Starting soon to Live now as it starts', async () => {
    takeTheClock('2026-11-21T12:00:58.000Z');
    await renderApp('/live');
    await waitFor(() => expect(rows('Starting soon')[0]).toBe('Jorisus Medical | Q3 2026 earnings call | Starting soon'));
    // Zenorant Bancorp's call has ended, and its recording is being processed.
    expect(rows('Just ended')[0]).toBe('Zenorant Bancorp | Q3 2026 earnings call | Processing');
    const first = listRequests();
    clock.set(Date.parse('2026-11-21T12:01:10.000Z'));
    // While a call can change, the board re-reads every 5 s.
    await nextRead();
    await waitFor(() => expect(rows('Live now')).toContain('Jorisus Medical | Q3 2026 earnings call | Live'));
    expect(rows('Starting soon')[0]).toBe('Heloryx Systems | Q3 2026 earnings call | Starting soon');
    expect(listRequests()).toBeGreaterThan(first);
  });

  it('keeps the rows shown when a re-read fails, and says so with Retry', async () => {
    takeTheClock('2026-11-21T12:00:00.000Z');
    const { user } = await renderApp('/live');
    await waitFor(() => expect(rows('Live now')).toHaveLength(3));
    server.use(http.get(apiPath('/live/audio'), () => HttpResponse.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 })));
    await nextRead();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The data service failed (503)');
    expect(rows('Live now')).toHaveLength(3);
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('watchlist notifications', () => {
  const shown: { title: string; body?: string }[] = [];

  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }

  beforeEach(() => {
    shown.length = 0;
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockClear();
    vi.stubGlobal('Notification', FakeNotification);
  });

  /** Stars these companies (of the calls 1147, 1149 and 1150: live records 1911, 1913, 1914), as their pages do. */
  async function watch(...names: string[]) {
    const list: { id: number; displayName: string }[] = [];
    for (const id of [1911, 1913, 1914]) {
      const record = (await sandboxJson<{ data: { companyId: number } }>(`/live/audio/${id}`)).data;
      const company = (await sandboxJson<{ data: { displayName: string } }>(`/companies/${record.companyId}`)).data;
      if (names.includes(company.displayName)) list.push({ id: record.companyId, displayName: company.displayName });
    }
    localStorage.setItem('earnings-desk.watchlist.v1', JSON.stringify(list));
    resetWatchlistCache();
  }

  it('asks first, then notifies once when a watchlist company goes live, and not for others', async () => {
    // Calarica Foods is live already when the board opens: that is no change, and not notified.
    await watch('Jorisus Medical', 'Calarica Foods');
    takeTheClock('2026-11-21T12:00:58.000Z');
    const { user } = await renderApp('/live');
    await waitFor(() => expect(rows('Starting soon')[0]).toBe('Jorisus Medical | Q3 2026 earnings call | Starting soon'));
    await user.click(screen.getByRole('button', { name: 'Notify me when a watchlist company goes live' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText('You will get a notification when a company on your watchlist goes live, while this page stays open (in the background too).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop notifications' })).toBeInTheDocument();

    clock.set(Date.parse('2026-11-21T12:01:10.000Z'));
    await nextRead();
    await waitFor(() => expect(rows('Live now')).toContain('Jorisus Medical | Q3 2026 earnings call | Live'));
    await waitFor(() => expect(shown).toEqual([{ title: 'Jorisus Medical is live.', body: 'Listen from the live board.' }]));

    // Heloryx Systems (not watched) goes live: nothing more; Jorisus stays live: not again.
    clock.set(Date.parse('2026-11-21T12:02:40.000Z'));
    await nextRead();
    await waitFor(() => expect(rows('Live now')).toContain('Heloryx Systems | Q3 2026 earnings call | Live'));
    // The board shows the poll in which Heloryx went live; its effects (where a notification is
    // sent) run when React's pending work is flushed.
    await act(async () => {});
    expect(shown).toHaveLength(1);
  });

  it('keeps watching while the tab is hidden once asked (the moment matters most then)', async () => {
    await watch('Jorisus Medical');
    takeTheClock('2026-11-21T12:00:58.000Z');
    const { user } = await renderApp('/live');
    await waitFor(() => expect(rows('Starting soon')[0]).toBe('Jorisus Medical | Q3 2026 earnings call | Starting soon'));
    await user.click(screen.getByRole('button', { name: 'Notify me when a watchlist company goes live' }));
    await screen.findByRole('button', { name: 'Stop notifications' });
    setHidden(true);
    clock.set(Date.parse('2026-11-21T12:01:10.000Z'));
    await nextRead();
    await waitFor(() => expect(shown).toEqual([{ title: 'Jorisus Medical is live.', body: 'Listen from the live board.' }]));
  });

  it('notifies nothing until asked', async () => {
    await watch('Jorisus Medical');
    takeTheClock('2026-11-21T12:00:58.000Z');
    await renderApp('/live');
    await waitFor(() => expect(rows('Starting soon')[0]).toBe('Jorisus Medical | Q3 2026 earnings call | Starting soon'));
    clock.set(Date.parse('2026-11-21T12:01:10.000Z'));
    await nextRead();
    await waitFor(() => expect(rows('Live now')).toContain('Jorisus Medical | Q3 2026 earnings call | Live'));
    // The poll in which Jorisus went live is shown; its effects run when React's pending work is flushed.
    await act(async () => {});
    expect(shown).toEqual([]);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });
});

describe('without the list of live calls', () => {
  for (const status of [404, 403]) {
    it(`(${status}) works as before: one calm note, the form unfolded, no error, no second request`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
      vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
      server.use(
        http.get(apiPath('/live/audio'), () => HttpResponse.json({ statusCode: status, message: status === 404 ? 'Not Found' : 'Forbidden' }, { status })),
      );
      await renderApp('/live');
      await vi.waitFor(() => expect(screen.getByRole('note')).toBeInTheDocument(), { timeout: 10_000 });
      expect(screen.getAllByRole('note')).toHaveLength(1);
      expect(screen.getByRole('note')).toHaveTextContent(
        'The live board needs the list of live calls, which this data source does not offer. Follow a call by its number, or from its event page.',
      );
      const form = screen.getByRole('form', { name: "Follow a call's live status" });
      expect(form.closest('details')).toHaveAttribute('open');
      expect(screen.getByRole('textbox', { name: 'Live status number' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(120_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getAllByRole('note')).toHaveLength(1);
      expect(listRequests()).toBe(1);
    });
  }

  it('with the list, the form is folded beside the board', async () => {
    await renderApp('/live');
    await screen.findByRole('heading', { level: 2, name: 'Live now' });
    const form = screen.getByRole('form', { name: "Follow a call's live status" });
    expect(form.closest('details')).not.toHaveAttribute('open');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
