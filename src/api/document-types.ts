import { queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { getAllExtensionPages, type AllItems, type ExtensionResult } from './extensions.ts';
import { documentTypeSchema, page, single, type DocumentType } from './schemas.ts';
import { documentTypeKeys } from './keys.ts';

/** Endpoint 13: one document type. Reference data: fetched once per session. */

const documentTypeSingle = single(documentTypeSchema);
const documentTypePage = page(documentTypeSchema);

/** The whole catalog (`/document-types`, an extension of the contract), sorted by id. */
export async function fetchDocumentTypes(signal?: AbortSignal): Promise<ExtensionResult<AllItems<DocumentType>>> {
  return getAllExtensionPages<DocumentType>('document-types', { schema: documentTypePage, signal });
}

export async function fetchDocumentType(id: number, signal?: AbortSignal): Promise<DocumentType> {
  const body = await getJson(`/document-types/${encodeURIComponent(id)}`, { signal, schema: documentTypeSingle });
  return body.data;
}

export const documentTypeQueries = {
  /** One document type (endpoint 13), cached for the session. */
  detail: (id: number) =>
    queryOptions({
      queryKey: documentTypeKeys.detail(id),
      queryFn: ({ signal }) => fetchDocumentType(id, signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  /** Every type (the extension list), cached for the session; unavailable on a contract-only upstream. */
  list: () =>
    queryOptions({
      queryKey: documentTypeKeys.list(),
      queryFn: ({ signal }) => fetchDocumentTypes(signal),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};
