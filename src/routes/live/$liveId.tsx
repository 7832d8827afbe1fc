import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { liveQueries } from '../../api/live.ts';
import { Panel } from '../../components/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/live/$liveId')({
  params: { parse: ({ liveId }) => ({ liveId: parseIdParam(liveId) }), stringify: ({ liveId }) => ({ liveId: String(liveId) }) },
  component: LivePage,
});

function LivePage() {
  const { liveId } = Route.useParams();
  const query = useQuery(liveQueries.detail(liveId));
  return (
    <Panel title="Live audio">
      <QueryStates query={query} isEmpty={() => false} empty={null} loadingLabel="Loading the live-audio status" loadingRows={3}>
        {(live) => <p className="px-4 py-3 text-sm">State: {live.state}</p>}
      </QueryStates>
    </Panel>
  );
}
