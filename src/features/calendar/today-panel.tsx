import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { eventQueries } from '../../api/events.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { readerTimeZone } from '../../components/time-zone-note.tsx';
import { useEventTypes } from '../../components/type-records.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { dayOf, daysRange } from '../../lib/calendar-week.ts';
import { useCompanyNamesInChunks, useDayExtras } from './calendar-queries.ts';
import { CalendarRow, extrasOf, NARROW_ROW_HEIGHT, ROW_HEIGHT, rowGrid, WIDE_ROWS_QUERY } from './calendar-row.tsx';
import { useNow, useServerClockKnown } from '../../components/use-now.ts';
import { formatCount } from '../../lib/format.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Rows shown: eight where a row is one line, five on a phone (where each takes three). */
const ROWS = 8;
const NARROW_ROWS = 5;
/** The line under the rows that names how many more events today holds, linking to the calendar. */
const MORE_HEIGHT = 41;

/**
 * The home page's first panel: today's calendar at a glance. The calls live now (each one click
 * from listening), then the next ones to start, each row whole (nothing scrolls inside the panel),
 * and under them how many more today holds, as a link to today in the calendar. Asks for today's
 * events and today's live states only.
 *
 * The list keeps one height whatever it holds (loading, a few calls, all its rows and the line
 * under them): rows have the calendar's fixed heights, and the box is as tall as all of them. It is
 * the first thing on the home page, and a list that grew as it loaded would push the rest of the
 * page down under the reader's eyes.
 */
export function TodayPanel() {
  const timeZone = readerTimeZone();
  const now = useNow();
  const today = dayOf(now, timeZone);
  const { start, end } = daysRange(today, today, timeZone);
  // "Today" is the service's today: wait until one of the page's answers has told its clock.
  const typeList = useQuery(eventTypeQueries.list());
  const clockReady = useServerClockKnown() || typeList.isError;
  const events = useQuery({ ...eventQueries.between({ startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() }), enabled: clockReady });
  const extras = useDayExtras([today], today, timeZone, { liveOnly: true });
  const all = events.data?.available ? events.data.value.items : [];
  const liveNow = all.filter((event) => extras.live.get(event.id)?.state === 'live');
  const next = all.filter((event) => event.date && Date.parse(event.date) > now && extras.live.get(event.id)?.state !== 'live');
  const wide = useMediaQuery(WIDE_ROWS_QUERY);
  const rows = wide ? ROWS : NARROW_ROWS;
  const rowHeight = wide ? ROW_HEIGHT : NARROW_ROW_HEIGHT;
  const shown = [...liveNow.slice(0, 3), ...next].slice(0, rows);
  const more = liveNow.length + next.length - shown.length;
  const companies = useCompanyNamesInChunks(
    shown.map((event) => event.companyId),
    shown.map((event) => event.companyId),
  );
  const types = useEventTypes(shown.map((event) => event.typeId));

  return (
    <Panel
      title="Today"
      actions={
        <Link to="/calendar" className={textLinkClass({ className: 'text-xs' })}>
          Open the calendar
        </Link>
      }
    >
      <div style={{ minHeight: rows * rowHeight + MORE_HEIGHT }}>
        {!clockReady || events.isPending || (events.data?.available && extras.livePending) ? (
          <SkeletonRows rows={4} label="Loading today's events" />
        ) : events.isError ? (
          <PanelError error={events.error} onRetry={() => void events.refetch()} />
        ) : !events.data.available ? (
          <div className="p-4">
            <UnavailableNote feature="Today's calendar" extension="events" />
          </div>
        ) : shown.length === 0 ? (
          <EmptyState>No more events today.</EmptyState>
        ) : (
          <>
            <ul aria-label="Live now and next today" className="divide-y divide-slate-100 dark:divide-slate-800">
              {shown.map((event) => (
                <li key={event.id} className={`${rowGrid} overflow-hidden px-4 py-2`} style={{ height: rowHeight }}>
                  <CalendarRow
                    event={event}
                    company={companies.get(event.companyId)}
                    type={types.get(event.typeId)}
                    {...extrasOf(extras, event.id)}
                    now={now}
                  />
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="flex items-center border-t border-slate-100 px-4 text-sm dark:border-slate-800" style={{ height: MORE_HEIGHT }}>
                <Link to="/calendar" search={{ week: today }} className={textLinkClass()}>
                  {more === 1 ? '1 more event today' : `${formatCount(more)} more events today`} in the calendar
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </Panel>
  );
}
