import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { eventSchema, single, type EventRecord } from './schemas.ts';

/** Endpoint 4: one event. */

const eventSingle = single(eventSchema);

export async function fetchEvent(id: number, signal?: AbortSignal): Promise<EventRecord> {
  const body = await getJson(`/events/${encodeURIComponent(id)}`, { signal, schema: eventSingle });
  return body.data;
}

export const eventKeys = {
  all: () => ['events'] as const,
  details: () => [...eventKeys.all(), 'detail'] as const,
  detail: (id: number) => [...eventKeys.details(), id] as const,
};

export const eventQueries = {
  /** One event (endpoint 4). */
  detail: (id: number) =>
    queryOptions({
      queryKey: eventKeys.detail(id),
      queryFn: ({ signal }) => fetchEvent(id, signal),
    }),
};
