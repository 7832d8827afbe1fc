import { useQueries, useQuery } from '@tanstack/react-query';
import { documentTypeQueries } from '../api/document-types.ts';
import { eventTypeQueries } from '../api/event-types.ts';
import type { DocumentType, EventType } from '../api/schemas.ts';

/**
 * Event and document type records (the catalog), fetched once per session and shared by every page.
 * Where the data source lists its catalog (`/event-types`, `/document-types`), one request brings
 * every type; where it keeps to the contract, each type a page shows is read by id (endpoints 5
 * and 13). A type still loading, or that failed, is absent from the map: names fall back to what
 * the record itself says.
 */

interface TypeRecord {
  id: number;
}

type ListResult<T> = { data?: { available: true; value: { items: T[] } } | { available: false }; isError: boolean };

/** Whether to read types by id: only once the list is known to be missing (or failed), never both. */
function readById(list: ListResult<unknown>): boolean {
  return list.isError || list.data?.available === false;
}

function typeMap<T extends TypeRecord>(list: ListResult<T>, byId: { data?: T }[]): Map<number, T> {
  if (list.data?.available) return new Map(list.data.value.items.map((type) => [type.id, type]));
  return new Map(byId.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])));
}

function uniqueIds(ids: readonly (number | undefined)[]): number[] {
  return [...new Set(ids)].filter((id): id is number => id !== undefined);
}

export function useEventTypes(ids: readonly (number | undefined)[]): Map<number, EventType> {
  const list = useQuery(eventTypeQueries.list());
  const enabled = readById(list);
  const results = useQueries({ queries: uniqueIds(ids).map((id) => ({ ...eventTypeQueries.detail(id), enabled })) });
  return typeMap(list, results);
}

export function useDocumentTypes(ids: readonly (number | undefined)[]): Map<number, DocumentType> {
  const list = useQuery(documentTypeQueries.list());
  const enabled = readById(list);
  const results = useQueries({ queries: uniqueIds(ids).map((id) => ({ ...documentTypeQueries.detail(id), enabled })) });
  return typeMap(list, results);
}

/** Every event type, or undefined while loading or where the data source does not list them. */
export function useEventTypeList(): EventType[] | undefined {
  const list = useQuery(eventTypeQueries.list());
  return list.data?.available ? list.data.value.items : undefined;
}

/** Every document type, or undefined while loading or where the data source does not list them. */
export function useDocumentTypeList(): DocumentType[] | undefined {
  const list = useQuery(documentTypeQueries.list());
  return list.data?.available ? list.data.value.items : undefined;
}
