/**
 * The company page's "Upcoming" (next events from /events, live states from one /live/audio read)
 * and "Documents" (every document from /documents, by fiscal period, newest first), against the
 * sandbox (seed web-tests, 80 companies) at 2026-11-21T12:00Z.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../support/downloads.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, forwardToSandbox, sandbox, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();
const downloads = captureDownloads();

/** Pelarite: a US company (8-K releases, 10-Qs, a 10-K), 57 documents over 13 periods. */
const PELARITE = 10;
/** Jorisus Medical: its Q3 2026 call starts at 12:01, so it is "Starting soon" at 12:00. */
const JORISUS = 73;
/** Harelard: its Q3 2026 call went live at 11:59:30. */
const HARELARD = 60;

const path = (url: string) => new URL(url).pathname;
const requestsTo = (p: string) => seenRequests.filter((url) => path(url) === `/public/v3${p}`);

/** Each group of the Documents panel: its heading, then each row as "<link name> → <href>". */
function documentGroups(panel: HTMLElement) {
  return within(panel)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => [
      heading.textContent,
      within(heading.closest('section')!)
        .getAllByRole('link')
        .map((link) => `${link.textContent} → ${link.getAttribute('href')}`),
    ]);
}

describe('company page: Upcoming', () => {
  it('lists the next five events soonest first, named and typed, each linking to its event page', async () => {
    expect(sandbox.store.companies[PELARITE - 1]!.displayName).toBe('Pelarite');
    await renderApp(`/companies/${PELARITE}`);
    const panel = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => `${link.textContent} → ${link.getAttribute('href')}`),
    ).toEqual([
      'Q3 2026 earnings call → /events/1182',
      'Industrials Forum 2026 → /events/1262',
      'Investor Day 2026 → /events/1342',
      'Q4 2026 Trading Update → /events/1422',
      'Consumer & Retail Day 2026 → /events/1502',
    ]);
    // A row that is not an earnings call says its type beside the date.
    const forum = within(panel).getByRole('link', { name: 'Industrials Forum 2026' }).closest('li')!;
    expect(forum).toHaveTextContent('· Conference');
    expect(within(forum).getByText(/2026/, { selector: 'time' })).toHaveAttribute('datetime', '2026-11-21T14:50:30.000Z');
    // Merely announced calls carry no badge.
    expect(within(panel).queryByText('Not live')).toBeNull();
    // One read of the events, one of their live states.
    expect(requestsTo('/events')).toHaveLength(1);
    expect(new URL(requestsTo('/events')[0]!).searchParams.get('companyIds')).toBe(String(PELARITE));
    await waitFor(() => expect(requestsTo('/live/audio')).toHaveLength(1));
    expect(new URL(requestsTo('/live/audio')[0]!).searchParams.get('eventIds')).toBe('1182,1262,1342,1422,1502');
  });

  it("offers each coming event for the reader's calendar, as an .ics file", async () => {
    const { user } = await renderApp(`/companies/${PELARITE}`);
    const panel = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    // The buttons' code loads after the page's own.
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /^Add to calendar/ })).toHaveLength(5));
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Add to calendar/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Add to calendar: Pelarite: Q3 2026 earnings call',
      'Add to calendar: Pelarite: Industrials Forum 2026',
      'Add to calendar: Pelarite: Investor Day 2026',
      'Add to calendar: Pelarite: Q4 2026 Trading Update',
      'Add to calendar: Pelarite: Consumer & Retail Day 2026',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Add to calendar: Pelarite: Industrials Forum 2026' }));
    expect(downloads.saved).toHaveLength(1);
    expect(downloads.saved[0]!.name).toBe('Pelarite - Industrials Forum 2026.ics');
    expect(downloads.saved[0]!.blob.type).toBe('text/calendar;charset=utf-8');
    const lines = (await downloads.saved[0]!.blob.text()).split('\r\n');
    expect(lines).toContain('SUMMARY:Pelarite: Industrials Forum 2026');
    expect(lines).toContain('DTSTART:20261121T145030Z');
    expect(lines).toContain('URL:http://localhost:3000/events/1262');
  });

  it('has no "Add to calendar" for a call that has already started', async () => {
    await renderApp(`/companies/${HARELARD}`);
    const panel = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Q3 2026 earnings call'));
    // Once the buttons' code is in, the four events to come have one each, the started call none.
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /^Add to calendar/ })).toHaveLength(4));
    const started = within(panel).getAllByRole('listitem')[0]!;
    expect(within(started).queryByRole('button', { name: /^Add to calendar/ })).toBeNull();
  });

  it('marks a call about to start with its live state', async () => {
    await renderApp(`/companies/${JORISUS}`);
    const panel = await screen.findByRole('region', { name: 'Upcoming' });
    const call = await within(panel).findByRole('link', { name: 'Q3 2026 earnings call' });
    expect(call).toHaveAttribute('href', '/events/1149');
    await waitFor(() => expect(within(call.closest('li')!).getByText('Starting soon')).toBeInTheDocument());
    expect(within(panel).getAllByText('Starting soon')).toHaveLength(1);
  });

  it('leads with a call that started before now while it is live', async () => {
    // Harelard's Q3 2026 call went live at 11:59:30.
    expect(sandbox.store.companies[HARELARD - 1]!.displayName).toBe('Harelard');
    await renderApp(`/companies/${HARELARD}`);
    const panel = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Q3 2026 earnings call'));
    const call = within(panel).getByRole('link', { name: 'Q3 2026 earnings call' });
    expect(call).toHaveAttribute('href', '/events/1148');
    expect(within(call.closest('li')!).getByText('Live')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    // Still one read of the live states, the started call's included.
    expect(requestsTo('/live/audio')).toHaveLength(1);
    expect(new URL(requestsTo('/live/audio')[0]!).searchParams.get('eventIds')!.split(',')[0]).toBe('1148');
  });

  it('waits for the state of a started call before showing the list', async () => {
    let answerLiveStates!: () => void;
    const liveStatesMayAnswer = new Promise<void>((resolve) => (answerLiveStates = resolve));
    const real = await sandboxJson<{ data: { id: number }[]; pagination: unknown }>(`/events?companyIds=${HARELARD}&startDate=2026-11-21T09:00:00.000Z`);
    server.use(
      http.get(apiPath('/events'), () => HttpResponse.json({ ...real, data: real.data.filter((event) => event.id === 1148) })),
      http.get(apiPath('/live/audio'), async ({ request }) => {
        // The live states answer only when the test has looked at the page without them.
        await liveStatesMayAnswer;
        return forwardToSandbox(request);
      }),
    );
    await renderApp(`/companies/${HARELARD}`);
    const panel = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() => expect(requestsTo('/live/audio')).toHaveLength(1));
    // Neither "nothing coming" nor rows that the live call would push down once its state arrives.
    expect(within(panel).queryByText('No events announced yet.')).toBeNull();
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading upcoming events');
    answerLiveStates();
    const call = await within(panel).findByRole('link', { name: 'Q3 2026 earnings call' });
    expect(within(call.closest('li')!).getByText('Live')).toBeInTheDocument();
  });
});

