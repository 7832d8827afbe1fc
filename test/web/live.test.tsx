/** /live and /live/$liveId: every state, the countdown, polling cadence and pauses, announcements, recent records. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveAudio } from '../../src/api/schemas.ts';
import { resetRecentLiveCache } from '../../src/features/live/recent.ts';
import { notesStore } from '../../src/lib/notes/index.ts';
import { player } from '../../src/lib/player/index.ts';
import { resetLiveTranscriptFake } from '../support/live-transcript-fake.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, clock, sandbox, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

// The page reads the call's transcript through this hook; here it stays loading (the live transcript's own tests are live-transcript-page.test.tsx).
vi.mock('../../src/api/live-transcript.ts', async () => (await import('../support/live-transcript-fake.ts')).liveTranscriptModule);

useSandboxServer();
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  resetRecentLiveCache();
  setHidden(false);
  resetLiveTranscriptFake();
});

const samples = sandbox.sampleIds();

async function liveRecord(id: number): Promise<LiveAudio> {
  return (await sandboxJson<{ data: LiveAudio }>(`/live/audio/${id}`)).data;
}

/** Serves the real record of `id` with some fields changed. */
async function serveAs(id: number, patch: Partial<LiveAudio>) {
  const real = await liveRecord(id);
  server.use(http.get(apiPath(`/live/audio/${id}`), () => HttpResponse.json({ data: { ...real, ...patch } })));
  return { ...real, ...patch };
}

function liveRequests(id: number): number {
  return seenRequests.filter((u) => new URL(u).pathname === `/public/v3/live/audio/${id}`).length;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  window.dispatchEvent(new Event('visibilitychange'));
}

describe('every state', () => {
  const id = samples.liveId!;
  /** The nine states the service is known to use: the badge and the sentence an analyst reads. */
  const states: [state: string, badge: string, line: string][] = [
    ['notLive', 'Not live', 'This call is not streaming, and no live stream is scheduled yet.'],
    ['willBeLive', 'Starting soon', 'This call will stream live; it starts playing here the moment it begins.'],
    ['live', 'Live', 'The call is streaming now. Listen live, or go back within the stream.'],
    ['processingRecording', 'Processing', 'The call has ended. Its recording is being processed and will be available here shortly.'],
    ['recordingAvailable', 'Recording available', 'The call has ended and its recording is ready to play.'],
    ['liveFailedInterrupted', 'Stream interrupted', 'The live stream started but was interrupted. A recording may still follow; check the event page later.'],
    ['liveFailedNoAccess', 'No access', 'The live stream could not be captured because access to the call was refused.'],
    ['liveFailedNotStarted', 'Did not start', 'The live stream never started: the call did not begin streaming.'],
    ['processingRecordingFailed', 'Processing failed', 'The call was streamed, but its recording could not be processed.'],
  ];
  for (const [state, badge, line] of states) {
    it(`${state}: a badge "${badge}" and a plain-language line`, async () => {
      await serveAs(id, { state, wentLiveAt: state === 'notLive' || state === 'willBeLive' ? null : '2026-11-21T11:58:00.000Z' });
      await renderApp(`/live/${id}`);
      const found = await screen.findByText(badge, { selector: '[data-state]' });
      expect(found).toHaveAttribute('data-state', state);
      expect(screen.getByText(line)).toBeInTheDocument();
    });
  }

  it('shows an unknown state as it is, without breaking', async () => {
    await serveAs(id, { state: 'liveOnMars' });
    await renderApp(`/live/${id}`);
    expect(await screen.findByText('liveOnMars', { selector: '[data-state]' })).toHaveAttribute('data-state', 'liveOnMars');
    expect(screen.getByText('The service reports the state “liveOnMars”, which this app does not know yet. It keeps checking.')).toBeInTheDocument();
  });

  it('names the company and the event, each linked', async () => {
    const record = await liveRecord(id);
    const event = (await sandboxJson<{ data: { title: string; fiscalPeriod: string; fiscalYear: number } }>(`/events/${record.eventId}`)).data;
    expect(event.title).toBe('Zenorant Bancorp Q3 2026 Earnings Call');
    await renderApp(`/live/${id}`);
    // The call as an analyst names it; the company is the link above it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 2026 earnings call' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: sandbox.store.companies[record.companyId - 1]!.displayName })).toHaveAttribute(
      'href',
      `/companies/${record.companyId}`,
    );
    expect(screen.getByRole('link', { name: 'Event page' })).toHaveAttribute('href', `/events/${record.eventId}`);
  });

  it('counts down to the start before the call, and shows when it went live once live', async () => {
    // The reader's clock is not the service's (the sandbox clock stands at 12:00): the countdown
    // follows the service's Date header.
    const upcoming = await serveAs(samples.willBeLiveId!, {});
    await renderApp(`/live/${upcoming.id}`);
    const timer = await screen.findByRole('timer');
    const left = Date.parse(upcoming.date!) - clock.now();
    const [, minutes = '0', seconds = '0'] = /(?:(\d+) min )?(\d+) s/.exec(timer.textContent ?? '') ?? [];
    // Within a few seconds of the service's time left (the Date header has one-second resolution).
    expect(Math.abs(Number(minutes) * 60 + Number(seconds) - left / 1000)).toBeLessThanOrEqual(3);
    // When the status was last read, in words, and that it keeps itself current (no polling cadence).
    const updated = screen.getByText('Updated', { selector: 'dt' });
    expect(updated.nextElementSibling).toHaveTextContent(/^(?:just now|updating…|\d+ s ago) · updates by itself$/);
    const live = await liveRecord(id);
    await renderApp(`/live/${id}`);
    const went = await screen.findByText('Went live');
    expect(went.parentElement!.querySelector('time')).toHaveAttribute('datetime', live.wentLiveAt);
  });

  it('says a missing record is not found', async () => {
    await renderApp('/live/99999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live call not found' })).toBeInTheDocument();
  });
});

