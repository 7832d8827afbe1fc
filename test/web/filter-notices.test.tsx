/** The shared pieces every list page shows for its address filters: what was dropped, and the chips. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActiveFilterChips } from '../../src/components/active-filter-chips.tsx';
import { DroppedFiltersNotice } from '../../src/components/dropped-filters-notice.tsx';

describe('DroppedFiltersNotice', () => {
  it('names each value that was left out', () => {
    render(
      <DroppedFiltersNotice
        dropped={[
          { field: 'countries', label: 'Countries', value: 'USA' },
          { field: 'updatedAfter', label: 'Updated after', value: '2026-02-31' },
        ]}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Some filters in the address could not be used and were left out: Countries: USA; Updated after: 2026-02-31.',
    );
  });

  it('says nothing when nothing was dropped', () => {
    render(<DroppedFiltersNotice dropped={[]} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

const withQueries = (ui: React.ReactElement) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('ActiveFilterChips', () => {
  it('one chip per value, named as a reader says it, each a button that removes that one', async () => {
    const onRemove = vi.fn();
    const chips = [
      { field: 'countries', label: 'Countries', kind: 'countries', value: 'SE' },
      { field: 'countries', label: 'Countries', kind: 'countries', value: 'GB' },
      { field: 'exchanges', label: 'Exchanges', kind: 'exchanges', value: 'LSE' },
      { field: 'exchanges', label: 'Exchanges', kind: 'exchanges', value: 'MOON' },
      { field: 'tickers', label: 'Tickers', kind: 'tickers', value: 'BRK/B' },
      { field: 'startDate', label: 'Event date from', kind: 'date', value: '2026-03-01' },
    ] as const;
    withQueries(<ActiveFilterChips chips={chips} onRemove={onRemove} />);
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Countries: Sweden×',
      'Countries: United Kingdom×',
      'Exchanges: London Stock Exchange×',
      'Exchanges: MOON×',
      'Tickers: BRK/B×',
      'Event date from: 1 Mar 2026×',
    ]);
    expect(list).not.toHaveTextContent('SE');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Countries: United Kingdom' }));
    expect(onRemove).toHaveBeenCalledWith(chips[1]);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows no list when no filter is set', () => {
    withQueries(<ActiveFilterChips chips={[]} onRemove={() => {}} />);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });
});
