import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { audioQueries } from '../api/audio.ts';
import { documentQueries } from '../api/documents.ts';
import { Panel } from '../components/ui/panel.tsx';
import { QueryStates } from '../components/query-states.tsx';
import { TranscriptsTable } from '../features/documents/transcripts-table.tsx';
import { RecordingsTable } from '../features/recordings/recordings-table.tsx';
import { useWatchlist, type WatchedCompany } from '../lib/watchlist.ts';

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
  const watchlist = useWatchlist();
  return (
    <>
      {watchlist.length > 0 && <WatchlistLatest watchlist={watchlist} />}
      {/* One h1 per page: the watchlist's when it leads. */}
      {watchlist.length > 0 ? (
        <h2 className="mb-4 text-lg font-semibold tracking-tight">Latest from earnings season</h2>
      ) : (
        <h1 className="mb-4 text-lg font-semibold tracking-tight">Latest from earnings season</h1>
      )}
      <div className="grid gap-5 xl:grid-cols-2">
        <Panel
          title="Latest recordings"
          actions={
            <Link to="/recordings" className={moreLink}>
              All recordings
            </Link>
          }
        >
          <QueryStates query={recordings} isEmpty={(page) => page.data.length === 0} empty="No recordings yet." loadingLabel="Loading recordings">
            {(page) => <RecordingsTable recordings={page.data} caption="Latest recordings, newest first" />}
          </QueryStates>
        </Panel>
        <Panel
          title="Latest transcripts"
          actions={
            <Link to="/transcripts" className={moreLink}>
              All transcripts
            </Link>
          }
        >
          <QueryStates query={transcripts} isEmpty={(page) => page.data.length === 0} empty="No transcripts yet." loadingLabel="Loading transcripts">
            {(page) => <TranscriptsTable transcripts={page.data} caption="Latest transcripts, newest first" />}
          </QueryStates>
        </Panel>
      </div>
    </>
  );
}

/** The watched companies' newest recordings and transcripts, ahead of everything else. */
function WatchlistLatest({ watchlist }: { watchlist: readonly WatchedCompany[] }) {
  const companyIds = watchlist.map((c) => c.id);
  const recordings = useQuery(audioQueries.list({ companyIds, limit: 10, direction: 'desc', expand: ['event'] }));
  const transcripts = useQuery(documentQueries.transcripts({ companyIds, limit: 10, direction: 'desc', expand: ['event'] }));
  return (
    <section aria-labelledby="watchlist-heading" className="mb-8">
      <h1 id="watchlist-heading" className="text-lg font-semibold tracking-tight">
        Your watchlist
      </h1>
      <ul aria-label="Watched companies" className="mb-4 mt-2 flex flex-wrap gap-1.5">
        {watchlist.map((c) => (
          <li key={c.id}>
            <Link
              to="/companies/$companyId"
              params={{ companyId: c.id }}
              className="inline-block rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-sm text-amber-950 hover:underline dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
            >
              {c.displayName}
            </Link>
          </li>
        ))}
      </ul>
      <div className="grid gap-5 xl:grid-cols-2">
        <Panel title="Watchlist recordings">
          <QueryStates
            query={recordings}
            isEmpty={(page) => page.data.length === 0}
            empty="No recordings of watched companies yet."
            loadingLabel="Loading watchlist recordings"
          >
            {(page) => <RecordingsTable recordings={page.data} caption="Watchlist recordings, newest first" />}
          </QueryStates>
        </Panel>
        <Panel title="Watchlist transcripts">
          <QueryStates
            query={transcripts}
            isEmpty={(page) => page.data.length === 0}
            empty="No transcripts of watched companies yet."
            loadingLabel="Loading watchlist transcripts"
          >
            {(page) => <TranscriptsTable transcripts={page.data} caption="Watchlist transcripts, newest first" />}
          </QueryStates>
        </Panel>
      </div>
    </section>
  );
}
