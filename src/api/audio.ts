import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getJson } from './client.ts';
import { cursorParam, fetchAllPages, FIRST_CURSOR, getNextPageParam, type FetchAllPagesOptions, type PageParams } from './pagination.ts';
import { compactParams, type ExpandField, type RelatedFilters } from './params.ts';
import { audioChapterSchema, audioSchema, page, single, type AudioChapter, type AudioRecord, type Page } from './schemas.ts';
import { audioKeys } from './keys.ts';

/** Endpoints 6–8: the audio list, one recording, and a recording's chapters. */

/** Every filter of endpoint 6 (GET /audio), plus expand. */
export interface AudioFilters extends RelatedFilters {
  /** `['event']` embeds the event summary in each record. */
  expand?: readonly ExpandField[];
}
export interface AudioListParams extends AudioFilters {
  cursor?: number;
}

export interface AudioDetailParams {
  expand?: readonly ExpandField[];
}

/** Endpoint 8: limit, cursor, direction and levels. Without levels the service returns level 1 only. */
export interface ChapterFilters extends PageParams {
  /** Chapter levels to include, e.g. [1, 2]. */
  levels?: readonly number[];
}
export interface ChapterListParams extends ChapterFilters {
  cursor?: number;
}

const audioPage = page(audioSchema);
const audioSingle = single(audioSchema);
const chapterPage = page(audioChapterSchema);

export function fetchAudioList(params: AudioListParams = {}, signal?: AbortSignal): Promise<Page<AudioRecord>> {
  const { cursor, ...filters } = params;
  return getJson('/audio', { query: { ...filters, cursor: cursorParam(cursor) }, signal, schema: audioPage });
}

export async function fetchAudio(id: number, params: AudioDetailParams = {}, signal?: AbortSignal): Promise<AudioRecord> {
  const body = await getJson(`/audio/${encodeURIComponent(id)}`, { query: { expand: params.expand }, signal, schema: audioSingle });
  return body.data;
}

export function fetchAudioChapters(audioId: number, params: ChapterListParams = {}, signal?: AbortSignal): Promise<Page<AudioChapter>> {
  const { cursor, limit, direction, levels } = params;
  return getJson(`/audio/${encodeURIComponent(audioId)}/chapters`, {
    query: { limit, direction, levels, cursor: cursorParam(cursor) },
    signal,
    schema: chapterPage,
  });
}

/** Default page size when walking all chapters: few requests, well under the 500 maximum. */
const ALL_CHAPTERS_LIMIT = 100;

/**
 * Every chapter of a recording at the given levels, following cursors to the last page (a demo
 * key returns 10 per page whatever `limit` says). Ordered as the service returns them.
 */
export async function fetchAllAudioChapters(
  audioId: number,
  filters: ChapterFilters = {},
  signal?: AbortSignal,
  options: Omit<FetchAllPagesOptions, 'signal'> = {},
): Promise<AudioChapter[]> {
  const params = { limit: ALL_CHAPTERS_LIMIT, ...filters };
  const all = await fetchAllPages((cursor) => fetchAudioChapters(audioId, { ...params, cursor }, signal), { ...options, signal });
  return all.items;
}

export const audioQueries = {
  /** One page of recordings (endpoint 6). */
  list: (params: AudioListParams = {}) =>
    queryOptions({
      queryKey: audioKeys.list(params),
      queryFn: ({ signal }) => fetchAudioList(params, signal),
    }),
  /** Recordings page by page (endpoint 6). */
  infinite: (filters: AudioFilters = {}) =>
    infiniteQueryOptions({
      queryKey: audioKeys.infinite(filters),
      queryFn: ({ signal, pageParam }) => fetchAudioList({ ...filters, cursor: pageParam }, signal),
      initialPageParam: FIRST_CURSOR,
      getNextPageParam,
    }),
  /** One recording (endpoint 7), optionally with its event summary. */
  detail: (id: number, params: AudioDetailParams = {}) =>
    queryOptions({
      queryKey: audioKeys.detail(id, params),
      queryFn: ({ signal }) => fetchAudio(id, params, signal),
    }),
  /** Every recording matching the filters, all pages (500 a page; e.g. the events of one day). */
  every: (filters: Omit<AudioFilters, 'limit'> = {}) =>
    queryOptions({
      queryKey: [...audioKeys.lists(), 'every', compactParams(filters)] as const,
      queryFn: ({ signal }) => fetchAllPages((cursor) => fetchAudioList({ ...filters, limit: 500, cursor }, signal), { signal, maxPages: 20 }),
    }),
  /** Every chapter at the given levels, all pages fetched (what a player needs). */
  allChapters: (audioId: number, filters: ChapterFilters = {}) =>
    queryOptions({
      queryKey: audioKeys.chapterAll(audioId, filters),
      queryFn: ({ signal }) => fetchAllAudioChapters(audioId, filters, signal),
      // Chapters of a finished recording do not change.
      staleTime: 10 * 60_000,
    }),
};
