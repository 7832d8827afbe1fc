/**
 * PDF documents: find-in-document over the text pdf.js reads from a real sandbox PDF, and the
 * document page around the viewer (metadata, the original download). Drawing pages needs a real
 * canvas, which jsdom lacks: here the viewer says so (as it does in a browser that refuses one), and
 * the journey in test/e2e/documents.e2e.ts covers drawing, the text layer and find in Chromium.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { findInPages, indexPage, type PageTextItem } from '../../src/features/documents/pdf-find.ts';
import { renderApp } from '../support/render-app.tsx';
import { sandbox, sandboxJson, TEST_ORIGIN, useSandboxServer } from '../support/sandbox-server.ts';
import { captureDownloads } from '../support/downloads.ts';

useSandboxServer();

async function pdfDocumentId(): Promise<number> {
  const response = await sandbox.fetch(new Request(`${TEST_ORIGIN}/__sandbox/info`));
  return ((await response.json()) as { pdfDocumentId: number }).pdfDocumentId;
}

async function pdfPages(bytes: Uint8Array): Promise<PageTextItem[][]> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, disableFontFace: true, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS })
    .promise;
  const pages: PageTextItem[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item ? [{ str: item.str, hasEOL: item.hasEOL }] : [])));
  }
  await doc.destroy();
  return pages;
}

describe('find in a PDF', () => {
  it('counts every occurrence across pages and maps each to the characters of its text items', async () => {
    const id = await pdfDocumentId();
    const { data } = await sandboxJson<{ data: { fileUrl: string } }>(`/documents/${id}`);
    const bytes = new Uint8Array(await (await sandbox.fetch(new Request(data.fileUrl))).arrayBuffer());
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);

    // A figure from page 2: found on page 2, exactly where it is.
    const figure = pages[1]!.find((item) => /^-?\d{1,3}(,\d{3})*\.\d$/.test(item.str))!;
    expect(figure).toBeDefined();
    const hits = findInPages(pages, figure.str);
    const onPage2 = hits.filter((hit) => hit.page === 2);
    expect(onPage2.length).toBeGreaterThan(0);
    for (const hit of onPage2) {
      const [part] = hit.parts;
      expect(pages[1]![part!.item]!.str.slice(part!.from, part!.to)).toBe(figure.str);
    }

    // A word: the count is what the joined text holds, case-insensitively.
    const all = pages.map((items) => indexPage(items).text).join('\n');
    const expected = all.match(/revenue/gi)?.length ?? 0;
    expect(expected).toBeGreaterThan(1);
    expect(findInPages(pages, 'REVENUE')).toHaveLength(expected);
    expect(findInPages(pages, '   ')).toEqual([]);
  });

  it('finds a phrase that spans two text items and marks the part in each', () => {
    const pages = [
      [{ str: 'Net cash', hasEOL: true }, { str: 'from operations' }],
      [{ str: 'Revenue' }, { str: '1,234.5' }],
    ];
    expect(findInPages(pages, 'cash from')).toEqual([
      {
        page: 1,
        parts: [
          { item: 0, from: 4, to: 8 },
          { item: 1, from: 0, to: 4 },
        ],
      },
    ]);
    // Neighbouring table cells do not run together.
    expect(findInPages(pages, 'revenue1')).toEqual([]);
    expect(findInPages(pages, 'revenue 1,234.5')).toHaveLength(1);
  });
});

describe('PDF document page', () => {
  const downloads = captureDownloads();

  it('shows the type once (no category, form or group rows), the company and event, and downloads the original under a readable name', async () => {
    const id = await pdfDocumentId();
    const { data: doc } = await sandboxJson<{
      data: { typeId: number; companyId: number; eventId: number; event: { title: string; fiscalPeriod: string; fiscalYear: number } };
    }>(`/documents/${id}?expand=event`);
    const { data: type } = await sandboxJson<{ data: { name: string; category: string; form: string; documentGroupId: number } }>(
      `/document-types/${doc.typeId}`,
    );
    const { data: company } = await sandboxJson<{ data: { displayName: string } }>(`/companies/${doc.companyId}`);
    const { user } = await renderApp(`/documents/${id}`);

    const about = (await screen.findByText('About this document')).closest('details')!;
    await within(about).findByText(type.name);
    const facts = Object.fromEntries(
      within(about)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(Object.keys(facts)).toEqual(['Type', 'Company', 'Event', 'Event date', 'Language', 'Published', 'Updated', 'Size']);
    expect(facts.Type).toBe(type.name);
    // The event is named beside its company, so without it.
    expect(facts.Event).not.toContain(company.displayName);
    expect(within(about).getByRole('link', { name: facts.Event! })).toHaveAttribute('href', `/events/${doc.eventId}`);
    await within(about).findByText(company.displayName);
    // jsdom has no canvas: the viewer says the page cannot be drawn, and the download stays.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This PDF could not be displayed (the browser gave no surface to draw the page on). Download the original to open it in another reader.',
    );

    const download = await screen.findByRole('button', { name: 'Download original' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    expect(downloads.saved).toHaveLength(1);
    expect(downloads.saved[0]!.name).toBe(`${company.displayName} - ${doc.event.fiscalPeriod} ${doc.event.fiscalYear} - ${type.name}.pdf`);
    const head = new TextDecoder().decode(new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer()).subarray(0, 5));
    expect(head).toBe('%PDF-');
  });

  it('says what failed when the file cannot be fetched, and retries', async () => {
    const id = await pdfDocumentId();
    sandbox.faults.add({ kind: '503', scope: 'media', match: `/sandbox-files/documents/${id}/`, times: 1 });
    const { user } = await renderApp(`/documents/${id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be loaded (503)');
    expect(within(alert).getByRole('link', { name: 'Open the file at its source' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/sandbox-files/documents/${id}/`),
    );
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: /could not be loaded/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download original' })).toBeEnabled());
  });

  it('a document that does not exist is a clear 404', async () => {
    await renderApp('/documents/999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Document not found' })).toBeInTheDocument();
  });
});
