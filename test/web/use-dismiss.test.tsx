/**
 * The one rule for putting away what lies over the page (the alert tray, a transcript's Export
 * panel, the search's Syntax help): Escape, with the focus sent back by the caller, or a press
 * outside; a press inside keeps it open. Exercised through the search's Syntax help.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDismiss } from '../../src/components/use-dismiss.ts';

function Popover() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [how, setHow] = useState('');
  useDismiss(open, [panel, button], (way) => {
    setOpen(false);
    setHow(way);
    if (way === 'escape') button.current?.focus();
  });
  return (
    <div>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Help
      </button>
      {open && (
        <div ref={panel} role="dialog" aria-label="Help panel">
          <input aria-label="Inside" />
        </div>
      )}
      <p>Elsewhere</p>
      <output aria-label="Closed by">{how}</output>
    </div>
  );
}

describe('useDismiss', () => {
  it('Escape puts it away and the caller sends the focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Popover />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(screen.getByRole('textbox', { name: 'Inside' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Help panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Closed by' })).toHaveTextContent('escape');
  });

  it('a press outside puts it away; a press inside, or on its own button, does not dismiss it', async () => {
    const user = userEvent.setup();
    render(<Popover />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(screen.getByRole('textbox', { name: 'Inside' }));
    expect(screen.getByRole('dialog', { name: 'Help panel' })).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog', { name: 'Help panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Closed by' })).toHaveTextContent('outside');
    // Its own button toggles it, as the button says, rather than being a press outside.
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.queryByRole('dialog', { name: 'Help panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Closed by' })).toHaveTextContent('outside');
  });
});
