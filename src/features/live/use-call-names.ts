import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { AllItems, ExtensionResult } from '../../api/extensions.ts';
import { companyQueries } from '../../api/companies.ts';
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
/** As the live status page keeps a company's name. */
const COMPANY_STALE = 10 * 60_000;

/** The events of the board's window, read once per window where the data source lists events. */
export type ListedEvents = Pick<UseQueryResult<ExtensionResult<AllItems<EventRecord>>>, 'data' | 'isError'>;

/**
 * Names for the calls a board shows: the events from the window's one event list where the data
 * source offers it, else (or for an event it did not list) each event once by id (endpoint 4); the
 * type records; each company once (endpoint 2, shared with the live status page's cache). Only the
 * rows on screen are named, and a call that joins the board costs at most a read or two, never a
 * re-read of the others (one `ids` read of every company would be asked again each time the set of
 * calls changes).
 */
export function useCallNames(records: readonly LiveAudio[], listed: ListedEvents): Map<number, CallNames> {
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
  const companyResults = useQueries({
    queries: [...new Set(records.map((r) => r.companyId))].map((id) => ({ ...companyQueries.detail(id), staleTime: COMPANY_STALE })),
  });
  const companies = new Map<number, Company>(companyResults.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])));

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
