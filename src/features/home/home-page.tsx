import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AudioRecord, DocumentRecord } from '../../api/schemas.ts';
import { QueryStates } from '../../components/query-states.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { useWatchlist, type WatchedCompany } from '../../lib/watchlist.ts';
import { latestRecordingsQuery, latestTranscriptsQuery } from './home-queries.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** How the page shows a list of recordings or transcripts (the tables belong to their own features). */
export interface HomeTables {
  recordings: (recordings: AudioRecord[], caption: string) => ReactNode;
  transcripts: (transcripts: DocumentRecord[], caption: string) => ReactNode;
}

const moreLink = textLinkClass({ className: 'text-xs' });

/** The start page: the watchlist's newest first when there is one, then the newest of earnings season. */
export function HomePage({ tables, today }: { tables: HomeTables; /** The first panel: today's calendar (from the calendar feature). */ today?: ReactNode }) {
  // Named like every other page (a tab titled only after the app reads as any page of it).
  usePageTitle('Today');
  const recordings = useQuery(latestRecordingsQuery());
  const transcripts = useQuery(latestTranscriptsQuery());
  const watchlist = useWatchlist();
  return (
    <>
      {today && <div className="mb-5">{today}</div>}
      {watchlist.length > 0 && <WatchlistLatest watchlist={watchlist} tables={tables} />}
      {/* One h1 per page: the watchlist's when it leads. */}
      {watchlist.length > 0 ? (
        <h2 className="text-lg font-semibold tracking-tight">Latest from earnings season</h2>
      ) : (
        <h1 className="text-lg font-semibold tracking-tight">Latest from earnings season</h1>
      )}
      <TimeZoneNote className="mb-4" />
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
            {(page) => tables.recordings(page.data, 'Latest recordings, newest published first')}
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
            {(page) => tables.transcripts(page.data, 'Latest transcripts, newest published first')}
          </QueryStates>
        </Panel>
      </div>
    </>
  );
}

/** The watched companies' newest recordings and transcripts, ahead of everything else. */
function WatchlistLatest({ watchlist, tables }: { watchlist: readonly WatchedCompany[]; tables: HomeTables }) {
  const companyIds = watchlist.map((c) => c.id);
  const recordings = useQuery(latestRecordingsQuery(companyIds));
  const transcripts = useQuery(latestTranscriptsQuery(companyIds));
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
            {(page) => tables.recordings(page.data, 'Watchlist recordings, newest published first')}
          </QueryStates>
        </Panel>
        <Panel title="Watchlist transcripts">
          <QueryStates
            query={transcripts}
            isEmpty={(page) => page.data.length === 0}
            empty="No transcripts of watched companies yet."
            loadingLabel="Loading watchlist transcripts"
          >
            {(page) => tables.transcripts(page.data, 'Watchlist transcripts, newest published first')}
          </QueryStates>
        </Panel>
      </div>
    </section>
  );
}
