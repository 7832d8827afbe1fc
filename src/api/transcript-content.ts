import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseTranscriptText, type Transcript } from '../lib/transcript/index.ts';
import { ApiError } from './api-error.ts';
import { documentQueries } from './documents.ts';
import type { DocumentRecord } from './schemas.ts';
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

/** The newest transcript of the event: the edited one once it exists, the raw one before. */
function latest(documents: readonly DocumentRecord[] | undefined): DocumentRecord | undefined {
  return [...(documents ?? [])].sort((a, b) => (Date.parse(b.updatedAt ?? '') || 0) - (Date.parse(a.updatedAt ?? '') || 0) || b.id - a.id)[0];
}

/**
 * The event's transcript, as the recording page reads it: endpoint 11 finds it by event, endpoint
 * 12 gives the document, its file gives the text. Every part of the page that needs the words
 * (the transcript that follows playback, a clip's text, the Q&A) reads them here, once.
 */
export function useEventTranscript(eventId: number) {
  const list = useQuery(documentQueries.transcripts({ eventIds: [eventId], limit: 10 }));
  const chosen = latest(list.data?.data);
  const document = useQuery({ ...documentQueries.transcript(chosen?.id ?? 0), enabled: chosen !== undefined });
  const fileUrl = document.data?.fileUrl;
  const content = useQuery({ ...transcriptContentQueries.file(fileUrl ?? ''), enabled: fileUrl !== undefined });
  const failed = [list, document, content].find((query) => query.isError);
  return {
    /** The transcript once read. */
    transcript: content.data,
    /** The document it comes from. */
    document: document.data,
    /** True when the event has no transcript (yet). */
    missing: list.data !== undefined && !chosen,
    /** The first step that failed, with its retry. */
    failed,
  };
}
