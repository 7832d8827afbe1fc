/** Button and buttonClass: a real button with its name, one look per variant, and a link dressed as a button. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from '../../../src/components/ui/button.tsx';

describe('Button', () => {
  it.each(['primary', 'secondary', 'quiet', 'danger'] as const)('renders a %s button named by its text, which does not submit a form', async (variant) => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    const click = vi.fn();
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button variant={variant} onClick={click}>
          Apply filters
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Apply filters' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits its form when it is a submit button', async () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button type="submit" variant="primary">
          Show status
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show status' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('is disabled and ignores clicks when told', async () => {
    const click = vi.fn();
    render(
      <Button disabled onClick={click}>
        Download original
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Download original' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(click).not.toHaveBeenCalled();
  });

  it('keeps an aria-label as the name of an icon button', () => {
    render(
      <Button variant="quiet" size="icon" aria-label="Close player">
        <svg aria-hidden="true" />
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Close player' })).toBeInTheDocument();
  });

  it('gives the primary look in the accent colour of the theme, never a raw palette', () => {
    const primary = buttonClass({ variant: 'primary' });
    expect(primary).toContain('bg-accent-700');
    expect(primary).toContain('hover:bg-accent-800');
    expect(primary).not.toMatch(/\bsky-|\bblue-/);
  });

  it('dresses a link as a button without making it one', () => {
    render(
      <a href="/" className={buttonClass({ variant: 'primary' })}>
        Go to the start page
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
