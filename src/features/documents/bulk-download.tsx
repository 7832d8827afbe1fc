import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { saveBlob } from '../../lib/download.ts';
import type { TranscriptFormat, ZipFailure, ZipSource } from './zip-download.ts';

/**
 * "Download N as zip" for the selected transcripts, as readable text by default (Markdown, or the
 * original JSON, on request), with progress, Cancel, and a report of what failed (a file the
 * transcript model cannot read counts as failed). The zip code loads only when a download starts.
 */

type State =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number; failed: number }
  | { phase: 'finished'; fileName: string; saved: number; failures: ZipFailure[] }
  | { phase: 'failed'; failures: ZipFailure[] }
  | { phase: 'cancelled' };

export function zipFileName(count: number, now = new Date()): string {
  return `Transcripts - ${count} ${count === 1 ? 'file' : 'files'} - ${now.toISOString().slice(0, 10)}.zip`;
}

const FORMATS: { value: TranscriptFormat; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'json', label: 'JSON' },
];

export function BulkDownload({
  sources,
  zipName,
  onDone,
}: {
  sources: ZipSource[];
  /** The archive's name; the default says how many files and when. */ zipName?: string;
  onDone?: () => void;
}) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [format, setFormat] = useState<TranscriptFormat>('text');
  const formatName = useId();
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', done: 0, total: sources.length, failed: 0 });
    try {
      const { buildZip } = await import('./zip-download.ts');
      const result = await buildZip(sources, {
        signal: abort.signal,
        format,
        onProgress: (progress) => setState({ phase: 'running', ...progress }),
      });
      if (!result.zip) {
        setState({ phase: 'failed', failures: result.failures });
        return;
      }
      const fileName = zipName ?? zipFileName(result.entries.length);
      saveBlob(new Blob([result.zip as BlobPart], { type: 'application/zip' }), fileName);
      setState({ phase: 'finished', fileName, saved: result.entries.length, failures: result.failures });
      onDone?.();
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'cancelled' });
      else setState({ phase: 'failed', failures: [{ name: 'The archive', reason: error instanceof Error ? error.message : 'Unknown error' }] });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const running = state.phase === 'running';
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {running ? (
        <>
          <label className="flex items-center gap-2">
            <span>
              Downloading {state.done} of {state.total}…
            </span>
            <progress value={state.done} max={state.total} className="h-2 w-32 accent-accent-600" aria-label="Download progress" />
          </label>
          <Button onClick={() => controller.current?.abort()}>Cancel</Button>
        </>
      ) : (
        <>
          <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <legend className="sr-only">File format</legend>
            <span aria-hidden="true" className="text-xs text-slate-600 dark:text-slate-400">
              As
            </span>
            {FORMATS.map((option) => (
              <label key={option.value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={formatName}
                  value={option.value}
                  checked={format === option.value}
                  onChange={() => setFormat(option.value)}
                  className="accent-accent-600"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <Button variant="primary" disabled={sources.length === 0} onClick={() => void start()}>
            {sources.length === 0 ? 'Select transcripts to download' : `Download ${sources.length} as zip`}
          </Button>
        </>
      )}
      <div role="status" aria-live="polite" className="min-w-0 basis-full empty:hidden">
        {state.phase === 'finished' && (
          <Report tone={state.failures.length ? 'warn' : 'ok'}>
            Saved {state.fileName} with {state.saved} {state.saved === 1 ? 'transcript' : 'transcripts'}.
            {state.failures.length > 0 && <Failures failures={state.failures} />}
          </Report>
        )}
        {state.phase === 'failed' && (
          <Report tone="error">
            Nothing was downloaded.
            <Failures failures={state.failures} />
          </Report>
        )}
        {state.phase === 'cancelled' && <Report tone="warn">Download cancelled; nothing was saved.</Report>}
      </div>
    </div>
  );
}

function Report({ tone, children }: { tone: 'ok' | 'warn' | 'error'; children: React.ReactNode }) {
  const colours = {
    ok: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/40 dark:text-emerald-100',
    warn: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100',
    error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100',
  }[tone];
  return <div className={`rounded-md border px-3 py-2 ${colours}`}>{children}</div>;
}

function Failures({ failures }: { failures: ZipFailure[] }) {
  return (
    <>
      <p className="mt-1 font-medium">
        {failures.length} {failures.length === 1 ? 'file' : 'files'} could not be downloaded:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {failures.map((failure) => (
          <li key={failure.name}>
            {failure.name}: {failure.reason}
          </li>
        ))}
      </ul>
    </>
  );
}
