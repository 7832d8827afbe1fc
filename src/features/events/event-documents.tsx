import { useQuery } from '@tanstack/react-query';
import { eventDocumentsQuery } from './event-queries.ts';
import type { EventRecord } from '../../api/schemas.ts';
import { groupByPeriod, periodHeadingClass } from '../../components/document-periods.ts';
import { DocumentRows } from '../../components/document-rows.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { useDocumentTypes } from '../../components/type-records.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { UnavailableNote } from '../../components/unavailable-note.tsx';

/**
 * Every document of an event (`/documents?eventIds=…`): its release, slides, reports and
 * transcripts (a call's transcripts in one row), each opening in the app's viewer. An annual report
 * that came with a quarter's call is filed apart, under the fiscal year it covers ("FY 2025").
 * Where the data source has no document list, one calm line says so: the transcript panel above
 * still shows what the contract offers. `hideWhenEmpty` (an event still to come): nothing at all
 * until a document is there.
 */
export function EventDocuments({ event, name, hideWhenEmpty = false }: { event: EventRecord; name: string; hideWhenEmpty?: boolean }) {
  const query = useQuery(eventDocumentsQuery(event.id));
  const documents = query.data?.available ? query.data.value.items : [];
  const types = useDocumentTypes(documents.map((doc) => doc.typeId));
  if (hideWhenEmpty && !query.isError && documents.length === 0) return null;
  // The event's own period first, then the fiscal year its annual documents cover.
  const groups = groupByPeriod(
    documents.map((doc) => ({ ...doc, event: doc.event ?? event })),
    types,
  ).sort((a, b) => Number(a.annualYear !== undefined) - Number(b.annualYear !== undefined));
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
      ) : groups.length === 1 ? (
        <DocumentRows documents={groups[0]!.documents} types={types} context={name} />
      ) : (
        groups.map((group) => (
          <section key={group.label} aria-label={`Documents of ${group.label}`}>
            <h3 className={periodHeadingClass}>{group.label}</h3>
            <DocumentRows documents={group.documents} types={types} context={`${name}, ${group.label}`} />
          </section>
        ))
      )}
    </Panel>
  );
}
