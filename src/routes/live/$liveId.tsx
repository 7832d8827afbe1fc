import { createFileRoute, Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { eventQueries } from '../../api/events.ts';
import { liveQueries } from '../../api/live.ts';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { liveKeys } from '../../api/keys.ts';
import { LiveStatusView } from '../../features/live/live-status.tsx';
import { LiveTranscriptPlaceholder, type LiveTextViews } from '../../features/live/live-transcript-panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { LiveStatusSkeleton } from '../../features/live/live-status-skeleton.tsx';
import { loadRecord } from '../../lib/route-data.ts';
import { idParam } from '../../lib/route-params.ts';
import { readTimeSearch } from '../../lib/time-param.ts';

const back = (
  <Link to="/live" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    Live audio
  </Link>
);

export const Route = createFileRoute('/live/$liveId')({
  params: idParam('liveId'),
  /** `?t=`: a moment (seconds or m:ss) or a clip (`93-131`) of the stream, as a recording's link takes it. */
  validateSearch: (search: Record<string, unknown>): { t?: number | string } => ({ t: readTimeSearch(search.t) }),
  loader: async ({ context: { queryClient }, params: { liveId } }) => {
    const record = await loadRecord(() => queryClient.ensureQueryData(liveQueries.detail(liveId)), 'live call');
    // What the page names: the event's title and the company.
    void queryClient.prefetchQuery(eventQueries.detail(record.eventId));
    void queryClient.prefetchQuery(companyQueries.detail(record.companyId));
  },
  pendingComponent: LivePending,
  errorComponent: (props) => <RouteError {...props} back={back} />,
  notFoundComponent: ({ data }) => <RecordNotFound data={data} back={back} />,
  component: LivePage,
});

/**
 * The live page reads the call with the player's own views: the transcript that follows playback,
 * and the questions. They load beside the first read of the transcript (which they wait for
 * anyway), so the header and Listen come first.
 */
const FollowingTranscript = lazy(() => import('../../features/player/following-transcript.tsx').then((m) => ({ default: m.FollowingTranscript })));
const QnaView = lazy(() => import('../../features/player/qna-panel.tsx').then((m) => ({ default: m.QnaView })));

const views: LiveTextViews = {
  transcript: ({ transcript, source, live }) => (
    <Suspense fallback={<LiveTranscriptPlaceholder />}>
      <FollowingTranscript transcript={transcript} source={source} live={live} />
    </Suspense>
  ),
  questions: ({ transcript, source }) => (
    <Suspense fallback={<SkeletonRows rows={3} label="Loading the questions" />}>
      <QnaView transcript={transcript} source={source} live />
    </Suspense>
  ),
};

function LivePage() {
  const { liveId } = Route.useParams();
  const { t } = Route.useSearch();
  // A new id is a new view (fresh announcements and countdown).
  return <LiveStatusView key={liveId} liveId={liveId} t={t} views={views} />;
}

function LivePending() {
  const { liveId } = Route.useParams();
  return (
    <RecordPending queryKey={liveKeys.detail(liveId)} label="Loading the live-audio status">
      <LiveStatusSkeleton />
    </RecordPending>
  );
}
