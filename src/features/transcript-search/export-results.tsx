import { useId } from 'react';
import type { SearchCall } from '../../api/search.ts';
import { Button } from '../../components/ui/button.tsx';
import { saveText } from '../../lib/download.ts';
import { searchExportFileName, searchExportRows, searchResultsToCsv, searchResultsToMarkdown } from '../../lib/transcript-search/export.ts';

/**
 * "Export": the loaded results as a CSV file (for a spreadsheet) or Markdown (for notes), one row
 * per sentence with a hit. What is exported is what has been loaded: the note says how much, and
 * "Load more" on the page brings in more before exporting.
 */
export function ExportResults({ calls, query }: { calls: readonly SearchCall[]; query: string }) {
  const id = useId();
  const count = searchExportRows(calls, { origin: '' }).length;
  const origin = globalThis.location?.origin ?? '';
  const disabled = count === 0;

  const exportAs = (kind: 'csv' | 'md') => {
    if (kind === 'csv') {
      // The byte order mark tells spreadsheet programs the file is UTF-8.
      saveText(`\uFEFF${searchResultsToCsv(calls, { origin, query })}`, searchExportFileName(query, 'csv'), 'text/csv');
    } else {
      saveText(searchResultsToMarkdown(calls, { origin, query }), searchExportFileName(query, 'md'), 'text/markdown');
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-note`} className="flex flex-wrap items-center gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        Export
      </span>
      <Button size="sm" disabled={disabled} onClick={() => exportAs('csv')} aria-label="Export as CSV">
        CSV
      </Button>
      <Button size="sm" disabled={disabled} onClick={() => exportAs('md')} aria-label="Export as Markdown">
        Markdown
      </Button>
      <span id={`${id}-note`} className="text-xs text-slate-600 dark:text-slate-400">
        {disabled
          ? 'Nothing loaded to export yet.'
          : `${count === 1 ? '1 sentence' : `${count.toLocaleString('en-US')} sentences`} from the ${calls.length === 1 ? 'call' : `${calls.length} calls`} loaded, one row each.`}
      </span>
    </div>
  );
}
