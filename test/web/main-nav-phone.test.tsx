/** The main navigation on a phone: a "Menu" button that opens all eight items, put away by Escape or by choosing one. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { useSandboxServer } from '../support/sandbox-server.ts';
import { pretendScreenWidth } from '../support/screen-width.ts';

useSandboxServer();

/** A screen of the given width: the app's media queries answered as a browser of that width would. */
const ITEMS = ['Calendar', 'Companies', 'Recordings', 'Transcripts', 'Documents', 'Search calls', 'Live', 'My notes'];

describe('main navigation on a phone (390 px)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = pretendScreenWidth(390);
  });
  afterEach(() => restore());

  it('opens from "Menu" with all eight items as links, the current page marked; Escape closes it and refocuses the button', async () => {
    const { user } = await renderApp('/notes');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Closed: none of the items is shown.
    expect(within(nav).queryAllByRole('link')).toEqual([]);

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = within(nav).getByRole('list');
    expect(menu).toHaveAttribute('aria-controls', list.id);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ITEMS);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/calendar',
      '/companies',
      '/recordings',
      '/transcripts',
      '/documents',
      '/search',
      '/live',
      '/notes',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['My notes']);

    // The items follow the button in the tab order.
    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    expect(menu).toHaveFocus();

    // Keyboard alone: Enter opens it again, Escape closes it.
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('goes to the chosen item and closes', async () => {
    const { user, router } = await renderApp('/notes');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(within(nav).getByRole('link', { name: 'Recordings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Recordings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/recordings');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryAllByRole('link')).toEqual([]);

    // Opened again, it marks the new page.
    await user.click(menu);
    expect(within(nav).getByRole('link', { name: 'Recordings' })).toHaveAttribute('aria-current', 'page');
  });

  it('closes on a press outside it, the focus staying where the reader pressed', async () => {
    const { user } = await renderApp('/notes');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(screen.getByRole('heading', { level: 1, name: 'My notes' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryAllByRole('link')).toEqual([]);
  });
});

describe('main navigation on a wide screen (1280 px)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = pretendScreenWidth(1280);
  });
  afterEach(() => restore());

  it('shows the eight items in a row, with no Menu button', async () => {
    await renderApp('/notes');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(ITEMS);
  });
});
