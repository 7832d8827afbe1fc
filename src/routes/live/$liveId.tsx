import { createFileRoute } from '@tanstack/react-router';
import { liveQueries } from '../../api/live.ts';
import { LiveStatusView } from '../../features/live/live-status.tsx';
import { idParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/live/$liveId')({
  params: idParam('liveId'),
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(liveQueries.detail(params.liveId)),
  component: LivePage,
});

function LivePage() {
  const { liveId } = Route.useParams();
  // A new id is a new view (fresh announcements and countdown).
  return <LiveStatusView key={liveId} liveId={liveId} />;
}
