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
    expect(screen.getByRole('status')).toHaveTextContent(
      'Some filters in the address could not be used and were left out: Company ids: abc; Event date from: yesterday; Order: sideways.',
    );
    const params = audioRequests().at(-1)!;
    expect(params.has('companyIds')).toBe(false);
    expect(params.has('startDate')).toBe(false);
    expect(params.get('direction')).toBe('desc');
  });

  it('the form checks what is typed, then puts the filters in the URL', async () => {
    const { user, router } = await renderApp('/recordings');
    await screen.findByRole('table', { name: 'Recordings, newest published first' });
    await user.click(screen.getByText('Filters'));
    await user.type(screen.getByRole('textbox', { name: 'Company ids' }), '12, x');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('textbox', { name: 'Company ids' })).toHaveAccessibleDescription(
      'Cannot use x. Use whole numbers separated by commas, e.g. 12,34.',
    );
    expect(screen.getByRole('textbox', { name: 'Company ids' })).toHaveFocus();
    expect(router.state.location.search).toEqual({});

    await user.clear(screen.getByRole('textbox', { name: 'Company ids' }));
    await user.type(screen.getByRole('textbox', { name: 'Company ids' }), '1, 2');
    await user.type(screen.getByRole('textbox', { name: 'Exchanges' }), 'NYSE');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: '1,2', exchanges: 'NYSE', direction: 'asc' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.href.split('?')[1]))).toEqual({
      companyIds: '1,2',
      exchanges: 'NYSE',
      direction: 'asc',
    });
    await waitFor(() => expect(Object.fromEntries(audioRequests().at(-1)!)).toMatchObject({ companyIds: '1,2', exchanges: 'NYSE', direction: 'asc' }));

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows each filter from the address as a chip that removes only that filter', async () => {
    const { user, router } = await renderApp('/recordings?companyIds=1,2&exchanges=nyse,NYSE&direction=asc');
    expect(
      within(await screen.findByRole('list', { name: 'Active filters' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove filter Exchanges: nyse', 'Remove filter Company ids: 1,2']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Exchanges: nyse' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: '1,2', direction: 'asc' }));
    await waitFor(() => expect(Object.fromEntries(audioRequests().at(-1)!)).toMatchObject({ companyIds: '1,2', direction: 'asc' }));
    expect(audioRequests().at(-1)!.has('exchanges')).toBe(false);
  });
});
