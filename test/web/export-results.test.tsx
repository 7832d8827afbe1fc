/** "Export": the loaded results saved as CSV or Markdown through the app's download helper. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchCall } from '../../src/api/search.ts';
import { ExportResults } from '../../src/features/transcript-search/export-results.tsx';
import { captureDownloads } from '../support/downloads.ts';

const downloads = captureDownloads();

const calls: SearchCall[] = [
  {
    eventId: 301,
    transcriptId: 501,
    transcriptTypeId: 15,
    edited: true,
    hits: 1,
    company: { id: 4, name: 'Acme Corp', country: 'US' },
    event: { title: 'Acme Corp Q2 2026 Earnings Call', typeId: 27, date: '2026-07-28T13:00:00.000Z', fiscalYear: 2026, fiscalPeriod: 'Q2' },
    matches: [
      {
        paragraph: 3,
        speaker: { label: 'Operator', kind: 'operator' },
        start: 61,
        end: 64,
        sentences: [{ index: 9, start: 61, end: 64, segments: [{ text: 'Questions on ' }, { text: 'tariffs', marked: true }, { text: ', please.' }] }],
      },
    ],
  },
];

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('ExportResults', () => {
  it('saves the loaded sentences as a UTF-8 CSV named after the search', async () => {
    const user = userEvent.setup();
    render(<ExportResults calls={calls} query="tariffs" />);
    expect(screen.getByRole('group', { name: 'Export' })).toHaveAccessibleDescription('1 sentence from the call loaded, one row each.');
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    const file = downloads.saved.at(-1)!;
    expect(file.name).toBe('Transcript search - tariffs.csv');
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    const data = await bytes(file.blob);
    // A byte order mark first, so spreadsheet programs read it as UTF-8.
    expect([...data.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(data.slice(3))).toBe(
      'Company,Event,Period,Date (UTC),Speaker,Time,Sentence,Link\r\n' +
        `Acme Corp,Q2 2026 Earnings Call,Q2 2026,2026-07-28,Operator,1:01,"Questions on tariffs, please.",${location.origin}/documents/501?kind=transcript\r\n`,
    );
  });

  it('saves Markdown', async () => {
    const user = userEvent.setup();
    render(<ExportResults calls={calls} query="tariffs" />);
    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    const file = downloads.saved.at(-1)!;
    expect(file.name).toBe('Transcript search - tariffs.md');
    expect(file.blob.type).toBe('text/markdown;charset=utf-8');
    expect(await file.blob.text()).toContain(
      `| Acme Corp | Q2 2026 Earnings Call | Q2 2026 | 2026-07-28 | Operator | 1:01 | Questions on **tariffs**, please. | [Transcript](${location.origin}/documents/501?kind=transcript) |`,
    );
  });

  it('has nothing to export before results load', () => {
    render(<ExportResults calls={[]} query="tariffs" />);
    expect(screen.getByRole('button', { name: 'Export as CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export as Markdown' })).toBeDisabled();
    expect(screen.getByText('Nothing loaded to export yet.')).toBeInTheDocument();
  });
});
