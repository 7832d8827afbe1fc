import { documentKeys } from '../../api/keys.ts';

/** Endpoint 10's parameters for a document page: the document with its event summary. */
export const DOCUMENT_RECORD_PARAMS = { expand: ['event'] } as const;

/**
 * The key of the record behind a document page (document-record.ts reads it), apart from its
 * fetchers so that the page's loading view can watch it from the first download.
 */
export function documentRecordKey(id: number, kind: 'transcript' | undefined): readonly unknown[] {
  return kind === 'transcript'
    ? [...documentKeys.transcriptDetail(id), 'or-document']
    : documentKeys.detail(id, { expand: [...DOCUMENT_RECORD_PARAMS.expand] });
}
