/** The "Search companies" combobox in the header and the Ctrl/Cmd+K palette, over the real index. */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCompanyIndex } from '../../src/features/company-search/company-index.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, forwardToSandbox, sandbox, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

/** A ticker that several companies list, and those companies. */
function sharedTicker() {
  const byTicker = new Map<string, Set<number>>();
  for (const c of sandbox.store.companies) for (const t of c.tickers) byTicker.set(t.ticker, (byTicker.get(t.ticker) ?? new Set()).add(c.id));
  const [ticker, ids] = [...byTicker].find(([, set]) => set.size >= 2)!;
  return { ticker, companies: [...ids].map((id) => sandbox.store.companies[id - 1]!) };
}

/** The header's search box: its code loads when it is first focused (or when the browser is idle). */
async function headerSearch(user: import('@testing-library/user-event').UserEvent) {
  const region = screen.getByRole('search', { name: 'Companies' });
  const shell = within(region).queryByRole('textbox', { name: 'Search companies' }) ?? within(region).getByRole('combobox', { name: 'Search companies' });
  await user.click(shell);
  const input = await within(region).findByRole('combobox', { name: 'Search companies' });
  await waitFor(() => expect(input).toHaveFocus());
  return input;
}

describe('before the index is ready', () => {
  it('looks a ticker up through the API at once and lists every company that has it, with exchanges', async () => {
    // The index's fill never finishes (a stalled service): only direct lookups can answer.
    server.use(
      http.get(apiPath('/companies'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('limit') === '500') await delay('infinite');
        return forwardToSandbox(request);
      }),
    );
    const { ticker, companies } = sharedTicker();
    const { user, unmount } = await renderApp('/');
    await user.type(await headerSearch(user), ticker.toLowerCase());

    const listbox = await screen.findByRole('listbox', { name: 'Matching companies' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThanOrEqual(companies.length));
    const options = within(listbox).getAllByRole('option');
    for (const company of companies) {
      const option = options.find((o) => within(o).queryByText(company.displayName));
      expect(option, company.displayName).toBeDefined();
      const exchanges = company.tickers.filter((t) => t.ticker === ticker && t.exchange !== 'BASE').map((t) => t.exchange);
      for (const exchange of exchanges) expect(option!.textContent).toContain(exchange);
    }
    // While the index fills, the list says so.
    expect(screen.getByRole('progressbar', { name: 'Company index' })).toBeInTheDocument();
    expect(getCompanyIndex().getStatus().complete).toBe(false);
    unmount();
    getCompanyIndex().stop();
  });
});

