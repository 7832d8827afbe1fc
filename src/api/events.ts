import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { getAllExtensionPages, getExtension, type AllItems, type ExtensionResult } from './extensions.ts';
import type { CompanyCodeFilters, UpdatedFilters } from './params.ts';
import { eventSchema, page, single, type EventRecord, type Page } from './schemas.ts';
import { eventKeys } from './keys.ts';

/** Endpoint 4: one event; and the service's event list (`/events`, an extension of the contract). */

const eventSingle = single(eventSchema);
const eventPage = page(eventSchema);

/** The filters of `/events`: on the company, the event type, and the event's own date. */
export interface EventListFilters extends CompanyCodeFilters, UpdatedFilters {
  companyIds?: readonly number[];
  typeIds?: readonly number[];
  /** Events on or after this time (ISO 8601). */
  startDate?: string;
  /** Events on or before this time (ISO 8601). */
  endDate?: string;
}

/** Every event matching the filters, all pages (500 a page), in the order of their date. */
export async function fetchEventsBetween(filters: EventListFilters, signal?: AbortSignal): Promise<ExtensionResult<AllItems<EventRecord>>> {
  const result = await getAllExtensionPages<EventRecord>('events', { query: { ...filters }, schema: eventPage, signal });
  if (!result.available) return result;
  const time = (event: EventRecord) => (event.date ? Date.parse(event.date) : NaN) || Infinity;
  const items = [...result.value.items].sort((a, b) => time(a) - time(b) || a.id - b.id);
  return { available: true, value: { ...result.value, items } };
}

/** The first `limit` events matching the filters, newest id first or last (one request). */
export async function fetchEventsPage(
  filters: EventListFilters & { limit?: number; direction?: 'asc' | 'desc' },
  signal?: AbortSignal,
): Promise<ExtensionResult<Page<EventRecord>>> {
  return getExtension('events', { query: { ...filters }, schema: eventPage, signal });
}

export async function fetchEvent(id: number, signal?: AbortSignal): Promise<EventRecord> {
  const body = await getJson(`/events/${encodeURIComponent(id)}`, { signal, schema: eventSingle });
  return body.data;
}

export const eventQueries = {
  /** One event (endpoint 4). */
  detail: (id: number) =>
    queryOptions({
      queryKey: eventKeys.detail(id),
      queryFn: ({ signal }) => fetchEvent(id, signal),
    }),
  /** Every event in a window (the calendar): all pages of `/events`, sorted by date. */
  between: (filters: EventListFilters) =>
    queryOptions({
      queryKey: eventKeys.between(filters),
      queryFn: ({ signal }) => fetchEventsBetween(filters, signal),
      staleTime: 5 * 60_000,
    }),
  /** One page of `/events` (a company's next events). */
  page: (filters: EventListFilters & { limit?: number }) =>
    queryOptions({
      queryKey: eventKeys.page(filters),
      queryFn: ({ signal }) => fetchEventsPage(filters, signal),
      staleTime: 5 * 60_000,
    }),
};
