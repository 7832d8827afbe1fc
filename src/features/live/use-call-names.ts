import { useQueries } from '@tanstack/react-query';
import { companyQueries } from '../../api/companies.ts';
import { eventQueries } from '../../api/events.ts';
import type { Company, LiveAudio } from '../../api/schemas.ts';
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

/**
 * Names for the calls a board shows: each event once (endpoint 4), its type record, and each
 * company once (endpoint 2, shared with the live status page's cache). Only the rows on screen are
 * named, and a call that joins the board costs at most two reads, never a re-read of the others
 * (one `ids` read of every company would be asked again each time the set of calls changes).
 */
export function useCallNames(records: readonly LiveAudio[]): Map<number, CallNames> {
  const events = useQueries({
    queries: [...new Set(records.map((r) => r.eventId))].map((id) => ({ ...eventQueries.detail(id), staleTime: EVENT_STALE })),
  });
  const eventById = new Map(events.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])));
  const types = useEventTypes([...eventById.values()].map((event) => event.typeId));
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
