// The export's formats and cap apart from its writer (export.ts): the search page shows the cap and
// offers the formats before any export is asked for, and loads the writer only then.

export type SearchExportFormat = 'csv' | 'md';
export const SEARCH_EXPORT_FORMATS: readonly SearchExportFormat[] = ['csv', 'md'];

/** The Content-Type each format is sent as. */
export const SEARCH_EXPORT_TYPES: Record<SearchExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

/**
 * The most calls one file holds: as far as the search's own cursor goes (MAX_OFFSET in
 * server/search/params.ts), so the file and the pages see the same calls.
 */
export const SEARCH_EXPORT_CAP = 10_000;
