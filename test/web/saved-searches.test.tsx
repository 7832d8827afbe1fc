/** Saved searches: the list with its new-hit counts, rename and remove, opening one, and the Save search button. */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import { SavedSearches, SaveSearchButton } from '../../src/features/transcript-search/saved-searches.tsx';
import { resetSavedSearchesCache } from '../../src/lib/transcript-search/saved.ts';
import { resetWatchlistCache } from '../../src/lib/watchlist.ts';
import { server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const KEY = 'earnings-desk.saved-searches.v1';

/** What the search answers now, by query: the totals only matter here. */
const TOTALS: Record<string, { calls: number; hits: number }> = {
  tariffs: { calls: 4, hits: 12 },
  '"gross margin"': { calls: 2, hits: 5 },
  duties: { calls: 1, hits: 1 },
};
let asked: URL[] = [];

beforeEach(() => {
  asked = [];
  server.use(
    http.get('*/api/search', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const q = url.searchParams.get('q') ?? '';
      // A saved search's count reads every match (totals=all); without it a stand-in page counts only some.
      const complete = url.searchParams.get('totals') === 'all';
      return HttpResponse.json({
        q,
        sort: 'relevance',
        words: [q],
        totals: { ...(TOTALS[q] ?? { calls: 0, hits: 0 }), complete },
        calls: [],
        nextCursor: null,
      });
    }),
  );
  resetSavedSearchesCache();
});

afterEach(() => {
  localStorage.clear();
  resetSavedSearchesCache();
  resetWatchlistCache();
});

function stored(): { name: string; hits: number | null; lastOpenedAt: string }[] {
  return JSON.parse(localStorage.getItem(KEY) ?? '[]');
}

function saved(list: unknown[]) {
  localStorage.setItem(KEY, JSON.stringify(list));
  resetSavedSearchesCache();
}

async function renderInApp(ui: ReactNode) {
  const queryClient = createTestQueryClient();
  const router = createRouter({ routeTree: createRootRoute({ component: () => <>{ui}</> }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(() => router.load());
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, router };
}

const LONG_AGO = '2026-11-01T08:00:00.000Z';

describe('SavedSearches', () => {
  it('lists each saved search with a link to it, its filters and the hits new since it was last opened', async () => {
    saved([
      {
        name: 'Tariffs at Acme',
        params: { q: 'tariffs', companyIds: [12], speakers: ['executive'], from: '2026-01-01' },
        savedAt: LONG_AGO,
        lastOpenedAt: LONG_AGO,
        hits: 9,
      },
      { name: 'Margins', params: { q: '"gross margin"', countries: ['US', 'GB'], sort: 'date' }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 5 },
    ]);
    await renderInApp(<SavedSearches />);
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    const [first, second] = within(list).getAllByRole('listitem');

    expect(within(first!).getByRole('link', { name: 'Tariffs at Acme' })).toHaveAttribute(
      'href',
      '/search?q=tariffs&companyIds=12&speakers=executive&from=2026-01-01',
    );
    expect(first).toHaveTextContent('1 company · from 2026-01-01 · said by executives');
    expect(await within(first!).findByText('3 new hits since last opened')).toBeInTheDocument();

    expect(within(second!).getByRole('link', { name: 'Margins' })).toHaveAttribute(
      'href',
      // A phrase starts with a quotation mark, so the router writes it as JSON text (and reads it back so).
      '/search?q=%22%5C%22gross+margin%5C%22%22&countries=US%2CGB&sort=date',
    );
    expect(second).toHaveTextContent('US, GB · newest first');
    expect(await within(second!).findByText('No new hits since last opened.')).toBeInTheDocument();

    // One count per search, with its filters, for one call's worth of results.
    const tariffs = asked.find((url) => url.searchParams.get('q') === 'tariffs')!;
    expect(Object.fromEntries(tariffs.searchParams)).toEqual({
      q: 'tariffs',
      companyIds: '12',
      speakers: 'executive',
      from: '2026-01-01',
      limit: '1',
      totals: 'all',
    });
  });

  it('watches a saved search in live calls when asked ("Alert me when a live call says this"), and keeps the choice', async () => {
    saved([
      { name: 'Tariffs at Acme', params: { q: 'tariffs', companyIds: [12] }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 9 },
      { name: 'Margins', params: { q: '"gross margin"', countries: ['US'] }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 5 },
    ]);
    const { user } = await renderInApp(<SavedSearches />);
    const [first, second] = within(await screen.findByRole('list', { name: 'Saved searches' })).getAllByRole('listitem');
    const toggle = within(first!).getByRole('checkbox', { name: 'Alert me when a live call says this: “Tariffs at Acme”' });
    expect(toggle).not.toBeChecked();
    // Its company filter is where it listens; a search without one listens to every live call.
    expect(first).toHaveTextContent('Alert me when a live call says this (its companies)');
    expect(second).toHaveTextContent('Alert me when a live call says this (every live call; its other filters do not apply to live calls)');

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(stored().map((entry) => [entry.name, (entry as { watchLive?: boolean }).watchLive])).toEqual([
      ['Tariffs at Acme', true],
      ['Margins', false],
    ]);
    // Another tab (or a reload) reads the same.
    resetSavedSearchesCache();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(await within(first!).findByRole('checkbox', { name: 'Alert me when a live call says this: “Tariffs at Acme”' })).toBeChecked();

    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
    expect((stored()[0] as { watchLive?: boolean }).watchLive).toBe(false);
  });

  it('says when there are none', async () => {
    await renderInApp(<SavedSearches />);
    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
  });

  it('counts a watchlist search over the watchlist’s companies, and says when the watchlist is empty', async () => {
    saved([{ name: 'Duties, watchlist', params: { q: 'duties', watchlist: true }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 0 }]);
    const { unmount } = await renderInApp(<SavedSearches />);
    expect(await screen.findByText('Your watchlist is empty, so this search has no companies to search.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Duties, watchlist' })).toHaveAttribute('href', '/search?q=duties&watchlist=1');
    unmount();

    localStorage.setItem(
      'earnings-desk.watchlist.v1',
      JSON.stringify([
        { id: 3, displayName: 'Acme' },
        { id: 9, displayName: 'Bryrite' },
      ]),
    );
    resetWatchlistCache();
    await renderInApp(<SavedSearches />);
    expect(await screen.findByText('1 new hit since last opened')).toBeInTheDocument();
    expect(asked.at(-1)!.searchParams.get('companyIds')).toBe('3,9');
  });

  it('opens a search in the app and counts from what it finds now', async () => {
    saved([{ name: 'Tariffs', params: { q: 'tariffs' }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 9 }]);
    const { user, router } = await renderInApp(<SavedSearches />);
    await screen.findByText('3 new hits since last opened');
    await user.click(screen.getByRole('link', { name: 'Tariffs' }));
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=tariffs'));
    expect(stored()[0]!.hits).toBe(12);
    expect(stored()[0]!.lastOpenedAt).not.toBe(LONG_AGO);
    expect(await screen.findByText('No new hits since last opened.')).toBeInTheDocument();
  });

  it('renames from the keyboard (Escape cancels) and removes', async () => {
    saved([
      { name: 'Tariffs', params: { q: 'tariffs' }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 12 },
      { name: 'Margins', params: { q: '"gross margin"', countries: ['US'] }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 5 },
    ]);
    const { user } = await renderInApp(<SavedSearches />);
    const rename = await screen.findByRole('button', { name: 'Rename saved search “Tariffs”' });
    rename.focus();
    await user.keyboard('{Enter}');
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Tariffs');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename saved search “Tariffs”' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Tariff talk{Enter}');
    expect(await screen.findByRole('link', { name: 'Tariff talk' })).toBeInTheDocument();
    expect(stored().map((entry) => entry.name)).toEqual(['Tariff talk', 'Margins']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename saved search “Tariff talk”' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Remove saved search “Margins”' }));
    expect(screen.queryByRole('link', { name: 'Margins' })).not.toBeInTheDocument();
    expect(stored().map((entry) => entry.name)).toEqual(['Tariff talk']);
  });
});

