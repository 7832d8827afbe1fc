import type { AudioRecord, DocumentRecord } from '../../api/schemas.ts';

/** One event of a company, pieced together from the recordings and transcripts that point at it. */
export interface CompanyEvent {
  id: number;
  title: string;
  date: string | undefined;
  typeId: number | undefined;
  fiscalYear: number | undefined;
  fiscalPeriod: string;
  recordingIds: number[];
  transcriptIds: number[];
}

export interface FiscalPeriodGroup {
  fiscalPeriod: string;
  events: CompanyEvent[];
}

export interface FiscalYearGroup {
  /** The fiscal year, or "Unknown" when no record carried an event summary. */
  fiscalYear: number | 'Unknown';
  periods: FiscalPeriodGroup[];
}

const time = (date: string | undefined) => (date ? Date.parse(date) || 0 : 0);

/**
 * Events from recordings and transcripts (with `expand=event`), grouped by fiscal year (newest
 * first) and period (the period with the latest event first), events newest first within each.
 */
export function groupEvents(recordings: readonly AudioRecord[], transcripts: readonly DocumentRecord[]): FiscalYearGroup[] {
  const events = new Map<number, CompanyEvent>();
  const touch = (eventId: number, summary: AudioRecord['event']) => {
    let event = events.get(eventId);
    if (!event) {
      event = {
        id: eventId,
        title: summary?.title ?? '',
        date: summary?.date ?? undefined,
        typeId: summary?.typeId,
        fiscalYear: summary?.fiscalYear ?? undefined,
        fiscalPeriod: summary?.fiscalPeriod ?? '',
        recordingIds: [],
        transcriptIds: [],
      };
      events.set(eventId, event);
    } else if (summary && event.fiscalYear === undefined && summary.fiscalYear !== null) {
      Object.assign(event, {
        title: summary.title ?? '',
        date: summary.date ?? undefined,
        typeId: summary.typeId,
        fiscalYear: summary.fiscalYear,
        fiscalPeriod: summary.fiscalPeriod ?? '',
      });
    }
    return event;
  };
  for (const r of recordings) touch(r.eventId, r.event).recordingIds.push(r.id);
  for (const t of transcripts) touch(t.eventId, t.event).transcriptIds.push(t.id);

  const years = new Map<number | 'Unknown', Map<string, CompanyEvent[]>>();
  for (const event of events.values()) {
    const year = event.fiscalYear ?? 'Unknown';
    let periods = years.get(year);
    if (!periods) years.set(year, (periods = new Map()));
    const list = periods.get(event.fiscalPeriod) ?? [];
    list.push(event);
    periods.set(event.fiscalPeriod, list);
  }

  const latest = (list: CompanyEvent[]) => Math.max(...list.map((e) => time(e.date)));
  return [...years.entries()]
    .sort(([a], [b]) => (a === 'Unknown' ? 1 : b === 'Unknown' ? -1 : b - a))
    .map(([fiscalYear, periods]) => ({
      fiscalYear,
      periods: [...periods.entries()]
        .map(([fiscalPeriod, list]) => ({ fiscalPeriod, events: list.sort((a, b) => time(b.date) - time(a.date) || b.id - a.id) }))
        .sort((a, b) => latest(b.events) - latest(a.events) || a.fiscalPeriod.localeCompare(b.fiscalPeriod)),
    }));
}
