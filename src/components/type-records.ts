import { useQueries } from '@tanstack/react-query';
import { documentTypeQueries } from '../api/document-types.ts';
import { eventTypeQueries } from '../api/event-types.ts';
import type { DocumentType, EventType } from '../api/schemas.ts';

/**
 * Event and document type records for the ids a page shows (endpoints 5 and 13), each fetched once
 * per session and shared by every page. A type still loading, or that failed, is absent from the
 * map: names fall back to what the record itself says.
 */
export function useEventTypes(ids: readonly (number | undefined)[]): Map<number, EventType> {
  const unique = [...new Set(ids)].filter((id): id is number => id !== undefined);
  const results = useQueries({ queries: unique.map((id) => eventTypeQueries.detail(id)) });
  return new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])));
}

export function useDocumentTypes(ids: readonly (number | undefined)[]): Map<number, DocumentType> {
  const unique = [...new Set(ids)].filter((id): id is number => id !== undefined);
  const results = useQueries({ queries: unique.map((id) => documentTypeQueries.detail(id)) });
  return new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : [])));
}
