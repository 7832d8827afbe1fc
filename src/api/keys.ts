import { compactParams } from './params.ts';
import type { AudioDetailParams, AudioFilters, AudioListParams, ChapterFilters, ChapterListParams } from './audio.ts';
import type { CompanyFilters, CompanyListParams, SegmentFilters, SegmentListParams } from './companies.ts';
import type { DocumentDetailParams, DocumentListFilters, TranscriptFilters, TranscriptListParams } from './documents.ts';
import type { EventListFilters } from './events.ts';
import type { LiveListFilters } from './live.ts';
import type { SearchParams, TermHistoryParams } from './search.ts';

/**
 * Every query key of the app, built here and nowhere else, general → specific (so a prefix
 * invalidates everything below it). Apart from the query factories (audio.ts, companies.ts…) so
 * that code needing only a key, such as a page's loading view, does not load the fetchers and
 * their validation.
 */
export const audioKeys = {
  all: () => ['audio'] as const,
  lists: () => [...audioKeys.all(), 'list'] as const,
  list: (params: AudioListParams = {}) => [...audioKeys.lists(), compactParams(params)] as const,
  infinites: () => [...audioKeys.all(), 'infinite'] as const,
  infinite: (filters: AudioFilters = {}) => [...audioKeys.infinites(), compactParams(filters)] as const,
  details: () => [...audioKeys.all(), 'detail'] as const,
  detail: (id: number, params: AudioDetailParams = {}) => [...audioKeys.details(), id, compactParams(params)] as const,
  chapters: (audioId: number) => [...audioKeys.all(), 'chapters', audioId] as const,
  chapterList: (audioId: number, params: ChapterListParams = {}) => [...audioKeys.chapters(audioId), 'list', compactParams(params)] as const,
  chapterInfinite: (audioId: number, filters: ChapterFilters = {}) => [...audioKeys.chapters(audioId), 'infinite', compactParams(filters)] as const,
  chapterAll: (audioId: number, filters: ChapterFilters = {}) => [...audioKeys.chapters(audioId), 'all', compactParams(filters)] as const,
};

/** Query keys, general → specific. A list and an infinite list never share a key. */
export const companyKeys = {
  all: () => ['companies'] as const,
  lists: () => [...companyKeys.all(), 'list'] as const,
  list: (params: CompanyListParams = {}) => [...companyKeys.lists(), compactParams(params)] as const,
  infinites: () => [...companyKeys.all(), 'infinite'] as const,
  infinite: (filters: CompanyFilters = {}) => [...companyKeys.infinites(), compactParams(filters)] as const,
  details: () => [...companyKeys.all(), 'detail'] as const,
  detail: (id: number) => [...companyKeys.details(), id] as const,
  segments: (companyId: number) => [...companyKeys.detail(companyId), 'segments'] as const,
  segmentList: (companyId: number, params: SegmentListParams = {}) => [...companyKeys.segments(companyId), 'list', compactParams(params)] as const,
  segmentInfinite: (companyId: number, filters: SegmentFilters = {}) => [...companyKeys.segments(companyId), 'infinite', compactParams(filters)] as const,
  segmentAll: (companyId: number) => [...companyKeys.segments(companyId), 'all'] as const,
};

export const documentKeys = {
  all: () => ['documents'] as const,
  details: () => [...documentKeys.all(), 'detail'] as const,
  detail: (id: number, params: DocumentDetailParams = {}) => [...documentKeys.details(), id, compactParams(params)] as const,
  transcripts: () => [...documentKeys.all(), 'transcripts'] as const,
  transcriptLists: () => [...documentKeys.transcripts(), 'list'] as const,
  transcriptList: (params: TranscriptListParams = {}) => [...documentKeys.transcriptLists(), compactParams(params)] as const,
  transcriptInfinites: () => [...documentKeys.transcripts(), 'infinite'] as const,
  transcriptInfinite: (filters: TranscriptFilters = {}) => [...documentKeys.transcriptInfinites(), compactParams(filters)] as const,
  transcriptDetails: () => [...documentKeys.transcripts(), 'detail'] as const,
  transcriptDetail: (id: number) => [...documentKeys.transcriptDetails(), id] as const,
  lists: () => [...documentKeys.all(), 'list'] as const,
  list: (filters: DocumentListFilters) => [...documentKeys.lists(), compactParams(filters)] as const,
  infinites: () => [...documentKeys.all(), 'infinite'] as const,
  infinite: (filters: TranscriptFilters) => [...documentKeys.infinites(), compactParams(filters)] as const,
};

export const eventKeys = {
  all: () => ['events'] as const,
  details: () => [...eventKeys.all(), 'detail'] as const,
  detail: (id: number) => [...eventKeys.details(), id] as const,
  lists: () => [...eventKeys.all(), 'list'] as const,
  between: (filters: EventListFilters) => [...eventKeys.lists(), 'all', compactParams(filters)] as const,
  page: (filters: EventListFilters & { limit?: number }) => [...eventKeys.lists(), 'page', compactParams(filters)] as const,
};

export const liveKeys = {
  all: () => ['live'] as const,
  details: () => [...liveKeys.all(), 'detail'] as const,
  detail: (id: number) => [...liveKeys.details(), id] as const,
  forEvent: (eventId: number) => [...liveKeys.all(), 'event', eventId] as const,
  lists: () => [...liveKeys.all(), 'list'] as const,
  list: (filters: LiveListFilters) => [...liveKeys.lists(), compactParams(filters)] as const,
  /** A live record with its transcript URL (`/live/transcripts/{id}?transcriptVersion=`). */
  transcripts: () => [...liveKeys.all(), 'transcript'] as const,
  transcript: (liveId: number, version: string) => [...liveKeys.transcripts(), liveId, version] as const,
};

export const eventTypeKeys = {
  all: () => ['event-types'] as const,
  details: () => [...eventTypeKeys.all(), 'detail'] as const,
  detail: (id: number) => [...eventTypeKeys.details(), id] as const,
  list: () => [...eventTypeKeys.all(), 'list'] as const,
};

export const documentTypeKeys = {
  all: () => ['document-types'] as const,
  details: () => [...documentTypeKeys.all(), 'detail'] as const,
  detail: (id: number) => [...documentTypeKeys.details(), id] as const,
  list: () => [...documentTypeKeys.all(), 'list'] as const,
};

export const searchKeys = {
  all: () => ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all(), 'results', params] as const,
  summary: (params: SearchParams) => [...searchKeys.all(), 'summary', { ...params, sort: undefined }] as const,
  call: (params: SearchParams, eventId: number) => [...searchKeys.all(), 'call', eventId, { ...params, sort: undefined }] as const,
  status: () => [...searchKeys.all(), 'status'] as const,
  termHistory: (params: TermHistoryParams) => [...searchKeys.all(), 'terms', params] as const,
};

export const fileKeys = {
  all: () => ['files'] as const,
  file: (url: string) => [...fileKeys.all(), url] as const,
};