describe('with the index filled', () => {
  it('ranks matches as the user types part of a name, walks them with the arrow keys and opens one with Enter', async () => {
    await getCompanyIndex().start();
    const target = sandbox.store.companies[23]!;
    const part = target.displayName.slice(0, 4);
    const { user, router } = await renderApp('/');
    const input = await headerSearch(user);
    await user.type(input, part);

    const listbox = await screen.findByRole('listbox', { name: 'Matching companies' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = within(listbox).getAllByRole('option');
    // Every option starts with what was typed (a name prefix outranks anything looser).
    const names = options.map((o) => o.querySelector('span span')!.textContent!);
    expect(names[0]!.toLowerCase().startsWith(part.toLowerCase())).toBe(true);
    // The first option is active; ArrowDown moves on, ArrowUp comes back.
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    const index = names.indexOf(target.displayName);
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < index; i++) await user.keyboard('{ArrowDown}');
    expect(within(listbox).getAllByRole('option')[index]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/companies/${target.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: target.displayName })).toBeInTheDocument();
  });

  it('puts an exact ISIN first', async () => {
    await getCompanyIndex().start();
    const target = sandbox.store.companies[51]!;
    const { user } = await renderApp('/');
    await user.type(await headerSearch(user), target.isins[0]!.toLowerCase());
    const listbox = await screen.findByRole('listbox', { name: 'Matching companies' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent(target.displayName);
  });

  it('says when nothing matches, and Escape closes the list', async () => {
    await getCompanyIndex().start();
    const { user } = await renderApp('/');
    const input = await headerSearch(user);
    await user.type(input, 'qqqxxzzvv');
    expect(await screen.findByText(/No company matches “qqqxxzzvv”/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('command palette', () => {
  it('opens on Ctrl+K with an input labelled "Search companies", and Enter opens the best match', async () => {
    await getCompanyIndex().start();
    const target = sandbox.store.companies[5]!;
    const { user, router } = await renderApp('/recordings');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find a company' });
    // The dialog opens first; its contents join it on the next render.
    const input = await within(dialog).findByRole('combobox', { name: 'Search companies' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, target.tickers[0]!.ticker);
    await within(dialog).findByRole('listbox', { name: 'Matching companies' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/companies/${target.id}`));
  });

  /** The palette's options, each by its first line: a company's display name, or the search of what was said. */
  function optionTitles(listbox: HTMLElement): string[] {
    return within(listbox)
      .getAllByRole('option')
      .map((o) => (o.textContent!.startsWith('Search what was said') ? o.querySelector('span')!.textContent! : o.querySelector('span span')!.textContent!));
  }

  async function typeInPalette(text: string) {
    await getCompanyIndex().start();
    const rendered = await renderApp('/recordings');
    await rendered.user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find a company' });
    const input = await within(dialog).findByRole('combobox', { name: 'Search companies' });
    await waitFor(() => expect(input).toHaveFocus());
    await rendered.user.type(input, text);
    const listbox = await within(dialog).findByRole('listbox', { name: 'Matching companies' });
    return { ...rendered, dialog, input, listbox };
  }

  it('puts "Search what was said" first and active for a word that names no company (loose matches follow); Enter opens the search', async () => {
    // In the web-tests sandbox "margin" matches three companies only loosely (its letters in order).
    const { user, router, dialog, input, listbox } = await typeInPalette('margin');
    expect(optionTitles(listbox)).toEqual(['Search what was said for “margin”', 'Melareon', 'Grenenis Machinery', 'Marelmont Interactive']);
    const options = within(listbox).getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    // The arrow keys walk the companies below it and wrap round.
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options[3]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe('/search?q=margin'));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('keeps the company first for its exact ticker, with "Search what was said" last; Enter opens the company', async () => {
    const { user, router, listbox } = await typeInPalette('MLM');
    const titles = optionTitles(listbox);
    expect(titles[0]).toBe('Marelmont Interactive');
    expect(titles.at(-1)).toBe('Search what was said for “MLM”');
    expect(titles.filter((t) => t.startsWith('Search what was said'))).toHaveLength(1);
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    const id = sandbox.store.companies.find((c) => c.displayName === 'Marelmont Interactive')!.id;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/companies/${id}`));
  });

  it('keeps the company first for its name, and for the start of its name', async () => {
    const { user, listbox, input } = await typeInPalette('Melareon');
    expect(optionTitles(listbox)).toEqual(['Melareon', 'Marelmont Interactive', 'Elelard Minerals', 'Search what was said for “Melareon”']);
    await user.clear(input);
    await user.type(input, 'marel');
    expect(optionTitles(listbox)[0]).toBe('Marelmont Interactive');
    expect(optionTitles(listbox).at(-1)).toBe('Search what was said for “marel”');
  });

  it('also opens on Cmd+K, and lists the watchlist before anything is typed', async () => {
    localStorage.setItem('earnings-desk.watchlist.v1', JSON.stringify([{ id: 3, displayName: sandbox.store.companies[2]!.displayName }]));
    const { resetWatchlistCache } = await import('../../src/lib/watchlist.ts');
    resetWatchlistCache();
    const { user } = await renderApp('/');
    await user.keyboard('{Meta>}k{/Meta}');
    const dialog = await screen.findByRole('dialog', { name: 'Find a company' });
    const listbox = await within(dialog).findByRole('listbox', { name: 'Watchlist' });
    expect(within(listbox).getByRole('option')).toHaveTextContent(sandbox.store.companies[2]!.displayName);
    localStorage.clear();
    resetWatchlistCache();
  });
});
