import { isApiError } from '../../api/api-error.ts';
import { Button } from '../../components/ui/button.tsx';

/** Why a file could not be read, in words, with Retry and (when there is one) the file's own link. */
export function FileError({ error, onRetry, sourceUrl }: { error: unknown; onRetry: () => void; sourceUrl?: string }) {
  let title = 'The file could not be loaded';
  if (isApiError(error)) {
    if (error.kind === 'not-found') title = 'The file is missing (404)';
    else if (error.kind === 'forbidden') title = 'The file host refused access (403)';
    else if (error.kind === 'network') title = 'The file could not be reached';
    else if (error.status) title = `The file could not be loaded (${error.status})`;
  }
  const detail = error instanceof Error ? error.message : '';
  return (
    <div role="alert" className="m-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100">
      <h3 className="text-sm font-semibold">{title}</h3>
      {detail && <p className="mt-1 text-sm">{detail}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="danger" onClick={onRetry}>
          Retry
        </Button>
        {sourceUrl && (
          <a href={sourceUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-medium underline">
            Open the file at its source
          </a>
        )}
      </div>
    </div>
  );
}
