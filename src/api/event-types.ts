import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { getAllExtensionPages, type AllItems, type ExtensionResult } from './extensions.ts';
import { eventTypeSchema, page, single, type EventType } from './schemas.ts';
import { eventTypeKeys } from './keys.ts';

/** Endpoint 5: one event type. Reference data: fetched once per session. */

const eventTypeSingle = single(eventTypeSchema);
const eventTypePage = page(eventTypeSchema);

/** The whole catalog (`/event-types`, an extension of the contract), sorted by id. */
export async function fetchEventTypes(signal?: AbortSignal): Promise<ExtensionResult<AllItems<EventType>>> {
  return getAllExtensionPages<EventType>('event-types', { schema: eventTypePage, signal });
}

export async function fetchEventType(id: number, signal?: AbortSignal): Promise<EventType> {
  const body = await getJson(`/event-types/${encodeURIComponent(id)}`, { signal, schema: eventTypeSingle });
  return body.data;
}

export const eventTypeQueries = {
  /** One event type (endpoint 5), cached for the session. */
  detail: (id: number) =>
    queryOptions({
      queryKey: eventTypeKeys.detail(id),
      queryFn: ({ signal }) => fetchEventType(id, signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  /** Every type (the extension list), cached for the session; unavailable on a contract-only upstream. */
  list: () =>
    queryOptions({
      queryKey: eventTypeKeys.list(),
      queryFn: ({ signal }) => fetchEventTypes(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
