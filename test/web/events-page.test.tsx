/** The event page against sandbox data: details, type and parent, recordings, transcripts, live status. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../support/downloads.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, server, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();
const downloads = captureDownloads();

interface EventRecord {
  id: number;
  companyId: number;
  title: string;
  typeId: number;
  date: string;
  language: string;
  fiscalYear: number;
  fiscalPeriod: string;
  backlinkUrl: string;
}

async function sample() {
  const response = await sandbox.fetch(new Request(`${TEST_ORIGIN}/__sandbox/info`));
  const { eventWithAudioAndTranscript } = (await response.json()) as {
    eventWithAudioAndTranscript: { eventId: number; audioId: number; transcriptId: number };
  };
  const { data: event } = await sandboxJson<{ data: EventRecord }>(`/events/${eventWithAudioAndTranscript.eventId}`);
  return { ...eventWithAudioAndTranscript, event };
}

function facts(region: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']),
  );
}

describe('event page', () => {
  it('names the event as a reader would, says who and when, and leads to its recording, transcript and live status', async () => {
    const { event, audioId, transcriptId } = await sample();
    expect(event.title).toBe('Bramane Foods at the Financials Conference 2026');
    await renderApp(`/events/${event.id}`);

    // The title without the company, which is the link above it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Financials Conference 2026' })).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About this event' });
    await within(about).findByRole('link', { name: 'Bramane Foods' });
    await within(about).findByText('Conference');
    expect(facts(about)).toMatchObject({
      'Fiscal period': 'Q4 2026',
      Type: 'Conference',
      Language: 'English (en)',
    });
    // The date in the reader's zone, UTC on hover; the zone said once on the page.
    const time = within(about).getByText((_, el) => el?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-12T13:00:00.000Z');
    expect(time).toHaveAttribute('title', '2026-11-12 13:00 UTC');
    expect(screen.getAllByText(/^Times in /)).toHaveLength(1);
    expect(within(about).getByRole('link', { name: /Event page at the source/ })).toHaveAttribute('href', 'https://ir.bramane-foods.example/events/1134');
    expect(within(about).getByRole('link', { name: 'Bramane Foods' })).toHaveAttribute('href', `/companies/${event.companyId}`);

    // Play and Jump to Q&A right under the title.
    expect(await screen.findByRole('button', { name: 'Play recording' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Jump to Q&A/ })).toBeInTheDocument();

    const recordings = screen.getByRole('region', { name: 'Recording' });
    expect(within(recordings).getByRole('link', { name: 'Financials Conference 2026 · 3:49' })).toHaveAttribute('href', `/recordings/${audioId}`);
    expect(recordings).toHaveTextContent('MP3, 3:49 · 1.1 MB · published');

    // One transcript for the call: the edited one, the raw one beside it.
    const transcriptPanel = screen.getByRole('region', { name: 'Transcript' });
    expect(await within(transcriptPanel).findByRole('link', { name: 'Transcript' })).toHaveAttribute('href', `/documents/${transcriptId}?kind=transcript`);
    expect(within(transcriptPanel).getByRole('link', { name: 'In-house transcript' })).toHaveAttribute('href', '/documents/4380?kind=transcript');

    const live = screen.getByRole('region', { name: 'Live status' });
    expect(await within(live).findByText('Ended: the recording is available')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'Follow the live status' })).toHaveAttribute('href', '/live/1898');
    // Event 1134's live record has an id of its own (the event's + 764 in the sandbox).
    expect(event.id).toBe(1134);
  });

  it('opens the transcript in place', async () => {
    const { event } = await sample();
    const { user } = await renderApp(`/events/${event.id}`);
    const transcriptPanel = await screen.findByRole('region', { name: 'Transcript' });
    await user.click(await within(transcriptPanel).findByText('Read it here'));
    expect(await within(transcriptPanel).findByRole('searchbox', { name: 'Find in transcript' })).toBeInTheDocument();
    expect((await within(transcriptPanel).findAllByText('Operator'))[0]).toBeVisible();
  });

  it('treats a live record of another event as no live audio, and a backlink that is not http(s) as none', async () => {
    const { event } = await sample();
    // The event's live record (its own id: the event's + 764), answered as another event's by the list.
    const live = await sandboxJson<{ data: Record<string, unknown> }>(`/live/audio/${event.id + 764}`);
    expect(live.data.eventId).toBe(event.id);
    server.use(
      http.get(apiPath('/live/audio'), () => HttpResponse.json({ data: [{ ...live.data, eventId: event.id + 1 }], pagination: { nextCursor: null } })),
      http.get(apiPath('/events/:id'), () => HttpResponse.json({ data: { ...event, backlinkUrl: 'javascript:alert(1)' } })),
    );
    await renderApp(`/events/${event.id}`);
    const panel = await screen.findByRole('region', { name: 'Live status' });
    expect(await within(panel).findByText('This event was not broadcast live.')).toBeInTheDocument();
    expect(within(panel).queryByRole('link')).toBeNull();
    const about = screen.getByRole('region', { name: 'About this event' });
    expect(within(about).queryByRole('link', { name: /source/ })).toBeNull();
  });

  it('says so when the event has no recording or transcript, and when a panel fails it fails alone', async () => {
    const { event } = await sample();
    server.use(
      http.get(apiPath('/audio'), () => HttpResponse.json({ data: [], pagination: { nextCursor: null } })),
      http.get(apiPath('/documents/transcripts'), () =>
        HttpResponse.json({ statusCode: 403, message: 'Forbidden resource', error: 'Forbidden' }, { status: 403 }),
      ),
    );
    await renderApp(`/events/${event.id}`);
    expect(await screen.findByText('No recording of this event.')).toBeInTheDocument();
    const transcripts = screen.getByRole('region', { name: 'Transcript' });
    expect(await within(transcripts).findByRole('alert')).toHaveTextContent('Not included in your plan (403)');
    expect(screen.getByRole('heading', { level: 1, name: 'Financials Conference 2026' })).toBeInTheDocument();
  });

  it('an unknown event is a clear 404', async () => {
    await renderApp('/events/99999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });
});

describe('event page: an event still to come', () => {
  // The sandbox's clock reads 2026-11-21 12:00:00 UTC: Pelarite's Q3 2026 call (event 1182) starts at 12:50:30.
  it('says when it is and how long until then, links the previous call, offers it for the calendar, and shows no empty panels', async () => {
    const { user } = await renderApp('/events/1182');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q3 2026 earnings call' })).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText(/2026/, { selector: 'time' })).toHaveAttribute('datetime', '2026-11-21T12:50:30.000Z');
    expect(within(header).getByText(/^Times in /)).toBeInTheDocument();
    expect(within(header).getByText('Starts in 50 min')).toBeInTheDocument();
    // "Calls of this company" holds its place with a placeholder of the same name until the calls are in.
    const previous = await waitFor(
      () => within(screen.getByRole('navigation', { name: 'Calls of this company' })).getByRole('link', { name: /^Previous call:/ }),
      {
        timeout: 10_000,
      },
    );
    expect(previous).toHaveTextContent('Previous call: Q2 2026 earnings call · Aug 3, 2026');
    expect(previous).toHaveAttribute('href', '/events/1102');

    // Its code loads after the page's own.
    await user.click(await within(header).findByRole('button', { name: 'Add to calendar: Pelarite: Q3 2026 earnings call' }));
    expect(downloads.saved.map((file) => file.name)).toEqual(['Pelarite - Q3 2026 earnings call.ics']);
    const lines = (await downloads.saved[0]!.blob.text()).split('\r\n');
    expect(lines).toContain('SUMMARY:Pelarite: Q3 2026 earnings call');
    expect(lines).toContain('DTSTART:20261121T125030Z');

    // Nothing can have been published yet: one calm line instead of empty panels.
    expect(
      screen.getByText('Its recording and transcript are listed here once they are published after the event, and so are any further documents.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Live status' })).toHaveTextContent('Announced: not live yet'));
    for (const name of ['Recording', 'Q&A', 'Transcript', 'Documents']) expect(screen.queryByRole('region', { name })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search this call' })).toBeNull();
  });

  it('counts down in hours, then days', async () => {
    // Pelarite at the Industrials Forum 2026, 14:50:30 today.
    const first = await renderApp('/events/1262');
    expect(await screen.findByText('Starts in 2 h 50 min')).toBeInTheDocument();
    first.unmount();
    // Pelarite's Q4 2026 Trading Update, tomorrow at 14:50:30.
    const second = await renderApp('/events/2222');
    expect(await screen.findByText('Starts in 1 day 2 h')).toBeInTheDocument();
    second.unmount();
    // Pelarite at the Consumer & Retail Day 2026, 2026-11-24 12:50:30.
    await renderApp('/events/4062');
    expect(await screen.findByText('Starts in 3 days')).toBeInTheDocument();
  });
});
