/**
 * Alerts on what is said, in the app: the watcher the shell mounts, the header's tray, a click that
 * plays the call from the sentence, the notification, and the Watched terms panel on /live. The live
 * transcript tail is a stand-in the test drives by hand (test/support/live-transcript-fake.ts); the
 * live list, names and pages are the sandbox's.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertTray } from '../../src/features/live/said-alerts-watcher.ts';
import { player } from '../../src/lib/player/index.ts';
import { addWatchedTerm, resetWatchedTermsCache } from '../../src/lib/watched-terms.ts';
import { resetWatchlistCache } from '../../src/lib/watchlist.ts';
import { resetServerClock } from '../../src/api/server-clock.ts';
import { renderApp } from '../support/render-app.tsx';
import { followed, liveSubscriptions, resetLiveTranscriptFake, rolling, setLiveView } from '../support/live-transcript-fake.ts';
import { apiPath, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

vi.mock('../../src/api/live-transcript.ts', async () => (await import('../support/live-transcript-fake.ts')).liveTranscriptModule);

useSandboxServer();

const TERMS = 'earnings-desk.watched-terms.v1';

beforeEach(() => {
  // The shell loads the watcher when the browser is idle: at once here.
  vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 0));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetWatchedTermsCache();
  resetWatchlistCache();
  resetServerClock();
  alertTray.clear();
  alertTray.markSeen();
  resetLiveTranscriptFake();
  player.close();
});

/** Reads of the list the watcher asks for: the calls live now. */
function watcherListReads(): number {
  return seenRequests.map((u) => new URL(u)).filter((u) => u.pathname === '/public/v3/live/audio' && u.searchParams.get('states') === 'live').length;
}

function watch(...terms: { text: string; scope: 'all' | 'watchlist' }[]) {
  localStorage.setItem(TERMS, JSON.stringify(terms.map((term, i) => ({ id: `t${i}`, ...term, addedAt: '2026-11-21T11:00:00.000Z' }))));
  resetWatchedTermsCache();
}

/*
 * The sandbox at 12:00 UTC: live records 1910 (Zenorant Bancorp, since 11:56:30), 1911 (Calarica
 * Foods, since 11:58) and 1912 (Harelard, since 11:59:30), all Q3 2026 earnings calls.
 */
const SAID = rolling([
  ['Good morning and welcome.', 0, 3],
  ['New tariffs on steel will weigh on the second half.', 754.2, 758.9],
  ['Thank you.', 759.5, 760.4],
]);

