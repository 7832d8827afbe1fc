import { createFileRoute, Link } from '@tanstack/react-router';
import { companyQueries } from '../../api/companies.ts';
import { documentTypeQueries } from '../../api/document-types.ts';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { DocumentPage } from '../../features/documents/document-page.tsx';
import { QnaPanel } from '../../features/player/qna-panel.tsx';
import { WithEventRecording } from '../../features/recordings/recording-play.tsx';
import { documentRecordKey } from '../../features/documents/document-record-key.ts';
import { DocumentSkeleton } from '../../features/documents/document-skeleton.tsx';
import { documentRecordQuery } from '../../features/documents/document-record.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { loadRecord } from '../../lib/route-data.ts';
import { idParam } from '../../lib/route-params.ts';

const back = (
  <Link to="/transcripts" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    All transcripts
  </Link>
);

export const Route = createFileRoute('/documents/$documentId')({
  params: idParam('documentId'),
  /**
   * `?kind=transcript`: opened from a transcript list, so read through the transcript endpoint.
   * `?sentence=N`: a transcript opened at one sentence (a search hit), shown and marked.
   */
  validateSearch: (search: Record<string, unknown>): { kind?: 'transcript'; sentence?: number } => {
    const sentence = Number(search.sentence);
    return {
      ...(search.kind === 'transcript' ? { kind: 'transcript' as const } : {}),
      ...(search.sentence !== undefined && Number.isInteger(sentence) && sentence >= 0 && sentence < 1_000_000 ? { sentence } : {}),
    };
  },
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  loader: async ({ context: { queryClient }, params: { documentId }, deps }) => {
    const doc = await loadRecord(() => queryClient.ensureQueryData(documentRecordQuery(documentId, deps.kind)), 'document');
    void queryClient.prefetchQuery(documentTypeQueries.detail(doc.typeId));
    void queryClient.prefetchQuery(companyQueries.detail(doc.companyId));
  },
  pendingComponent: DocumentPending,
  errorComponent: (props) => <RouteError {...props} back={back} />,
  notFoundComponent: ({ data }) => <RecordNotFound data={data} back={back} />,
  component: DocumentRoute,
});

/** The Q&A belongs to the player and the recording to its feature; the route brings them to a transcript. */
const renderQna = (eventId: number) => (
  <WithEventRecording eventId={eventId}>{(source, loading) => <QnaPanel eventId={eventId} source={source} chaptersLoading={loading} />}</WithEventRecording>
);

function DocumentRoute() {
  const { documentId } = Route.useParams();
  const { kind, sentence } = Route.useSearch();
  return <DocumentPage documentId={documentId} kind={kind} sentence={sentence} renderQna={renderQna} />;
}

function DocumentPending() {
  const { documentId } = Route.useParams();
  const { kind } = Route.useSearch();
  return (
    <RecordPending queryKey={documentRecordKey(documentId, kind)} label="Loading the document">
      <DocumentSkeleton />
    </RecordPending>
  );
}
