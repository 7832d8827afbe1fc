/** /companies: filters that live in the address, the virtualized table, and its states. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { companyFilters } from '../../src/features/companies/company-list-filters.ts';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, forwardToSandbox, sandbox, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: /companies/i });
  return within(table).getAllByRole('row').slice(1);
}

function lastCompaniesRequest(): URLSearchParams {
  const url = [...seenRequests].reverse().find((u) => new URL(u).pathname === '/public/v3/companies' && new URL(u).searchParams.get('limit') === '200');
  return new URL(url!).searchParams;
}

describe('filters in the address', () => {
  it('reads every filter from the address and sends it to endpoint 1', async () => {
    const de = sandbox.store.companies.filter((c) => c.country === 'US');
    await renderApp('/companies?countries=us&exchanges=NYSE&updatedAfter=2020-01-01&updatedBefore=2030-01-01&direction=desc');
    await screen.findByRole('table', { name: 'Matching companies' });
    const sent = lastCompaniesRequest();
    expect(sent.get('countries')).toBe('US');
    expect(sent.get('exchanges')).toBe('NYSE');
    // A bare day is sent as an explicit timestamp: after the day is over, before it begins.
    expect(sent.get('updatedAfter')).toBe('2020-01-01T23:59:59.999Z');
    expect(sent.get('updatedBefore')).toBe('2030-01-01T00:00:00.000Z');
    expect(sent.get('direction')).toBe('desc');
    // Every row shown is a US company listed on the NYSE.
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const name = within(row).getAllByRole('cell')[0]!.textContent;
      const company = de.find((c) => c.displayName === name);
      expect(company, name ?? '').toBeDefined();
      expect(company!.tickers.some((t) => t.exchange === 'NYSE')).toBe(true);
    }
    // The form shows what the address says.
    expect(screen.getByRole('list', { name: 'Chosen countries' })).toHaveTextContent('United States');
    expect(screen.getByRole('list', { name: 'Chosen exchanges' })).toHaveTextContent('New York Stock Exchange');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('listed:desc');
  });

  it('falls back cleanly from bad values: they are left out, named, and the rest still applies', async () => {
    await renderApp('/companies?countries=USA,de&ids=abc,7&direction=sideways&updatedAfter=2026-02-31');
    const notice = await screen.findByText(/could not be used and were left out/);
    await waitFor(() => expect(lastCompaniesRequest()).toBeDefined());
    expect(notice).toHaveTextContent('Countries: USA');
    expect(notice).toHaveTextContent('Companies: abc');
    expect(notice).not.toHaveTextContent('ids');
    expect(notice).toHaveTextContent('Order: sideways');
    expect(notice).toHaveTextContent('Updated after: 2026-02-31');
    const sent = lastCompaniesRequest();
    expect(sent.get('countries')).toBe('DE');
    expect(sent.get('ids')).toBe('7');
    expect(sent.get('direction')).toBe('asc');
    expect(sent.get('updatedAfter')).toBeNull();
  });

  it('applying the form writes the filters to the address, and back/forward walks the views', async () => {
    const { user, router } = await renderApp('/companies');
    await screen.findByRole('table', { name: 'Companies' });
    const countries = screen.getByRole('combobox', { name: 'Countries' });
    await user.type(countries, 'united k');
    await user.keyboard('{Enter}');
    await user.type(countries, 'fran');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ countries: 'GB,FR' }));
    await screen.findByRole('table', { name: 'Matching companies' });
    expect(lastCompaniesRequest().get('countries')).toBe('GB,FR');
    expect(screen.getByRole('button', { name: 'Remove filter Countries: United Kingdom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Countries: France' })).toBeInTheDocument();

    router.history.back();
    await screen.findByRole('table', { name: 'Companies' });
    expect(screen.queryByRole('list', { name: 'Chosen countries' })).toBeNull();
    router.history.forward();
    await screen.findByRole('table', { name: 'Matching companies' });
    expect(screen.getByRole('list', { name: 'Chosen countries' })).toHaveTextContent('United Kingdom×France×');

    // A chip removes its value; the others stay.
    await user.click(screen.getByRole('button', { name: 'Remove filter Countries: United Kingdom' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ countries: 'FR' }));
  });

  it('refuses to apply a value it cannot use, and says which on its field', async () => {
    const { user, router } = await renderApp('/companies');
    await screen.findByRole('table', { name: 'Companies' });
    await user.type(screen.getByRole('textbox', { name: 'ISINs' }), 'US0378331005, NOT-AN-ISIN');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const isins = screen.getByRole('textbox', { name: 'ISINs' });
    expect(isins).toHaveAttribute('aria-invalid', 'true');
    expect(isins).toHaveAccessibleDescription(
      'Twelve characters each, separated by commas Cannot use NOT-AN-ISIN. Use twelve-character ISINs with their check digit, e.g. US0378331005.',
    );
    expect(isins).toHaveFocus();
    expect(router.state.location.search).toEqual({});
  });

  it('parses and converts filters for the API', () => {
    const search = companyFilters.parse({ tickers: 'aapl msft;brk.b', isins: ['us0378331005'], ids: 42 });
    expect(search.dropped).toEqual([]);
    expect(companyFilters.toApi(search)).toEqual({ tickers: ['AAPL', 'MSFT', 'BRK.B'], isins: ['US0378331005'], ids: [42], direction: 'asc' });
  });
});

describe('the table', () => {
  it('shows name, legal name, country, main ticker, exchange and next earnings call in each row, linking to the company', async () => {
    await renderApp('/companies');
    await screen.findByRole('table', { name: 'Companies' });
    const headers = within(screen.getByRole('table', { name: 'Companies' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Company', 'Legal name', 'Country', 'Ticker', 'Exchange', 'Next earnings call']);
    const first = sandbox.store.companies[0]!;
    const row = bodyRows()[0]!;
    const cells = within(row).getAllByRole('cell');
    expect(within(cells[0]!).getByRole('link', { name: first.displayName })).toHaveAttribute('href', `/companies/${first.id}`);
    expect(cells[1]).toHaveTextContent(first.name);
    // The main listing: the first real one, not the generic BASE listing the service puts first.
    expect(first.tickers[0]!.exchange).toBe('BASE');
    expect(cells[3]).toHaveTextContent(first.tickers[1]!.ticker);
    expect(cells[4]).toHaveTextContent(first.tickers[1]!.exchange);
  });

  it('keeps the rendered rows bounded however many are loaded', async () => {
    const { user } = await renderApp('/companies');
    await screen.findByRole('table', { name: 'Companies' });
    // 80 companies are loaded; jsdom's 768 px viewport holds ~15 rows plus overscan.
    expect(bodyRows().length).toBeLessThan(40);
    expect(screen.getByText(/All 80 companies loaded/)).toBeInTheDocument();
    void user;
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '2');
  });

  it('loads the next cursor pages as rows near the end, and a failed page keeps the rows and offers Retry', async () => {
    // The service answers 10 per page whatever limit says (as it does for demo keys).
    let failing = false;
    server.use(
      http.get(apiPath('/companies'), ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('limit') !== '200') return undefined;
        if (failing && url.searchParams.get('cursor')) return HttpResponse.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 });
        url.searchParams.set('limit', '10');
        return forwardToSandbox(new Request(url, { headers: request.headers, signal: request.signal }));
      }),
    );
    failing = true;
    const { user } = await renderApp('/companies');
    await screen.findByRole('table', { name: 'Companies' });
    // The next page is asked for at once (the last row is within reach) and fails: the first ten stay.
    expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    failing = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    // Then it keeps going, page by page, to the end.
    // Pages keep coming while the last rows are within reach of the viewport (40 rows ahead)…
    await waitFor(() => expect(screen.getByText(/70 companies loaded/)).toBeInTheDocument());
    // …and "Load more" fetches the rest for keyboard users.
    await user.click(screen.getByRole('button', { name: 'Load more companies' }));
    expect(await screen.findByText(/All 80 companies loaded/)).toBeInTheDocument();
    expect(bodyRows().length).toBeLessThan(40);
    const cursors = seenRequests
      .map((u) => new URL(u).searchParams)
      .filter((q) => q.get('limit') === '10' || q.get('limit') === '200')
      .map((q) => q.get('cursor'));
    expect(cursors.filter(Boolean)).toHaveLength(8); // 7 pages after the first, one of them twice (the retry)
  });

  it('says what to do when no company matches', async () => {
    const { user, router } = await renderApp('/companies?tickers=ZZZZZZ');
    expect(await screen.findByText(/No company matches these filters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await screen.findByRole('table', { name: 'Companies' });
  });

  it('names a failure and retries it', async () => {
    let failing = true;
    server.use(
      http.get(apiPath('/companies'), () => (failing ? HttpResponse.json({ statusCode: 401, message: 'Invalid API key' }, { status: 401 }) : undefined)),
    );
    const { user } = await renderApp('/companies');
    expect(await screen.findByText('The API key is missing or was rejected (401)')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    await screen.findByRole('table', { name: 'Companies' });
  });
});
