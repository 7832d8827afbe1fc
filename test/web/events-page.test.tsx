/** The event page against sandbox data: details, type and parent, recordings, transcripts, live status. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, server, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

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
  it('shows what, who and when, the type with its parent, and links to the recording, transcripts and live record', async () => {
    const { event, audioId, transcriptId } = await sample();
    const { data: type } = await sandboxJson<{ data: { name: string; parent: string } }>(`/event-types/${event.typeId}`);
    const { data: company } = await sandboxJson<{ data: { displayName: string } }>(`/companies/${event.companyId}`);
    const { data: transcripts } = await sandboxJson<{ data: { id: number }[] }>(`/documents/transcripts?eventIds=${event.id}`);
    await renderApp(`/events/${event.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: event.title })).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About this event' });
    await within(about).findByText(type.name, { exact: false });
    await within(about).findByRole('link', { name: company.displayName });
    expect(facts(about)).toMatchObject({
      'Fiscal year': String(event.fiscalYear),
      Period: event.fiscalPeriod,
      Type: `${type.name} (${type.parent})`,
      Language: 'English (en)',
    });
    // The date in the reader's zone, UTC on hover.
    const time = within(about).getByText((_, el) => el?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', event.date);
    expect(time).toHaveAttribute('title', `${event.date.slice(0, 16).replace('T', ' ')} UTC`);
    expect(within(about).getByRole('link', { name: /Event page at the source/ })).toHaveAttribute('href', event.backlinkUrl);
    expect(within(about).getByRole('link', { name: company.displayName })).toHaveAttribute('href', `/companies/${event.companyId}`);

    const recordings = screen.getByRole('region', { name: 'Recordings' });
    expect(await within(recordings).findByRole('link', { name: `Recording ${audioId}` })).toHaveAttribute('href', `/recordings/${audioId}`);

    const transcriptPanel = screen.getByRole('region', { name: 'Transcripts' });
    await within(transcriptPanel).findByRole('link', { name: 'Transcript (Edited)' });
    const links = within(transcriptPanel).getAllByRole('link');
    expect(links).toHaveLength(transcripts.length);
    expect(links.map((a) => a.getAttribute('href'))).toContain(`/documents/${transcriptId}?kind=transcript`);

    const live = screen.getByRole('region', { name: 'Live audio' });
    expect(await within(live).findByText('Ended: the recording is available')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'Open the live record' })).toHaveAttribute('href', `/live/${event.id}`);
  });

  it('treats a live record of another event as no live audio, and a backlink that is not http(s) as none', async () => {
    const { event } = await sample();
    const live = await sandboxJson<{ data: Record<string, unknown> }>(`/live/audio/${event.id}`);
    server.use(
      http.get(apiPath('/live/audio/:id'), () => HttpResponse.json({ data: { ...live.data, eventId: event.id + 1 } })),
      http.get(apiPath('/events/:id'), () => HttpResponse.json({ data: { ...event, backlinkUrl: 'javascript:alert(1)' } })),
    );
    await renderApp(`/events/${event.id}`);
    const panel = await screen.findByRole('region', { name: 'Live audio' });
    expect(await within(panel).findByText('No live audio for this event.')).toBeInTheDocument();
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
    const transcripts = screen.getByRole('region', { name: 'Transcripts' });
    expect(await within(transcripts).findByRole('alert')).toHaveTextContent('Not included in your plan (403)');
    expect(screen.getByRole('heading', { level: 1, name: event.title })).toBeInTheDocument();
  });

  it('an unknown event is a clear 404', async () => {
    await renderApp('/events/99999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
  });
});
