/**
 * A data source without the lists beyond the contract (/events, /live/audio, /documents,
 * /event-types, /document-types answer 404 on an upstream that keeps to the contract, 403 on a plan
 * without them): the company, event and transcripts pages work as before, say once what is missing,
 * show no error, and ask for each missing list once in the visit.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, forwardToSandbox, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const EXTENSIONS = ['/events', '/live/audio', '/documents', '/event-types', '/document-types'];
const requestsTo = (p: string) => seenRequests.filter((url) => new URL(url).pathname === `/public/v3${p}`);

function withoutExtensions(status: 404 | 403) {
  const body = { statusCode: status, message: status === 404 ? 'Not Found' : 'Forbidden' };
  server.use(...EXTENSIONS.map((p) => http.get(apiPath(p), () => HttpResponse.json(body, { status }))));
}

describe.each([404, 403] as const)('without the extensions (%i)', (status) => {
  it('the company page shows its activity, says once per panel what is missing, and asks each list once', async () => {
    withoutExtensions(status);
    const { router } = await renderApp('/companies/10');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pelarite' })).toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(await within(upcoming).findByRole('note')).toHaveTextContent('Upcoming events needs the list of events, which this data source does not offer.');
    expect(await within(documents).findByRole('note')).toHaveTextContent(
      "A company's documents needs the list of documents, which this data source does not offer. Its transcripts are listed above, and any document opens from its address.",
    );
    // The rest of the page as before: its events, named from the type records read one by one.
    const events = screen.getByRole('region', { name: 'Recent events' });
    expect(await within(events).findByRole('link', { name: 'Q2 2026 earnings call' })).toHaveAttribute('href', '/events/1102');
    expect(screen.getAllByRole('note')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await waitFor(() => expect(requestsTo('/event-types')).toHaveLength(1));
    expect(requestsTo('/events')).toHaveLength(1);
    expect(requestsTo('/documents')).toHaveLength(1);
    expect(requestsTo('/live/audio')).toHaveLength(0);

    // Another company in the same visit: nothing asked again.
    await act(() => router.navigate({ to: '/companies/$companyId', params: { companyId: 73 } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jorisus Medical' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Upcoming' })).findByRole('note')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByRole('note')).toBeInTheDocument();
    expect(screen.getAllByRole('note')).toHaveLength(2);
    for (const p of ['/events', '/documents', '/event-types']) expect(requestsTo(p)).toHaveLength(1);
    expect(requestsTo('/document-types').length).toBeLessThanOrEqual(1);
  });

  it('the event page keeps its transcript and says once that the document and live lists are missing', async () => {
    withoutExtensions(status);
    await renderApp('/events/1102');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q2 2026 earnings call' })).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(await within(documents).findByRole('note')).toHaveTextContent(
      "An event's documents needs the list of documents, which this data source does not offer. Its transcript is above.",
    );
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(await within(transcript).findByRole('link', { name: 'Transcript' })).toHaveAttribute('href', '/documents/4242?kind=transcript');
    // Without the list of live calls, the event's live record cannot be found: its own id is not the event's.
    const live = screen.getByRole('region', { name: 'Live status' });
    expect(await within(live).findByRole('note')).toHaveTextContent('Live status needs the list of live calls, which this data source does not offer.');
    // Without the list of events, the company's other calls cannot be found.
    const calls = await screen.findByRole('navigation', { name: 'Calls of this company' });
    expect(await within(calls).findByRole('note')).toHaveTextContent(
      'Linking to this company’s other calls needs the list of events, which this data source does not offer.',
    );
    expect(screen.getAllByRole('note')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo('/documents')).toHaveLength(1);
    expect(requestsTo('/live/audio')).toHaveLength(1);
    expect(requestsTo('/live/audio/1102')).toHaveLength(0);
  });

  it('the transcripts list offers the transcript types seen so far', async () => {
    withoutExtensions(status);
    // A first page of edited transcripts only: without the catalog, only that type is offered.
    server.use(
      http.get(apiPath('/documents/transcripts'), async ({ request }) => {
        const body = (await (await forwardToSandbox(request)).json()) as { data: { typeId: number }[]; pagination: unknown };
        return HttpResponse.json({ ...body, data: body.data.filter((doc) => doc.typeId === 15) });
      }),
    );
    await renderApp('/transcripts');
    const group = await screen.findByRole('group', { name: 'Transcript types' });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['Transcript']),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo('/document-types')).toHaveLength(1);
  });
});
