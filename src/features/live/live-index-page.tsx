import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useExtensionMissing } from '../../api/extensions.ts';
import { LIVE_POLL, listRefetchInterval, liveQueries } from '../../api/live.ts';
import type { AllItems, ExtensionResult } from '../../api/extensions.ts';
import type { LiveAudio } from '../../api/schemas.ts';
import { serverClockKnown, serverNow, subscribeServerClock } from '../../api/server-clock.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { boardFilters } from './board-groups.ts';
import { LiveBoard } from './live-board.tsx';
import { OpenLiveForm } from './open-live-form.tsx';
import { forgetRecentLive, useRecentLive } from './recent.ts';
import { describeState, TONE_BADGE } from '../../components/live-states.ts';
import { useWatchlistAlerts, useWatchlistAlertsOptIn } from './watchlist-alerts.ts';
import { useWatchlist } from '../../lib/watchlist.ts';
import { WatchedTermsPanel } from './said-alerts.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

/**
 * The board's cadence is its calls' (see listRefetchInterval); with none that can still change it
 * keeps looking for new ones at the slow pace, and stops only where the list is not offered.
 */
function boardRefetchInterval(query: { state: { data?: ExtensionResult<AllItems<LiveAudio>> } }): number | false {
  const data = query.state.data;
  if (!data?.available) return false;
  return listRefetchInterval(data) || LIVE_POLL.idle;
}

/**
 * /live: the live board (live now, starting soon, just ended) where the data source lists live
 * calls; following a call by its number (folded away beside the board, the way in without it);
 * and the calls opened recently with their last state.
 */
export function LiveIndexPage() {
  usePageTitle('Live calls');
  const known = useExtensionMissing('live');
  // The window is around the service's "now": wait for its clock (the type list's answer, which
  // the rows' names need anyway, tells it) unless that read fails.
  const clockKnown = useSyncExternalStore(subscribeServerClock, serverClockKnown, () => false);
  const typeList = useQuery(eventTypeQueries.list());
  const clockReady = clockKnown || typeList.isError || typeList.failureCount > 0;
  const alerts = useWatchlistAlertsOptIn();
  const watched = useWatchlist().length;
  const filters = boardFilters(serverNow());
  const query = useQuery({
    ...liveQueries.list(filters),
    enabled: !known && clockReady,
    // The rows stay while the window moves on (a new query every quarter hour).
    placeholderData: keepPreviousData,
    refetchInterval: boardRefetchInterval,
    // Paused while the tab is hidden, unless the analyst asked to be told when a company goes live.
    refetchIntervalInBackground: alerts.enabled,
  });
  const missing = known || query.data?.available === false;
  const records = query.data?.available ? query.data.value.items : undefined;
  useWatchlistAlerts(records, alerts.enabled);

  return (
    <>
      <h1 className="mb-1 text-lg font-semibold tracking-tight">Live calls</h1>
      {!missing && <TimeZoneNote className="mb-4" />}
      <div className="space-y-5">
        {missing && (
          <UnavailableNote feature="The live board" extension="live">
            Follow a call by its number, or from its event page.
          </UnavailableNote>
        )}
        {!missing && alerts.control && (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {alerts.control}
            {alerts.message ? (
              <p className="text-slate-600 dark:text-slate-400">{alerts.message}</p>
            ) : (
              watched === 0 && <p className="text-slate-600 dark:text-slate-400">Star companies on their pages to add them to your watchlist.</p>
            )}
          </div>
        )}
        {!missing && <LiveBoard query={query} range={filters} />}
        <WatchedTermsPanel />
        {/* One element either way, so a number being typed survives the answer about the board. */}
        <details open={missing || undefined} className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <summary className="cursor-pointer list-none px-4 py-2.5 [&::-webkit-details-marker]:hidden">
            <h2 className="inline text-sm font-semibold tracking-tight">
              <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
                ›
              </span>
              Follow a call by its number
            </h2>
          </summary>
          <OpenLiveForm />
        </details>
        <RecentPanel />
      </div>
    </>
  );
}

function RecentPanel() {
  const recent = useRecentLive();
  return (
    <Panel
      title="Opened recently"
      actions={
        recent.length > 0 ? (
          <Button variant="quiet" size="xs" onClick={forgetRecentLive}>
            Clear the list
          </Button>
        ) : undefined
      }
    >
      {recent.length === 0 ? (
        <EmptyState>Calls you open appear here with the last state seen. Event pages link to their live status too.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {recent.map((item) => {
            const info = describeState(item.state);
            return (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm">
                <Link to="/live/$liveId" params={{ liveId: item.id }} className={textLinkClass()}>
                  {item.title}
                </Link>
                <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                  <Badge tone={TONE_BADGE[info.tone]}>{info.label}</Badge>
                  {item.seenAt > 0 && <>seen {new Date(item.seenAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
