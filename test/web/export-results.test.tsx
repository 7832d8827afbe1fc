/** "Export": the whole result streamed from the server, a progress line, Cancel, and the file saved only once whole. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportResults } from '../../src/features/transcript-search/export-results.tsx';
import { captureDownloads } from '../support/downloads.ts';

const downloads = captureDownloads();

const HEADER = 'Call,Company,Event,Period,Date (UTC),Transcript,Passages in call,Speaker,Role,Section,Time,Passage,Link\r\n';
const row = (rank: number) =>
  `${rank},Acme Corp,Q2 2026 Earnings Call,Q2 2026,2026-07-28,Edited,1,Operator,Operator,Q&A,1:01,Questions on tariffs.,https://desk.example.com/recordings/9?t=61\r\n`;

/** The server's answer, written a piece at a time by the test; the request it was asked with. */
function serveExport(headers: Record<string, string> = {}) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const asked: { url?: string; signal?: AbortSignal } = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    asked.url = String(input);
    asked.signal = init?.signal ?? undefined;
    // As a browser's fetch does: aborting the request breaks off its body.
    init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } });
  });
  return {
    asked,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    breakOff: () => controller.error(new TypeError('network error')),
  };
}

afterEach(() => vi.restoreAllMocks());

const params = { q: 'tariffs', companyIds: [4], roles: ['cfo' as const], sort: 'date' as const };

describe('ExportResults', () => {
  it('asks the server for every call of the search and counts them as they arrive, then saves the whole file', async () => {
    const user = userEvent.setup();
    const server = serveExport();
    render(<ExportResults params={params} totals={{ calls: 3, hits: 3 }} />);
    expect(screen.getByRole('group', { name: 'Export' })).toHaveAccessibleDescription(
      'All 3 calls found, one row per passage, each with a link that plays it.',
    );

    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    // The export's reader loads when first asked for: the request follows it.
    await waitFor(() => expect(server.asked.url).toBeDefined());
    expect(new URL(server.asked.url!).pathname + new URL(server.asked.url!).search).toBe(
      '/api/search/export?q=tariffs&companyIds=4&roles=cfo&sort=date&format=csv',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Exported 0 of 3 calls…');
    expect(screen.getByRole('button', { name: 'Export as CSV' })).toBeDisabled();

    server.write(`\uFEFF${HEADER}${row(1)}${row(2)}`);
    expect(await screen.findByText('Exported 2 of 3 calls…')).toHaveAttribute('role', 'status');
    expect(downloads.saved).toEqual([]);

    server.write(row(3));
    server.end();
    expect(await screen.findByText('Exported 3 calls to “Transcript search - tariffs.csv”.')).toHaveAttribute('aria-live', 'polite');
    expect(downloads.saved.map((file) => file.name)).toEqual(['Transcript search - tariffs.csv']);
    const data = new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer());
    expect([...data.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(data.slice(3))).toBe(HEADER + row(1) + row(2) + row(3));
    expect(screen.queryByRole('button', { name: 'Cancel export' })).not.toBeInTheDocument();
  });

  it('when the page counted only the newest calls, counts against the calls the server says the file holds', async () => {
    const user = userEvent.setup();
    const server = serveExport({ 'x-export-total-calls': '7' });
    render(<ExportResults params={params} totals={{ calls: 2, hits: 5, complete: false }} />);
    expect(screen.getByRole('group', { name: 'Export' })).toHaveAccessibleDescription(
      'Every call that says it (at least 2), up to 10,000, one row per passage, each with a link that plays it.',
    );
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByText('Exported 0 of 7 calls…')).toHaveAttribute('role', 'status');
    server.write(`\uFEFF${HEADER}${row(1)}${row(2)}${row(3)}`);
    expect(await screen.findByText('Exported 3 of 7 calls…')).toHaveAttribute('role', 'status');
    server.end();
    expect(await screen.findByText('Exported 3 calls to “Transcript search - tariffs.csv”.')).toBeInTheDocument();
  });

  it('cancels by keyboard: the request stops, nothing is saved, and it says so', async () => {
    const user = userEvent.setup();
    const server = serveExport();
    render(<ExportResults params={params} totals={{ calls: 512, hits: 900 }} />);
    screen.getByRole('button', { name: 'Export as Markdown' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.asked.url).toBeDefined());
    server.write('# Transcript search: tariffs\n\n900 passages in 512 calls.\n\n## 1. Acme\n\n');
    expect(await screen.findByText('Exported 1 of 512 calls…')).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel export' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Export cancelled: nothing was saved.');
    expect(downloads.saved).toEqual([]);
    expect(server.asked.signal?.aborted).toBe(true);
    // The keyboard is back on the button that started it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export as Markdown' })).toHaveFocus());
  });

  it('says the export failed when the file breaks off, and saves nothing', async () => {
    const user = userEvent.setup();
    const server = serveExport();
    render(<ExportResults params={params} totals={{ calls: 3, hits: 3 }} />);
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(server.asked.url).toBeDefined());
    server.write(HEADER + row(1));
    server.breakOff();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export failed and nothing was saved: The export broke off before the file was whole: try again.',
    );
    expect(downloads.saved).toEqual([]);
  });

  it('says when the search found more calls than a file holds', () => {
    render(<ExportResults params={params} totals={{ calls: 12_345, hits: 40_000 }} />);
    expect(screen.getByRole('group', { name: 'Export' })).toHaveAccessibleDescription(
      'The first 10,000 of the 12,345 calls found, one row per passage, each with a link that plays it.',
    );
  });

  it('has nothing to export when the search found nothing', () => {
    render(<ExportResults params={params} totals={{ calls: 0, hits: 0 }} />);
    expect(screen.getByRole('button', { name: 'Export as CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export as Markdown' })).toBeDisabled();
    expect(screen.getByText('Nothing to export yet.')).toBeInTheDocument();
  });
});
