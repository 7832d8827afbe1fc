import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { audioQueries } from '../api/audio.ts';
import { documentQueries } from '../api/documents.ts';
import { Panel } from '../components/panel.tsx';
import { QueryStates } from '../components/query-states.tsx';
import { TranscriptsTable } from '../features/documents/transcripts-table.tsx';
import { RecordingsTable } from '../features/recordings/recordings-table.tsx';

const latestRecordings = audioQueries.list({ limit: 10, direction: 'desc', expand: ['event'] });
const latestTranscripts = documentQueries.transcripts({ limit: 10, direction: 'desc', expand: ['event'] });

export const Route = createFileRoute('/')({
  // Warm both lists without blocking: each panel shows its own loading and error state.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(latestRecordings);
    void queryClient.prefetchQuery(latestTranscripts);
  },
  component: Home,
});

const moreLink = 'text-xs font-medium text-accent-700 hover:underline dark:text-accent-300';

function Home() {
  const recordings = useQuery(latestRecordings);
  const transcripts = useQuery(latestTranscripts);
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Latest from earnings season</h1>
      <div className="grid gap-5 xl:grid-cols-2">
        <Panel title="Latest recordings" actions={<Link to="/recordings" className={moreLink}>All recordings</Link>}>
          <QueryStates query={recordings} isEmpty={(page) => page.data.length === 0} empty="No recordings yet." loadingLabel="Loading recordings">
            {(page) => <RecordingsTable recordings={page.data} caption="Latest recordings, newest first" />}
          </QueryStates>
        </Panel>
        <Panel title="Latest transcripts" actions={<Link to="/transcripts" className={moreLink}>All transcripts</Link>}>
          <QueryStates query={transcripts} isEmpty={(page) => page.data.length === 0} empty="No transcripts yet." loadingLabel="Loading transcripts">
            {(page) => <TranscriptsTable transcripts={page.data} caption="Latest transcripts, newest first" />}
          </QueryStates>
        </Panel>
      </div>
    </>
  );
}
