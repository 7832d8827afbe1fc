import { queryOptions } from '@tanstack/react-query';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { parseTranscriptText, type Transcript } from '../lib/transcript/index.ts';
import { ApiError, errorFromResponse } from './client.ts';

/**
 * Reading a transcript document's content: the JSON file its `fileUrl` points at (on the file
 * host, no key), read into the one transcript model (src/lib/transcript). Failures are ApiErrors
 * like every other read; a file that is not a transcript is `malformed`, with the model's reason.
 */

/** Reads a transcript file into the transcript model. */
export async function fetchTranscriptContent(fileUrl: string, signal?: AbortSignal): Promise<Transcript> {
  const url = safeHttpUrl(fileUrl);
  const shown = 'the transcript file';
  if (!url) throw new ApiError({ status: 0, kind: 'malformed', message: 'The transcript has no usable file address.' });
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, kind: 'network', message: 'Could not reach the file host for the transcript.', cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, kind: 'network', message: 'The transcript download broke off.', cause: error });
  }
  if (!response.ok) throw errorFromResponse(response.status, response.headers, text, shown);
  const result = parseTranscriptText(text);
  if (!result.ok) throw new ApiError({ status: response.status, kind: 'malformed', message: result.error });
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