describe('following a call', () => {
  it('sees it go live without reloading, and announces the change', async () => {
    const id = samples.willBeLiveId!;
    const record = await liveRecord(id);
    // A second before the start: the page polls every 2 s this close to it.
    clock.set(Date.parse(record.date!) - 1_000);
    await renderApp(`/live/${id}`);
    expect(await screen.findByText('Starting soon', { selector: '[data-state]' })).toBeInTheDocument();
    clock.set(Date.parse(record.date!) + 30_000);
    expect(await screen.findByText('Live', { selector: '[data-state]' })).toBeInTheDocument();
    const company = sandbox.store.companies[record.companyId - 1]!.displayName;
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === `${company} is live.`)).toBe(true));
  });

  it('polls every few seconds while live, pauses while the tab is hidden, and reads again at once when it is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    const id = samples.liveId!;
    await renderApp(`/live/${id}`);
    await vi.waitFor(() => expect(screen.getByText('Live', { selector: '[data-state]' })).toBeInTheDocument(), { timeout: 10_000 });
    const first = liveRequests(id);

    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(liveRequests(id)).toBe(first + 1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(liveRequests(id)).toBe(first + 2);

    setHidden(true);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(liveRequests(id)).toBe(first + 2);

    setHidden(false);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(liveRequests(id)).toBe(first + 3);
  });

  it('stops asking once the state is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const id = samples.liveId!;
    await serveAs(id, { state: 'recordingAvailable' });
    await renderApp(`/live/${id}`);
    await vi.waitFor(() => expect(screen.getByText('Recording available', { selector: '[data-state]' })).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText('Updated', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/ · this is the final status$/);
    const first = liveRequests(id);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(liveRequests(id)).toBe(first);
  });
});

