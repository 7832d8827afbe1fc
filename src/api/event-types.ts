import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { eventTypeSchema, single, type EventType } from './schemas.ts';

/** Endpoint 5: one event type. Reference data: fetched once per session. */

const eventTypeSingle = single(eventTypeSchema);

export async function fetchEventType(id: number, signal?: AbortSignal): Promise<EventType> {
  const body = await getJson(`/event-types/${encodeURIComponent(id)}`, { signal, schema: eventTypeSingle });
  return body.data;
}

export const eventTypeKeys = {
  all: () => ['event-types'] as const,
  details: () => [...eventTypeKeys.all(), 'detail'] as const,
  detail: (id: number) => [...eventTypeKeys.details(), id] as const,
};

export const eventTypeQueries = {
  /** One event type (endpoint 5), cached for the session. */
  detail: (id: number) =>
    queryOptions({
      queryKey: eventTypeKeys.detail(id),
      queryFn: ({ signal }) => fetchEventType(id, signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
