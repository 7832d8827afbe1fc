/** The transcript list: every endpoint-11 filter in the URL, selection, and the zip download. */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { unzipSync, strFromU8 } from 'fflate';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { transcriptFilters } from '../../src/features/documents/transcript-list-filters.ts';
import { readableFileName, uniqueFileNames } from '../../src/lib/file-name.ts';
import { renderApp } from '../support/render-app.tsx';
import { forwardToSandbox, sandboxJson, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';
import { captureDownloads } from '../support/downloads.ts';

useSandboxServer();

const transcriptRequests = () => seenRequests.filter((url) => url.includes('/public/v3/documents/transcripts')).map((url) => new URL(url).searchParams);

describe('transcript filters in the URL', () => {
  it('keeps valid values, drops unreadable ones item by item, and maps them to endpoint 11', () => {
    const raw = {
      countries: 'us,GB,USA',
      exchanges: 'NYSE,<script>',
      tickers: 'acme',
      isins: 'US0378331005,nope',
      companyIds: '12,0,abc,12',
      eventIds: 7038,
      startDate: '2026-01-01',
      endDate: '2026-02-30',
      updatedAfter: '2026-03-01T10:00:00Z',
      updatedBefore: 'yesterday',
      typeIds: [15, 22],
      // No transcript is in a document group: the list does not take that filter at all.
      documentGroupIds: '1,9',
      direction: 'sideways',
    };
    const search = transcriptFilters.parse(raw);
    expect(search.filters).toEqual({
      countries: ['US', 'GB'],
      exchanges: ['NYSE'],
      tickers: ['ACME'],
      isins: ['US0378331005'],
      companyIds: ['12'],
      eventIds: ['7038'],
      startDate: '2026-01-01',
      updatedAfter: '2026-03-01T10:00:00Z',
      typeIds: ['15', '22'],
    });
    expect(search.dropped.map((d) => `${d.label}: ${d.value}`)).toEqual([
      'Countries: USA',
      'Exchanges: <script>',
      'ISINs: nope',
      'Companies: 0',
      'Companies: abc',
      'Event date to: 2026-02-30',
      'Updated before: yesterday',
      'Order: sideways',
    ]);
    expect(transcriptFilters.toApi(search)).toEqual({
      countries: ['US', 'GB'],
      exchanges: ['NYSE'],
      tickers: ['ACME'],
      isins: ['US0378331005'],
      companyIds: [12],
      eventIds: [7038],
      typeIds: [15, 22],
      startDate: '2026-01-01T00:00:00.000Z',
      updatedAfter: '2026-03-01T10:00:00.000Z',
      direction: 'desc',
    });
    expect(transcriptFilters.validateSearch({ direction: 'asc', junk: 'x', documentGroupIds: '1' })).toEqual({ direction: 'asc' });
  });

  it('sends the URL’s filters to endpoint 11, shows them in the form, and applies a new filter as a new history entry', async () => {
    const { user, router } = await renderApp('/transcripts?countries=us,XYZ&documentGroupIds=1&direction=asc');

    await screen.findByRole('table', { name: 'Transcripts, oldest published first' });
    const sent = transcriptRequests().at(-1)!;
    expect(sent.get('countries')).toBe('US');
    // Document groups are neither offered nor sent: no transcript can match them.
    expect(sent.has('documentGroupIds')).toBe(false);
    expect(screen.queryByRole('group', { name: 'Document groups' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Earnings Release' })).toBeNull();
    expect(sent.get('direction')).toBe('asc');
    expect(sent.get('expand')).toBe('event');
    expect(screen.getByRole('button', { name: 'Remove United States' })).toBeInTheDocument();
    expect(screen.getByLabelText('Order')).toHaveValue('asc');

    // A new filter from the form: a company found by part of its name.
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    expect(screen.queryByLabelText('Company ids')).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Companies' }), 'elanov');
    await screen.findByRole('option', { name: /^Elanova Metals/ });
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 21 }));
    await waitFor(() => expect(transcriptRequests().at(-1)!.get('companyIds')).toBe('21'));
    const table = await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    const { data: expected } = await sandboxJson<{ data: { eventId: number }[] }>(`/documents/transcripts?companyIds=21&limit=50`);
    // One row per call: a call's raw and edited transcripts share a row.
    const calls = new Set(expected.map((doc) => doc.eventId)).size;
    expect(calls).toBeLessThan(expected.length);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(calls + 1));
    expect(screen.getByText(/Filters \(1 applied\)/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove filter Companies: Elanova Metals' })).toBeInTheDocument();

    // Back: the previous filters, in the list and in the form.
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Elanova Metals' })).toBeNull());
    router.history.back();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove United States' })).toBeInTheDocument());
    await screen.findByRole('table', { name: 'Transcripts, oldest published first' });
  });

  it('names what the address held that it could not use, and a chip removes one filter while the address keeps the rest as written', async () => {
    const { user, router } = await renderApp('/transcripts?tickers=brk/b,aapl&countries=US,USA&updatedAfter=2026-02-31');
    expect(await screen.findByText(/could not be used and were left out/)).toHaveTextContent(
      'Some filters in the address could not be used and were left out: Countries: USA; Updated after: 2026-02-31.',
    );
    await waitFor(() => expect(transcriptRequests().at(-1)?.get('tickers')).toBe('BRK/B,AAPL'));
    expect(transcriptRequests().at(-1)!.get('countries')).toBe('US');
    expect(transcriptRequests().at(-1)!.has('updatedAfter')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove filter Countries: United States' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tickers: 'brk/b,aapl', updatedAfter: '2026-02-31' }));
    await waitFor(() => expect(transcriptRequests().at(-1)!.has('countries')).toBe(false));
    expect(screen.getByRole('button', { name: 'Remove filter Tickers: BRK/B' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Tickers: AAPL' })).toBeInTheDocument();
  });

  it('keeps the sync dates under "More filters", which opens by itself when the address sets one', async () => {
    const { user } = await renderApp('/transcripts');
    await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    const more = screen.getByText('More filters').closest('details')!;
    expect(more).not.toHaveAttribute('open');
    expect(more).toHaveTextContent('When the source last changed each item, for keeping your own copy up to date; not the date of the event.');
    await user.click(screen.getByText('More filters'));
    expect(more).toHaveAttribute('open');
    expect(within(screen.getByRole('group', { name: 'Event date' })).getByLabelText('From')).toHaveValue('');

    cleanup();
    await renderApp('/transcripts?updatedBefore=2026-03-01&startDate=2026-01-02');
    await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    expect(screen.getByText('More filters').closest('details')).toHaveAttribute('open');
    expect(screen.getByLabelText('Updated before')).toHaveValue('2026-03-01');
    expect(within(screen.getByRole('group', { name: 'Event date' })).getByLabelText('From')).toHaveValue('2026-01-02');
    expect(screen.getByRole('button', { name: 'Remove filter Event date from: 2 Jan 2026' })).toBeInTheDocument();
  });

  it('names document types from endpoint 13 and filters by them', async () => {
    const { user } = await renderApp('/transcripts');
    await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    const edited = await screen.findByRole('checkbox', { name: 'Transcript' });
    await user.click(edited);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(transcriptRequests().at(-1)!.get('typeIds')).toBe('15'));
    const table = await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    await waitFor(() => {
      const types = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastElementChild?.textContent);
      expect(new Set(types)).toEqual(new Set(['Transcript']));
    });
    // The other type stays on offer after filtering it out.
    expect(screen.getByRole('checkbox', { name: 'In-house transcript' })).not.toBeChecked();
  });

  it('offers the catalog’s transcript types, even those not on the page', async () => {
    // A first page of edited transcripts only: the in-house type is still offered, from /document-types.
    const onlyEdited = async (request: Request) => {
      const body = (await (await forwardToSandbox(request)).json()) as { data: { typeId: number }[]; pagination: unknown };
      return HttpResponse.json({ ...body, data: body.data.filter((doc) => doc.typeId === 15) });
    };
    server.use(http.get('*/public/v3/documents/transcripts', ({ request }) => onlyEdited(request)));
    await renderApp('/transcripts');
    const group = await screen.findByRole('group', { name: 'Transcript types' });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['In-house transcript', 'Transcript']),
    );
  });
});

describe('readable file names', () => {
  it('joins company, period and type, drops characters file systems refuse, and numbers repeats', () => {
    expect(readableFileName(['Acme: "Holdings"/AG', 'Q3 2026', 'Transcript (Edited)'], 'json')).toBe('Acme Holdings AG - Q3 2026 - Transcript (Edited).json');
    expect(readableFileName(['', null, undefined], 'txt')).toBe('file.txt');
    expect(uniqueFileNames(['a.json', 'A.json', 'b.json', 'a.json'])).toEqual(['a.json', 'A (2).json', 'b.json', 'a (3).json']);
  });
});

describe('zip download of selected transcripts', () => {
  const downloads = captureDownloads();

  async function selectFirst(count: number) {
    const rendered = await renderApp('/transcripts');
    const table = await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1, count + 1);
    // Wait for the names the zip entries are built from.
    await waitFor(() => expect(rows[0]!.textContent).not.toMatch(/Company \d+|Type \d+/));
    for (const row of rows) await rendered.user.click(within(row).getByRole('checkbox'));
    return { ...rendered, rows };
  }

  it('zips the selected transcripts as JSON on request, under readable names, with their content', async () => {
    const { data } = await sandboxJson<{ data: { id: number; companyId: number; fileUrl: string; event: { fiscalPeriod: string; fiscalYear: number } }[] }>(
      '/documents/transcripts?limit=3&direction=desc&expand=event',
    );
    const { user } = await selectFirst(3);
    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    await user.click(screen.getByRole('button', { name: 'Download 3 as zip' }));
    expect(await screen.findByText(/^Saved Transcripts - 3 files - \d{4}-\d\d-\d\d\.zip with 3 transcripts\./)).toBeInTheDocument();
    expect(downloads.saved).toHaveLength(1);
    expect(downloads.saved[0]!.name).toMatch(/^Transcripts - 3 files - \d{4}-\d\d-\d\d\.zip$/);

    const entries = unzipSync(new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer()));
    const names = Object.keys(entries);
    expect(names).toHaveLength(3);
    const companies = await sandboxJson<{ data: { id: number; displayName: string }[] }>(`/companies?ids=${data.map((d) => d.companyId).join(',')}`);
    for (const doc of data) {
      const company = companies.data.find((c) => c.id === doc.companyId)!.displayName;
      const name = names.find(
        (n) => n.startsWith(`${company} - ${doc.event.fiscalPeriod} ${doc.event.fiscalYear} - `) && /(In-house transcript|Transcript)\.json$/.test(n),
      );
      expect(name, `entry for document ${doc.id}`).toMatch(/\.json$/);
      const original = await (await forwardToSandbox(new Request(doc.fileUrl))).text();
      expect(strFromU8(entries[name!]!)).toBe(original);
    }
  });

  it('leaves out what failed, and reports it on screen and in the archive', async () => {
    const { data } = await sandboxJson<{ data: { id: number }[] }>('/documents/transcripts?limit=3&direction=desc');
    const failing = data[1]!.id;
    server.use(
      http.get(`*/sandbox-files/documents/${failing}/*`, () =>
        HttpResponse.json({ statusCode: 500, message: 'Disk on fire', error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    const { user } = await selectFirst(3);
    await user.click(screen.getByRole('button', { name: 'Download 3 as zip' }));
    const report = await screen.findByText(/with 2 transcripts/);
    const status = report.closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent('1 file could not be downloaded:');
    // Text is the default format: the missing entry is named as the text file it would have been.
    expect(within(status).getByRole('listitem')).toHaveTextContent(/(In-house transcript|Transcript)\.txt: Disk on fire/);
    const entries = unzipSync(new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer()));
    expect(Object.keys(entries)).toHaveLength(3);
    expect(strFromU8(entries['Failed downloads.txt']!)).toMatch(/could not be downloaded[\s\S]*: Disk on fire/);
  });

  it('shows progress, and Cancel stops the download without saving anything', async () => {
    server.use(
      http.get('*/sandbox-files/documents/*', async () => {
        await delay('infinite');
        return HttpResponse.text('never');
      }),
    );
    const { user } = await selectFirst(2);
    expect(screen.getByRole('checkbox', { name: /^Select all \d+ loaded transcripts$/ })).toBePartiallyChecked();
    await user.click(screen.getByRole('button', { name: 'Download 2 as zip' }));
    expect(await screen.findByText('Downloading 0 of 2…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('max', '2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Download cancelled; nothing was saved.')).toBeInTheDocument();
    expect(downloads.saved).toHaveLength(0);
  });

  it('selects all loaded rows at once: one per call', async () => {
    const { data } = await sandboxJson<{ data: { eventId: number }[] }>('/documents/transcripts?limit=50&direction=desc');
    const calls = new Set(data.map((doc) => doc.eventId)).size;
    const { user } = await renderApp('/transcripts');
    await screen.findByRole('table', { name: 'Transcripts, newest published first' });
    expect(screen.getByText(`${calls} calls loaded`)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: `Select all ${calls} loaded transcripts` }));
    expect(screen.getByRole('button', { name: `Download ${calls} as zip` })).toBeEnabled();
    expect(screen.getByText(`${calls} selected`)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: `Select all ${calls} loaded transcripts` }));
    expect(screen.getByRole('button', { name: 'Select transcripts to download' })).toBeDisabled();
  });
});
