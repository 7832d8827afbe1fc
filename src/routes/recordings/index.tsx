import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { audioQueries } from '../../api/audio.ts';
import { Panel } from '../../components/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { RecordingsTable } from '../../features/recordings/recordings-table.tsx';

const recordings = audioQueries.infinite({ limit: 50, direction: 'desc', expand: ['event'] });

export const Route = createFileRoute('/recordings/')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchInfiniteQuery(recordings),
  component: Recordings,
});

function Recordings() {
  const query = useInfiniteQuery(recordings);
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Recordings</h1>
      <Panel title="All recordings, newest first">
        <InfiniteStates query={query} select={(page) => page.data} empty="No recordings." loadingLabel="Loading recordings">
          {(items) => <RecordingsTable recordings={items} caption="Recordings, newest first" />}
        </InfiniteStates>
      </Panel>
    </>
  );
}
