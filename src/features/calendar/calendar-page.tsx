import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import { CalendarFeedLink } from '../../components/calendar-feed-link.tsx';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { useArrivedData } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { TimeZoneNote, readerTimeZone } from '../../components/time-zone-note.tsx';
import { useEventFamilyFilter } from '../../components/filter-fields.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { addDays, dayOf, daysOfWeek, daysRange, mondayOf } from '../../lib/calendar-week.ts';
import { useWatchlist } from '../../lib/watchlist.ts';
import { CalendarDays } from './calendar-days.tsx';
import { CalendarFilterForm } from './calendar-filter-form.tsx';
import { useWeekEvents, type EventRecord } from './calendar-queries.ts';
import { calendarFilters, type CalendarAddress } from './calendar-search.ts';
import { parseCalendarAddress } from './calendar-address.ts';
import { WatchlistToggle } from './watchlist-toggle.tsx';
import { WeekNav } from './week-nav.tsx';
import { useNow, useServerClockKnown } from '../../components/use-now.ts';
import { useQuery } from '@tanstack/react-query';
import { eventTypeQueries } from '../../api/event-types.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

export interface CalendarPageProps {
  address: CalendarAddress;
  /** Writes a new address (the route's navigate); `keepScroll` when the page scrolls itself (to a chosen day). */
  onNavigate: (address: CalendarAddress, options?: { keepScroll?: boolean }) => void;
  seenExchanges?: readonly string[];
}

/**
 * /calendar: who reports when. One week at a time in the reader's time zone (this week unless the
 * address says otherwise), every event of it in time order, today marked; the watchlist only,
 * countries, exchanges and event types narrow it, and live in the address.
 */
export function CalendarPage({ address, onNavigate, seenExchanges }: CalendarPageProps) {
  usePageTitle('Earnings calendar');
  const timeZone = readerTimeZone();
  const now = useNow();
  // "Today" is the service's today: wait for its clock (the type list's answer tells it) unless that fails.
  const typeListQuery = useQuery(eventTypeQueries.list());
  const clockReady = useServerClockKnown() || typeListQuery.isError;
  const today = dayOf(now, timeZone);
  const thisMonday = mondayOf(today);
  // A week or switch the page cannot use falls back (this week, every company) and is named.
  const { filters, direction, dropped, week: chosenWeek, watchlist: onlyWatchlist } = parseCalendarAddress(address);
  const monday = mondayOf(chosenWeek ?? today);
  const days = useMemo(() => daysOfWeek(monday), [monday]);
  const clean = { filters, direction };
  const { families, waiting: waitingForTypes, typeIds } = useEventFamilyFilter(filters.types);
  const watchlist = useWatchlist();
  const watchedIds = watchlist.map((company) => company.id);

  const week = useWeekEvents(
    {
      monday,
      filters: {
        countries: filters.countries,
        exchanges: filters.exchanges,
        typeIds,
        companyIds: onlyWatchlist ? watchedIds : undefined,
      },
    },
    clockReady && !waitingForTypes && !(onlyWatchlist && watchedIds.length === 0),
  );
  // The answer covers the week in every time zone; the reader's week is its own midnights.
  // A week that has just arrived is drawn in a pass that yields to the browser (as every list's is).
  const data = useArrivedData(week.data);
  const loaded = data?.available ? data.value.items : undefined;
  const weekEvents = useMemo(() => (loaded ? eventsWithin(loaded, daysRange(monday, addDays(monday, 6), timeZone)) : []), [loaded, monday, timeZone]);

  const kept = { week: chosenWeek, watchlist: onlyWatchlist ? (1 as const) : undefined };
  const go = (changes: Partial<CalendarAddress>) => {
    const next: CalendarAddress = { ...calendarFilters.toAddress(clean), ...kept, ...changes };
    if (next.week === thisMonday) delete next.week;
    if (!next.watchlist) delete next.watchlist;
    onNavigate(next, { keepScroll: next.week !== undefined && next.week !== mondayOf(next.week) });
  };

  return (
    <>
      <h1 className="text-lg font-semibold tracking-tight">Earnings calendar</h1>
      <TimeZoneNote className="mb-4" />
      <div className="space-y-4">
        <WeekNav monday={monday} thisMonday={thisMonday} onGo={(day) => go({ week: day })} />
        <div className="flex flex-wrap items-center gap-3">
          <WatchlistToggle pressed={onlyWatchlist} count={watchedIds.length} onChange={(on) => go({ watchlist: on ? 1 : undefined })} />
          {watchedIds.length > 0 && <CalendarFeedLink companyIds={watchedIds} />}
        </div>
        <CalendarFilterForm
          search={clean}
          families={families}
          seenExchanges={seenExchanges}
          onApply={(filterAddress) => onNavigate({ ...filterAddress, ...kept })}
        />
        <ActiveFilterChips chips={calendarFilters.chips(clean)} onRemove={(chip) => onNavigate({ ...calendarFilters.without(clean, chip), ...kept })} />
        <DroppedFiltersNotice dropped={dropped} className="rounded-md border" />
        <section aria-label="Calendar" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          {onlyWatchlist && watchedIds.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
              Your watchlist is empty. Star companies on their pages to follow their events here, or{' '}
              <button type="button" className={textLinkClass()} onClick={() => go({ watchlist: undefined })}>
                show every company
              </button>
              .
            </p>
          ) : !clockReady || waitingForTypes || (data === undefined && !week.isError) ? (
            <SkeletonRows rows={8} label="Loading the week's events" />
          ) : week.isError ? (
            <div className="p-4">
              <ErrorPanel error={week.error} onRetry={() => void week.refetch()} />
            </div>
          ) : !data?.available ? (
            <div className="space-y-3 p-4">
              <UnavailableNote feature="The calendar" extension="events">
                Follow calls you know from{' '}
                <Link to="/live" className={textLinkClass()}>
                  Live calls
                </Link>
                , or browse{' '}
                <Link to="/companies" className={textLinkClass()}>
                  companies
                </Link>
                .
              </UnavailableNote>
            </div>
          ) : (
            <>
              {!data.value.complete && (
                <p
                  role="status"
                  className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
                >
                  This week has more events than the calendar loads at once; showing the first {weekEvents.length.toLocaleString()}. Narrow it with the filters.
                </p>
              )}
              <CalendarDays
                days={days}
                events={weekEvents}
                today={today}
                timeZone={timeZone}
                now={now}
                scrollToDay={chosenWeek && chosenWeek !== monday ? chosenWeek : undefined}
                emptyDay={filters.countries || filters.exchanges || filters.types || onlyWatchlist ? 'No events match the filters.' : 'No events.'}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}

/** The events (in time order) from `start` to `end` inclusive. */
function eventsWithin(events: readonly EventRecord[], { start, end }: { start: number; end: number }): EventRecord[] {
  return events.filter((event) => {
    const instant = event.date ? Date.parse(event.date) : NaN;
    return instant >= start && instant <= end;
  });
}
