import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useListOffset } from '../../lib/use-list-offset.ts';
import type { EventRecord } from '../../api/schemas.ts';
import { useEventTypes } from '../../components/type-records.ts';
import { addDays, startOfDay } from '../../lib/calendar-week.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useCompanyNamesInChunks, useDayExtras } from './calendar-queries.ts';
import { CalendarRow, extrasOf, NARROW_ROW_HEIGHT, ROW_HEIGHT, rowGrid, WIDE_ROWS_QUERY } from './calendar-row.tsx';

/**
 * The week as one list: each day a heading (today marked) and its events in time order, or "No
 * events". Virtualized against the window: however many thousand events a busy week holds, only
 * the rows near the viewport are in the document, and only their companies, types and extras are
 * asked for.
 */

type Item = { kind: 'day'; day: string; count: number } | { kind: 'event'; day: string; event: EventRecord } | { kind: 'empty'; day: string };

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const OVERSCAN = 10;
const DAY_HEIGHT = 48;
/** Below md a day's heading may take two lines ("Today · Wednesday, September 30" and its count). */
const NARROW_DAY_HEIGHT = 68;

export function dayHeading(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function buildItems(days: readonly string[], events: readonly EventRecord[], timeZone: string): Item[] {
  const byDay = new Map<string, EventRecord[]>(days.map((day) => [day, []]));
  // Each day's local midnight, once: an event then finds its day by comparing instants, not by
  // reading each one's wall clock (thousands of time-zone conversions in a busy week).
  const bounds = days.map((day) => ({ list: byDay.get(day)!, start: startOfDay(day, timeZone), end: startOfDay(addDays(day, 1), timeZone) }));
  for (const event of events) {
    if (!event.date) continue;
    const instant = Date.parse(event.date);
    bounds.find((day) => instant >= day.start && instant < day.end)?.list.push(event);
  }
  return days.flatMap((day): Item[] => {
    const list = byDay.get(day) ?? [];
    return [
      { kind: 'day', day, count: list.length },
      ...(list.length ? list.map((event): Item => ({ kind: 'event', day, event })) : [{ kind: 'empty', day } as Item]),
    ];
  });
}

export function CalendarDays({
  days,
  events,
  today,
  timeZone,
  now,
  emptyDay,
  scrollToDay,
}: {
  days: readonly string[];
  events: readonly EventRecord[];
  today: string;
  timeZone: string;
  now: number;
  emptyDay: ReactNode;
  /** A day to bring to the top once its week is shown (the date picker's choice). */
  scrollToDay?: string;
}) {
  const items = useMemo(() => buildItems(days, events, timeZone), [days, events, timeZone]);
  const { ref: listRef, offset } = useListOffset<HTMLDivElement>();
  // Fixed heights (a row is one line from md up, three below), so no row is measured: a week of
  // thousands of rows scrolls without layout work.
  const wide = useMediaQuery(WIDE_ROWS_QUERY);
  const heightOf = (index: number) => (items[index]?.kind === 'day' ? (wide ? DAY_HEIGHT : NARROW_DAY_HEIGHT) : wide ? ROW_HEIGHT : NARROW_ROW_HEIGHT);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: heightOf,
    overscan: OVERSCAN,
    scrollMargin: offset,
    // The sticky header covers the top of the window.
    scrollPaddingStart: 72,
  });
  const target = scrollToDay ? items.findIndex((item) => item.kind === 'day' && item.day === scrollToDay) : -1;
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    // Once per chosen day, after the list's place on the page is known (not on every render or resize).
    if (target <= 0 || offset === 0 || scrolledTo.current === scrollToDay) return;
    scrolledTo.current = scrollToDay;
    virtualizer.scrollToIndex(target, { align: 'start' });
  }, [target, scrollToDay, offset, virtualizer]);
  const visible = virtualizer.getVirtualItems();
  const shown = visible.map((v) => items[v.index]!).filter(Boolean);
  // Days with an event on screen: a day without events has nothing to show recordings or documents for.
  const shownDays = [...new Set(shown.flatMap((item) => (item.kind === 'event' ? [item.day] : [])))];
  const shownEvents = shown.flatMap((item) => (item.kind === 'event' ? [item.event] : []));
  const weekCompanyIds = useMemo(() => events.map((event) => event.companyId), [events]);
  const companies = useCompanyNamesInChunks(
    shownEvents.map((event) => event.companyId),
    weekCompanyIds,
  );
  const types = useEventTypes(shownEvents.map((event) => event.typeId));
  const extras = useDayExtras(shownDays, today, timeZone);

  return (
    <div ref={listRef} role="list" aria-label="Events of the week, by day" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {visible.map((v) => {
        const item = items[v.index]!;
        const style = { height: v.size, transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` };
        const base = 'absolute left-0 top-0 w-full';
        if (item.kind === 'day') {
          const isToday = item.day === today;
          return (
            // The heading sits at the foot of its slot, on its first event: a second line grows it upwards.
            <div key={`day-${item.day}`} role="listitem" className={`${base} flex flex-col justify-end`} style={style}>
              <h3
                aria-current={isToday ? 'date' : undefined}
                className={`flex items-baseline justify-between gap-2 border-b px-4 pb-1.5 pt-4 text-sm font-semibold ${isToday ? 'border-accent-500 text-accent-700 dark:text-accent-300' : 'border-slate-200 dark:border-slate-800'}`}
              >
                <span>
                  {isToday && 'Today · '}
                  {dayHeading(item.day)}
                  <span className="sr-only">, </span>
                </span>
                <span className="tabular text-xs font-normal text-slate-600 dark:text-slate-400">
                  {item.count === 1 ? '1 event' : `${item.count.toLocaleString()} events`}
                </span>
              </h3>
            </div>
          );
        }
        if (item.kind === 'empty') {
          return (
            <div
              key={`empty-${item.day}`}

              role="listitem"
              className={`${base} px-4 py-3 text-sm text-slate-600 dark:text-slate-400`}
              style={style}
            >
              {emptyDay}
            </div>
          );
        }
        const { event } = item;
        return (
          <div
            key={event.id}

            role="listitem"
            className={`${base} ${rowGrid} overflow-hidden border-b border-slate-100 px-4 py-2 hover:bg-slate-50 dark:border-slate-800/70 dark:hover:bg-slate-800/40`}
            style={style}
          >
            <CalendarRow event={event} company={companies.get(event.companyId)} type={types.get(event.typeId)} {...extrasOf(extras, event.id)} now={now} />
          </div>
        );
      })}
    </div>
  );
}