describe('company page: Documents', () => {
  it('groups every document by fiscal period, newest first, each named by type and form and opening in the viewer', async () => {
    const { user } = await renderApp(`/companies/${PELARITE}`);
    const panel = await screen.findByRole('region', { name: 'Documents' });
    // The latest three periods; transcripts open in the reader.
    const latest = [
      [
        'Q2 2026',
        [
          'Quarterly report (10-Q) → /documents/4351',
          'Transcript → /documents/4242?kind=transcript',
          'In-house transcript → /documents/4235?kind=transcript',
          'Earnings release (8-K) → /documents/4234',
        ],
      ],
      [
        // The annual report came with the Q4 2025 call; it is filed under the year it covers.
        'FY 2025',
        [
          'Transcript → /documents/3741?kind=transcript',
          'In-house transcript → /documents/3709?kind=transcript',
          'Press release → /documents/3711',
          'Report → /documents/3386',
          'Annual report (10-K) → /documents/3317',
        ],
      ],
      [
        'Q1 2026',
        [
          'Quarterly report (10-Q) → /documents/3771',
          'Transcript → /documents/3666?kind=transcript',
          'In-house transcript → /documents/3626?kind=transcript',
          'Earnings release (8-K) → /documents/3622',
          'Slides → /documents/3621',
        ],
      ],
    ];
    await waitFor(() => expect(documentGroups(panel)).toEqual(latest));
    // Each row names its period for a screen reader, and says when it was published.
    const report = within(panel).getByRole('link', { name: 'Quarterly report (10-Q), Pelarite, Q2 2026' });
    expect(report.closest('li')).toHaveTextContent('Published Aug 14, 2026');
    // A call's two transcripts are one row: the edited one, the machine one linked beside it.
    const q2 = within(panel).getByRole('region', { name: 'Documents of Q2 2026' });
    expect(within(q2).getAllByRole('listitem')).toHaveLength(3);
    const transcriptRow = within(q2).getByRole('link', { name: 'Transcript, Pelarite, Q2 2026' }).closest('li')!;
    expect(within(transcriptRow).getByRole('link', { name: 'In-house transcript, Pelarite, Q2 2026' })).toHaveAttribute(
      'href',
      '/documents/4235?kind=transcript',
    );
    expect(transcriptRow).toHaveTextContent('Published Aug 4, 2026');

    await user.click(within(panel).getByRole('button', { name: 'Show all 57 documents (13 periods)' }));
    expect(documentGroups(panel).map(([heading]) => heading)).toEqual([
      'Q2 2026',
      'FY 2025',
      'Q1 2026',
      'Q4 2025',
      'Q3 2025',
      'Q2 2025',
      'FY 2024',
      'Q1 2025',
      'Q4 2024',
      'Q3 2024',
      'Q2 2024',
      'Q1 2024',
      'FY 2023',
    ]);
    expect(within(panel).getAllByRole('link')).toHaveLength(57);
    expect(within(panel).getByRole('link', { name: 'Annual report (10-K), Pelarite, FY 2025' })).toHaveAttribute('href', '/documents/3317');
    expect(within(panel).getByRole('link', { name: 'Annual report (10-K), Pelarite, FY 2024' })).toHaveAttribute('href', '/documents/1659');
    // Q4 2025 keeps the quarter's own documents.
    expect(documentGroups(panel).find(([heading]) => heading === 'Q4 2025')).toEqual([
      'Q4 2025',
      [
        'Transcript → /documents/3202?kind=transcript',
        'In-house transcript → /documents/3189?kind=transcript',
        'Slides → /documents/3187',
        'Earnings release (8-K) → /documents/3186',
      ],
    ]);
    expect(within(panel).getByRole('button', { name: 'Show the latest periods only' })).toHaveAttribute('aria-expanded', 'true');
    // Every page of the company's documents in one walk, with their events.
    const documents = requestsTo('/documents');
    expect(documents).toHaveLength(1);
    expect(new URL(documents[0]!).searchParams.get('companyIds')).toBe(String(PELARITE));
    expect(new URL(documents[0]!).searchParams.get('expand')).toBe('event');
  });

  it('narrows the documents to one kind with "Show", counting each kind', async () => {
    const { user } = await renderApp(`/companies/${PELARITE}`);
    const panel = await screen.findByRole('region', { name: 'Documents' });
    const show = await within(panel).findByRole('combobox', { name: 'Show' });
    await waitFor(() =>
      expect(
        within(show)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Every kind (57)', 'Reports (13)', 'Releases (13)', 'Slides (5)', 'Transcripts (26)']),
    );
    await user.selectOptions(show, 'Reports (13)');
    expect(documentGroups(panel)).toEqual([
      ['Q2 2026', ['Quarterly report (10-Q) → /documents/4351']],
      ['FY 2025', ['Report → /documents/3386', 'Annual report (10-K) → /documents/3317']],
      ['Q1 2026', ['Quarterly report (10-Q) → /documents/3771']],
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Show all 13 reports (11 periods)' }));
    expect(within(panel).getAllByRole('link')).toHaveLength(13);

    // Still every period, as asked.
    await user.selectOptions(show, 'Slides (5)');
    expect(documentGroups(panel)).toEqual([
      ['Q1 2026', ['Slides → /documents/3621']],
      ['Q4 2025', ['Slides → /documents/3187']],
      ['Q3 2025', ['Slides → /documents/2853']],
      ['Q1 2025', ['Slides → /documents/1919']],
      ['Q1 2024', ['Slides → /documents/345']],
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Show the latest periods only' }));
    expect(documentGroups(panel).map(([heading]) => heading)).toEqual(['Q1 2026', 'Q4 2025', 'Q3 2025']);
    expect(within(panel).getByRole('button', { name: 'Show all 5 slides (5 periods)' })).toHaveAttribute('aria-expanded', 'false');
    await user.selectOptions(show, 'Transcripts (26)');
    expect(documentGroups(panel)[0]).toEqual([
      'Q2 2026',
      ['Transcript → /documents/4242?kind=transcript', 'In-house transcript → /documents/4235?kind=transcript'],
    ]);
    await user.selectOptions(show, 'Every kind (57)');
    expect(documentGroups(panel).map(([heading]) => heading)).toEqual(['Q2 2026', 'FY 2025', 'Q1 2026']);
  });

  it('puts documents of no fiscal period under "Other", last', async () => {
    // The same company's documents, the newest one's event without a period.
    const real = await sandboxJson<{ data: { id: number; event: Record<string, unknown> | null }[]; pagination: unknown }>(
      `/documents?companyIds=${PELARITE}&expand=event&limit=500`,
    );
    server.use(
      http.get(apiPath('/documents'), () =>
        HttpResponse.json({
          ...real,
          data: real.data.map((doc) => (doc.id === 4351 ? { ...doc, event: doc.event && { ...doc.event, fiscalPeriod: null, fiscalYear: null } } : doc)),
        }),
      ),
    );
    const { user } = await renderApp(`/companies/${PELARITE}`);
    const panel = await screen.findByRole('region', { name: 'Documents' });
    await user.click(await within(panel).findByRole('button', { name: 'Show all 57 documents (14 periods)' }));
    const groups = documentGroups(panel);
    expect(groups.at(-1)).toEqual(['Other', ['Quarterly report (10-Q) → /documents/4351']]);
    expect(groups[0]![0]).toBe('Q2 2026');
  });
});
