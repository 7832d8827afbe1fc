import { queryOptions } from '@tanstack/react-query';
import { parseTranscriptText, type Transcript } from '../lib/transcript/index.ts';
import { ApiError } from './client.ts';
import { fetchFile, fileText } from './files.ts';

/**
 * Reading a transcript document's content: the JSON file its `fileUrl` points at (on the file
 * host, no key), read into the one transcript model (src/lib/transcript). Failures are ApiErrors
 * like every other read; a file that is not a transcript is `malformed`, with the model's reason.
 */

/**
 * Reads a transcript file into the transcript model, the way every file is read (src/api/files.ts:
 * directly, or through the same-origin file route when the host refuses cross-origin reads).
 */
export async function fetchTranscriptContent(fileUrl: string, signal?: AbortSignal): Promise<Transcript> {
  const file = await fetchFile(fileUrl, signal);
  const result = parseTranscriptText(fileText(file));
  if (!result.ok) throw new ApiError({ status: 200, kind: 'malformed', message: result.error, url: fileUrl });
  return result.transcript;
}

export const transcriptContentQueries = {
  /** A transcript file by its URL; files do not change once published. */
  file: (fileUrl: string) =>
    queryOptions({
      queryKey: ['transcript-content', fileUrl] as const,
      queryFn: ({ signal }) => fetchTranscriptContent(fileUrl, signal),
      staleTime: 60 * 60_000,
    }),
};
