/**
 * The comparison page, `/compare?call=…&with=…`, against the sandbox: its header and pickers, the
 * default previous call, the states where there is nothing to compare; and, drawn from a comparison
 * built by hand (compare-fixtures.ts, standing in for src/lib/compare's computation, which has tests
 * of its own), the numbers that moved, terms, questions, sentences, ▶ and the Markdown export.
 *
 * Sandbox facts (seed "web-tests", 80 companies): Bramane Foods (company 75) has earnings calls
 * Q3 2025 (event 772), Q1 2026 (event 899, recording 851) and Q2 2026 (event 1082, recording 1001),
 * each with transcripts; its Q3 2026 call (event 1145) has none yet. Event 1076 is Calaneon's
 * Q2 2026 call (another company).
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import { http, HttpResponse } from 'msw';
import '../support/dates-in-utc.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompareHeading } from '../../src/lib/compare/index.ts';
import { player } from '../../src/lib/player/index.ts';
import { markPlayerActive } from '../../src/lib/player/presence.ts';
import { captureDownloads } from '../support/downloads.ts';
import { renderApp } from '../support/render-app.tsx';
import { server, useSandboxServer } from '../support/sandbox-server.ts';
import { COMPARISON, DATA_CENTER, QNA_SAME, SAME_OPENING, TARIFFS } from './compare-fixtures.ts';
import { FakeMedia, usePlayerStage } from './player-fakes.ts';

const compared = vi.hoisted(() => ({ calls: [] as { current: unknown; previous: unknown }[], headings: [] as unknown[] }));

// The comparison itself is the library's (tested on its own); the page draws what it gives.
vi.mock('../../src/lib/compare/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/compare/index.ts')>();
  return {
    ...original,
    compareCalls: (current: unknown, previous: unknown) => {
      compared.calls.push({ current, previous });
      return COMPARISON;
    },
  };
});
vi.mock('../../src/lib/compare/markdown.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/compare/markdown.ts')>();
  return {
    ...original,
    comparisonToMarkdown: (comparison: Parameters<typeof original.comparisonToMarkdown>[0], heading: CompareHeading) => {
      compared.headings.push(heading);
      return original.comparisonToMarkdown(comparison, heading);
    },
  };
});

useSandboxServer();
// The transcript index is not part of these tests: the term history answers as a server with search turned off does.
beforeEach(() => {
  server.use(http.get('*/api/search/terms', () => HttpResponse.json({ message: 'Transcript search is turned off on this server.' }, { status: 503 })));
});
const stage = usePlayerStage();
const downloads = captureDownloads();

beforeEach(() => {
  compared.calls = [];
  compared.headings = [];
});

async function open(url: string) {
  const result = await renderApp(url);
  await screen.findByRole('heading', { level: 1 });
  return result;
}

/** The page once the comparison is drawn. */
async function openCompared(url = '/compare?call=1082&with=899') {
  const result = await open(url);
  await screen.findByRole('region', { name: 'Numbers that moved' }, { timeout: 5000 });
  return result;
}

/** What each side of an aligned sentence says, as read (its ▶ aside). */
const said = (row: HTMLElement) => [...row.querySelectorAll('p')].map((p) => p.textContent);

const selected = (name: string) => {
  const select = screen.getByRole('combobox', { name }) as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent;
};

