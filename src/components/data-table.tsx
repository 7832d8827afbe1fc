import type { ReactNode } from 'react';

/** A dense, scannable table: the identifying column first, figures right-aligned in tabular numerals. */

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Hidden below this breakpoint, to keep phones readable. */
  hideBelow?: 'sm' | 'md' | 'lg';
  className?: string;
}

const HIDE = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell' } as const;

export function DataTable<T>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string | number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-3 py-2 font-medium ${column.align === 'right' ? 'text-right' : ''} ${column.hideBelow ? HIDE[column.hideBelow] : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              {columns.map((column) => (
                <td
                  key={column.header}
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
