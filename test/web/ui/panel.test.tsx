/** Panel and EmptyState: a region named by its heading. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState, Panel } from '../../../src/components/ui/panel.tsx';

describe('Panel', () => {
  it('is a region named by its heading, with its actions and body', () => {
    render(
      <Panel title="Recordings" actions={<button type="button">Load more</button>}>
        <EmptyState>No recording of this event.</EmptyState>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Recordings' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Recordings' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(within(region).getByText('No recording of this event.')).toBeInTheDocument();
  });
});
