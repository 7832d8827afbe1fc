/** DataTable: a table named by its caption, with headers and one row per record. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../../src/components/ui/data-table.tsx';

describe('DataTable', () => {
  const rows = [
    { id: 1, name: 'Alpha Holdings', size: '12.4 MB' },
    { id: 2, name: 'Beta Group', size: '3.0 MB' },
  ];

  it('is a table named by its caption, with column headers and one row per record', () => {
    render(
      <DataTable
        caption="Recordings, newest first"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Company', cell: (r) => r.name },
          { header: 'Size', cell: (r) => r.size, align: 'right' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Recordings, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Company', 'Size']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(
      body.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Alpha Holdings', '12.4 MB'],
      ['Beta Group', '3.0 MB'],
    ]);
  });

  it('takes a control as a header when given a key', () => {
    render(
      <DataTable
        caption="Transcripts"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'select',
            header: <input type="checkbox" aria-label="Select all 2 loaded transcripts" />,
            cell: (r) => <input type="checkbox" aria-label={`Select ${r.name}`} />,
          },
          { header: 'Company', cell: (r) => r.name },
        ]}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select all 2 loaded transcripts' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Beta Group' })).toBeInTheDocument();
  });
});