describe('listening', () => {
  afterEach(() => player.close());

  it('while live, "Listen live" puts the live stream in the app\'s one player and offers "Go live"', async () => {
    const id = samples.liveId!;
    const record = await liveRecord(id);
    const { user } = await renderApp(`/live/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Listen live' }));
    // The player's engine loads with this first Play.
    await waitFor(() => expect(player.getState().source).toMatchObject({ kind: 'live', liveId: id, streamUrl: record.audio }));
    const listen = screen.getByRole('region', { name: 'Listen' });
    expect(within(listen).getByText('LIVE')).toBeInTheDocument();
    // The docked player shows the same stream.
    expect(await screen.findByRole('region', { name: 'Player' })).toBeInTheDocument();
  });

  it('a bookmark made while live is kept against the call, with a note', async () => {
    const id = samples.liveId!;
    const record = await liveRecord(id);
    const { user } = await renderApp(`/live/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Listen live' }));
    // No audio flows in the test: the stream's clock stands at its start.
    await screen.findByRole('region', { name: 'Player' });
    await user.keyboard('b');
    const note = await screen.findByRole('textbox', { name: 'Bookmarked 0:00. Note' });
    expect(note).toHaveFocus();
    await user.type(note, 'Guidance raised on the call{Enter}');
    expect(await screen.findByText('Bookmark kept at 0:00 with your note.')).toBeInTheDocument();
    // Kept by the event (no recording yet), so it plays from the recording once that is published.
    const [kept] = notesStore().getSnapshot().items;
    expect(kept).toMatchObject({
      kind: 'bookmark',
      at: 0,
      note: 'Guidance raised on the call',
      call: { eventId: record.eventId, companyId: record.companyId },
    });
    expect(kept!.call.audioId).toBeUndefined();
  });

  it('once the recording is available and listed, plays it and links to its page', async () => {
    const id = samples.liveId!;
    const record = await liveRecord(id);
    const listed = (await sandboxJson<{ data: { id: number; streamUrl: string }[] }>('/audio?limit=1')).data[0]!;
    await serveAs(id, { state: 'recordingAvailable' });
    server.use(
      http.get(apiPath('/audio'), ({ request }) =>
        new URL(request.url).searchParams.get('eventIds') === String(record.eventId)
          ? HttpResponse.json({ data: [{ ...listed, eventId: record.eventId, companyId: record.companyId }], pagination: { nextCursor: null } })
          : undefined,
      ),
    );
    const { user } = await renderApp(`/live/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Play the recording' }));
    expect(player.getState().source).toMatchObject({ kind: 'recording', audioId: listed.id, streamUrl: listed.streamUrl });
    expect(screen.getByRole('link', { name: 'Open the recording page' })).toHaveAttribute('href', `/recordings/${listed.id}`);
  });

  it('a failure says what failed and offers nothing to play', async () => {
    const id = samples.liveId!;
    await serveAs(id, { state: 'liveFailedNoAccess', audio: null });
    await renderApp(`/live/${id}`);
    expect(await screen.findByText(/There is nothing to play: access to the call was refused/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Listen|Play/ })).not.toBeInTheDocument();
  });
});

describe('/live', () => {
  /** The form by number sits folded beside the live board (unfolded where there is no board). */
  async function unfoldForm(user: { click(element: Element): Promise<void> }) {
    const summary = await screen.findByText('Follow a call by its number');
    if (!summary.closest('details')!.open) await user.click(summary);
  }

  it('opens a record by its id, and lists it afterwards with its last state', async () => {
    const id = samples.liveId!;
    const { user, router } = await renderApp('/live');
    expect(screen.getByText(/Calls you open appear here/)).toBeInTheDocument();
    await unfoldForm(user);
    await user.type(screen.getByRole('textbox', { name: 'Live status number' }), String(id));
    await user.click(screen.getByRole('button', { name: 'Show status' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/live/${id}`));
    await screen.findByText('Live', { selector: '[data-state]' });
    await router.navigate({ to: '/live' });
    const recent = await screen.findByRole('region', { name: 'Opened recently' });
    expect(within(recent).getByRole('link')).toHaveAttribute('href', `/live/${id}`);
    expect(within(recent).getByText('Live')).toBeInTheDocument();
  });

  it('opens a record from an event id, and says when the event has none', async () => {
    // The live record has an id of its own: the event's + 764 in the sandbox.
    const eventId = samples.liveEventId!;
    const { user, router } = await renderApp('/live');
    await unfoldForm(user);
    await user.click(screen.getByRole('radio', { name: 'an event page address' }));
    await user.type(screen.getByRole('textbox', { name: 'Event number' }), String(eventId));
    await user.click(screen.getByRole('button', { name: 'Show status' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/live/${eventId + 764}`));
    // Found through the list of live calls, never by asking the event's number as a live record's.
    expect(seenRequests.some((u) => new URL(u).pathname === '/public/v3/live/audio' && new URL(u).searchParams.get('eventIds') === String(eventId))).toBe(true);
    expect(liveRequests(eventId)).toBe(0);

    await router.navigate({ to: '/live' });
    await unfoldForm(user);
    await user.click(await screen.findByRole('radio', { name: 'an event page address' }));
    await user.type(screen.getByRole('textbox', { name: 'Event number' }), '99999999');
    await user.click(screen.getByRole('button', { name: 'Show status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That event was not broadcast live (event number 99999999).');
  });

  it('says, where the data source has no list of live calls, that it cannot look a call up by its event', async () => {
    server.use(http.get(apiPath('/live/audio'), () => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 })));
    const eventId = samples.liveEventId!;
    const { user, router } = await renderApp('/live');
    await unfoldForm(user);
    await user.click(screen.getByRole('radio', { name: 'an event page address' }));
    await user.type(screen.getByRole('textbox', { name: 'Event number' }), String(eventId));
    await user.click(screen.getByRole('button', { name: 'Show status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This data source cannot find a call's live status from its event's number: enter the live status's own number.",
    );
    expect(router.state.location.pathname).toBe('/live');
    expect(liveRequests(eventId)).toBe(0);
  });

  it('refuses what is not an id', async () => {
    const { user } = await renderApp('/live');
    await unfoldForm(user);
    await user.type(screen.getByRole('textbox', { name: 'Live status number' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Show status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('a whole number');
  });
});
