import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { audioQueries } from '../../api/audio.ts';
import { Panel } from '../../components/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { RecordingFilters } from '../../features/recordings/recording-filters.tsx';
import { compactSearch, countFilters, parseRecordingSearch, toAudioFilters, type RecordingSearch } from '../../features/recordings/recording-search.ts';
import { RecordingsTable } from '../../features/recordings/recordings-table.tsx';

export const Route = createFileRoute('/recordings/')({
  validateSearch: (search: Record<string, unknown>): RecordingSearch => parseRecordingSearch(search),
  loaderDeps: ({ search }) => compactSearch(search),
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(audioQueries.infinite(toAudioFilters(deps))),
  component: Recordings,
});

function Recordings() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const query = useInfiniteQuery(audioQueries.infinite(toAudioFilters(search)));
  const filtered = countFilters(search) > 0;
  const order = search.direction === 'asc' ? 'oldest first' : 'newest first';
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Recordings</h1>
      <div className="mb-4">
        {/* A new search (back/forward, a shared link) starts the form afresh. */}
        <RecordingFilters key={JSON.stringify(compactSearch(search))} search={search} onApply={(next) => void navigate({ search: next })} />
      </div>
      <Panel title={`${filtered ? 'Matching recordings' : 'All recordings'}, ${order}`}>
        <InfiniteStates query={query} select={(page) => page.data} empty="No recordings match these filters." loadingLabel="Loading recordings">
          {(items) => <RecordingsTable recordings={items} caption={`Recordings, ${order}`} />}
        </InfiniteStates>
      </Panel>
    </>
  );
}
