import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { eventQueries } from '../../api/events.ts';
import { Panel } from '../../components/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/events/$eventId')({
  params: { parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }), stringify: ({ eventId }) => ({ eventId: String(eventId) }) },
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(eventQueries.detail(params.eventId)),
  component: EventPage,
});

function EventPage() {
  const { eventId } = Route.useParams();
  const query = useQuery(eventQueries.detail(eventId));
  return (
    <Panel title="Event">
      <QueryStates query={query} isEmpty={() => false} empty={null} loadingLabel="Loading the event" loadingRows={3}>
        {(event) => <h1 className="px-4 py-3 text-lg font-semibold">{event.title}</h1>}
      </QueryStates>
    </Panel>
  );
}
