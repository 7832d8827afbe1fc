/**
 * Aiming a transcript search (/search): the speaker's role, the part of the call and the fiscal
 * quarter are chosen in the page's filter form, written to the address, sent to the server, shown
 * as chips that name them; each passage says who spoke and in which part of the call. The search
 * server is stood in for here (what it answers is written out below), so the page is tested
 * against the API's contract whatever the index holds. "Now" is the sandbox's clock, 21 Nov 2026.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SearchCall, SearchPage } from '../../src/api/search.ts';
import { describeFilters } from '../../src/features/transcript-search/saved-searches.tsx';
import { renderApp } from '../support/render-app.tsx';
import { server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const STATUS = {
  enabled: true,
  engine: 'pglite',
  state: 'idle',
  scope: { companyIds: [], countries: [] },
  transcripts: { listed: 2, indexed: 2, superseded: 0, pending: 0, retrying: 0, failed: 0 },
  calls: 2,
  paragraphs: 40,
  failures: [],
};

const sentence = (index: number, start: number, text: string) => ({ index, start, end: start + 4, segments: [{ text }] });

/** An edited call whose passages carry roles, the firm and the section, as the index answers now. */
const EDITED: SearchCall = {
  eventId: 5687,
  transcriptId: 901,
  transcriptTypeId: 2,
  edited: true,
  hits: 2,
  company: { id: 1, name: 'Calaneon', country: 'US' },
  event: { title: 'Calaneon Q2 2026 Earnings Call', typeId: null, date: '2026-07-21T22:30:00.000Z', fiscalYear: 2026, fiscalPeriod: 'Q2' },
  matches: [
    {
      paragraph: 14,
      speaker: { label: 'Nadia Nakamura', detail: 'Chief Financial Officer, Calaneon', kind: 'executive', roles: ['cfo'], company: 'Calaneon' },
      section: 'qna',
      start: 171,
      end: 180,
      sentences: [sentence(30, 171.5, 'Margins held up better than we feared.')],
    },
    {
      paragraph: 9,
      speaker: { label: 'Priya Raman', detail: 'Analyst, Northgate Securities', kind: 'analyst', roles: ['analyst'], company: 'Northgate Securities' },
      section: 'qna',
      start: 150,
      end: 160,
      sentences: [sentence(22, 150.2, 'Can you talk about margins?')],
    },
  ],
};

/** A machine transcript from an index built before roles and sections were read: none of those fields. */
const RAW: SearchCall = {
  eventId: 4445,
  transcriptId: 902,
  transcriptTypeId: 1,
  edited: false,
  hits: 1,
  company: { id: 2, name: 'Dovetail', country: 'GB' },
  event: { title: 'Dovetail Q3 2025 Earnings Call', typeId: null, date: '2025-10-14T22:00:00.000Z', fiscalYear: 2025, fiscalPeriod: 'Q3' },
  matches: [
    {
      paragraph: 3,
      speaker: { label: 'Speaker 2', kind: 'unknown' },
      start: 40,
      end: 50,
      sentences: [sentence(5, 41, 'Our margins improved again.')],
    },
  ],
};

/** Stands in for the search server; returns the search requests it was asked, as URLs. Results wait for `answer` when given. */
function standInSearch(calls: SearchCall[] = [EDITED, RAW], answer?: Promise<void>, totals?: SearchPage['totals']): URL[] {
  const asked: URL[] = [];
  const page: SearchPage = {
    q: 'margins',
    sort: 'relevance',
    words: ['margins'],
    totals: totals ?? { calls: calls.length, hits: 3, complete: true },
    calls,
    nextCursor: null,
  };
  server.use(
    http.get('*/api/search/status', () => HttpResponse.json(STATUS)),
    http.get('*/api/search/summary', () => HttpResponse.json({ q: 'margins', totals: { hits: 3 }, quarters: [], companies: [] })),
    http.get('*/api/search', async ({ request }) => {
      asked.push(new URL(request.url));
      await answer;
      return HttpResponse.json(page);
    }),
  );
  return asked;
}

const group = (name: string) => screen.getByRole('group', { name });

describe('a word said in most calls', () => {
  it('says the totals are at least these, since when, and how to reach older calls; the export says it holds every call', async () => {
    standInSearch([EDITED, RAW], undefined, { calls: 2, hits: 20_431, complete: false, since: '2026-10-01T00:00:00.000Z' });
    await renderApp('/search?q=margins');
    const line = await waitFor(() => {
      const found = screen.getAllByRole('status').find((element) => /passages in/.test(element.textContent ?? ''));
      expect(found).toBeDefined();
      return found!;
    });
    expect(line).toHaveTextContent(
      'At least 20,431 passages in 2 calls since October 2026, most mentions first. Said that often, only the newest calls are counted and ranked: choose dates to rank older ones, or sort by date to go through them all.',
    );
    expect(screen.getByRole('group', { name: 'Export' })).toHaveAccessibleDescription(
      'Every call that says it (at least 2), up to 10,000, one row per passage, each with a link that plays it.',
    );
  });
});

