import { createFileRoute, Link } from '@tanstack/react-router';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { ChapterList } from '../../features/player/chapter-list.tsx';
import { QnaPanel } from '../../features/player/qna-panel.tsx';
import { TranscriptPanel } from '../../features/player/transcript-panel.tsx';
import { RecordingPage } from '../../features/recordings/recording-page.tsx';
import { recordingDetailKey } from '../../features/recordings/recording-key.ts';
import { RecordingSkeleton } from '../../features/recordings/recording-skeleton.tsx';
import { recordingChaptersQuery, recordingDetailQuery, recordingTranscriptsQuery } from '../../features/recordings/recording-queries.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { loadRecord } from '../../lib/route-data.ts';
import { idParam } from '../../lib/route-params.ts';
import { readTimeSearch } from '../../lib/time-param.ts';

const back = (
  <Link to="/recordings" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    All recordings
  </Link>
);

export const Route = createFileRoute('/recordings/$audioId')({
  params: idParam('audioId'),
  /**
   * `?t=` starts playback there (seconds or h:mm:ss), or plays a clip (`93-131`); a value that is
   * neither stays as text, and the page says what is wrong with it.
   */
  validateSearch: (search: Record<string, unknown>): { t?: number | string } => ({ t: readTimeSearch(search.t) }),
  loader: async ({ context: { queryClient }, params: { audioId } }) => {
    void queryClient.prefetchQuery(recordingChaptersQuery(audioId));
    const audio = await loadRecord(() => queryClient.ensureQueryData(recordingDetailQuery(audioId)), 'recording');
    void queryClient.prefetchQuery(recordingTranscriptsQuery(audio.eventId));
  },
  pendingComponent: RecordingPending,
  errorComponent: (props) => <RouteError {...props} back={back} />,
  notFoundComponent: ({ data }) => <RecordNotFound data={data} back={back} />,
  component: RecordingRoute,
});

function RecordingRoute() {
  const { audioId } = Route.useParams();
  const { t } = Route.useSearch();
  return (
    <RecordingPage
      audioId={audioId}
      t={t}
      chapters={(source) => <ChapterList source={source} />}
      qna={(eventId, source, chaptersLoading) => <QnaPanel eventId={eventId} source={source} chaptersLoading={chaptersLoading} />}
      transcript={(eventId, source) => <TranscriptPanel eventId={eventId} source={source} />}
    />
  );
}

function RecordingPending() {
  const { audioId } = Route.useParams();
  return (
    <RecordPending queryKey={recordingDetailKey(audioId)} label="Loading the recording">
      <RecordingSkeleton />
    </RecordPending>
  );
}
