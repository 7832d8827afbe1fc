import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { companyQueries } from '../api/companies.ts';
import { eventQueries } from '../api/events.ts';
import { eventTypeQueries } from '../api/event-types.ts';
import type { EventRecord, EventType } from '../api/schemas.ts';
import { callKind } from '../lib/event-families.ts';
import { eventName, isEarningsCall, type NamedCompany } from '../lib/names.ts';
import { useEventTypes } from './type-records.ts';

/**
 * A call's neighbours among its company's calls of the same kind: the previous and the next one,
 * and the same fiscal period a year earlier. An earnings call's kind is "earnings call" whatever
 * its period's type (Q1…Q4, H1, H2: the "Earnings Call" family of src/lib/event-families.ts); any
 * other event's kind is its family (callKind in src/lib/event-families.ts, the one rule the comparison uses too). Read from the service's event list (`/events`, filtered to
 * the company and, where the type catalog is listed, to the kind's types), shared by the event,
 * recording and transcript pages through one query per company and kind.
 */

/** What a page knows of its call: the event record, or as much of it as the page has. */
export interface CallRef {
  id: number;
  companyId: number;
  typeId: number;
  date?: string | null;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
}

/** A neighbouring call, named as the app names calls. */
export interface CallNeighbour {
  id: number;
  /** "Q1 2026 earnings call". */
  name: string;
  /** ISO 8601. */
  date: string;
}

export interface CallNeighbours {
  previous?: CallNeighbour;
  next?: CallNeighbour;
  /** The same fiscal period a year earlier; left out when it is the previous call already. */
  yearEarlier?: CallNeighbour;
}

export type CallNeighboursState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** The data source does not list events: the neighbours cannot be found. */
  | { status: 'unavailable' }
  | { status: 'success'; neighbours: CallNeighbours };

const PERIOD = /^(?:Q[1-4]|H[12])$/i;

/** The call's fiscal period as a comparable key ("Q2"); an earnings call without one takes its type's ("Q2" under "Earnings Call"). */
function periodOf(call: { fiscalPeriod?: string | null }, type: EventType | undefined): string | undefined {
  const own = call.fiscalPeriod?.trim();
  if (own) return own.toUpperCase();
  const name = type?.name?.trim();
  return isEarningsCall(type) && name && PERIOD.test(name) ? name.toUpperCase() : undefined;
}

const timeOf = (date: string | null | undefined) => (date ? Date.parse(date) : NaN);

/**
 * The neighbours of `call` among `events` (the company's events, in any order): those of the same
 * kind with a date, ordered by date then id.
 */
export function findCallNeighbours(
  call: CallRef,
  events: readonly EventRecord[],
  types: ReadonlyMap<number, EventType>,
  company?: NamedCompany,
): CallNeighbours {
  const type = types.get(call.typeId);
  const kind = callKind(type, call.typeId);
  const sameKind = (event: EventRecord) => callKind(types.get(event.typeId), event.typeId) === kind;
  const here = timeOf(call.date);
  const calls = events
    .filter((event) => event.id !== call.id && event.companyId === call.companyId && sameKind(event) && Number.isFinite(timeOf(event.date)))
    .sort((a, b) => timeOf(a.date) - timeOf(b.date) || a.id - b.id);
  const before = (event: EventRecord) => {
    const time = timeOf(event.date);
    return time < here || (time === here && event.id < call.id);
  };
  const neighbour = (event: EventRecord | undefined): CallNeighbour | undefined =>
    event && { id: event.id, name: eventName(event, { type: types.get(event.typeId), company }), date: event.date! };

  const hasDate = Number.isFinite(here);
  const previous = hasDate ? calls.filter(before).at(-1) : undefined;
  const next = hasDate ? calls.find((event) => !before(event)) : undefined;
  const period = periodOf(call, type);
  const year = call.fiscalYear;
  const yearEarlier =
    period !== undefined && typeof year === 'number'
      ? calls.filter((event) => event.fiscalYear === year - 1 && periodOf(event, types.get(event.typeId)) === period).at(-1)
      : undefined;
  return {
    previous: neighbour(previous),
    next: neighbour(next),
    yearEarlier: yearEarlier && yearEarlier.id !== previous?.id ? neighbour(yearEarlier) : undefined,
  };
}

/** The neighbours of a call, as the three call pages show them; `undefined` while the call itself is loading. */
export function useCallNeighbours(call: CallRef | undefined): CallNeighboursState {
  // The call's own type decides its kind: from the catalog where the data source lists it, else by id.
  const catalog = useQuery(eventTypeQueries.list());
  const listed = catalog.data?.available ? catalog.data.value.items : undefined;
  const catalogMissing = catalog.isError || catalog.data?.available === false;
  const byId = useQuery({ ...eventTypeQueries.detail(call?.typeId ?? 0), enabled: call !== undefined && catalogMissing });
  const type = listed ? listed.find((each) => each.id === call?.typeId) : catalogMissing ? byId.data : undefined;
  // A type that cannot be read counts as a kind of its own.
  const typeSettled = listed !== undefined || (catalogMissing && (byId.data !== undefined || byId.isError));
  // The kind's types, when the catalog says them; else every event of the company, sorted out here.
  const typeIds = useMemo(() => {
    if (!call) return undefined;
    const kind = callKind(type, call.typeId);
    return listed ? listed.filter((each) => callKind(each, each.id) === kind).map((each) => each.id) : isEarningsCall(type) ? undefined : [call.typeId];
  }, [call, type, listed]);
  const ready = call !== undefined && typeSettled;
  const events = useQuery({ ...eventQueries.between({ companyIds: call ? [call.companyId] : [], ...(typeIds ? { typeIds } : {}) }), enabled: ready });
  const company = useQuery({ ...companyQueries.detail(call?.companyId ?? 0), enabled: call !== undefined });
  const items = events.data?.available ? events.data.value.items : undefined;
  const types = useEventTypes(items ? items.map((event) => event.typeId) : []);
  const typesWithOwn = useMemo(() => (type && call ? new Map([...types, [call.typeId, type]]) : types), [types, type, call]);

  const neighbours = useMemo(
    () => (call && items ? findCallNeighbours(call, items, typesWithOwn, company.data) : undefined),
    [call, items, typesWithOwn, company.data],
  );

  if (events.isError) return { status: 'error', error: events.error, retry: () => void events.refetch() };
  if (events.data && !events.data.available) return { status: 'unavailable' };
  if (!neighbours) return { status: 'pending' };
  return { status: 'success', neighbours };
}