describe('aiming a search', () => {
  it('CFO, Q&A and the last four quarters go to the address and the request, and show as chips that name them', async () => {
    const asked = standInSearch();
    const { user, router } = await renderApp('/search?q=margins&companyIds=1');
    // The company's chip is named once the data service has answered (and told its clock).
    expect(await screen.findByRole('button', { name: 'Remove filter Companies: Calaneon' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Search filters' });
    expect(within(form).getByRole('group', { name: 'Speaker role' })).toBeVisible();
    expect(
      within(group('Speaker role'))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['CEO', 'CFO', 'COO', 'President', 'Head of IR', 'Analyst', 'Operator', 'Other speakers']);
    expect(
      within(group('Section'))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Prepared remarks', 'Q&A']);
    expect(
      within(group('Fiscal quarter'))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Q4 2026', 'Q3 2026', 'Q2 2026', 'Q1 2026', 'Q4 2025', 'Q3 2025', 'Q2 2025', 'Q1 2025']);

    await user.click(within(group('Speaker role')).getByRole('checkbox', { name: 'CFO' }));
    await user.click(within(group('Section')).getByRole('checkbox', { name: 'Q&A' }));
    await user.click(screen.getByRole('button', { name: 'Last 4 quarters' }));
    expect(
      within(group('Fiscal quarter'))
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Q3 2026', 'Q2 2026', 'Q1 2026', 'Q4 2025']);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        q: 'margins',
        companyIds: 1,
        roles: 'cfo',
        sections: 'qna',
        quarters: '2026-Q3,2026-Q2,2026-Q1,2025-Q4',
      }),
    );
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('roles')).toBe('cfo'));
    const last = asked.at(-1)!.searchParams;
    expect([last.get('q'), last.get('companyIds'), last.get('sections'), last.get('quarters')]).toEqual([
      'margins',
      '1',
      'qna',
      '2026-Q3,2026-Q2,2026-Q1,2025-Q4',
    ]);

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual([
      'Remove filter Companies: Calaneon',
      'Remove filter Role: CFO',
      'Remove filter Section: Q&A',
      'Remove filter Quarter: Q3 2026',
      'Remove filter Quarter: Q2 2026',
      'Remove filter Quarter: Q1 2026',
      'Remove filter Quarter: Q4 2025',
    ]);
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Quarter: Q4 2025' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ roles: 'cfo', sections: 'qna', quarters: '2026-Q3,2026-Q2,2026-Q1' }));
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Role: CFO' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('roles'));
  });

  it('keeps what is being ticked when the results arrive meanwhile', async () => {
    let release!: () => void;
    standInSearch([EDITED], new Promise<void>((resolve) => (release = resolve)));
    const { user, router } = await renderApp('/search?q=margins&companyIds=1');
    await screen.findByRole('button', { name: 'Remove filter Companies: Calaneon' });
    await user.click(within(group('Speaker role')).getByRole('checkbox', { name: 'CFO' }));
    release();
    await screen.findByRole('list', { name: 'Calls that match' });
    expect(within(group('Speaker role')).getByRole('checkbox', { name: 'CFO' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'margins', companyIds: 1, roles: 'cfo' }));
  });

  it('opens a link with its aim ticked, offers an older quarter the link names, and names what it cannot use', async () => {
    const asked = standInSearch();
    await renderApp('/search?q=margins&roles=cfo,analyst,cto&sections=prepared&quarters=2024-Q2');
    expect(await screen.findByRole('button', { name: 'Remove filter Role: Analyst' })).toBeInTheDocument();
    expect(
      within(group('Speaker role'))
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['CFO', 'Analyst']);
    expect(within(group('Section')).getByRole('checkbox', { name: 'Prepared remarks' })).toBeChecked();
    expect(within(group('Fiscal quarter')).getByRole('checkbox', { name: 'Q2 2024' })).toBeChecked();
    expect(screen.getByText(/could not be used and were left out/)).toHaveTextContent('Role: cto');
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked.at(-1)!.searchParams.get('roles')).toBe('cfo,analyst');
    expect(asked.at(-1)!.searchParams.get('quarters')).toBe('2024-Q2');
  });
});

describe('a passage says who spoke and where', () => {
  it('names the speaker, their role and firm, and the part of the call; an unnamed speaker of a machine transcript is "Speaker N"', async () => {
    standInSearch();
    await renderApp('/search?q=margins');
    await screen.findByRole('list', { name: 'Calls that match' });
    const [edited, raw] = screen.getAllByRole('article');
    const passages = within(edited!).getAllByRole('listitem');
    expect(passages[0]!.querySelector('p')).toHaveTextContent(/^Nadia Nakamura, Chief Financial Officer, Calaneon · Q&A$/);
    expect(passages[1]!.querySelector('p')).toHaveTextContent(/^Priya Raman, Analyst, Northgate Securities · Q&A$/);
    // An older index says neither roles nor section: the speaker alone, nothing made up.
    expect(within(raw!).getByRole('listitem').querySelector('p')).toHaveTextContent(/^Speaker 2$/);
    expect(within(raw!).getByRole('button', { name: 'Play from 0:41: Speaker 2' })).toBeInTheDocument();
  });
});

describe('a saved search', () => {
  it('says its aim in words in the list of saved searches', () => {
    expect(describeFilters({ q: 'margins', companyIds: [256], roles: ['cfo', 'analyst'], sections: ['qna'], quarters: ['2026-Q3', '2026-Q2'] })).toBe(
      '1 company · said by CFO or Analyst · in Q&A · Q3 2026, Q2 2026',
    );
  });
});
