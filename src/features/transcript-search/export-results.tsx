import { useEffect, useId, useRef, useState } from 'react';
import type { SearchParams } from '../../api/search.ts';
import { Button } from '../../components/ui/button.tsx';
import { saveBlob } from '../../lib/download.ts';
import { formatCount } from '../../lib/format.ts';
import { SEARCH_EXPORT_CAP, type SearchExportFormat } from '../../lib/transcript-search/export-format.ts';

/** The export's reading and naming, loaded when an export is first asked for. */
const loadExport = () => Promise.all([import('../../api/search-export.ts'), import('../../lib/transcript-search/export.ts')]);

/**
 * "Export": every call the search found (up to SEARCH_EXPORT_CAP), each passage a row with a link
 * that plays its moment, as CSV (for a spreadsheet) or Markdown (for notes). The server writes the
 * file as it reads the index; the progress line counts the calls as they arrive and Cancel stops
 * it. The file is saved only once it has arrived whole: a cancelled or broken-off export saves
 * nothing.
 */

type ExportState =
  | { step: 'idle' }
  | { step: 'running'; format: SearchExportFormat; calls: number }
  | { step: 'done'; calls: number; fileName: string }
  | { step: 'cancelled' }
  | { step: 'failed'; message: string };

const callsText = (value: number) => (value === 1 ? '1 call' : `${formatCount(value)} calls`);

export function ExportResults({ params, totals }: { params: SearchParams; totals: { calls: number; hits: number; complete?: boolean } }) {
  const id = useId();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  // Leaving the page (or another search) stops an export in progress.
  useEffect(() => () => running.current?.abort(), []);
  // Cancel goes away with the export: the keyboard goes back to the button that started it, once
  // that button is enabled again (focusing it while it is still disabled would do nothing).
  const refocus = useRef<SearchExportFormat | undefined>(undefined);
  useEffect(() => {
    const format = refocus.current;
    if (state.step === 'running' || format === undefined) return;
    refocus.current = undefined;
    document.getElementById(`${id}-${format}`)?.focus();
  }, [state.step, id]);

  // The page may have counted only the newest calls of a word said in most; the export holds every
  // call (up to its cap), and says how many when it starts.
  const partial = totals.complete === false;
  const [announced, setAnnounced] = useState<number | undefined>(undefined);
  const expected = Math.min(announced ?? totals.calls, SEARCH_EXPORT_CAP);
  const busy = state.step === 'running';
  const disabled = totals.calls === 0 || busy;

  const start = async (format: SearchExportFormat) => {
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'running', format, calls: 0 });
    setAnnounced(undefined);
    let arrived = 0;
    try {
      const [{ fetchSearchExport }, { searchExportFileName }] = await loadExport();
      const blob = await fetchSearchExport(params, format, {
        signal: controller.signal,
        onTotal: setAnnounced,
        onProgress: (calls) => {
          arrived = calls;
          setState((current) => (current.step === 'running' && current.calls !== calls ? { ...current, calls } : current));
        },
      });
      const fileName = searchExportFileName(params.q, format);
      saveBlob(blob, fileName);
      setState({ step: 'done', calls: arrived, fileName });
    } catch (error) {
      if (controller.signal.aborted) setState({ step: 'cancelled' });
      else setState({ step: 'failed', message: (error as Error).message });
    } finally {
      if (running.current === controller) running.current = undefined;
      if (document.activeElement === document.body || document.activeElement?.id === `${id}-cancel`) refocus.current = format;
    }
  };

  const note =
    totals.calls === 0
      ? 'Nothing to export yet.'
      : partial
        ? `Every call that says it (at least ${formatCount(totals.calls)}), up to ${formatCount(SEARCH_EXPORT_CAP)}, one row per passage, each with a link that plays it.`
        : totals.calls > SEARCH_EXPORT_CAP
          ? `The first ${formatCount(SEARCH_EXPORT_CAP)} of the ${formatCount(totals.calls)} calls found, one row per passage, each with a link that plays it.`
          : `All ${callsText(totals.calls)} found, one row per passage, each with a link that plays it.`;

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-note`} className="flex flex-wrap items-center gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        Export
      </span>
      <Button id={`${id}-csv`} size="sm" disabled={disabled} onClick={() => void start('csv')} aria-label="Export as CSV">
        CSV
      </Button>
      <Button id={`${id}-md`} size="sm" disabled={disabled} onClick={() => void start('md')} aria-label="Export as Markdown">
        Markdown
      </Button>
      {busy && (
        <Button id={`${id}-cancel`} size="sm" variant="quiet" onClick={() => running.current?.abort()}>
          Cancel export
        </Button>
      )}
      <span id={`${id}-note`} className="text-xs text-slate-600 dark:text-slate-400">
        {note}
      </span>
      {/* Polite: the count changes as the file arrives, and a screen reader hears it between other things. */}
      <p role="status" aria-live="polite" className="w-full text-xs text-slate-700 empty:hidden dark:text-slate-300">
        {state.step === 'running' && `Exported ${formatCount(Math.min(state.calls, expected))} of ${callsText(expected)}…`}
        {state.step === 'done' && `Exported ${callsText(state.calls)} to “${state.fileName}”.`}
        {state.step === 'cancelled' && 'Export cancelled: nothing was saved.'}
      </p>
      {state.step === 'failed' && (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
          The export failed and nothing was saved: {state.message}
        </p>
      )}
    </div>
  );
}
