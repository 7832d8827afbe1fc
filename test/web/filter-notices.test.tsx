/** The shared pieces every list page shows for its address filters: what was dropped, and the chips. */
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

describe('ActiveFilterChips', () => {
  it('lists each filter with a button that removes that one', async () => {
    const onRemove = vi.fn();
    render(
      <ActiveFilterChips
        chips={[
          { field: 'tickers', label: 'Tickers', text: 'BRK/B,AAPL' },
          { field: 'countries', label: 'Countries', text: 'US' },
        ]}
        onRemove={onRemove}
      />,
    );
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(list).toHaveTextContent('Tickers: BRK/B,AAPL');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Countries: US' }));
    expect(onRemove).toHaveBeenCalledWith('countries');
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows no list when no filter is set', () => {
    render(<ActiveFilterChips chips={[]} onRemove={() => {}} />);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });
});
