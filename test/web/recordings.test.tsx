/** /recordings: endpoint 6 with its filters in the URL, newest first, rows that open the recording. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { sandboxJson, seenRequests, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

interface Audio {
  id: number;
  companyId: number;
  eventId: number;
  event: { title: string; date: string };
}

const audioRequests = () => seenRequests.filter((url) => new URL(url).pathname.endsWith('/public/v3/audio')).map((url) => new URL(url).searchParams);

describe('recordings list', () => {
  it('lists newest first with the event embedded; each event opens its recording', async () => {
    const expected = (await sandboxJson<{ data: Audio[] }>('/audio?limit=50&direction=desc&expand=event')).data;
    await renderApp('/recordings');
    const table = await screen.findByRole('table', { name: 'Recordings, newest published first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    const link = within(rows[0]!).getAllByRole('link', { name: expected[0]!.event.title })[0]!;
    expect(link).toHaveAttribute('href', `/recordings/${expected[0]!.id}`);
    const params = audioRequests()[0]!;
    expect(params.get('direction')).toBe('desc');
    expect(params.get('expand')).toBe('event');
  });

  it('applies every filter from the URL to the request, and shows only what matches', async () => {
    const some = (await sandboxJson<{ data: Audio[] }>('/audio?limit=5&direction=desc')).data[2]!;
    const query = `companyIds=${some.companyId}&startDate=2020-01-01&endDate=2030-12-31&updatedAfter=2020-01-02&direction=asc`;
    const expected = (await sandboxJson<{ data: Audio[] }>(`/audio?${query}&limit=50&expand=event`)).data;
    expect(expected.length).toBeGreaterThan(0);
    await renderApp(`/recordings?${query}&tickers=%20`);
    const table = await screen.findByRole('table', { name: 'Recordings, oldest published first' });
    const params = audioRequests().at(-1)!;
    expect(Object.fromEntries(params)).toMatchObject({
      companyIds: String(some.companyId),
      // Bare days go out as explicit timestamps (see the README's Decisions).
      startDate: '2020-01-01T00:00:00.000Z',
      endDate: '2030-12-31T23:59:59.999Z',
      updatedAfter: '2020-01-02T23:59:59.999Z',
      direction: 'asc',
    });
    expect(params.has('tickers')).toBe(false);
    const rows = within(table).getAllByRole('row').slice(1);
    // Each row links its company, and names its call without repeating the company.
    await waitFor(() => expect(within(rows[0]!).getAllByRole('link')[0]).toHaveTextContent('Kalomont Industries'));
    expect(within(rows[0]!).getAllByRole('link')[0]).toHaveAttribute('href', `/companies/${some.companyId}`);
    const calls = rows.map((row) => within(row).getAllByRole('link')[1]!.textContent);
    expect(calls).toEqual([
      'Q1 2024 earnings call',
      'Annual General Meeting 2024',
      'Q2 2024 earnings call',
      'Q3 2024 earnings call',
      'Small & Mid Cap Conference 2025',
      'Q4 2024 earnings call',
      'Annual General Meeting 2025',
      'Q1 2025 earnings call',
      'Q2 2025 earnings call',
      'Q3 2025 earnings call',
      'Q4 2025 earnings call',
      'Q1 2026 earnings call',
      'Annual General Meeting 2026',
      'Q2 2026 earnings call',
      'Q3 2026 earnings call',
    ]);
    expect(calls).toHaveLength(expected.length);
    expect(screen.getByText('Filters (4 applied)')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    // Antarctica: an assigned code no listed company has.
    await renderApp('/recordings?countries=aq');
    expect(await screen.findByText('No recordings match these filters.')).toBeInTheDocument();
    expect(audioRequests().at(-1)!.get('countries')).toBe('AQ');
  });

  it('drops values in the URL that cannot be filters instead of failing', async () => {
    await renderApp('/recordings?companyIds=abc&startDate=yesterday&direction=sideways');
    await screen.findByRole('table', { name: 'Recordings, newest published first' });
    expect(screen.getByText('Filters')).toBeInTheDocument();
    // The notice is a status; so is the header's company search once it has loaded.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Some filters in the address could not be used and were left out: Companies: abc; Event date from: yesterday; Order: sideways.',
    );
    const params = audioRequests().at(-1)!;
    expect(params.has('companyIds')).toBe(false);
    expect(params.has('startDate')).toBe(false);
    expect(params.get('direction')).toBe('desc');
  });

  it('picks companies by name and exchanges from a named list; the address keeps ids; back and forward walk the views', async () => {
    const { user, router } = await renderApp('/recordings');
    await screen.findByRole('table', { name: 'Recordings, newest published first' });
    await user.click(screen.getByText('Filters'));
    expect(screen.queryByRole('textbox', { name: 'Company ids' })).toBeNull();
    const companies = screen.getByRole('combobox', { name: 'Companies' });
    await user.type(companies, 'calane');
    const option = await screen.findByRole('option', { name: /^Calaneon/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Calaneon' })).toBeInTheDocument();
    expect(companies).toHaveValue('');

    await user.type(screen.getByRole('combobox', { name: 'Exchanges' }), 'new york');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove New York Stock Exchange' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 1, exchanges: 'NYSE', direction: 'asc' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.href.split('?')[1]))).toEqual({ companyIds: '1', exchanges: 'NYSE', direction: 'asc' });
    await waitFor(() => expect(Object.fromEntries(audioRequests().at(-1)!)).toMatchObject({ companyIds: '1', exchanges: 'NYSE', direction: 'asc' }));
    const chips = () =>
      within(screen.getByRole('list', { name: 'Active filters' }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    await waitFor(() => expect(chips()).toEqual(['Exchanges: New York Stock Exchange×', 'Companies: Calaneon×']));

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    router.history.forward();
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 1, exchanges: 'NYSE', direction: 'asc' }));
    await waitFor(() => expect(chips()).toEqual(['Exchanges: New York Stock Exchange×', 'Companies: Calaneon×']));

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows each value from the address as a named chip that removes only that value', async () => {
    const { user, router } = await renderApp('/recordings?companyIds=1,2&exchanges=nyse,NYSE&countries=de&direction=asc');
    const list = await screen.findByRole('list', { name: 'Active filters' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([
        'Remove filter Countries: Germany',
        'Remove filter Exchanges: New York Stock Exchange',
        'Remove filter Companies: Calaneon',
        'Remove filter Companies: Arcelia Studios',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove filter Exchanges: New York Stock Exchange' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: '1,2', countries: 'de', direction: 'asc' }));
    await waitFor(() => expect(Object.fromEntries(audioRequests().at(-1)!)).toMatchObject({ companyIds: '1,2', direction: 'asc' }));
    expect(audioRequests().at(-1)!.has('exchanges')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove filter Companies: Calaneon' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 2, countries: 'de', direction: 'asc' }));
  });

  it('names an event from the address by its record, and its chip removes it', async () => {
    const { user, router } = await renderApp('/recordings?eventIds=1144');
    const chip = await screen.findByRole('button', { name: 'Remove filter Events: Lysorara Capital · Q3 2026 earnings call' });
    expect(screen.getByRole('list', { name: 'Active filters' })).not.toHaveTextContent('1144');
    await user.click(chip);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
