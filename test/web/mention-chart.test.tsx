/** The mentions chart (share of calls per fiscal period, with its table) and the companies that mention it most. */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { SearchSummary } from '../../src/api/search.ts';
import { labelShown, MentionChart, TopCompanies } from '../../src/features/transcript-search/mention-chart.tsx';

/** Periods out of order on purpose, with an H1 and an FY among the quarters. */
const summary: SearchSummary = {
  q: 'tariffs',
  totals: { hits: 41 },
  quarters: [
    { fiscalYear: 2026, fiscalPeriod: 'Q2', hits: 20, calls: 6, searched: 8 },
    { fiscalYear: 2025, fiscalPeriod: 'Q4', hits: 3, calls: 1, searched: 10 },
    { fiscalYear: 2026, fiscalPeriod: 'Q1', hits: 12, calls: 3, searched: 10 },
    { fiscalYear: 2026, fiscalPeriod: 'H1', hits: 5, calls: 2, searched: 4 },
    { fiscalYear: 2025, fiscalPeriod: 'FY', hits: 1, calls: 1, searched: 12000 },
    { fiscalYear: 2025, fiscalPeriod: 'Q3', hits: 0, calls: 0, searched: 9 },
  ],
  companies: [
    { companyId: 12, name: 'Acme Corp', country: 'US', hits: 18, calls: 4 },
    { companyId: 40, name: 'Bryrite', country: 'SE', hits: 9, calls: 3 },
    { companyId: 7, name: 'Calder & Sons', country: null, hits: 1, calls: 1 },
  ],
};

/** Renders inside a router (the companies link to their pages). */
async function renderInRouter(ui: ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => <>{ui}</> }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(() => router.load());
  return render(<RouterProvider router={router} />);
}

