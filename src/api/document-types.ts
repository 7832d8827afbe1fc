import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { documentTypeSchema, single, type DocumentType } from './schemas.ts';

/** Endpoint 13: one document type. Reference data: fetched once per session. */

const documentTypeSingle = single(documentTypeSchema);

export async function fetchDocumentType(id: number, signal?: AbortSignal): Promise<DocumentType> {
  const body = await getJson(`/document-types/${encodeURIComponent(id)}`, { signal, schema: documentTypeSingle });
  return body.data;
}

export const documentTypeKeys = {
  all: () => ['document-types'] as const,
  details: () => [...documentTypeKeys.all(), 'detail'] as const,
  detail: (id: number) => [...documentTypeKeys.details(), id] as const,
};

export const documentTypeQueries = {
  /** One document type (endpoint 13), cached for the session. */
  detail: (id: number) =>
    queryOptions({
      queryKey: documentTypeKeys.detail(id),
      queryFn: ({ signal }) => fetchDocumentType(id, signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
