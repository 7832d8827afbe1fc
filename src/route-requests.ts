import { searchQueries } from './api/search.ts';
import { companyListQuery } from './features/companies/company-list-query.ts';
import { companyFilters } from './features/companies/company-list-filters.ts';
import { companyDetailQuery, companyRecordingsQuery, companySegmentsQuery, companyTranscriptsQuery } from './features/companies/company-queries.ts';
import { transcriptListQuery } from './features/documents/transcript-list-query.ts';
import { transcriptFilters } from './features/documents/transcript-list-filters.ts';
import { documentRecordQuery } from './features/documents/document-record.ts';
import { documentListQuery } from './features/documents/document-list-query.ts';
import { documentFilters } from './features/documents/document-list-filters.ts';
import { eventDetailQuery, eventRecordingsQuery, eventTranscriptsQuery } from './features/events/event-queries.ts';
import { latestRecordingsQuery, latestTranscriptsQuery } from './features/home/home-queries.ts';
import { recordingListQuery } from './features/recordings/recording-list-query.ts';
import { recordingFilters } from './features/recordings/recording-list-filters.ts';
import { recordingChaptersQuery, recordingDetailQuery } from './features/recordings/recording-queries.ts';
import { liveQueries } from './api/live.ts';
import { eventTypeQueries } from './api/event-types.ts';
import { documentTypeQueries } from './api/document-types.ts';
import { weekEventsQuery } from './features/calendar/calendar-queries.ts';
import { validateCalendarSearch } from './features/calendar/calendar-search.ts';
import { parseCalendarAddress } from './features/calendar/calendar-address.ts';
import { dayOf, mondayOf } from './lib/calendar-week.ts';
import { validateCompareSearch } from './features/compare/compare-address.ts';
import { compareEventQuery } from './features/compare/compare-queries.ts';

/**
 * What each page asks the API for first, before anything it reads tells it more: the queries its
 * route loader starts at once (src/routes/**), built by the same factories. The server (server/
 * route-hints.ts) turns them into preload hints in the page's HTML, so the browser fetches the
 * data while it is still loading the app's JavaScript instead of after it. Pure: no browser APIs.
 *
 * Only what the address (and the service's clock) decides is here. What depends on the browser
 * (its time zone: today's events; its storage: the watchlist) or on a first answer (a recording's
 * transcripts need its event) starts when the app runs, as before. The calendar's week is read as
 * a window that holds it in every time zone (weekWindow), so it is here: this week by the
 * service's clock in UTC, which is the reader's week too except near midnight between Sunday and
 * Monday in zones far from UTC (then the hint goes unused and the app asks for its own week).
 */

/** A query as the loaders use it: a key and a function that reads. */
export interface FirstQuery {
  queryKey: readonly unknown[];
  queryFn?: unknown;
  initialPageParam?: unknown;
}

const ID = /^[1-9]\d{0,15}$/;

function idOf(segment: string | undefined): number | undefined {
  return segment !== undefined && ID.test(segment) && Number.isSafeInteger(Number(segment)) ? Number(segment) : undefined;
}

/** The search of an address as the router reads it: a repeated or JSON-looking value stays text. */
function searchRecord(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of search) out[name] = value;
  return out;
}

/** A list page's first page of results, for the filters in its address (cleaned as the route cleans them). */
function listQuery<S extends { filters: unknown; direction: unknown }>(
  filters: { validateSearch: (raw: Record<string, unknown>) => Record<string, unknown>; parse: (address: Record<string, unknown>) => S },
  query: (deps: { filters: S['filters']; direction: S['direction'] }) => FirstQuery,
  search: URLSearchParams,
): FirstQuery[] {
  const { filters: clean, direction } = filters.parse(filters.validateSearch(searchRecord(search)));
  return [query({ filters: clean, direction })];
}

/**
 * The calendar's: the type lists (the page waits for the first to learn the service's clock) and
 * the week's first page of events, unless the address filters by event type (the type list names
 * the ids) or by the watchlist (in the browser's storage).
 */
function calendarQueries(search: URLSearchParams, now: number | undefined): FirstQuery[] {
  const types = [eventTypeQueries.list(), documentTypeQueries.list()];
  const address = parseCalendarAddress(validateCalendarSearch(searchRecord(search)));
  const { filters } = address;
  if (now === undefined || address.watchlist || filters.types) return types;
  const monday = mondayOf(address.week ?? dayOf(now, 'UTC'));
  const week = weekEventsQuery({ monday, filters: { countries: filters.countries, exchanges: filters.exchanges, typeIds: undefined, companyIds: undefined } });
  return [...types, week];
}

/** The comparison's: both calls' events (the company's calls wait for the first's company). */
function compareQueries(search: URLSearchParams): FirstQuery[] {
  const { call, with: other } = validateCompareSearch(searchRecord(search));
  if (call === undefined) return [];
  return [compareEventQuery(call), ...(other !== undefined && other !== call ? [compareEventQuery(other)] : [])];
}

/**
 * The first queries of the page at `pathname` (with its `search`), or none when it has none or is
 * unknown. `now` is the service's clock (the calendar's week), where the caller knows it.
 */
export function routeFirstQueries(pathname: string, search: URLSearchParams = new URLSearchParams(), now?: number): FirstQuery[] {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [section, id, extra] = parts;
  if (extra !== undefined) return [];
  if (section === undefined || section === '') return [latestRecordingsQuery(), latestTranscriptsQuery()];
  if (id === undefined) {
    switch (section) {
      case 'companies':
        return listQuery(companyFilters, companyListQuery, search);
      case 'recordings':
        return listQuery(recordingFilters, recordingListQuery, search);
      case 'transcripts':
        return listQuery(transcriptFilters, transcriptListQuery, search);
      case 'documents':
        // Kinds go out as the catalog's types of those kinds: the catalog first, the list once it answers.
        return search.has('kinds') ? [documentTypeQueries.list()] : listQuery(documentFilters, documentListQuery, search);
      case 'search':
        return [searchQueries.status()];
      case 'calendar':
        return calendarQueries(search, now);
      case 'compare':
        return compareQueries(search);
      default:
        return [];
    }
  }
  const recordId = idOf(id);
  if (recordId === undefined) return [];
  switch (section) {
    case 'companies':
      return [companyDetailQuery(recordId), companyRecordingsQuery(recordId), companyTranscriptsQuery(recordId), companySegmentsQuery(recordId)];
    case 'recordings':
      return [recordingDetailQuery(recordId), recordingChaptersQuery(recordId)];
    case 'events':
      // Not the event's live record nor its documents: they are found in lists beyond the contract
      // (live calls, documents), which the app stops asking once the data source has said it lacks
      // them; a hint cannot know that.
      return [eventDetailQuery(recordId), eventRecordingsQuery(recordId), eventTranscriptsQuery(recordId)];
    case 'documents':
      return [documentRecordQuery(recordId, search.get('kind') === 'transcript' ? 'transcript' : undefined)];
    case 'live':
      return [liveQueries.detail(recordId)];
    default:
      return [];
  }
}
