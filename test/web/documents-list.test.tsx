/**
 * /documents: every company's documents from `/documents` (beyond the contract), with the filters of
 * the other lists and the kind of document, newest published first, paged with "Load more"; and,
 * where the data source does not list documents, a plain note that points to the companies' pages.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/render-app.tsx';
import { apiPath, seenRequests, server, useSandboxServer } from '../support/sandbox-server.ts';

useSandboxServer();

const listRequests = () => seenRequests.filter((url) => new URL(url).pathname === '/public/v3/documents').map((url) => new URL(url).searchParams);
const requestsTo = (p: string) => seenRequests.filter((url) => new URL(url).pathname === `/public/v3${p}`);
const dataRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/**
 * The row of the document its link opens, by the link's label ("Open <type>: <company>, <call>"):
 * a label query, as role queries over a table of 50 rows take seconds each in jsdom.
 */
const rowOf = (table: HTMLElement, label: string) => within(table).queryByLabelText(label)?.closest('tr') ?? undefined;
const linksOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

function withoutExtension(path: string, status: 404 | 403) {
  server.use(http.get(apiPath(path), () => HttpResponse.json({ statusCode: status, message: status === 404 ? 'Not Found' : 'Forbidden' }, { status })));
}

const AGM_REPORT = 'Open Report: Astarova, Annual General Meeting 2024';

