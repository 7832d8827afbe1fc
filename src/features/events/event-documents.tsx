import { useQuery } from '@tanstack/react-query';
import { documentQueries } from '../../api/documents.ts';
import { DocumentRows } from '../../components/document-rows.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { useDocumentTypes } from '../../components/type-records.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { UnavailableNote } from '../../components/unavailable-note.tsx';

/**
 * Every document of an event (`/documents?eventIds=…`): its release, slides, reports and
 * transcripts, each opening in the app's viewer. Where the data source has no document list, one
 * calm line says so: the transcript panel above still shows what the contract offers.
 */
export function EventDocuments({ eventId, name }: { eventId: number; name: string }) {
  const query = useQuery(documentQueries.all({ eventIds: [eventId] }));
  const documents = query.data?.available ? query.data.value.items : [];
  const types = useDocumentTypes(documents.map((doc) => doc.typeId));
  return (
    <Panel title="Documents" id="documents">
      {query.isPending ? (
        <SkeletonRows rows={3} label="Loading documents" />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data.available ? (
        <div className="p-4">
          <UnavailableNote feature="An event's documents" extension="documents">
            Its transcript is above.
          </UnavailableNote>
        </div>
      ) : documents.length === 0 ? (
        <EmptyState>No documents published for this event yet.</EmptyState>
      ) : (
        <DocumentRows documents={documents} types={types} context={name} />
      )}
    </Panel>
  );
}
