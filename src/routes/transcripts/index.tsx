import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { documentQueries } from '../../api/documents.ts';
import { Panel } from '../../components/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { TranscriptsTable } from '../../features/documents/transcripts-table.tsx';

const transcripts = documentQueries.transcriptsInfinite({ limit: 50, direction: 'desc', expand: ['event'] });

export const Route = createFileRoute('/transcripts/')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchInfiniteQuery(transcripts),
  component: Transcripts,
});

function Transcripts() {
  const query = useInfiniteQuery(transcripts);
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Transcripts</h1>
      <Panel title="All transcripts, newest first">
        <InfiniteStates query={query} select={(page) => page.data} empty="No transcripts." loadingLabel="Loading transcripts">
          {(items) => <TranscriptsTable transcripts={items} caption="Transcripts, newest first" />}
        </InfiniteStates>
      </Panel>
    </>
  );
}
