import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { documentQueries } from '../../api/documents.ts';
import { Panel } from '../../components/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/documents/$documentId')({
  params: { parse: ({ documentId }) => ({ documentId: parseIdParam(documentId) }), stringify: ({ documentId }) => ({ documentId: String(documentId) }) },
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(documentQueries.detail(params.documentId, { expand: ['event'] })),
  component: DocumentPage,
});

function DocumentPage() {
  const { documentId } = Route.useParams();
  const query = useQuery(documentQueries.detail(documentId, { expand: ['event'] }));
  return (
    <Panel title="Document">
      <QueryStates query={query} isEmpty={() => false} empty={null} loadingLabel="Loading the document" loadingRows={3}>
        {(doc) => <h1 className="px-4 py-3 text-lg font-semibold">{doc.event?.title ?? `Document ${doc.id}`}</h1>}
      </QueryStates>
    </Panel>
  );
}
