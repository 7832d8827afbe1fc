/** Saved searches counted by the real search service (server/search over the sandbox): the count query is one it answers. */
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import { SavedSearches } from '../../src/features/transcript-search/saved-searches.tsx';
import { resetSavedSearchesCache } from '../../src/lib/transcript-search/saved.ts';
import { TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';
import { useSearchServer } from '../support/search-server.ts';

useSandboxServer();
const search = useSearchServer();

afterEach(() => {
  localStorage.clear();
  resetSavedSearchesCache();
});

/** The service's own total for a search, asked directly (not through the code under test). */
async function totalHits(query: string): Promise<number> {
  const response = await search.service().handle(new Request(`${TEST_ORIGIN}/api/search?${query}`));
  expect(response.status).toBe(200);
  return ((await response.json()) as { totals: { hits: number } }).totals.hits;
}

describe('saved searches over the real search', () => {
  it('says how many hits are new since last opened, with the search’s filters', async () => {
    const margin = await totalHits('q=margin');
    const executives = await totalHits('q=margin&companyIds=1%2C2&speakers=executive');
    expect(margin).toBeGreaterThan(2);
    expect(executives).toBeGreaterThan(0);
    expect(executives).toBeLessThan(margin);
    localStorage.setItem(
      'earnings-desk.saved-searches.v1',
      JSON.stringify([
        { name: 'Margin', params: { q: 'margin' }, savedAt: '2026-11-01T08:00:00.000Z', hits: margin - 2 },
        {
          name: 'Margin, executives of two',
          params: { q: 'margin', companyIds: [1, 2], speakers: ['executive'] },
          savedAt: '2026-11-01T08:00:00.000Z',
          hits: executives,
        },
      ]),
    );
    resetSavedSearchesCache();

    const router = createRouter({ routeTree: createRootRoute({ component: SavedSearches }), history: createMemoryHistory({ initialEntries: ['/'] }) });
    await act(() => router.load());
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const [all, some] = within(await screen.findByRole('list', { name: 'Saved searches' })).getAllByRole('listitem');
    expect(await within(all!).findByText('2 new hits since last opened')).toBeInTheDocument();
    expect(await within(some!).findByText('No new hits since last opened.')).toBeInTheDocument();
  });
});
