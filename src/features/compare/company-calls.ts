import type { DocumentRecord, EventRecord } from '../../api/schemas.ts';
import { familyKey, familyOf } from '../../lib/event-families.ts';
import type { NamedEventType } from '../../lib/names.ts';

/**
 * The calls of a company the comparison can offer: every event of the company that has a
 * transcript (a call without one has nothing to compare), newest first, plus the calls the
 * address names when they have none (so a picker can show them, and the page say so). Pure.
 */

export interface CompanyCall {
  eventId: number;
  typeId: number;
  title: string | null;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  /** ISO time of the call, when known. */
  date: string | null;
  hasTranscript: boolean;
}

const time = (call: CompanyCall) => (call.date ? Date.parse(call.date) : NaN);

/** Newest first; calls without a date last, by id. */
function byDateDesc(a: CompanyCall, b: CompanyCall): number {
  const ta = time(a);
  const tb = time(b);
  if (Number.isNaN(ta) !== Number.isNaN(tb)) return Number.isNaN(ta) ? 1 : -1;
  return (Number.isNaN(ta) ? 0 : tb - ta) || b.eventId - a.eventId;
}

export function callOfEvent(event: EventRecord, hasTranscript: boolean): CompanyCall {
  return {
    eventId: event.id,
    typeId: event.typeId,
    title: event.title,
    fiscalYear: event.fiscalYear,
    fiscalPeriod: event.fiscalPeriod,
    date: event.date ?? null,
    hasTranscript,
  };
}

/** One call per event of the company's transcripts (with `expand=event`), with the named events added. */
export function companyCalls(transcripts: readonly DocumentRecord[], named: readonly EventRecord[] = []): CompanyCall[] {
  const calls = new Map<number, CompanyCall>();
  for (const doc of transcripts) {
    if (calls.has(doc.eventId) || !doc.event) continue;
    const { event } = doc;
    calls.set(doc.eventId, {
      eventId: doc.eventId,
      typeId: event.typeId,
      title: event.title,
      fiscalYear: event.fiscalYear,
      fiscalPeriod: event.fiscalPeriod,
      date: event.date ?? null,
      hasTranscript: true,
    });
  }
  for (const event of named) if (!calls.has(event.id)) calls.set(event.id, callOfEvent(event, false));
  return [...calls.values()].sort(byDateDesc);
}

/** The family of an event type as a key ("earnings-call" for Q1 to Q4); undefined while unknown. */
export function kindOf(type: NamedEventType | undefined): string | undefined {
  const family = type ? familyOf(type) : undefined;
  return family ? familyKey(family) : undefined;
}

/**
 * The call before `call` of the same kind (an earnings call's previous earnings call, whatever its
 * quarter), with a transcript: the newest such call dated before it. `kind` names each type's
 * family; a type of unknown family counts as its own kind (its own id).
 */
export function previousCallOfKind(calls: readonly CompanyCall[], call: CompanyCall, kind: (typeId: number) => string | undefined): CompanyCall | undefined {
  const kindKey = (typeId: number) => kind(typeId) ?? `type-${typeId}`;
  const want = kindKey(call.typeId);
  const before = time(call);
  return calls
    .filter((other) => other.eventId !== call.eventId && other.hasTranscript && kindKey(other.typeId) === want)
    .filter((other) => Number.isNaN(before) || (!Number.isNaN(time(other)) && time(other) < before))
    .sort(byDateDesc)[0];
}
