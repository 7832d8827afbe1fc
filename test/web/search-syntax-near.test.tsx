/** The transcript search box with NEAR: the syntax help shows it, and a bad distance is explained as it is typed, before any search. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TranscriptSearchBox } from '../../src/features/transcript-search/search-box.tsx';

describe('NEAR in the transcript search box', () => {
  it('shows NEAR/n with an example in the syntax help, and how its words are counted', async () => {
    const user = userEvent.setup();
    render(<TranscriptSearchBox value="" onSearch={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Syntax help' }));
    const help = screen.getByRole('region', { name: 'Search syntax' });
    expect(help).toBeVisible();
    expect(help).toHaveTextContent('margin NEAR/5 guidance');
    expect(help).toHaveTextContent(
      'both, at most 5 words apart in either order (NEAR/1 is next to each other, NEAR alone is NEAR/10, up to NEAR/50). Every word between counts, common words too; a side can be a "phrase" or guid*',
    );
  });

  it('searches margin NEAR/5 guidance, and explains NEAR/0 without searching', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<TranscriptSearchBox value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search what was said' });
    await user.type(box, 'margin NEAR/0 guidance{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'NEAR/0 is not a distance: NEAR/n takes a whole number of words from 1 to 50, as in margin NEAR/5 guidance.',
    );
    expect(onSearch).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'margin NEAR/5 guidance{Enter}');
    expect(onSearch).toHaveBeenCalledWith('margin NEAR/5 guidance');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
