/**
 * The event page's "Documents": every document of the event from /documents?eventIds=…, beside the
 * transcript panel (which keeps reading the transcript in place). Sandbox seed web-tests at
 * 2026-11-21T12:00Z.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

/** Pelarite's Q2 2026 earnings call: a 10-Q, an 8-K release and two transcripts. */
const PELARITE_Q2_2026 = 1102;

const requestsTo = (p: string) => seenRequests.filter((url) => new URL(url).pathname === `/public/v3${p}`);

describe('event page: documents', () => {
  it('lists every document of the event by type and form, each opening in the viewer, beside the transcript read in place', async () => {
    await renderApp(`/events/${PELARITE_Q2_2026}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Q2 2026 earnings call' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Documents' });
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('link')
          .map((link) => `${link.textContent} → ${link.getAttribute('href')}`),
      ).toEqual([
        'Quarterly report (10-Q) → /documents/4351',
        'Transcript → /documents/4242?kind=transcript',
        'In-house transcript → /documents/4235?kind=transcript',
        'Earnings release (8-K) → /documents/4234',
      ]),
    );
    expect(within(panel).getByRole('link', { name: 'Earnings release (8-K), Q2 2026 earnings call' }).closest('li')).toHaveTextContent('Published Aug 3, 2026');
    // The transcript panel still offers the call's transcript, read in place.
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByRole('link', { name: 'Transcript' })).toHaveAttribute('href', '/documents/4242?kind=transcript');
    expect(within(transcript).getByText('Read it here')).toBeInTheDocument();
    const documents = requestsTo('/documents');
    expect(documents).toHaveLength(1);
    expect(new URL(documents[0]!).searchParams.get('eventIds')).toBe(String(PELARITE_Q2_2026));
  });

  it('says so when the event has no documents yet', async () => {
    // Pelarite's Q3 2026 call, later today.
    await renderApp('/events/1182');
    const panel = await screen.findByRole('region', { name: 'Documents' });
    expect(await within(panel).findByText('No documents published for this event yet.')).toBeInTheDocument();
  });

  it('a failing document list fails in its panel alone, with Retry there', async () => {
    let fail = true;
    server.use(
      http.get(apiPath('/documents'), () => (fail ? HttpResponse.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 }) : undefined)),
    );
    const { user } = await renderApp(`/events/${PELARITE_Q2_2026}`);
    const panel = await screen.findByRole('region', { name: 'Documents' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The data service failed (503)');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('note')).toBeNull();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('link', { name: 'Quarterly report (10-Q), Q2 2026 earnings call' })).toHaveAttribute('href', '/documents/4351');
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});
