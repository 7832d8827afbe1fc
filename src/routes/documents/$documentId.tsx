import { createFileRoute } from '@tanstack/react-router';
import { documentRecordQuery } from '../../features/documents/document-record.ts';
import { DocumentPage } from '../../features/documents/document-page.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/documents/$documentId')({
  params: { parse: ({ documentId }) => ({ documentId: parseIdParam(documentId) }), stringify: ({ documentId }) => ({ documentId: String(documentId) }) },
  /** `?kind=transcript`: opened from a transcript list, so read through the transcript endpoint. */
  validateSearch: (search: Record<string, unknown>): { kind?: 'transcript' } => (search.kind === 'transcript' ? { kind: 'transcript' } : {}),
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  loader: ({ context: { queryClient }, params, deps }) => void queryClient.prefetchQuery(documentRecordQuery(params.documentId, deps.kind)),
  component: DocumentRoute,
});

function DocumentRoute() {
  const { documentId } = Route.useParams();
  const { kind } = Route.useSearch();
  return <DocumentPage documentId={documentId} kind={kind} />;
}
