import { createFileRoute } from '@tanstack/react-router';
import { eventQueries } from '../../api/events.ts';
import { EventPage } from '../../features/events/event-page.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/events/$eventId')({
  params: { parse: ({ eventId }) => ({ eventId: parseIdParam(eventId) }), stringify: ({ eventId }) => ({ eventId: String(eventId) }) },
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(eventQueries.detail(params.eventId)),
  component: EventRoute,
});

function EventRoute() {
  const { eventId } = Route.useParams();
  return <EventPage eventId={eventId} />;
}
