import { createFileRoute, Link } from '@tanstack/react-router';
import { companyQueries } from '../../api/companies.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { DocumentFile } from '../../features/documents/document-page.tsx';
import { eventKeys } from '../../api/keys.ts';
import { EventPage, type EventPageParts } from '../../features/events/event-page.tsx';
import { EventSkeleton } from '../../features/events/event-skeleton.tsx';
import { RecordingPlayButtons, WithRecordingSource } from '../../features/recordings/recording-play.tsx';
import { QnaPanel } from '../../features/player/qna-panel.tsx';
import { eventDetailQuery, eventDocumentsQuery, eventLiveQuery, eventRecordingsQuery, eventTranscriptsQuery } from '../../features/events/event-queries.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { loadRecord } from '../../lib/route-data.ts';
import { idParam } from '../../lib/route-params.ts';

const back = (
  <Link to="/" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    Go to the start page
  </Link>
);

export const Route = createFileRoute('/events/$eventId')({
  params: idParam('eventId'),
  loader: async ({ context: { queryClient }, params: { eventId } }) => {
    // The event's lists start with the event itself, not after it.
    void queryClient.prefetchQuery(eventRecordingsQuery(eventId));
    void queryClient.prefetchQuery(eventTranscriptsQuery(eventId));
    void queryClient.prefetchQuery(eventLiveQuery(eventId));
    void queryClient.prefetchQuery(eventDocumentsQuery(eventId));
    const event = await loadRecord(() => queryClient.ensureQueryData(eventDetailQuery(eventId)), 'event');
    void queryClient.prefetchQuery(companyQueries.detail(event.companyId));
    void queryClient.prefetchQuery(eventTypeQueries.detail(event.typeId));
  },
  pendingComponent: EventPending,
  errorComponent: (props) => <RouteError {...props} back={back} />,
  notFoundComponent: ({ data }) => <RecordNotFound data={data} back={back} />,
  component: EventRoute,
});

function EventPending() {
  const { eventId } = Route.useParams();
  return (
    <RecordPending queryKey={eventKeys.detail(eventId)} label="Loading the event">
      <EventSkeleton />
    </RecordPending>
  );
}

/** The player's buttons and Q&A, and the transcript reader, belong to their own features; the route brings them to the event. */
const parts: EventPageParts = {
  renderPlay: (audio) => <RecordingPlayButtons audio={audio} />,
  renderTranscript: (doc) => <DocumentFile doc={doc} />,
  renderQna: (eventId, recording, loading) =>
    recording ? (
      <WithRecordingSource audio={recording}>
        {(source, chaptersLoading) => <QnaPanel eventId={eventId} source={source} chaptersLoading={chaptersLoading} />}
      </WithRecordingSource>
    ) : (
      <QnaPanel eventId={eventId} source={undefined} chaptersLoading={loading} />
    ),
};

function EventRoute() {
  const { eventId } = Route.useParams();
  return <EventPage eventId={eventId} parts={parts} />;
}
