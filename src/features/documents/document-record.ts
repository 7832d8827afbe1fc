import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error.ts';
import { fetchDocument, fetchTranscript } from '../../api/documents.ts';
import { documentRecordKey } from './document-record-key.ts';

/**
 * The record behind a document page. Any document is read through endpoint 10 (with its event
 * summary). A page opened from a transcript list (`?kind=transcript`) reads it through the
 * transcript endpoint 12 instead, and falls back to endpoint 10 if the id is not a transcript.
 */
export function documentRecordQuery(id: number, kind: 'transcript' | undefined) {
  if (kind !== 'transcript') {
    return queryOptions({ queryKey: documentRecordKey(id, kind), queryFn: ({ signal }) => fetchDocument(id, { expand: ['event'] }, signal) });
  }
  return queryOptions({
    queryKey: documentRecordKey(id, kind),
    queryFn: async ({ signal }) => {
      try {
        return await fetchTranscript(id, signal);
      } catch (error) {
        if (isApiError(error) && error.kind === 'not-found') return fetchDocument(id, { expand: ['event'] }, signal);
        throw error;
      }
    },
  });
}