describe('the documents list', () => {
  it('lists a company’s documents newest first, each row linking its company, document, call and period; Load more reads the next page', async () => {
    const { user } = await renderApp('/documents?companyIds=16');
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Documents, newest published first' });
    expect(Object.fromEntries(listRequests()[0]!)).toEqual({ companyIds: '16', direction: 'desc', limit: '50', expand: 'event' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Company', 'Document', 'Call', 'Period', 'Published']);

    // An annual report that came with the fourth quarter's call is of the fiscal year it covers.
    // Once the company's name is in.
    await within(table).findAllByText('Astarova');
    const annual = rowOf(table, 'Open Annual report: Astarova, Q4 2025 earnings call')!;
    expect(linksOf(annual)).toEqual([
      ['Astarova', '/companies/16'],
      ['Annual report', '/documents/3456'],
      ['Q4 2025 earnings call', '/events/867'],
    ]);
    expect(within(annual).getAllByRole('cell')[3]).toHaveTextContent('FY 2025');
    // A call's two transcripts are one row, both opening in the transcript reader.
    const transcripts = rowOf(table, 'Open Transcript: Astarova, Q2 2026 earnings call')!;
    expect(linksOf(transcripts)).toEqual([
      ['Astarova', '/companies/16'],
      ['Transcript', '/documents/4345?kind=transcript'],
      ['In-house transcript', '/documents/4298?kind=transcript'],
      ['Q2 2026 earnings call', '/events/1121'],
    ]);
    expect(within(transcripts).getAllByRole('cell')[3]).toHaveTextContent('Q2 2026');
    // The slides of the same call, on a row of their own.
    expect(linksOf(rowOf(table, 'Open Slides: Astarova, Q2 2026 earnings call')!)[1]).toEqual(['Slides', '/documents/4293']);
    expect(rowOf(table, AGM_REPORT)).toBeUndefined();

    // 54 documents: the second page holds the last four, the oldest a report of the 2024 AGM.
    const more = screen.getByText('Load more');
    expect(more).toHaveRole('button');
    await user.click(more);
    await within(table).findAllByText('FY 2023');
    const report = rowOf(table, AGM_REPORT)!;
    const second = listRequests().at(-1)!;
    expect(second.get('cursor')).toMatch(/^\d+$/);
    expect(second.get('companyIds')).toBe('16');
    expect(listRequests().filter((params) => params.has('cursor'))).toHaveLength(1);
    expect(linksOf(report)).toEqual([
      ['Astarova', '/companies/16'],
      ['Report', '/documents/30'],
      ['Annual General Meeting 2024', '/events/112'],
    ]);
    expect(within(report).getAllByRole('cell')[3]).toHaveTextContent('FY 2023');
    expect(screen.queryByText('Load more')).toBeNull();
  });

  it('sends the address’s filters, kinds as the catalog’s types of those kinds, names each as a chip and what it could not use', async () => {
    await renderApp('/documents?countries=se&startDate=2025-01-01&endDate=2025-12-31&kinds=reports,memos&direction=asc');
    const table = await screen.findByRole('table', { name: 'Documents, oldest published first' });
    // Not one request without the kinds' types: the loader waits for the catalog as the page does.
    expect(listRequests().length).toBeGreaterThan(0);
    for (const params of listRequests())
      expect(Object.fromEntries(params)).toEqual({
        countries: 'SE',
        startDate: '2025-01-01T00:00:00.000Z',
        endDate: '2025-12-31T23:59:59.999Z',
        typeIds: '6,7,11,12,13,17,18',
        direction: 'asc',
        limit: '50',
        expand: 'event',
      });
    await waitFor(() => expect(within(dataRows(table)[0]!).getAllByRole('link')[0]).not.toHaveTextContent('—'));
    const kinds = dataRows(table).map((row) => within(row).getAllByRole('link')[1]!.textContent);
    expect(new Set(kinds)).toEqual(new Set(['Annual report', 'Report', 'Interim report']));
    expect(kinds).toHaveLength(33);
    // Oldest first: a Swedish annual report for 2024, which came with its fourth quarter's call.
    expect(linksOf(dataRows(table)[0]!)).toEqual([
      ['Alorane Works', '/companies/13'],
      ['Annual report', '/documents/1618'],
      ['Q4 2024 earnings call', '/events/413'],
    ]);
    expect(within(dataRows(table)[0]!).getAllByRole('cell')[3]).toHaveTextContent('FY 2024');
    expect(screen.getByText(/could not be used and were left out/)).toHaveTextContent(
      'Some filters in the address could not be used and were left out: Kinds: memos.',
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Active filters' }))
          .getAllByRole('button')
          .map((chip) => chip.getAttribute('aria-label')),
      ).toEqual([
        'Remove filter Countries: Sweden',
        'Remove filter Event date from: 1 Jan 2025',
        'Remove filter Event date to: 31 Dec 2025',
        'Remove filter Kinds: Reports',
      ]),
    );
    expect(screen.getByText('Filters (4 applied)')).toBeInTheDocument();
  });

  it('applies a kind and a company chosen in the form (a country taken out) to the address and the request; a chip removes one', async () => {
    // From an empty list (Antarctica: no listed company), so the page holds few elements to search.
    const { user, router } = await renderApp('/documents?countries=aq');
    expect(await screen.findByText('No documents match these filters.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Document filters' });
    await user.click(within(form).getByRole('button', { name: 'Remove Antarctica' }));
    await user.type(within(form).getByRole('combobox', { name: 'Companies' }), 'astarov');
    await screen.findByRole('option', { name: /^Astarova/ });
    await user.keyboard('{Enter}');
    await user.click(within(within(form).getByRole('group', { name: 'Kinds' })).getByRole('checkbox', { name: 'Slides' }));
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 16, kinds: 'slides' }));
    await waitFor(() => expect(Object.fromEntries(listRequests().at(-1)!)).toMatchObject({ companyIds: '16', typeIds: '5' }));
    const table = await screen.findByRole('table', { name: 'Documents, newest published first' });
    await waitFor(() =>
      expect(dataRows(table).map((row) => linksOf(row)[1])).toEqual([
        ['Slides', '/documents/4293'],
        ['Slides', '/documents/3818'],
        ['Slides', '/documents/2604'],
        ['Slides', '/documents/1529'],
        ['Slides', '/documents/402'],
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove filter Kinds: Slides' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 16 }));
    await waitFor(() => expect(listRequests().at(-1)!.has('typeIds')).toBe(false));
  });

  it('without the list of document types, matches the kinds in the rows it reads and says how many', async () => {
    withoutExtension('/document-types', 404);
    await renderApp('/documents?companyIds=16&kinds=slides');
    const table = await screen.findByRole('table', { name: 'Documents, newest published first' });
    expect(await screen.findByText('5 of the 54 documents read so far are of these kinds.')).toBeInTheDocument();
    expect(dataRows(table).map((row) => linksOf(row)[1]![0])).toEqual(['Slides', 'Slides', 'Slides', 'Slides', 'Slides']);
    // Both pages were read by themselves, without the kinds' types, which only the catalog names.
    expect(listRequests().filter((params) => params.has('cursor'))).toHaveLength(1);
    expect(listRequests().every((params) => !params.has('typeIds'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe.each([404, 403] as const)('without the list of documents (%i)', (status) => {
  it('says so once, points to the companies’ pages and every transcript, and does not ask again in the visit', async () => {
    withoutExtension('/documents', status);
    const { router } = await renderApp('/documents?kinds=slides');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'This page needs the list of documents, which this data source does not offer. Each company’s page lists its transcripts and recordings: find the company under Companies, or see every transcript.',
    );
    expect(within(note).getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/companies');
    expect(within(note).getByRole('link', { name: 'every transcript' })).toHaveAttribute('href', '/transcripts');
    // No filters for a list that is not there, no error, no Retry.
    expect(screen.queryByRole('form', { name: 'Document filters' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(requestsTo('/documents')).toHaveLength(1);

    await act(() => router.navigate({ to: '/documents', search: { companyIds: 16 } }));
    await waitFor(() => expect(router.state.location.search).toEqual({ companyIds: 16 }));
    expect(await screen.findByRole('note')).toHaveTextContent('This page needs the list of documents');
    expect(requestsTo('/documents')).toHaveLength(1);
  });
});
