/**
 * /companies sorted by name, country and next earnings call: the order in the address (so a sorted
 * list is a link), headings that sort as buttons with aria-sort, a bad value named like any bad
 * filter, and the "Next earnings call" column read in batches from /events, or left out without it.
 * The eight companies of ids 1–8 of the sandbox (seed "web-tests", clock 2026-11-21 12:00 UTC).
 */
// First: dates as an en-US reader in UTC reads them (before src/lib/format.ts makes its formatters).
import '../support/dates-in-utc.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const EIGHT = 'ids=1,2,3,4,5,6,7,8';

function table() {
  return screen.getByRole('table', { name: 'Matching companies' });
}
/** The company names of the rows, top to bottom. */
function names(): string[] {
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}
const header = (name: string) => within(table()).getByRole('columnheader', { name });
const eventsRequests = () => seenRequests.filter((url) => new URL(url).pathname === '/public/v3/events').map((url) => new URL(url).searchParams);

const A_TO_Z = ['Arcelia Studios', 'Calaneon', 'Elelard Minerals', 'Galorova Therapeutics', 'Lumenent', 'Toranell Bank', 'Torenford Properties', 'Veraron'];

describe('sorting /companies', () => {
  it('sorts by name with the Company heading, a real button; the address holds the order, and a second press reverses it', async () => {
    const { user, router } = await renderApp(`/companies?${EIGHT}`);
    await screen.findByRole('table', { name: 'Matching companies' });
    // The service's order first: by id.
    await waitFor(() =>
      expect(names()).toEqual([
        'Calaneon',
        'Arcelia Studios',
        'Torenford Properties',
        'Veraron',
        'Toranell Bank',
        'Elelard Minerals',
        'Lumenent',
        'Galorova Therapeutics',
      ]),
    );
    expect(header('Company')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Company')).getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ids: '1,2,3,4,5,6,7,8', sort: 'name' }));
    await waitFor(() => expect(names()).toEqual(A_TO_Z));
    expect(header('Company')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('name:asc');
    expect(screen.getByText('All 8 companies sorted.')).toBeInTheDocument();

    await user.click(within(header('Company')).getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ids: '1,2,3,4,5,6,7,8', sort: 'name', direction: 'desc' }));
    await waitFor(() => expect(names()).toEqual([...A_TO_Z].reverse()));
    expect(header('Company')).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads the order from the address (a bookmark) and writes a new one from the Order control', async () => {
    const { user, router } = await renderApp(`/companies?${EIGHT}&sort=country`);
    await screen.findByRole('table', { name: 'Matching companies' });
    // Germany, then the United States; by name within a country.
    await waitFor(() =>
      expect(names()).toEqual([
        'Arcelia Studios',
        'Lumenent',
        'Calaneon',
        'Elelard Minerals',
        'Galorova Therapeutics',
        'Toranell Bank',
        'Torenford Properties',
        'Veraron',
      ]),
    );
    expect(header('Country')).toHaveAttribute('aria-sort', 'ascending');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Next earnings call, soonest first');
    await waitFor(() => expect(router.state.location.search).toEqual({ ids: '1,2,3,4,5,6,7,8', sort: 'next-call' }));
    // Calaneon has no earnings call announced: last.
    await waitFor(() =>
      expect(names()).toEqual([
        'Elelard Minerals',
        'Toranell Bank',
        'Arcelia Studios',
        'Veraron',
        'Galorova Therapeutics',
        'Torenford Properties',
        'Lumenent',
        'Calaneon',
      ]),
    );
    expect(header('Next earnings call')).toHaveAttribute('aria-sort', 'ascending');

    // Applying the filters keeps the order.
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ids: '1,2,3,4,5,6,7,8', sort: 'next-call' }));
  });

  it('names a sort it cannot use like any bad filter, and keeps the listed order', async () => {
    await renderApp(`/companies?${EIGHT}&sort=alphabetical`);
    const notice = await screen.findByText(/could not be used and were left out/);
    expect(notice).toHaveTextContent('Sort: alphabetical');
    await waitFor(() => expect(names()[0]).toBe('Calaneon'));
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('listed:asc');
  });
});

describe('the next earnings call', () => {
  it('shows each company’s next earnings call, linked to its event, from one batched /events read', async () => {
    await renderApp(`/companies?${EIGHT}`);
    await screen.findByRole('table', { name: 'Matching companies' });
    const row = (name: string) =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .find((r) => within(r).getAllByRole('cell')[0]!.textContent === name)!;
    const cell = (name: string) => within(row(name)).getAllByRole('cell')[5]!;
    await waitFor(() => expect(within(cell('Elelard Minerals')).getByRole('link')).toHaveAttribute('href', '/events/1170'));
    expect(within(cell('Lumenent')).getByRole('link')).toHaveAttribute('href', '/events/1209');
    expect(cell('Calaneon')).toHaveTextContent('None announced');
    // Their calls are today (the sandbox's clock: Nov 21, 2026, 12:00 UTC): each shows its time too.
    expect(cell('Elelard Minerals')).toHaveTextContent(/^Nov 21, 2026, 12:32 PM$/);
    expect(cell('Lumenent')).toHaveTextContent(/^Nov 21, 2026, 01:31 PM$/);
    // One request for the eight companies, asking for earnings calls from now on.
    const asked = eventsRequests();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.get('companyIds')).toBe('1,2,3,4,5,6,7,8');
    expect(asked[0]!.get('typeIds')).toBe('26,27,28,29,35,36');
    expect(asked[0]!.get('startDate')).toBe('2026-11-21T12:00:00.000Z');
  });

  it('without the list of events, leaves the column and its order out and says nothing alarming', async () => {
    const missing = { statusCode: 404, message: 'Not Found' };
    server.use(
      http.get(apiPath('/events'), () => HttpResponse.json(missing, { status: 404 })),
      http.get(apiPath('/event-types'), () => HttpResponse.json(missing, { status: 404 })),
    );
    await renderApp(`/companies?${EIGHT}&sort=next-call`);
    await screen.findByRole('table', { name: 'Matching companies' });
    await waitFor(() => expect(within(table()).queryByRole('columnheader', { name: 'Next earnings call' })).toBeNull());
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Company', 'Legal name', 'Country', 'Ticker', 'Exchange']);
    expect(names()[0]).toBe('Calaneon');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Sorting by the next earnings call needs the list of events, which this data source does not offer. The list is in the order companies were listed in.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const order = screen.getByRole('combobox', { name: 'Order' });
    expect(within(order).queryByRole('option', { name: /Next earnings call/ })).toBeNull();
    expect(order).toHaveValue('listed:asc');
  });
});
