/** Badge: its text and explanation reach the reader. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from '../../../src/components/ui/badge.tsx';

describe('Badge', () => {
  it('shows its text, with its title as the explanation on hover', () => {
    render(
      <Badge tone="warning" title="No API key is configured">
        Sandbox data
      </Badge>,
    );
    expect(screen.getByText('Sandbox data')).toHaveAttribute('title', 'No API key is configured');
  });

  it('passes data attributes through', () => {
    render(<Badge data-state="live">Live</Badge>);
    expect(screen.getByText('Live')).toHaveAttribute('data-state', 'live');
  });
});