describe('the alert tray', () => {
  it('counts a new alert, lists it marked and named, says it politely; Escape closes it', async () => {
    watch({ text: 'tariffs', scope: 'all' });
    const { user } = await renderApp('/');
    // The three live calls are followed at background pace (every live call is in scope).
    await waitFor(() => expect(followed().sort()).toEqual([1910, 1911, 1912]));
    expect(new Set(liveSubscriptions.map((s) => s.pace))).toEqual(new Set(['background']));
    const button = await screen.findByRole('button', { name: 'Alerts' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    setLiveView(1911, SAID);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alerts, 1 new' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText(/^New alert: .* said “tariffs” at 12:34\.$/)).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Alerts, 1 new' }));
    const dialog = screen.getByRole('dialog', { name: 'Alerts on what is said' });
    const item = within(within(dialog).getByRole('list', { name: 'Alerts' })).getByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Calarica Foods: Q3 2026 earnings call · “tariffs” at 12:34'));
    expect(item).toHaveTextContent('New tariffs on steel will weigh on the second half.');
    expect([...item.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['tariffs']);
    // Opened: the alerts are seen.
    expect(screen.getByRole('button', { name: 'Alerts' })).toHaveAttribute('aria-expanded', 'true');

    // The same sentence again, refined, and shown again: no second alert.
    setLiveView(1911, SAID);
    setLiveView(
      1911,
      rolling([
        ['Good morning and welcome.', 0, 3],
        ['New tariffs on steel will weigh on the second half of the year.', 754.2, 759.2],
        ['Thank you.', 759.5, 760.4],
        ['Next question.', 761, 762],
      ]),
    );
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alerts' })).toHaveFocus();
  });

  it('one click on an alert plays the live stream from the sentence and opens the live page', async () => {
    watch({ text: '"weigh on"', scope: 'all' });
    const { user, router } = await renderApp('/');
    await waitFor(() => expect(followed()).toContain(1911));
    setLiveView(1911, SAID);
    await user.click(await screen.findByRole('button', { name: 'Alerts, 1 new' }));
    const alert = within(screen.getByRole('dialog', { name: 'Alerts on what is said' })).getByRole('button', { name: /Play from 12:34/ });
    await waitFor(() => expect(alert).toHaveTextContent('Calarica Foods: Q3 2026 earnings call'));
    await user.click(alert);

    // The player's engine loads with this first Play.
    await waitFor(() => expect(player.getState().source).not.toBeNull());
    expect(player.getState().source).toMatchObject({
      kind: 'live',
      key: 'live:1911',
      liveId: 1911,
      title: 'Calarica Foods: Q3 2026 earnings call',
      artist: 'Calarica Foods',
      streamUrl: expect.stringMatching(/^http:\/\/localhost:3000\/.*\.m3u8$/),
    });
    expect(player.getState().currentTime).toBe(754.2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/1911'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('listens only to the watchlist’s calls for a watchlist term', async () => {
    const record = (await sandboxJson<{ data: { companyId: number } }>('/live/audio/1912')).data;
    localStorage.setItem('earnings-desk.watchlist.v1', JSON.stringify([{ id: record.companyId, displayName: 'Harelard' }]));
    resetWatchlistCache();
    watch({ text: 'tariffs', scope: 'watchlist' });
    await renderApp('/');
    await waitFor(() => expect(followed()).toEqual([1912]));
    setLiveView(1911, SAID);
    setLiveView(
      1912,
      rolling([
        ['Tariffs, again.', 5, 6],
        ['Yes.', 7, 8],
      ]),
    );
    await screen.findByRole('button', { name: 'Alerts, 1 new' });
    expect(alertTray.get().alerts.map((a) => [a.call.id, a.sentence.text])).toEqual([[1912, 'Tariffs, again.']]);
  });

  it('shows a browser notification when asked for; its click brings the tab forward and plays from the sentence', async () => {
    const shown: { title: string; body?: string; instance: { onclick: (() => void) | null; close: () => void } }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = vi.fn(async () => {
        FakeNotification.permission = 'granted';
        return 'granted' as const;
      });
      onclick: (() => void) | null = null;
      close = vi.fn();
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body, instance: this });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    watch({ text: 'tariffs', scope: 'all' });
    const { user, router } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Alerts' }));
    await user.click(screen.getByRole('button', { name: 'Notify me when a watched term is said' }));
    expect(await screen.findByRole('button', { name: 'Stop notifications' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(followed()).toContain(1911));
    setLiveView(1911, SAID);
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toMatchObject({ title: expect.stringMatching(/ said “tariffs”$/), body: 'New tariffs on steel will weigh on the second half.' });

    act(() => shown[0]!.instance.onclick!());
    expect(focus).toHaveBeenCalled();
    expect(player.getState().source).toMatchObject({ kind: 'live', liveId: 1911 });
    expect(player.getState().currentTime).toBe(754.2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/live/1911'));
  });

  it('without the list of live calls, says alerts need it and follows nothing', async () => {
    server.use(http.get(apiPath('/live/audio'), () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })));
    watch({ text: 'tariffs', scope: 'all' });
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'Alerts need the list of live calls, which this data source does not offer: nothing is being watched.',
      ),
    ).toBeInTheDocument();
    expect(liveSubscriptions).toEqual([]);
    // The data source was asked once for the session (by whichever part of the page asked first).
    expect(seenRequests.filter((u) => new URL(u).pathname === '/public/v3/live/audio')).toHaveLength(1);
  });

  it('costs one read of the live list every 30 s and one transcript subscription per call in scope, whatever the re-reads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    try {
      watch({ text: 'tariffs', scope: 'all' });
      await renderApp('/');
      await vi.waitFor(
        async () => {
          await act(() => vi.advanceTimersByTimeAsync(100));
          expect(followed().sort()).toEqual([1910, 1911, 1912]);
        },
        { timeout: 10_000 },
      );
      const reads = watcherListReads();
      expect(reads).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(120_000));
      // Two minutes: four more reads of the list; the three calls followed by one subscription each.
      expect(watcherListReads()).toBe(5);
      expect(liveSubscriptions.map((s) => s.liveId).sort()).toEqual([1910, 1911, 1912]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no tray and reads no live list while nothing is watched; the first term starts it', async () => {
    // The shell's module is loaded already, so the idle load resolves at once.
    await import('../../src/features/live/said-alerts.tsx');
    await renderApp('/');
    await screen.findByRole('link', { name: 'Live' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('button', { name: /^Alerts/ })).not.toBeInTheDocument();
    expect(watcherListReads()).toBe(0);
    expect(liveSubscriptions).toEqual([]);

    act(() => void addWatchedTerm({ text: 'tariffs', scope: 'all' }));
    expect(await screen.findByRole('button', { name: 'Alerts' })).toBeInTheDocument();
    await waitFor(() => expect(watcherListReads()).toBe(1));
  });
});

describe('the Watched terms panel on /live', () => {
  it('adds, edits and removes terms by keyboard, says why a term cannot be watched, and keeps them', async () => {
    const { user } = await renderApp('/live');
    const panel = await screen.findByRole('region', { name: 'Watched terms' });
    const input = within(panel).getByRole('textbox', { name: 'Word or "phrase" to watch' });
    await user.type(input, '"gross margin{Enter}');
    expect(within(panel).getByRole('alert')).toHaveTextContent('A quotation mark is not closed: end the phrase with " or remove it.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();

    await user.type(input, '"');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Listen in' }), 'Every live call');
    await user.type(input, '{Enter}');
    const list = within(panel).getByRole('list', { name: 'Watched terms' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^"gross margin"Every live call/)]);
    expect(input).toHaveValue('');
    expect(JSON.parse(localStorage.getItem(TERMS)!)).toEqual([{ id: expect.any(String), text: '"gross margin"', scope: 'all', addedAt: expect.any(String) }]);

    await user.click(within(list).getByRole('button', { name: 'Edit “"gross margin"”' }));
    const edit = within(list).getByRole('textbox', { name: 'Words or phrase for “"gross margin"”' });
    expect(edit).toHaveFocus();
    await user.clear(edit);
    await user.type(edit, 'tariffs');
    await user.selectOptions(within(list).getByRole('combobox', { name: 'Listen in' }), 'Watchlist companies');
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^tariffsWatchlist companies/)]);
    // A watchlist term with an empty watchlist hears nothing: the panel says so.
    expect(within(panel).getByText(/Your watchlist is empty, so terms for watchlist companies hear nothing yet/)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Edit “tariffs”' })).toHaveFocus());

    await user.click(within(list).getByRole('button', { name: 'Stop watching “tariffs”' }));
    expect(within(panel).queryByRole('list', { name: 'Watched terms' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(TERMS)!)).toEqual([]);
  });
});
