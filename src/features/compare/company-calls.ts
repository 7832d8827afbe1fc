import type { DocumentRecord, EventRecord } from '../../api/schemas.ts';

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

/**
 * The call before `call` of the same kind (`kind`: callKind in src/lib/event-families.ts, the rule
 * the links between calls use), with a transcript: the newest such call dated before it.
 */
export function previousCallOfKind(calls: readonly CompanyCall[], call: CompanyCall, kind: (typeId: number) => string): CompanyCall | undefined {
  const kindKey = kind;
  const want = kindKey(call.typeId);
  const before = time(call);
  return calls
    .filter((other) => other.eventId !== call.eventId && other.hasTranscript && kindKey(other.typeId) === want)
    .filter((other) => Number.isNaN(before) || (!Number.isNaN(time(other)) && time(other) < before))
    .sort(byDateDesc)[0];
}
