/**
 * "Calls of this company" on the three call pages (event, recording, transcript), against the
 * sandbox: Bramane Foods (company 75 of the web tests' sandbox) has earnings calls every quarter
 * from Q1 2024 (event 14) to Q3 2026 (event 1145), AGMs, and conferences. The expected links are
 * that company's events as the sandbox lists them (`/events?companyIds=75`), written out.
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const NAV = 'Calls of this company';

/** The nav's links, as name → address, in order. */
async function neighbourLinks(): Promise<[string, string | null][]> {
  // Its placeholder (a nav of the same name) gives way to the links once the calls are in.
  await waitFor(() => expect(within(screen.getByRole('navigation', { name: NAV })).getAllByRole('link').length).toBeGreaterThan(0), { timeout: 10_000 });
  return within(screen.getByRole('navigation', { name: NAV }))
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href')]);
}

// Bramane Foods' Q2 2026 earnings call (event 1082, 23 Jul 2026): its recording is 1001.
const Q2_2026: [string, string | null][] = [
  ['Previous call: Q1 2026 earnings call · Apr 24, 2026', '/events/899'],
  ['Next call: Q3 2026 earnings call · Nov 21, 2026', '/events/1145'],
  ['A year earlier: Q2 2025 earnings call · Jul 22, 2025', '/events/628'],
  ['Compare with the previous call', '/compare?call=1082&with=899'],
];

describe('calls of this company', () => {
  it('on an earnings call’s event page: the previous and next earnings call (whatever their quarter’s type), a year earlier, and the comparison', async () => {
    await renderApp('/events/1082');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q2 2026 earnings call' })).toBeInTheDocument();
    expect(await neighbourLinks()).toEqual(Q2_2026);
    // One read of the company's earnings calls: every earnings-call type of the catalog (Q1–Q4, H1, H2), no other kind.
    const lists = seenRequests.filter((url) => new URL(url).pathname.endsWith('/public/v3/events'));
    expect(lists.map((url) => Object.fromEntries(new URL(url).searchParams))).toEqual([{ companyIds: '75', typeIds: '26,27,28,29,35,36', limit: '500' }]);
  });

  it('on the recording page, the same links', async () => {
    await renderApp('/recordings/1001');
    await screen.findByRole('heading', { level: 1 });
    expect(await neighbourLinks()).toEqual(Q2_2026);
  });

  it('in the transcript reader, the same links', async () => {
    const { data } = await sandboxJson<{ data: { id: number }[] }>('/documents/transcripts?eventIds=1082');
    await renderApp(`/documents/${data[0]!.id}?kind=transcript`);
    await screen.findByRole('heading', { level: 1 });
    expect(await neighbourLinks()).toEqual(Q2_2026);
  });

  it('links another kind of event to its own type only, and leaves out a year earlier when it is the previous one', async () => {
    // A conference (type 237): the conferences before and after it, not the earnings calls or AGMs between.
    await renderApp('/events/1134');
    expect(await neighbourLinks()).toEqual([
      ['Previous call: Nordic Investor Week 2025 · Dec 7, 2025', '/events/782'],
      ['Next call: Industrials Forum 2026 · Nov 21, 2026', '/events/1225'],
      ['Compare with the previous call', '/compare?call=1134&with=782'],
    ]);
  });

  it('offers no comparison for the company’s first call', async () => {
    await renderApp('/events/14');
    expect(await neighbourLinks()).toEqual([['Next call: Q2 2024 earnings call · Jul 22, 2024', '/events/231']]);
  });

  it('shows nothing when the call has no neighbour', async () => {
    const { data: only } = await sandboxJson<{ data: unknown }>('/events/1082');
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ data: [only], pagination: { hasMore: false } })));
    await renderApp('/events/1082');
    await screen.findByRole('heading', { level: 1, name: 'Q2 2026 earnings call' });
    await waitFor(() => expect(seenRequests.some((url) => new URL(url).pathname.endsWith('/public/v3/events'))).toBe(true));
    // While loading, the nav holds its place; once the list says there is no other call, it is gone.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: NAV })).toBeNull());
    expect(screen.getByRole('region', { name: 'About this event' })).toBeInTheDocument();
  });

  it('says once, calmly, when the data source does not list events', async () => {
    server.use(http.get(apiPath('/events'), () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    await renderApp('/events/1082');
    expect(await screen.findByRole('note', {}, { timeout: 10_000 })).toHaveTextContent(
      'Linking to this company’s other calls needs the list of events, which this data source does not offer.',
    );
  });

  it('says it is loading, then what failed with Retry, and the rest of the page stays', async () => {
    let fail = true;
    server.use(
      http.get(apiPath('/events'), async () => {
        await delay(50);
        if (fail) return HttpResponse.json({ message: 'upstream down' }, { status: 500 });
        return undefined;
      }),
    );
    const { user } = await renderApp('/events/1082');
    const placeholder = await screen.findByRole('navigation', { name: NAV });
    expect(within(placeholder).getByRole('status')).toHaveTextContent('Loading the calls of this company…');
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: NAV })).getByRole('alert')).toBeInTheDocument(), { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: NAV });
    // The page itself is untouched.
    expect(screen.getByRole('heading', { level: 1, name: 'Q2 2026 earnings call' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About this event' })).toBeInTheDocument();
    fail = false;
    await user.click(within(nav).getByRole('button', { name: 'Retry' }));
    expect(await neighbourLinks()).toEqual(Q2_2026);
  });
});