describe('SaveSearchButton', () => {
  it('saves the search with its totals, and forgets it when pressed again', async () => {
    const { user } = await renderInApp(<SaveSearchButton params={{ q: 'tariffs', countries: ['SE'] }} totals={{ calls: 4, hits: 12 }} />);
    const button = await screen.findByRole('button', { name: 'Save search' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Saved as “tariffs”.');
    expect(stored()).toEqual([expect.objectContaining({ name: 'tariffs', params: { q: 'tariffs', countries: ['SE'] }, hits: 12 })]);
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(stored()).toEqual([]);
  });

  it('shown for a saved search, counts it as opened with what it finds now', async () => {
    saved([{ name: 'Tariffs in Sweden', params: { q: 'tariffs', countries: ['SE'] }, savedAt: LONG_AGO, lastOpenedAt: LONG_AGO, hits: 9 }]);
    await renderInApp(<SaveSearchButton params={{ q: 'tariffs', countries: ['SE'] }} totals={{ calls: 4, hits: 12 }} />);
    expect(await screen.findByRole('button', { name: 'Save search' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(stored()[0]!.hits).toBe(12));
    expect(stored()[0]!.lastOpenedAt).not.toBe(LONG_AGO);
  });

  it('when the page counted only the newest calls, saves the count of every match instead', async () => {
    // The page of a word said in most calls: at least 3 passages in 2 calls since November.
    const { user } = await renderInApp(
      <SaveSearchButton
        params={{ q: 'tariffs', countries: ['SE'] }}
        apiParams={{ q: 'tariffs', countries: ['SE'] }}
        totals={{ calls: 2, hits: 3, complete: false }}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    // Every match counted: 12 (the stand-in's count for tariffs with totals=all).
    await waitFor(() => expect(stored()).toEqual([expect.objectContaining({ name: 'tariffs', hits: 12 })]));
    expect(asked.map((url) => url.searchParams.get('totals'))).toEqual(['all']);
  });

  it('cannot save a search without words', async () => {
    await renderInApp(<SaveSearchButton params={{ q: ' ', companyIds: [12] }} />);
    expect(await screen.findByRole('button', { name: 'Save search' })).toBeDisabled();
  });
});
