/** The "Dark theme" toggle: flips the page's theme, remembers a choice, hands control back to the system. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from '../../src/components/theme-toggle.tsx';

const KEY = 'earnings-desk:theme';

/** A controllable `(prefers-color-scheme: dark)` media query. */
function mockSystemTheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return query.includes('dark') ? dark : false;
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
  return {
    setDark(value: boolean) {
      dark = value;
      act(() => {
        for (const listener of listeners) listener({ matches: value } as MediaQueryListEvent);
      });
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

const html = document.documentElement;
let system: ReturnType<typeof mockSystemTheme> | undefined;

beforeEach(() => {
  localStorage.clear();
  html.classList.remove('dark');
  html.style.colorScheme = '';
});
afterEach(() => {
  system?.restore();
  system = undefined;
});

describe('ThemeToggle', () => {
  it('turns dark on and off on a light system, remembering dark and forgetting the choice for light', async () => {
    system = mockSystemTheme(false);
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(KEY)).toBe('dark');

    // Light is what the system shows: the stored choice goes, the system decides again.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('on a dark system starts pressed, stores light when turned off, and forgets it when turned back on', async () => {
    system = mockSystemTheme(true);
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem(KEY)).toBe('light');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('starts from a stored choice over the system', () => {
    system = mockSystemTheme(false);
    localStorage.setItem(KEY, 'dark');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('follows the system while no choice is stored', () => {
    system = mockSystemTheme(false);
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    system.setDark(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveClass('dark');
    system.setDark(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');
  });

  it('keeps a stored choice when the system changes', async () => {
    system = mockSystemTheme(false);
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    await user.click(toggle);
    system.setDark(true);
    system.setDark(false);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem(KEY)).toBe('dark');
  });

  it('works without matchMedia (light by default)', async () => {
    const original = window.matchMedia;
    // @ts-expect-error jsdom has no matchMedia; make sure of it for this test
    delete window.matchMedia;
    try {
      const user = userEvent.setup();
      render(<ThemeToggle />);
      const toggle = screen.getByRole('button', { name: 'Dark theme' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(localStorage.getItem(KEY)).toBe('dark');
    } finally {
      if (original) window.matchMedia = original;
    }
  });
});
