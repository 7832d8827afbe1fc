/** The company page's Segments section against the sandbox: figures, grouping, units, negatives, states. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../src/api/query-client.ts';
import type { Segment } from '../../src/api/schemas.ts';
import CompanySegmentsDefault, { CompanySegments } from '../../src/features/companies/segments/index.ts';
import { apiPath, forwardToSandbox, sandboxJson, seenRequests, server, useSandboxServer, SANDBOX_COMPANIES } from '../support/sandbox-server.ts';

useSandboxServer();

interface SegmentPage {
  data: Segment[];
  pagination: { nextCursor: number | null };
}

/** Every segment record of a company, straight from the sandbox, page by page. */
async function allSegments(companyId: number): Promise<Segment[]> {
  const records: Segment[] = [];
  let cursor: number | null = 0;
  for (let guard = 0; guard < 20 && cursor !== null; guard++) {
    const page: SegmentPage = await sandboxJson<SegmentPage>(`/companies/${companyId}/segments?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
    records.push(...page.data);
    cursor = page.data.length === 0 || page.pagination.nextCursor === cursor ? null : page.pagination.nextCursor;
  }
  return records;
}

/** The first sandbox company whose segments include a negative item (operating income). */
async function companyWithNegatives(): Promise<{ id: number; records: Segment[] }> {
  for (let id = 1; id <= SANDBOX_COMPANIES; id++) {
    const records = await allSegments(id);
    if (records.some((r) => r.items.some((item) => item.value < 0))) return { id, records };
  }
  throw new Error('no sandbox company with a negative segment figure');
}

function renderSegments(companyId: number) {
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <CompanySegments companyId={companyId} />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** How a figure reads in the table: one decimal (the sandbox's precision), grouped thousands, a minus sign. */
const oneDecimal = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const figure = (value: number) => oneDecimal.format(value);
const compact = (text: string | null) => (text ?? '').replace(/[\s,]/g, '');

function section() {
  return screen.getByRole('region', { name: 'Segments' });
}

/** A table's figures for one row header, in column order (without the change from the year before under each). */
function rowCells(table: HTMLElement, header: string): string[] {
  const row = within(table).getByRole('rowheader', { name: header }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) =>
      [...cell.childNodes]
        .filter((node) => !/^(change from the year before|—no year before to compare)/.test(node.textContent ?? ''))
        .map((node) => node.textContent ?? '')
        .join(''),
    );
}

/** The change shown under each figure of a row ("" where there is none), in column order. */
function rowChanges(table: HTMLElement, header: string): string[] {
  const row = within(table).getByRole('rowheader', { name: header }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => [...cell.childNodes].find((node) => node.textContent?.startsWith('change from the year before'))?.textContent ?? '');
}

function segmentsResponse(records: unknown[]) {
  return http.get(apiPath('/companies/:id/segments'), () => HttpResponse.json({ data: records, pagination: { nextCursor: null } }));
}

describe('CompanySegments', () => {
  it('is the default export of the feature entry, for lazy loading', () => {
    expect(CompanySegmentsDefault).toBe(CompanySegments);
  });

  it('shows every figure the API returned, grouped by category and measure, with units spelled out and negatives signed', async () => {
    const { id, records } = await companyWithNegatives();
    renderSegments(id);

    expect(screen.getByRole('heading', { level: 2, name: 'Segments' })).toBeInTheDocument();
    // The first table appears once everything is loaded.
    await within(section()).findAllByRole('table');
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();

    const categories = [...new Set(records.map((r) => r.segmentCategory))];
    expect(
      within(section())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(categories);

    const groups = new Map<string, Segment[]>();
    for (const record of records) {
      const key = `${record.segmentItem} by ${record.segmentCategory}`;
      groups.set(key, [...(groups.get(key) ?? []), record]);
    }
    expect(within(section()).getAllByRole('table')).toHaveLength(groups.size);

    let negativesSeen = 0;
    for (const [title, group] of groups) {
      const years = [...new Set(group.map((r) => r.fiscalYear))].sort((a, b) => a - b);
      const unit = group[0]!.itemUnit!;
      expect(unit).toMatch(/^M[A-Z]{3}$/);
      const unitWords = `millions of ${unit.slice(1)}`;

      const table = screen.getByRole('table', { name: `${title}, FY${years[0]} to FY${years.at(-1)}, in ${unitWords}` });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Segment', ...years.map((y) => `FY${y}`)]);

      const itemNames = [...new Set(group.flatMap((r) => r.items.map((item) => item.name!)))];
      // Items, then Other, then Total.
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual([...itemNames, 'Other', 'Total']);

      for (const record of group) {
        const column = years.indexOf(record.fiscalYear);
        for (const item of record.items) {
          const text = rowCells(table, item.name!)[column];
          expect(text).toBe(figure(item.value));
          if (item.value < 0) {
            expect(text).toMatch(/^-\d/);
            negativesSeen++;
          }
        }
        expect(compact(rowCells(table, 'Other')[column]!)).toBe(compact(record.other!));
        expect(rowCells(table, 'Total')[column]).toBe(figure(record.total));
      }

      // The unit is spelled out beside the measure, and the chart says it too.
      const measureHeading = within(section())
        .getAllByRole('heading', { level: 4 })
        .find((h) => h.textContent?.startsWith(group[0]!.segmentItem!) && h.closest('section')?.getAttribute('aria-label') === group[0]!.segmentCategory);
      expect(measureHeading).toHaveTextContent(`in ${unitWords}`);
      const chart = screen.getByRole('img', { name: new RegExp(`^Bar chart of ${title}, FY${years[0]} to FY${years.at(-1)}, in ${unitWords}`) });
      expect(chart).toBeInTheDocument();
    }
    expect(negativesSeen).toBeGreaterThan(0);
  });

  it('draws negative values left of the zero line and positive ones right of it', async () => {
    const { id, records } = await companyWithNegatives();
    const negative = records.find((r) => r.items.some((item) => item.value < 0))!;
    renderSegments(id);
    const years = [
      ...new Set(records.filter((r) => r.segmentItem === negative.segmentItem && r.segmentCategory === negative.segmentCategory).map((r) => r.fiscalYear)),
    ];
    const chart = await screen.findByRole('img', {
      name: new RegExp(`^Bar chart of ${negative.segmentItem} by ${negative.segmentCategory}, FY${Math.min(...years)}`),
    });
    const zero = Number(chart.querySelector('line[data-zero]')!.getAttribute('x1'));
    const bars = [...chart.querySelectorAll('rect[data-value]')];
    expect(bars.length).toBeGreaterThan(0);
    let negatives = 0;
    for (const bar of bars) {
      const value = Number(bar.getAttribute('data-value'));
      const x = Number(bar.getAttribute('x'));
      const width = Number(bar.getAttribute('width'));
      if (value < 0) {
        negatives++;
        expect(x + width).toBeCloseTo(zero, 5);
        expect(x).toBeLessThan(zero);
      } else {
        expect(x).toBeCloseTo(zero, 5);
      }
    }
    expect(negatives).toBeGreaterThan(0);
  });

  it('reads every page of segments (the service may return a few records per page)', async () => {
    const { id, records } = await companyWithNegatives();
    server.use(
      http.get(apiPath('/companies/:id/segments'), ({ request }) => {
        const url = new URL(request.url);
        url.searchParams.set('limit', '2');
        return forwardToSandbox(new Request(url, { headers: request.headers }));
      }),
    );
    renderSegments(id);
    await within(section()).findAllByRole('table');

    const requests = seenRequests.filter((url) => url.includes(`/companies/${id}/segments`));
    expect(requests.length).toBeGreaterThanOrEqual(Math.ceil(records.length / 2));
    const cellsShown = within(section())
      .getAllByRole('table')
      .flatMap((table) => within(table).getAllByRole('row').slice(1))
      .filter((row) => !['Other', 'Total'].includes(within(row).getByRole('rowheader').textContent ?? ''))
      .flatMap((row) =>
        within(row)
          .getAllByRole('cell')
          .filter((cell) => !cell.textContent?.includes('not reported')),
      );
    expect(cellsShown).toHaveLength(records.reduce((n, r) => n + r.items.length, 0));
  });

  it('gives keyboard users each segment’s exact figures from the chart', async () => {
    const { id, records } = await companyWithNegatives();
    const { user } = renderSegments(id);
    const first = records[0]!;
    const years = [
      ...new Set(records.filter((r) => r.segmentItem === first.segmentItem && r.segmentCategory === first.segmentCategory).map((r) => r.fiscalYear)),
    ].sort();
    const latest = records.filter(
      (r) => r.segmentItem === first.segmentItem && r.segmentCategory === first.segmentCategory && r.fiscalYear === years.at(-1),
    )[0]!;
    const second = { ...latest.items[1]!, name: latest.items[1]!.name! };

    const chart = await screen.findByRole('group', {
      name: `${first.segmentItem} by ${first.segmentCategory} chart, use the arrow keys to read each segment's figures`,
    });
    await user.tab();
    expect(chart).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const figure = figureOf(records, first, second.name, years);
    expect(within(chart.parentElement!).getByText(new RegExp(`^${escape(second.name)}: ${figure}`))).toBeInTheDocument();
  });

  it('shows items that appear only in some years as not reported, unreadable other text as sent, and other units spelled out or as given', async () => {
    const base = {
      companyId: 9,
      createdAt: '2025-03-01T00:00:00.000Z',
      updatedAt: '2025-03-01T00:00:00.000Z',
      reportDate: '2025-02-01T00:00:00.000Z',
      segmentItem: 'Revenue',
      segmentCategory: 'Product Lines',
    };
    server.use(
      segmentsResponse([
        {
          ...base,
          fiscalYear: 2023,
          total: 1500.5,
          totalUnit: 'BNSEK',
          other: 'see note 7',
          items: [
            { name: 'Legacy', value: 12.25 },
            { name: 'Core', value: -3.5 },
          ],
          itemUnit: 'MSEK',
        },
        {
          ...base,
          fiscalYear: 2024,
          total: 30,
          totalUnit: 'MSEK',
          other: '1.5 (5.0%)',
          items: [
            { name: 'Core', value: 20 },
            { name: 'New', value: 8.5 },
          ],
          itemUnit: 'MSEK',
        },
        {
          ...base,
          segmentItem: 'Headcount',
          fiscalYear: 2024,
          total: 900,
          totalUnit: 'FTE',
          other: '',
          items: [{ name: 'Core', value: 900 }],
          itemUnit: 'FTE',
        },
      ]),
    );
    renderSegments(9);

    const revenue = await screen.findByRole('table', { name: 'Revenue by Product Lines, FY2023 to FY2024, in millions of SEK' });
    const format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Latest year's order first, then items only seen earlier.
    expect(
      within(revenue)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Core', 'New', 'Legacy', 'Other', 'Total']);
    expect(rowCells(revenue, 'Core')).toEqual([format.format(-3.5), format.format(20)]);
    expect(rowCells(revenue, 'New')[0]).toContain('not reported');
    expect(rowCells(revenue, 'Legacy')).toEqual([format.format(12.25), expect.stringContaining('not reported')]);
    expect(rowCells(revenue, 'Other')).toEqual(['see note 7', `${format.format(1.5)}(5.0%)`]);
    // A total in another unit says which.
    expect(rowCells(revenue, 'Total')).toEqual([`${format.format(1500.5)}billions of SEK`, format.format(30)]);
    expect(screen.getByText('The total is reported in another unit and is shown in the table only.')).toBeInTheDocument();

    // An unknown unit code is shown as given; an empty other leaves no Other row.
    const headcount = screen.getByRole('table', { name: 'Headcount by Product Lines, FY2024, in FTE' });
    expect(
      within(headcount)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Core', 'Total']);
    expect(screen.getByRole('heading', { level: 4, name: 'Headcount in FTE' })).toBeInTheDocument();
  });

  it('shows a measure reported in different units across years as separate tables', async () => {
    const base = {
      companyId: 9,
      createdAt: '2025-03-01T00:00:00.000Z',
      updatedAt: '2025-03-01T00:00:00.000Z',
      reportDate: '2025-02-01T00:00:00.000Z',
      segmentItem: 'Revenue',
      segmentCategory: 'Regions',
    };
    server.use(
      segmentsResponse([
        { ...base, fiscalYear: 2022, total: 9000, totalUnit: 'KUSD', other: '0 (0%)', items: [{ name: 'Europe', value: 9000 }], itemUnit: 'KUSD' },
        { ...base, fiscalYear: 2023, total: 9.5, totalUnit: 'MUSD', other: '0.0 (0.0%)', items: [{ name: 'Europe', value: 9.5 }], itemUnit: 'MUSD' },
      ]),
    );
    renderSegments(9);
    expect(await screen.findByRole('table', { name: 'Revenue by Regions, FY2022, in thousands of USD' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue by Regions, FY2023, in millions of USD' })).toBeInTheDocument();
    expect(screen.getByText('Reported in different units across years, so each unit has its own chart and table.')).toBeInTheDocument();
  });

  it('shows the change from the year before under each figure, with its sign, and the latest year first on a phone', async () => {
    const base = { companyId: 9, segmentItem: 'Revenue', segmentCategory: 'Regions', reportDate: null, createdAt: null, updatedAt: null };
    server.use(
      segmentsResponse([
        {
          ...base,
          fiscalYear: 2023,
          total: 200,
          totalUnit: 'MUSD',
          other: null,
          items: [
            { name: 'Europe', value: 120 },
            { name: 'Asia', value: 80 },
          ],
          itemUnit: 'MUSD',
        },
        {
          ...base,
          fiscalYear: 2024,
          total: 180,
          totalUnit: 'MUSD',
          other: null,
          items: [
            { name: 'Europe', value: 150 },
            { name: 'Asia', value: 30 },
          ],
          itemUnit: 'MUSD',
        },
        {
          ...base,
          fiscalYear: 2025,
          total: 180,
          totalUnit: 'MUSD',
          other: null,
          items: [
            { name: 'Europe', value: 150 },
            { name: 'Asia', value: 30 },
          ],
          itemUnit: 'MUSD',
        },
      ]),
    );
    renderSegments(9);
    const table = await screen.findByRole('table', { name: /^Revenue by Regions/ });
    expect(rowCells(table, 'Europe')).toEqual(['120', '150', '150']);
    expect(rowChanges(table, 'Europe')).toEqual(['', 'change from the year before: +30 (+25.0%)', 'change from the year before: ±0 (±0.0%)']);
    expect(rowChanges(table, 'Asia')).toEqual(['', 'change from the year before: \u221250 (\u221262.5%)', 'change from the year before: ±0 (±0.0%)']);
    expect(rowChanges(table, 'Total')).toEqual(['', 'change from the year before: \u221220 (\u221210.0%)', 'change from the year before: ±0 (±0.0%)']);
  });

  it('shows "—" for the change with no year before, and for the percentage when the year before was zero', async () => {
    const base = {
      companyId: 9,
      segmentItem: 'Revenue',
      segmentCategory: 'Regions',
      reportDate: null,
      createdAt: null,
      updatedAt: null,
      totalUnit: 'MUSD',
      itemUnit: 'MUSD',
      other: null,
    };
    server.use(
      segmentsResponse([
        {
          ...base,
          fiscalYear: 2024,
          total: 40,
          items: [
            { name: 'Europe', value: 0 },
            { name: 'Asia', value: 40 },
          ],
        },
        {
          ...base,
          fiscalYear: 2025,
          total: 90,
          items: [
            { name: 'Europe', value: 50 },
            { name: 'Asia', value: 40 },
          ],
        },
      ]),
    );
    renderSegments(9);
    const table = await screen.findByRole('table', { name: /^Revenue by Regions/ });
    expect(rowChanges(table, 'Europe')).toEqual(['', 'change from the year before: +50 (—)']);
    expect(rowChanges(table, 'Total')).toEqual(['', 'change from the year before: +50 (+125.0%)']);
    const europe = within(table).getByRole('rowheader', { name: 'Europe' }).closest('tr')!;
    expect(within(europe).getAllByRole('cell')[0]).toHaveTextContent('0—no year before to compare');
    expect(rowCells(table, 'Europe')).toEqual(['0', '50']);
  });

  it('says so when the company has no segments', async () => {
    server.use(segmentsResponse([]));
    renderSegments(3);
    expect(await within(section()).findByText('This company has no reported segment figures.')).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a loading state, then a clear error with Retry when the service fails, and loads on retry', async () => {
    server.use(http.get(apiPath('/companies/:id/segments'), () => HttpResponse.json({ message: 'boom' }, { status: 503 }), { once: true }));
    const { user } = renderSegments(2);
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading segments');

    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('The data service failed (503)');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await within(section()).findAllByRole('table')).length).toBeGreaterThan(0);
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a malformed answer instead of drawing wrong figures', async () => {
    server.use(segmentsResponse([{ companyId: 2, fiscalYear: 2024, segmentItem: 'Revenue', items: 'lots' }]));
    renderSegments(2);
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('The data service sent something we could not read');
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('fails with the same clear message when a later page fails', async () => {
    const { id } = await companyWithNegatives();
    server.use(
      http.get(apiPath('/companies/:id/segments'), ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.has('cursor')) return HttpResponse.json({ message: 'nope' }, { status: 500 });
        url.searchParams.set('limit', '2');
        return forwardToSandbox(new Request(url, { headers: request.headers }));
      }),
    );
    renderSegments(id);
    expect(await within(section()).findByRole('alert')).toHaveTextContent('The data service failed (500)');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "FY2023 1.0, FY2024 2.0" as the chart's live region reads an item (escaped for a RegExp). */
function figureOf(records: Segment[], like: Segment, name: string, years: number[]): string {
  return escape(
    years
      .map((year) => {
        const record = records.find((r) => r.segmentItem === like.segmentItem && r.segmentCategory === like.segmentCategory && r.fiscalYear === year);
        const item = record?.items.find((i) => i.name === name);
        return `FY${year} ${item ? figure(item.value) : 'not reported'}`;
      })
      .join(', '),
  );
}
