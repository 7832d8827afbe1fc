/** /companies/$companyId: header, watchlist, recordings, transcripts and events; and the home page's watchlist. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { groupEvents } from '../../src/features/companies/events.ts';
import { resetWatchlistCache } from '../../src/lib/watchlist.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandbox, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';
import type { AudioRecord, DocumentRecord } from '../../src/api/schemas.ts';

useSandboxServer();
afterEach(() => {
  localStorage.clear();
  resetWatchlistCache();
});

/** A company with recordings and transcripts. */
async function busyCompany() {
  const audio = await sandboxJson<{ data: AudioRecord[] }>('/audio?limit=1&direction=desc');
  return sandbox.store.companies[audio.data[0]!.companyId - 1]!;
}

describe('company page', () => {
  it('shows names, country, listings, ISINs with copy buttons, and a safe link to the source', async () => {
    const company = sandbox.store.companies[1]!;
    await renderApp(`/companies/${company.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: company.displayName })).toBeInTheDocument();
    expect(screen.getByText(company.name)).toBeInTheDocument();
    // The generic BASE listing beside each real one is not shown.
    const listings = company.tickers.filter((t) => t.exchange !== 'BASE');
    expect(listings.length).toBe(company.tickers.length - 1);
    for (const t of listings) expect(screen.getByText(t.ticker, { selector: 'span' }).parentElement).toHaveTextContent(`on ${t.exchange}`);
    expect(screen.queryByText(/\bBASE\b/)).toBeNull();
    for (const isin of company.isins) expect(screen.getByRole('button', { name: `Copy ISIN ${isin}` })).toBeInTheDocument();
    const source = screen.getByRole('link', { name: /Company page at the source/ });
    expect(source).toHaveAttribute('href', company.backlinkUrl);
    expect(source).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('copies an ISIN and says so', async () => {
    const company = sandbox.store.companies[1]!;
    const { user } = await renderApp(`/companies/${company.id}`);
    const button = await screen.findByRole('button', { name: `Copy ISIN ${company.isins[0]}` });
    await user.click(button);
    await expect(navigator.clipboard.readText()).resolves.toBe(company.isins[0]);
    expect(button).toHaveTextContent('Copied');
  });

  it('never links to a javascript: source', async () => {
    const company = sandbox.store.companies[1]!;
    const real = await sandboxJson<{ data: Record<string, unknown> }>(`/companies/${company.id}`);
    server.use(http.get(apiPath(`/companies/${company.id}`), () => HttpResponse.json({ data: { ...real.data, backlinkUrl: 'javascript:alert(1)' } })));
    await renderApp(`/companies/${company.id}`);
    await screen.findByRole('heading', { level: 1, name: company.displayName });
    expect(screen.queryByRole('link', { name: /Company page at the source/ })).not.toBeInTheDocument();
    expect(screen.getByText('No usable link')).toBeInTheDocument();
  });

  it('lists the newest recordings and one transcript per call, named as calls, with links to the full lists', async () => {
    const company = await busyCompany();
    expect(company.displayName).toBe('Lysorara Capital');
    await renderApp(`/companies/${company.id}`);

    const recordingsPanel = await screen.findByRole('region', { name: 'Recordings' });
    await waitFor(() =>
      expect(
        within(recordingsPanel)
          .getAllByRole('link')
          .filter((a) => a.getAttribute('href')!.startsWith('/recordings/'))
          .map((a) => a.textContent),
      ).toEqual([
        'Q3 2026 earnings call',
        'Small & Mid Cap Conference 2026',
        'Q2 2026 earnings call',
        'Annual General Meeting 2026',
        'Q1 2026 earnings call',
        'Q4 2025 earnings call',
      ]),
    );
    // The panel grows with the page: six rows, then the full list, filtered to the company.
    expect(within(recordingsPanel).getByRole('link', { name: 'All recordings of Lysorara Capital' })).toHaveAttribute(
      'href',
      `/recordings?companyIds=${company.id}`,
    );
    expect(within(recordingsPanel).queryByRole('button', { name: /Load more/ })).toBeNull();

    const transcriptsPanel = screen.getByRole('region', { name: 'Transcripts' });
    const rows = await within(transcriptsPanel).findAllByRole('listitem');
    expect(rows).toHaveLength(6);
    // One row per call, newest event first: the edited transcript opens, the raw one is a link beside it.
    await waitFor(() =>
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('link')
            .map((a) => `${a.textContent} ${a.getAttribute('href')}`),
        ),
      ).toEqual([
        ['Small & Mid Cap Conference 2026 /documents/4372?kind=transcript', 'Event page /events/1131'],
        ['Q2 2026 earnings call /documents/4247?kind=transcript', 'Event page /events/1062', 'In-house transcript /documents/4226?kind=transcript'],
        ['Annual General Meeting 2026 /documents/3988?kind=transcript', 'Event page /events/1012'],
        ['Q1 2026 earnings call /documents/3764?kind=transcript', 'Event page /events/931', 'In-house transcript /documents/3699?kind=transcript'],
        ['Q4 2025 earnings call /documents/3304?kind=transcript', 'Event page /events/843', 'In-house transcript /documents/3271?kind=transcript'],
        ['Q3 2025 earnings call /documents/2895?kind=transcript', 'Event page /events/768'],
      ]),
    );
    expect(rows[1]).toHaveTextContent(/^Q2 2026 earnings call.*In-house transcriptTranscript$/);
    expect(within(transcriptsPanel).getByRole('link', { name: 'All transcripts of Lysorara Capital' })).toHaveAttribute(
      'href',
      `/transcripts?companyIds=${company.id}`,
    );
  });

  it('leads with the latest earnings call: its name, Play, Jump to Q&A, transcript and event', async () => {
    const company = await busyCompany();
    await renderApp(`/companies/${company.id}`);
    const card = await screen.findByRole('region', { name: 'Latest earnings call' });
    // The newest event is a conference; the card skips it for the newest earnings call.
    expect(await within(card).findByRole('link', { name: 'Q3 2026 earnings call' })).toHaveAttribute('href', expect.stringMatching(/^\/recordings\/\d+$/));
    expect(within(card).getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Jump to Q&A/ })).toBeInTheDocument();
    // This call has no transcript yet: the card does not offer one.
    expect(within(card).queryByRole('link', { name: 'Read the transcript' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Documents and details' })).toHaveAttribute('href', '/events/1144');
  });

  it('gathers the events into fiscal years and periods, each linking to its event page', async () => {
    // The sandbox's (seed web-tests) busiest company: 16 recordings and 24 transcripts over 16 events.
    const company = await busyCompany();
    expect(company.displayName).toBe('Lysorara Capital');
    await renderApp(`/companies/${company.id}`);
    const events = await screen.findByRole('region', { name: 'Recent events' });
    // Newest fiscal year first; in each, the period with the latest event first; events newest first.
    const expected = {
      'Fiscal year 2026': {
        Q3: ['1144 Q3 2026 earnings call', '1131 Small & Mid Cap Conference 2026'],
        Q2: ['1062 Q2 2026 earnings call'],
        Q1: ['931 Q1 2026 earnings call'],
      },
      'Fiscal year 2025': {
        FY: ['1012 Annual General Meeting 2026'],
        Q4: ['843 Q4 2025 earnings call'],
        Q3: ['768 Q3 2025 earnings call'],
        Q2: ['686 Q2 2025 earnings call'],
        Q1: ['478 Q1 2025 earnings call'],
      },
      'Fiscal year 2024': {
        FY: ['579 Annual General Meeting 2025'],
        Q4: ['428 Q4 2024 earnings call'],
        Q3: ['287 Q3 2024 earnings call'],
        Q2: ['219 Q2 2024 earnings call'],
        Q1: ['124 Q1 2024 earnings call', '16 Healthcare Summit 2024'],
      },
      'Fiscal year 2023': {
        FY: ['158 Annual General Meeting 2024'],
      },
    };
    /** What the panel shows: per year, per period, each event's link as "<event id> <title>". */
    const shown = () =>
      Object.fromEntries(
        within(events)
          .getAllByRole('heading', { level: 3 })
          .map((year) => [
            year.textContent,
            Object.fromEntries(
              within(year.closest('section')!)
                .getAllByRole('heading', { level: 4 })
                .map((period) => [
                  period.textContent,
                  within(period.parentElement!)
                    .getAllByRole('link')
                    .map((a) => `${a.getAttribute('href')!.replace('/events/', '')} ${a.textContent}`),
                ]),
            ),
          ]),
      );
    await waitFor(() => expect(Object.keys(shown())).toEqual(Object.keys(expected)));
    expect(shown()).toEqual(expected);
    // Key order is part of what is shown: periods in the order above.
    expect(Object.values(shown()).map((periods) => Object.keys(periods))).toEqual(Object.values(expected).map((periods) => Object.keys(periods)));
    // An event with a recording and two transcripts (raw and edited) says so, once each.
    const q2 = within(events).getByRole('link', { name: 'Q2 2026 earnings call' }).closest('li')!;
    expect(within(q2).getByText('Recording')).toBeInTheDocument();
    expect(within(q2).getByText('Transcript')).toBeInTheDocument();
  });

  it('says when the company does not exist, and shows nothing else: no activity, no Retry', async () => {
    const { queryClient } = await renderApp('/companies/999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no such company. It may have been removed, or the link may be mistyped.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All companies' })).toHaveAttribute('href', '/companies');
    // The page's other reads (recordings, transcripts, segments) have all been answered, and shown.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText(/No recordings|No transcripts|No events/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recordings' })).toBeNull();
  });
});

describe('grouping events', () => {
  it('puts newer fiscal years first, and each event once even when it has a recording and two transcripts', () => {
    const summary = (fy: number, fp: string, date: string) => ({ title: `${fp} ${fy}`, typeId: 1, fiscalYear: fy, fiscalPeriod: fp, language: 'en', date });
    const rec = (id: number, eventId: number, event: ReturnType<typeof summary>) => ({ id, eventId, event }) as unknown as AudioRecord;
    const doc = (id: number, eventId: number, event: ReturnType<typeof summary>) => ({ id, eventId, event }) as unknown as DocumentRecord;
    const q1 = summary(2025, 'Q1', '2025-04-20T10:00:00.000Z');
    const q4 = summary(2024, 'Q4', '2025-02-01T10:00:00.000Z');
    const q2 = summary(2025, 'Q2', '2025-07-20T10:00:00.000Z');
    const groups = groupEvents([rec(1, 10, q1), rec(2, 11, q4), rec(3, 12, q2)], [doc(5, 10, q1), doc(6, 10, q1)]);
    expect(groups.map((g) => g.fiscalYear)).toEqual([2025, 2024]);
    expect(groups[0]!.periods.map((p) => p.fiscalPeriod)).toEqual(['Q2', 'Q1']);
    expect(groups[0]!.periods[1]!.events).toEqual([expect.objectContaining({ id: 10, recordingIds: [1], transcriptIds: [5, 6] })]);
  });
});

describe('watchlist', () => {
  it('the star adds the company to the watchlist, and home then leads with its recordings and transcripts', async () => {
    const company = await busyCompany();
    const { user, router } = await renderApp(`/companies/${company.id}`);
    const star = await screen.findByRole('button', { name: 'Watchlist' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');

    await router.navigate({ to: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your watchlist' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Watched companies' })).toHaveTextContent(company.displayName);
    const table = await screen.findByRole('table', { name: 'Watchlist recordings, newest published first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveTextContent(company.displayName);
    // The general lists follow.
    expect(screen.getByRole('heading', { level: 2, name: 'Latest from earnings season' })).toBeInTheDocument();

    // Unstarring removes the section.
    await router.navigate({ to: '/companies/$companyId', params: { companyId: company.id } });
    await user.click(await screen.findByRole('button', { name: 'Watchlist' }));
    await router.navigate({ to: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your watchlist' })).not.toBeInTheDocument();
  });

  it('survives a damaged stored value', async () => {
    localStorage.setItem('earnings-desk.watchlist.v1', '{not json');
    resetWatchlistCache();
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeInTheDocument();
  });
});
