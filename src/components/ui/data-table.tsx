import type { ReactNode } from 'react';

/** A dense, scannable table: the identifying column first, figures right-aligned in tabular numerals. */

export interface Column<T> {
  header: ReactNode;
  /** Needed when the header is not a string. */
  key?: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /**
   * Hidden while the table itself is narrower than this (its own width, not the screen's: a table
   * in a narrow column of a wide page hides it too), to keep phones and narrow boxes readable.
   */
  hideBelow?: TableWidth;
  /** Extra classes of this column's cells. */
  className?: string;
  /** Extra classes of this column's header cell. */
  headerClassName?: string;
}

/**
 * The table's widths at which columns appear, read by container queries on the table's frame:
 * `sm` 36rem (a list page's table on a 40rem screen), `md` 44rem, `lg` 60rem. A narrow box hides
 * the columns marked `lg` first, then `md`, then `sm`.
 */
export type TableWidth = 'sm' | 'md' | 'lg';

const HIDE: Record<TableWidth, string> = { sm: 'hidden @min-[36rem]:table-cell', md: 'hidden @min-[44rem]:table-cell', lg: 'hidden @min-[60rem]:table-cell' };

/**
 * For what stands in for a hidden column in another cell of the row (the call under its company
 * on a phone): shown only while the table is narrower than `width`, so exactly when that column is hidden.
 */
export const whileHiddenBelow: Record<TableWidth, string> = { sm: '@min-[36rem]:hidden', md: '@min-[44rem]:hidden', lg: '@min-[60rem]:hidden' };

/** The parts a table that cannot be a DataTable (a pivot with row headers and a footer) shares with it. */
export const tableClass = {
  table: 'w-full border-collapse text-sm',
  headRow: 'border-b border-slate-200 text-left text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400',
  body: 'divide-y divide-slate-100 dark:divide-slate-800',
  row: 'hover:bg-slate-50 dark:hover:bg-slate-800/40',
  selectedRow: 'bg-accent-50/60 dark:bg-accent-700/15',
};

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  isSelected,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Rows drawn as selected. */
  isSelected?: (row: T) => boolean;
}) {
  const keyOf = (column: Column<T>) => column.key ?? String(column.header);
  return (
    // Its own width decides which columns show (container queries): the page's width does not.
    <div className="@container overflow-x-auto">
      <table className={tableClass.table}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className={tableClass.headRow}>
            {columns.map((column) => (
              <th
                key={keyOf(column)}
                scope="col"
                className={`px-3 py-2 font-medium ${column.align === 'right' ? 'text-right' : ''} ${column.hideBelow ? HIDE[column.hideBelow] : ''} ${column.headerClassName ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tableClass.body}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={isSelected?.(row) ? tableClass.selectedRow : tableClass.row}>
              {columns.map((column) => (
                <td
                  key={keyOf(column)}
                  // Text from data may be one 600-letter word: it wraps wherever it must rather than widening the page.
                  className={`h-[37px] px-3 py-2 align-top [overflow-wrap:anywhere] ${column.align === 'right' ? 'tabular text-right' : ''} ${column.hideBelow ? HIDE[column.hideBelow] : ''} ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