describe('MentionChart', () => {
  it('draws a bar per period, oldest first, each named by its share of calls, its calls and its hits', () => {
    render(<MentionChart summary={summary} />);
    expect(screen.getByText('Share of calls that mention “tariffs”, by fiscal period')).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Share of calls that mention “tariffs”, oldest period first' })).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Q3 2025: 0% of calls (0 of 9 calls), 0 hits',
      'Q4 2025: 10% of calls (1 of 10 calls), 3 hits',
      'FY 2025: under 0.1% of calls (1 of 12,000 calls), 1 hit',
      'Q1 2026: 30% of calls (3 of 10 calls), 12 hits',
      'Q2 2026: 75% of calls (6 of 8 calls), 20 hits',
      'H1 2026: 50% of calls (2 of 4 calls), 5 hits',
    ]);
    // The scale is the smallest round share above the highest bar: 75% fills the chart.
    expect(screen.getByText(/Scale 0 to 75%\./)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Q2 2026/ }).querySelector('.h-32 > div')).toHaveStyle({ height: '100%' });
    expect(screen.getByRole('img', { name: /^Q1 2026/ }).querySelector('.h-32 > div')).toHaveStyle({ height: '40%' });
    // A rare mention stays visible; a period without one is a hairline.
    expect(screen.getByRole('img', { name: /^FY 2025/ }).querySelector('.h-32 > div')).toHaveStyle({ height: '1.5%' });
    expect(screen.getByRole('img', { name: /^Q3 2025/ }).querySelector('.h-32 > div')).toHaveStyle({ height: '1px' });
  });

  it('gives the same figures as a table, oldest period first', () => {
    render(<MentionChart summary={summary} />);
    const table = screen.getByRole('table', { name: 'Mentions of “tariffs” by fiscal period, oldest first' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('rowheader'), ...within(row).queryAllByRole('cell')].map(
          (cell) => cell.textContent,
        ),
      );
    expect(rows).toEqual([
      ['Period', 'Hits', 'Calls that mention it', 'Calls searched', 'Share of calls'],
      ['Q3 2025', '0', '0', '9', '0%'],
      ['Q4 2025', '3', '1', '10', '10%'],
      ['FY 2025', '1', '1', '12,000', 'under 0.1%'],
      ['Q1 2026', '12', '3', '10', '30%'],
      ['Q2 2026', '20', '6', '8', '75%'],
      ['H1 2026', '5', '2', '4', '50%'],
    ]);
    // The table sits in a disclosure, opened from the keyboard like any summary.
    expect(screen.getByText('Show the figures as a table').tagName).toBe('SUMMARY');
  });

  it('names every period under its bar in full, the period over its year, never cut short', () => {
    render(<MentionChart summary={summary} />);
    const items = within(screen.getByRole('list', { name: 'Share of calls that mention “tariffs”, oldest period first' })).getAllByRole('listitem');
    // The names are drawn for the eye (the bars carry them for a screen reader): each whole, no "…".
    expect(items.map((item) => item.querySelector('[data-period-label]')?.textContent)).toEqual([
      'Q3 2025',
      'Q4 2025',
      'FY 2025',
      'Q1 2026',
      'Q2 2026',
      'H1 2026',
    ]);
    for (const item of items) {
      const label = item.querySelector('[data-period-label]')!;
      expect(label.className).not.toMatch(/truncate|text-ellipsis/);
      expect(label.className).toContain('whitespace-nowrap');
    }
    // The newest period is always named, whatever the width.
    expect(items.at(-1)!.querySelector('[data-period-label]')!.className).not.toContain('hidden');
  });

  it('names fewer periods when the columns are narrow: every 2nd, 4th or 8th counted from the newest', () => {
    // Columns (CSS containers) of at least 28 px name every period, 12 px every 2nd, 4 px every 4th, narrower every 8th.
    expect([0, 1, 2, 3, 4, 6, 8, 12, 16, 24].map(labelShown)).toEqual([
      'block',
      'hidden @min-[28px]:block',
      'hidden @min-[12px]:block',
      'hidden @min-[28px]:block',
      'hidden @min-[4px]:block',
      'hidden @min-[12px]:block',
      'block',
      'hidden @min-[4px]:block',
      'block',
      'block',
    ]);
  });

  it('says so when no period was searched', () => {
    render(<MentionChart summary={{ ...summary, quarters: [] }} />);
    expect(screen.getByText(/nothing to chart over time/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('TopCompanies', () => {
  it('ranks the companies by hits, each linking to its page with its hits and calls', async () => {
    await renderInRouter(<TopCompanies summary={summary} />);
    const list = await screen.findByRole('list', { name: 'Companies that mention “tariffs” most' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1.Acme Corp · US18 hits in 4 calls',
      '2.Bryrite · SE9 hits in 3 calls',
      '3.Calder & Sons1 hit in 1 call',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Acme Corp' })).toHaveAttribute('href', '/companies/12');
    expect(within(items[2]!).getByRole('link', { name: 'Calder & Sons' })).toHaveAttribute('href', '/companies/7');
  });

  it('shows at most `limit` companies, and says when none mentions it', async () => {
    const { unmount } = await renderInRouter(<TopCompanies summary={summary} limit={2} />);
    expect(
      within(await screen.findByRole('list'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Acme Corp', 'Bryrite']);
    unmount();
    await renderInRouter(<TopCompanies summary={{ ...summary, companies: [] }} />);
    expect(await screen.findByText('No company mentions “tariffs”.')).toBeInTheDocument();
  });

  it('says since when its companies are counted when the server counted only the newest calls', async () => {
    await renderInRouter(<TopCompanies summary={{ ...summary, companiesSince: '2026-08-01T00:00:00.000Z' }} />);
    expect(await screen.findByRole('list', { name: 'Companies that mention “tariffs” most since August 2026' })).toBeInTheDocument();
    expect(
      screen.getByText('Companies counted in calls since August 2026; the chart counts every call. Choose dates to count older calls.'),
    ).toBeInTheDocument();
  });
});
