/** The start page against sandbox data: both panels, the sandbox badge, and one panel failing alone. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, sandboxJson, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

interface Row {
  id: number;
  companyId: number;
}
interface Company {
  id: number;
  displayName: string;
}

/** The company display names, in order, of the first `limit` rows of a sandbox list (what the table should show). */
async function expectedCompanyNames(path: string): Promise<string[]> {
  const page = await sandboxJson<{ data: Row[] }>(`${path}?limit=10&direction=desc&expand=event`);
  const ids = [...new Set(page.data.map((row) => row.companyId))].sort((a, b) => a - b);
  const companies = await sandboxJson<{ data: Company[] }>(`/companies?ids=${ids.join(',')}&limit=500`);
  const names = new Map(companies.data.map((company) => [company.id, company.displayName]));
  return page.data.map((row) => names.get(row.companyId) ?? `missing company ${row.companyId}`);
}

/** Data rows of a table (the header row left out). */
function dataRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

/** The first cell (Company) of each data row, once company names have loaded. */
async function companyColumn(table: HTMLElement, expected: string[]): Promise<string[]> {
  await within(table).findAllByText(expected[0]!);
  // The cell's first line is the company; on phones the event's link sits under it.
  return dataRows(table).map((row) => within(row).getAllByRole('cell')[0]!.firstElementChild?.textContent ?? '');
}

describe('home page', () => {
  it('shows the heading, the sandbox badge and the latest recordings and transcripts', async () => {
    const [recordingNames, transcriptNames] = await Promise.all([expectedCompanyNames('/audio'), expectedCompanyNames('/documents/transcripts')]);
    expect(recordingNames).toHaveLength(10);
    expect(transcriptNames).toHaveLength(10);

    await renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeInTheDocument();
    expect(await screen.findByText('Sandbox data')).toBeInTheDocument();

    const recordings = await screen.findByRole('table', { name: 'Latest recordings, newest published first' });
    expect(dataRows(recordings)).toHaveLength(10);
    expect(
      within(recordings)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Company', 'Call', 'Published', 'Play', 'Duration', 'Size']);
    await expect(companyColumn(recordings, recordingNames)).resolves.toEqual(recordingNames);

    const transcripts = await screen.findByRole('table', { name: 'Latest transcripts, newest published first' });
    expect(dataRows(transcripts)).toHaveLength(10);
    await expect(companyColumn(transcripts, transcriptNames)).resolves.toEqual(transcriptNames);

    expect(screen.getByRole('link', { name: 'All recordings' })).toHaveAttribute('href', '/recordings');
    expect(screen.getByRole('link', { name: 'All transcripts' })).toHaveAttribute('href', '/transcripts');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the recordings when the transcripts fail (500)', async () => {
    server.use(http.get(apiPath('/documents/transcripts'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));

    await renderApp('/');

    const transcriptsPanel = await screen.findByRole('region', { name: 'Latest transcripts' });
    const alert = await within(transcriptsPanel).findByRole('alert');
    expect(alert).toHaveTextContent('The data service failed (500)');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(transcriptsPanel).queryByRole('table')).not.toBeInTheDocument();

    const recordingsPanel = screen.getByRole('region', { name: 'Latest recordings' });
    const recordings = await within(recordingsPanel).findByRole('table', { name: 'Latest recordings, newest published first' });
    expect(dataRows(recordings)).toHaveLength(10);
    expect(within(recordingsPanel).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Latest from earnings season' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('loads the transcripts when Retry is pressed after the service recovers', async () => {
    let fail = true;
    server.use(http.get(apiPath('/documents/transcripts'), () => (fail ? HttpResponse.json({ message: 'boom' }, { status: 503 }) : undefined)));

    const { user } = await renderApp('/');
    const transcriptsPanel = await screen.findByRole('region', { name: 'Latest transcripts' });
    const alert = await within(transcriptsPanel).findByRole('alert');
    expect(alert).toHaveTextContent('The data service failed (503)');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const transcripts = await within(transcriptsPanel).findByRole('table', { name: 'Latest transcripts, newest published first' });
    expect(dataRows(transcripts)).toHaveLength(10);
    expect(within(transcriptsPanel).queryByRole('alert')).not.toBeInTheDocument();
  });
});
