import { createFileRoute, Link } from '@tanstack/react-router';
import { companyQueries } from '../../api/companies.ts';
import { eventQueries } from '../../api/events.ts';
import { liveQueries } from '../../api/live.ts';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { liveKeys } from '../../api/keys.ts';
import { LiveStatusView } from '../../features/live/live-status.tsx';
import { LiveStatusSkeleton } from '../../features/live/live-status-skeleton.tsx';
import { loadRecord } from '../../lib/route-data.ts';
import { idParam } from '../../lib/route-params.ts';

const back = (
  <Link to="/live" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    Live audio
  </Link>
);

export const Route = createFileRoute('/live/$liveId')({
  params: idParam('liveId'),
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

function LivePage() {
  const { liveId } = Route.useParams();
  // A new id is a new view (fresh announcements and countdown).
  return <LiveStatusView key={liveId} liveId={liveId} />;
}

function LivePending() {
  const { liveId } = Route.useParams();
  return (
    <RecordPending queryKey={liveKeys.detail(liveId)} label="Loading the live-audio status">
      <LiveStatusSkeleton />
    </RecordPending>
  );
}
