import { useQuery } from '@tanstack/react-query';
import { searchQueries, type SearchStatus } from '../../api/search.ts';
import { TimeText } from '../../components/time-text.tsx';

const count = (n: number) => n.toLocaleString('en-US');

/** What the index covers, in words, so results are read for what they are. */
export function describeIndex(status: SearchStatus): string {
  if (!status.enabled) return 'Transcript search is turned off on this server.';
  if (status.state === 'unavailable') return `Transcript search is not available: ${status.detail ?? 'the index could not be opened.'}`;
  if (status.state === 'rebuilding') {
    return `The search index was damaged and is being rebuilt: results are incomplete until it is done${status.calls > 0 ? ` (searching ${count(status.calls)} ${status.calls === 1 ? 'call' : 'calls'} so far)` : ''}.`;
  }
  const { listed, pending, retrying } = status.transcripts;
  const waiting = pending + retrying;
  const calls = `${count(status.calls)} ${status.calls === 1 ? 'call' : 'calls'}`;
  if (listed === 0) return status.state === 'idle' ? 'No transcripts to search yet.' : 'Building the index: listing the transcripts…';
  if (waiting > 0) return `Indexing: searching ${calls} so far; ${count(waiting)} of ${count(listed)} transcripts still to read.`;
  return `Searching ${calls} (${count(listed)} transcripts).`;
}

/** The index's state above the results: coverage, what is still being read, and what failed and why. */
export function SearchIndexStatus() {
  const status = useQuery(searchQueries.status());
  if (!status.data) return null;
  const data = status.data;
  const failed = data.transcripts.failed;
  return (
    <div className="text-xs text-slate-600 dark:text-slate-400">
      <p role="status">
        {describeIndex(data)}
        {data.lastSyncAt && data.transcripts.pending + data.transcripts.retrying === 0 && (
          <>
            {' '}
            Last checked <TimeText value={data.lastSyncAt} />.
          </>
        )}
        {data.state === 'paused' && data.detail && <> {data.detail}</>}
        {/* The server's own words: the data service's problem, or that its log says why. */}
        {data.state === 'failing' && data.lastError && <> Indexing stopped for now: {data.lastError}</>}
      </p>
      {failed > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer">
            {failed === 1 ? '1 transcript could not be read' : `${count(failed)} transcripts could not be read`}, and is left out
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {data.failures
              .filter((failure) => failure.retryAt === null)
              .map((failure) => (
                <li key={failure.transcriptId}>
                  Transcript {failure.transcriptId} (call {failure.eventId}): {failure.reason}
                </li>
              ))}
          </ul>
        </details>
      )}
    </div>
  );
}
