import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { audioQueries } from '../../api/audio.ts';
import { companyQueries } from '../../api/companies.ts';
import { documentQueries } from '../../api/documents.ts';
import { eventQueries, type EventListFilters } from '../../api/events.ts';
import { liveQueries } from '../../api/live.ts';
import type { AudioRecord, Company, DocumentRecord, EventRecord, LiveAudio } from '../../api/schemas.ts';
import { addDays, daysRange, weekWindow } from '../../lib/calendar-week.ts';

/**
 * What the calendar asks the service, and nothing more: the week's events (every page of
 * `/events` for the week, with the filters the service applies itself), and for the days on
 * screen up to today, what exists for their events (recordings, transcripts, other documents) and
 * their live state. Each answer is cached, so moving back to a week or a day asks nothing again.
 */

export interface WeekQuery {
  monday: string;
  filters: Omit<EventListFilters, 'startDate' | 'endDate'>;
}

/**
 * The week's events: every event in the window that holds this week in every time zone
 * (weekWindow), the same request wherever the reader is, so the server can hint it in the page's
 * HTML (src/route-requests.ts). The reader's own week is kept from it by CalendarPage.
 */
export function weekEventsQuery({ monday, filters }: WeekQuery) {
  return eventQueries.between({ ...filters, ...weekWindow(monday) });
}

export function useWeekEvents(week: WeekQuery, enabled = true) {
  return useQuery({ ...weekEventsQuery(week), enabled, placeholderData: keepPreviousData });
}

/** What exists for a day's events: recordings, transcripts and other documents, by event id; live records by event id. */
export interface DayExtras {
  recordings: Map<number, AudioRecord>;
  transcripts: Map<number, DocumentRecord>;
  documents: Map<number, number>;
  live: Map<number, LiveAudio>;
  /** Live states still being read for the first time (a list waits for them, or it would reorder). */
  livePending: boolean;
}

/**
 * The extras of the days on screen. Days after today have no recordings or documents yet, so
 * they ask only for their live state when they are today or tomorrow (a call may be announced as
 * starting soon); other future days ask nothing.
 */
export function useDayExtras(days: readonly string[], today: string, timeZone: string, { liveOnly = false }: { liveOnly?: boolean } = {}): DayExtras {
  const past = liveOnly ? [] : days.filter((day) => day <= today);
  const liveDays = days.filter((day) => day === today || day === addDays(today, 1));
  const window = (day: string) => {
    const { start, end } = daysRange(day, day, timeZone);
    return { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
  };
  const recordings = useQueries({ queries: past.map((day) => audioQueries.every(window(day))) });
  const transcripts = useQueries({ queries: past.map((day) => documentQueries.everyTranscript(window(day))) });
  const documents = useQueries({ queries: past.map((day) => documentQueries.all({ ...window(day) })) });
  // The calendar re-reads live states once a minute (the board and the status page follow a call closely).
  const live = useQueries({ queries: liveDays.map((day) => ({ ...liveQueries.list(window(day)), refetchInterval: 60_000 })) });

  const extras: DayExtras = {
    recordings: new Map(),
    transcripts: new Map(),
    documents: new Map(),
    live: new Map(),
    livePending: live.some((result) => result.isPending),
  };
  for (const result of recordings) for (const audio of result.data?.items ?? []) extras.recordings.set(audio.eventId, audio);
  for (const result of transcripts)
    for (const doc of result.data?.items ?? []) if (!extras.transcripts.has(doc.eventId)) extras.transcripts.set(doc.eventId, doc);
  for (const result of documents) {
    if (!result.data?.available) continue;
    for (const doc of result.data.value.items) extras.documents.set(doc.eventId, (extras.documents.get(doc.eventId) ?? 0) + 1);
  }
  for (const result of live) {
    if (!result.data?.available) continue;
    for (const record of result.data.value.items) extras.live.set(record.eventId, record);
  }
  return extras;
}

export type { EventRecord };

const NAME_CHUNK = 250;

/**
 * Company names for the rows on screen. The week's companies are split, in list order, into fixed
 * chunks of 250 ids; only the chunks that hold a row on screen are asked for (one request each,
 * cached), so scrolling a week of thousands of events asks for a handful of name lists.
 */
export function useCompanyNamesInChunks(onScreen: readonly number[], all: readonly number[]): Map<number, Company> {
  // Once per list (pass the same array while the list is the same), not on every scroll.
  const { ordered, chunkOf } = useMemo(() => {
    const ordered = [...new Set(all)];
    return { ordered, chunkOf: new Map(ordered.map((id, index) => [id, Math.floor(index / NAME_CHUNK)])) };
  }, [all]);
  const wanted = [...new Set(onScreen.map((id) => chunkOf.get(id)).filter((chunk): chunk is number => chunk !== undefined))];
  const results = useQueries({
    queries: wanted.map((chunk) => {
      const ids = ordered.slice(chunk * NAME_CHUNK, (chunk + 1) * NAME_CHUNK).sort((a, b) => a - b);
      return { ...companyQueries.list({ ids, limit: 500 }), staleTime: 10 * 60_000 };
    }),
  });
  return new Map(results.flatMap((result) => (result.data?.data ?? []).map((company) => [company.id, company] as const)));
}