describe('the header and the pickers', () => {
  it('compares a call with the previous call of its kind when the address names one call, and says which transcripts', async () => {
    await open('/compare?call=1082');
    expect(await screen.findByRole('heading', { level: 1, name: 'Q2 2026 earnings call compared with Q1 2026 earnings call' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bramane Foods' })).toHaveAttribute('href', '/companies/75');
    expect(selected('This call')).toBe('Q2 2026 earnings call · Jul 23, 2026');
    expect(selected('Compared with')).toBe('Q1 2026 earnings call · Apr 24, 2026');
    expect(
      await screen.findByText('Comparing the Q2 2026 earnings call (Edited transcript) with the Q1 2026 earnings call (Machine transcript).'),
    ).toBeInTheDocument();
    // Each side read with its recording's Q&A offset and chapters (event 1082, recording 1001, speaks
    // call-8, its Q&A at 120.347 s; event 899 speaks call-4, its Q&A at 126.284 s).
    await waitFor(() => expect(compared.calls).toHaveLength(1));
    expect(compared.calls[0]).toMatchObject({ current: { qna: 120.347 }, previous: { qna: 126.284 } });
  });

  it('lists the company’s calls with transcripts (not its other events without), and the call without one, said so', async () => {
    await open('/compare?call=1082&with=899');
    const optionsOf = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    // Named once the event types are read (the call's own title before that).
    await waitFor(() => expect(optionsOf('This call')).toContain('Q2 2026 earnings call · Jul 23, 2026'));
    expect(optionsOf('This call').slice(0, 4)).toEqual([
      'Financials Conference 2026 · Nov 12, 2026',
      'Q2 2026 earnings call · Jul 23, 2026',
      'Annual General Meeting 2026 · May 30, 2026',
      'Q1 2026 earnings call · Apr 24, 2026',
    ]);
    // The other picker leaves out the call on this side.
    const others = optionsOf('Compared with');
    expect(others).not.toContain('Q2 2026 earnings call · Jul 23, 2026');
    expect(others).toContain('Q3 2025 earnings call · Oct 27, 2025');
  });

  it('changing a picker changes the address, and the comparison with it', async () => {
    const { user, router } = await openCompared('/compare?call=1082&with=899');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Compared with' }), 'Q3 2025 earnings call · Oct 27, 2025');
    await waitFor(() => expect(router.state.location.search).toEqual({ call: 1082, with: 772 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q2 2026 earnings call compared with Q3 2025 earnings call' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'This call' }), 'Q1 2026 earnings call · Apr 24, 2026');
    await waitFor(() => expect(router.state.location.search).toEqual({ call: 899, with: 772 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Q1 2026 earnings call compared with Q3 2025 earnings call' })).toBeInTheDocument();
  });
});

describe('when there is nothing to compare', () => {
  it('a call without a transcript says so and offers the company’s other calls', async () => {
    await open('/compare?call=1145&with=1082');
    const notice = await screen.findByRole('region', { name: 'No transcript to compare' });
    expect(notice).toHaveTextContent('The Q3 2026 earnings call has no transcript yet, so it cannot be compared.');
    const offered = within(notice).getAllByRole('link');
    expect(offered[0]).toHaveAccessibleName('Financials Conference 2026, Nov 12, 2026');
    expect(offered[0]).toHaveAttribute('href', '/compare?call=1134&with=1082');
    expect(within(notice).getByRole('link', { name: 'Q1 2026 earnings call, Apr 24, 2026' })).toHaveAttribute('href', '/compare?call=899&with=1082');
    expect(compared.calls).toEqual([]);
  });

  it('two calls of different companies: says so, and links this call’s own comparison', async () => {
    await open('/compare?call=1082&with=1076');
    const notice = await screen.findByRole('region', { name: 'Two different companies' });
    expect(notice).toHaveTextContent('These two calls are of different companies; a comparison is of two calls of one company.');
    expect(within(notice).getByRole('link', { name: 'Compare the Q2 2026 earnings call with Bramane Foods’s previous call' })).toHaveAttribute(
      'href',
      '/compare?call=1082',
    );
    expect(compared.calls).toEqual([]);
  });

  it('an unknown call, on either side, or an address without a call: not found', async () => {
    await renderApp('/compare?call=99999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call not found' })).toBeInTheDocument();
  });

  it('an unknown call to compare with: not found', async () => {
    await renderApp('/compare?call=1082&with=99999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call not found' })).toBeInTheDocument();
  });

  it('an address without a usable call: not found', async () => {
    await renderApp('/compare?call=abc&with=899');
    expect(await screen.findByRole('heading', { level: 1, name: 'Call not found' })).toBeInTheDocument();
  });
});

describe('the comparison', () => {
  it('lists the numbers that moved, guidance first, each with ▶ to both moments', async () => {
    await openCompared();
    const list = screen.getByRole('list', { name: 'Numbers that moved' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Guidance Full-year revenue growth guidance 4% to 6% (was 3% to 5%)▶Q21:21▶Q11:19',
      'Gross margin 39.8% (was 41.2%, −1.4 pts)▶Q20:45▶Q10:44',
    ]);
    expect(within(rows[1]!).getByRole('button', { name: 'Play from 0:45 in the Q2 call' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Play from 0:44 in the Q1 call' })).toBeInTheDocument();
  });

  it('lists new and dropped terms, each linking a search of the company’s calls for it', async () => {
    await openCompared();
    const added = screen.getByRole('region', { name: 'New this quarter' });
    expect(within(added).getByRole('listitem')).toHaveTextContent('tariffs said 3 times in the Q2 call');
    expect(within(added).getByRole('link', { name: 'Search Bramane Foods calls for “tariffs”' })).toHaveAttribute('href', '/search?q=tariffs&companyIds=75');
    const dropped = screen.getByRole('region', { name: 'Dropped since last quarter' });
    expect(within(dropped).getByRole('listitem')).toHaveTextContent('data center said 2 times in the Q1 call');
    expect(within(dropped).getByRole('link', { name: 'Search Bramane Foods calls for “data center”' })).toHaveAttribute(
      'href',
      // A phrase, in quotes; the router writes text that reads as JSON as a JSON string, and reads it back as typed.
      '/search?q=%22%5C%22data+center%5C%22%22&companyIds=75',
    );
    // No term history yet: no "said in X of the last N calls".
    expect(screen.queryByText(/of the last/)).not.toBeInTheDocument();
  });

  it('shows this quarter’s questions beside last quarter’s, an analyst who asked in only one of them marked', async () => {
    await openCompared();
    const questions = screen.getByRole('region', { name: 'Questions' });
    expect(within(questions).getByRole('list', { name: 'Q2 2026 earnings call' })).toHaveTextContent(
      'Beatrix Holm, Nordvik Capital New this quarterOn pricing, Europe',
    );
    expect(within(questions).getByRole('list', { name: 'Q1 2026 earnings call' })).toHaveTextContent(
      'Mateo Ruiz, Calloway Grant Research Not this quarterOn data center',
    );
  });

  it('shows only the changes by default: changed words marked and said, new and dropped sentences; "Only changes" off shows the rest', async () => {
    const { user } = await openCompared();
    const remarks = screen.getByRole('list', { name: 'Prepared remarks: Chief Financial Officer' });
    const rows = within(remarks).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(said(rows[0]!)).toEqual([
      'Q2 call, Ana Ruiz: Gross margin was [added: thirty nine point eight] percent, [added: down] from last quarter.',
      'Q1 call, Speaker 3: Gross margin was [removed: forty one point two] percent, [removed: up] from last quarter.',
    ]);
    expect(rows[0]).toHaveTextContent(/^Changed:/);
    expect(rows[0]!.querySelectorAll('ins')).toHaveLength(2);
    expect(rows[0]!.querySelector('ins')).toHaveTextContent('[added: thirty nine point eight]');
    expect(rows[0]!.querySelector('del')).toHaveTextContent('[removed: forty one point two]');
    expect(rows[1]).toHaveTextContent(/^New:/);
    expect(said(rows[1]!)).toEqual([`Q2 call, Ana Ruiz: ${TARIFFS}`, 'Not said in the Q1 call.']);
    expect(within(rows[1]!).getByRole('button', { name: 'Play from 0:52 in the Q2 call' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent(/^Dropped:/);
    expect(said(rows[2]!)).toEqual(['Not said in the Q2 call.', `Q1 call, Speaker 3: ${DATA_CENTER}`]);
    expect(within(rows[2]!).getByRole('button', { name: 'Play from 0:58 in the Q1 call' })).toBeInTheDocument();
    expect(screen.queryByText(SAME_OPENING)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Q&A' })).toHaveTextContent('No changes in this section.');

    await user.click(screen.getByRole('checkbox', { name: 'Only changes' }));
    const all = within(screen.getByRole('list', { name: 'Prepared remarks: Chief Financial Officer' })).getAllByRole('listitem');
    expect(all).toHaveLength(4);
    expect(all[0]).toHaveTextContent(/^Same:/);
    expect(said(all[0]!)).toEqual([`Q2 call, Ana Ruiz: ${SAME_OPENING}`]);
    expect(said(within(screen.getByRole('list', { name: 'Q&A' })).getByRole('listitem'))).toEqual([`Q2 call, Beatrix Holm: ${QNA_SAME}`]);
  });

  it('▶ on a changed sentence plays that call from that sentence in the docked player', async () => {
    const { user } = await openCompared();
    act(() => markPlayerActive());
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    const media = new FakeMedia();
    stage.attach(media);

    const changed = within(screen.getByRole('list', { name: 'Prepared remarks: Chief Financial Officer' })).getAllByRole('listitem')[0]!;
    await user.click(within(changed).getByRole('button', { name: 'Play from 0:44 in the Q1 call' }));
    await waitFor(() => expect(player.getState().source).toMatchObject({ key: 'recording:851', audioId: 851, artist: 'Bramane Foods' }));
    await waitFor(() => expect(media.currentTime).toBe(44.25));
    expect(media.paused).toBe(false);

    await user.click(within(changed).getByRole('button', { name: 'Play from 0:45 in the Q2 call' }));
    await waitFor(() => expect(player.getState().source).toMatchObject({ key: 'recording:1001', audioId: 1001 }));
    await waitFor(() => expect(media.currentTime).toBe(45.5));
  });

  it('Export as Markdown downloads the note, its links playing each call from its moment', async () => {
    const { user } = await openCompared();
    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    expect(downloads.saved).toHaveLength(1);
    const file = downloads.saved[0]!;
    expect(file.name).toBe('Bramane Foods - Q2 2026 earnings call compared with Q1 2026 earnings call.md');
    expect(file.blob.type).toBe('text/markdown;charset=utf-8');
    expect(await file.blob.text()).toMatch(/^# Bramane Foods/);

    const heading = compared.headings[0] as CompareHeading;
    expect(heading.company).toBe('Bramane Foods');
    expect(heading.current.title).toBe('Q2 2026 earnings call, Jul 23, 2026');
    expect(heading.previous.title).toBe('Q1 2026 earnings call, Apr 24, 2026');
    expect(heading.current.link(45.5)).toBe('http://localhost:3000/recordings/1001?t=45');
    expect(heading.previous.link(44.25)).toBe('http://localhost:3000/recordings/851?t=44');
    expect(heading.page).toBe('http://localhost:3000/compare?call=1082&with=899');
    expect(screen.getByText('Comparison exported as Markdown.')).toHaveAttribute('role', 'status');
  });
});
