import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { getAllExtensionPages, getExtension, type AllItems, type ExtensionResult } from './extensions.ts';
import { cursorParam, fetchAllPages, FIRST_CURSOR, getNextPageParam } from './pagination.ts';
import { compactParams, type ExpandField, type RelatedFilters } from './params.ts';
import { documentSchema, page, single, type DocumentGroupId, type DocumentRecord, type Page } from './schemas.ts';
import { documentKeys } from './keys.ts';

/** Endpoints 10–12: one document, the transcript list, one transcript. */

export interface DocumentDetailParams {
  /** `['event']` embeds the event summary. */
  expand?: readonly ExpandField[];
}

/** Every filter of endpoint 11 (GET /documents/transcripts). */
export interface TranscriptFilters extends RelatedFilters {
  expand?: readonly ExpandField[];
  /** Document type ids (the transcript types: raw and edited). */
  typeIds?: readonly number[];
  /** Document group ids (1–6, see DOCUMENT_GROUPS). */
  documentGroupIds?: readonly (DocumentGroupId | number)[];
}
/** The filters of `/documents` (an extension of the contract): the transcript filters, for every document. */
export type DocumentListFilters = Omit<TranscriptFilters, 'limit' | 'direction'>;

export interface TranscriptListParams extends TranscriptFilters {
  cursor?: number;
}

const documentSingle = single(documentSchema);
const documentPage = page(documentSchema);

export async function fetchDocument(id: number, params: DocumentDetailParams = {}, signal?: AbortSignal): Promise<DocumentRecord> {
  const body = await getJson(`/documents/${encodeURIComponent(id)}`, { query: { expand: params.expand }, signal, schema: documentSingle });
  return body.data;
}

export function fetchTranscripts(params: TranscriptListParams = {}, signal?: AbortSignal): Promise<Page<DocumentRecord>> {
  const { cursor, ...filters } = params;
  return getJson('/documents/transcripts', { query: { ...filters, cursor: cursorParam(cursor) }, signal, schema: documentPage });
}

/**
 * One page of `/documents`, or an empty last page that says the data source does not offer the
 * list (404 or 403, remembered for the session), so a list read page by page keeps one shape.
 */
export type DocumentListPage = Page<DocumentRecord> & { unavailable?: true };

/** Every filter of `/documents`, with the order and page size. */
export interface DocumentListParams extends TranscriptFilters {
  cursor?: number;
}

export async function fetchDocumentList(params: DocumentListParams, signal?: AbortSignal): Promise<DocumentListPage> {
  const { cursor, ...filters } = params;
  const answer = await getExtension('documents', { query: { ...filters, cursor: cursorParam(cursor) }, schema: documentPage, signal });
  return answer.available ? answer.value : { data: [], pagination: { nextCursor: null }, unavailable: true };
}

/** Every document matching the filters (all pages of `/documents`, 500 a page), newest first. */
export async function fetchAllDocuments(filters: DocumentListFilters, signal?: AbortSignal): Promise<ExtensionResult<AllItems<DocumentRecord>>> {
  return getAllExtensionPages<DocumentRecord>('documents', { query: { ...filters, direction: 'desc' }, schema: documentPage, signal, maxPages: 20 });
}

/** One transcript document (endpoint 12); it carries its event summary. */
export async function fetchTranscript(id: number, signal?: AbortSignal): Promise<DocumentRecord> {
  const body = await getJson(`/documents/transcripts/${encodeURIComponent(id)}`, { signal, schema: documentSingle });
  return body.data;
}

export const documentQueries = {
  /** Every document matching the filters (`/documents`), newest first; unavailable on a contract-only upstream. */
  all: (filters: DocumentListFilters) =>
    queryOptions({
      queryKey: documentKeys.list(filters),
      queryFn: ({ signal }) => fetchAllDocuments(filters, signal),
    }),
  /** Documents of every company page by page (`/documents`); one empty page marked `unavailable` on a contract-only upstream. */
  infinite: (filters: TranscriptFilters) =>
    infiniteQueryOptions({
      queryKey: documentKeys.infinite(filters),
      queryFn: ({ signal, pageParam }) => fetchDocumentList({ ...filters, cursor: pageParam }, signal),
      initialPageParam: FIRST_CURSOR,
      getNextPageParam,
    }),
  /** One document of any type (endpoint 10), optionally with its event summary. */
  detail: (id: number, params: DocumentDetailParams = {}) =>
    queryOptions({
      queryKey: documentKeys.detail(id, params),
      queryFn: ({ signal }) => fetchDocument(id, params, signal),
    }),
  /** Every transcript matching the filters, all pages (500 a page; e.g. the events of one day). */
  everyTranscript: (filters: Omit<TranscriptFilters, 'limit'> = {}) =>
    queryOptions({
      queryKey: [...documentKeys.transcriptLists(), 'every', compactParams(filters)] as const,
      queryFn: ({ signal }) => fetchAllPages((cursor) => fetchTranscripts({ ...filters, limit: 500, cursor }, signal), { signal, maxPages: 20 }),
    }),
  /** One page of transcripts (endpoint 11). */
  transcripts: (params: TranscriptListParams = {}) =>
    queryOptions({
      queryKey: documentKeys.transcriptList(params),
      queryFn: ({ signal }) => fetchTranscripts(params, signal),
    }),
  /** Transcripts page by page (endpoint 11). */
  transcriptsInfinite: (filters: TranscriptFilters = {}) =>
    infiniteQueryOptions({
      queryKey: documentKeys.transcriptInfinite(filters),
      queryFn: ({ signal, pageParam }) => fetchTranscripts({ ...filters, cursor: pageParam }, signal),
      initialPageParam: FIRST_CURSOR,
      getNextPageParam,
    }),
  /** One transcript (endpoint 12). */
  transcript: (id: number) =>
    queryOptions({
      queryKey: documentKeys.transcriptDetail(id),
      queryFn: ({ signal }) => fetchTranscript(id, signal),
    }),
};
