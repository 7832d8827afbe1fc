import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { AllItems, ExtensionResult } from '../../api/extensions.ts';
import { companyQueries, fetchCompanies } from '../../api/companies.ts';
import { companyKeys } from '../../api/keys.ts';
import { eventQueries } from '../../api/events.ts';
import type { Company, EventRecord, LiveAudio } from '../../api/schemas.ts';
import { useEventTypes } from '../../components/type-records.ts';
import { companyLabel } from '../../lib/format.ts';
import { eventName } from '../../lib/names.ts';

/** How a board row names its call; undefined parts are still loading. */
export interface CallNames {
  company: Company | undefined;
  companyName: string | undefined;
  /** "Q3 2026 earnings call", or undefined until the event is read. */
  title: string | undefined;
}

/** An event's fields do not move while it is on the board: read once an hour at most. */
const EVENT_STALE = 60 * 60_000;
/** How long a company's name is kept before it is read again. */
const COMPANY_STALE = 10 * 60_000;

/**
 * Companies by id: those not yet known in one request (endpoint 1 with `ids`), each then kept as
 * its own record (endpoint 2's cache entry, which the live status page reads too); so the board
 * opens with one read of its companies, and a call that joins it costs one read only if its
 * company is new.
 */
function useCompanies(ids: readonly number[]): Map<number, Company> {
  const queryClient = useQueryClient();
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const missing = unique.filter((id) => queryClient.getQueryData(companyKeys.detail(id)) === undefined).slice(0, 500);
  useQuery({
    queryKey: [...companyKeys.lists(), 'board-names', missing],
    queryFn: async ({ signal }) => {
      const page = await fetchCompanies({ ids: missing, limit: 500 }, signal);
      for (const company of page.data) queryClient.setQueryData(companyKeys.detail(company.id), company);
      return page.data.length;
    },
    enabled: missing.length > 0,
    staleTime: COMPANY_STALE,
  });
  // Read from the cache (and re-render when it is filled); no request of their own.
  const results = useQueries({ queries: unique.map((id) => ({ ...companyQueries.detail(id), enabled: false })) });
  return new Map(results.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])));
}

/** The events of the board's window, read once per window where the data source lists events. */
export type ListedEvents = Pick<UseQueryResult<ExtensionResult<AllItems<EventRecord>>>, 'data' | 'isError'>;

/**
 * Names for the calls a board shows: the events from the window's one event list where the data
 * source offers it, else (or for an event it did not list) each event once by id (endpoint 4); the
 * type records; the companies (see useCompanies). Only the rows on screen are named, and a call
 * that joins the board costs a read only for what is new about it.
 */
export function useCallNames(records: readonly Pick<LiveAudio, 'id' | 'eventId' | 'companyId'>[], listed: ListedEvents): Map<number, CallNames> {
  const fromList = new Map(listed.data?.available ? listed.data.value.items.map((event) => [event.id, event] as const) : []);
  const settled = listed.isError || listed.data !== undefined;
  const events = useQueries({
    queries: [...new Set(records.map((r) => r.eventId))].map((id) => ({
      ...eventQueries.detail(id),
      staleTime: EVENT_STALE,
      enabled: settled && !fromList.has(id),
    })),
  });
  const eventById = new Map(fromList);
  for (const q of events) if (q.data) eventById.set(q.data.id, q.data);
  const types = useEventTypes(records.map((r) => eventById.get(r.eventId)?.typeId));
  const companies = useCompanies(records.map((r) => r.companyId));

  const names = new Map<number, CallNames>();
  for (const record of records) {
    const company = companies.get(record.companyId);
    const event = eventById.get(record.eventId);
    names.set(record.id, {
      company,
      companyName: company ? companyLabel(company) : undefined,
      title: event ? eventName(event, { type: types.get(event.typeId), company }) : undefined,
    });
  }
  return names;
}
