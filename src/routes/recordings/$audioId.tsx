import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { AudioRecord } from '../../api/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { ChapterList } from '../../features/player/chapter-list.tsx';
import { TranscriptPanel } from '../../features/player/transcript-panel.tsx';
import { recordingChaptersQuery, recordingDetailQuery } from '../../features/recordings/recording-queries.ts';
import { useCueRecording, useRecordingSource } from '../../features/recordings/recording-source.ts';
import { RecordingSummary } from '../../features/recordings/recording-summary.tsx';
import { parseIdParam } from '../../lib/route-params.ts';
import { parseTimeParam } from '../../lib/time-param.ts';

export const Route = createFileRoute('/recordings/$audioId')({
  params: { parse: ({ audioId }) => ({ audioId: parseIdParam(audioId) }), stringify: ({ audioId }) => ({ audioId: String(audioId) }) },
  /** `?t=` starts playback there: seconds or h:mm:ss. Always returned, so an unusable raw value is replaced. */
  validateSearch: (search: Record<string, unknown>): { t?: number } => ({ t: parseTimeParam(search.t) }),
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(recordingDetailQuery(params.audioId));
    void queryClient.prefetchQuery(recordingChaptersQuery(params.audioId));
  },
  component: RecordingPage,
});

function RecordingPage() {
  const { audioId } = Route.useParams();
  const query = useQuery(recordingDetailQuery(audioId));
  if (query.data) return <RecordingDetail audio={query.data} />;
  if (query.isError) {
    return (
      <ErrorPanel
        heading="h1"
        error={query.error}
        onRetry={() => void query.refetch()}
        action={
          <Link to="/recordings" className="text-sm font-medium underline">
            All recordings
          </Link>
        }
      />
    );
  }
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Recording {audioId}</h1>
      <Panel title="Recording">
        <QueryStates query={query} isEmpty={() => false} empty={null} loadingLabel="Loading the recording" loadingRows={3}>
          {() => null}
        </QueryStates>
      </Panel>
    </>
  );
}

function RecordingDetail({ audio }: { audio: AudioRecord }) {
  const { t } = Route.useSearch();
  const { source, chapters } = useRecordingSource(audio);
  useCueRecording(source, t);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="space-y-5">
        <section aria-label="Recording" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <RecordingSummary audio={audio} source={source} t={t} />
        </section>
        <Panel title="Chapters">
          <QueryStates
            query={chapters}
            isEmpty={(list) => list.length === 0}
            empty="This recording has no chapters."
            loadingLabel="Loading chapters"
            loadingRows={6}
          >
            {() => <ChapterList source={source} />}
          </QueryStates>
        </Panel>
      </div>
      <Panel title="Transcript">
        <TranscriptPanel eventId={audio.eventId} source={source} />
      </Panel>
    </div>
  );
}
