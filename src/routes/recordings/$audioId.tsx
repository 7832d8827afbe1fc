import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { audioQueries } from '../../api/audio.ts';
import { Panel } from '../../components/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { parseIdParam } from '../../lib/route-params.ts';
import { parseTimeParam } from '../../lib/time-param.ts';

export const Route = createFileRoute('/recordings/$audioId')({
  params: { parse: ({ audioId }) => ({ audioId: parseIdParam(audioId) }), stringify: ({ audioId }) => ({ audioId: String(audioId) }) },
  /** `?t=` starts playback there: seconds or h:mm:ss. */
  validateSearch: (search: Record<string, unknown>): { t?: number } => {
    const t = parseTimeParam(search.t);
    return t === undefined ? {} : { t };
  },
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(audioQueries.detail(params.audioId, { expand: ['event'] })),
  component: RecordingPage,
});

function RecordingPage() {
  const { audioId } = Route.useParams();
  const query = useQuery(audioQueries.detail(audioId, { expand: ['event'] }));
  return (
    <Panel title="Recording">
      <QueryStates query={query} isEmpty={() => false} empty={null} loadingLabel="Loading the recording" loadingRows={3}>
        {(audio) => <h1 className="px-4 py-3 text-lg font-semibold">{audio.event?.title ?? `Recording ${audio.id}`}</h1>}
      </QueryStates>
    </Panel>
  );
}
