/**
 * The event page's "Documents": every document of the event from /documents?eventIds=…, beside the
 * transcript panel (which keeps reading the transcript in place). Sandbox seed web-tests at
 * 2026-11-21T12:00Z.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, DEFAULT_STALE_TIME } from '../../src/api/query-client.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

/** Pelarite's Q2 2026 earnings call: a 10-Q, an 8-K release and two transcripts. */
const PELARITE_Q2_2026 = 1102;

const requestsTo = (p: string) => seenRequests.filter((url) => new URL(url).pathname === `/public/v3${p}`);

describe('event page: documents', () => {
  it('lists every document of the event by type and form, each opening in the viewer, beside the transcript read in place', async () => {
    // The app's stale time (the test client's is none): the list the route's loader asked for is
    // the one the panel shows, not asked for again when the panel mounts.
    await renderApp(`/events/${PELARITE_Q2_2026}`, { queryClient: createTestQueryClient({ defaultOptions: { queries: { staleTime: DEFAULT_STALE_TIME } } }) });
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

  it("files an annual report that came with a fourth quarter's call under the year it covers", async () => {
    // Pelarite's Q4 2025 earnings call: its release, slides and transcripts, and the 10-K for FY 2025.
    await renderApp('/events/804');
    const panel = await screen.findByRole('region', { name: 'Documents' });
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent),
      ).toEqual(['Q4 2025', 'FY 2025']),
    );
    expect(
      within(within(panel).getByRole('region', { name: 'Documents of Q4 2025' }))
        .getAllByRole('link')
        .map((link) => `${link.textContent} → ${link.getAttribute('href')}`),
    ).toEqual([
      'Transcript → /documents/3202?kind=transcript',
      'In-house transcript → /documents/3189?kind=transcript',
      'Slides → /documents/3187',
      'Earnings release (8-K) → /documents/3186',
    ]);
    const year = within(panel).getByRole('region', { name: 'Documents of FY 2025' });
    expect(within(year).getByRole('link', { name: 'Annual report (10-K), Q4 2025 earnings call, FY 2025' })).toHaveAttribute('href', '/documents/3317');
    expect(within(year).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so when the event has no documents yet', async () => {
    // Harelard's Q3 2026 call, live since 11:59:30, before its release is out.
    server.use(http.get(apiPath('/documents'), () => HttpResponse.json({ data: [], pagination: { nextCursor: null } })));
    await renderApp('/events/1148');
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
