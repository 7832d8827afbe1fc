import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { eventQueries } from '../../api/events.ts';
import { liveQueries } from '../../api/live.ts';
import type { Company, EventRecord } from '../../api/schemas.ts';
import { AddToCalendar } from '../../components/deferred-slots.tsx';
import { LiveStateBadge } from '../../components/live-state-badge.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useEventTypes } from '../../components/type-records.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { useNow, useServerClockKnown } from '../../components/use-now.ts';
import { eventName, eventTypeName } from '../../lib/names.ts';

const SHOWN = 5;
/** The window's start moves in steps of ten minutes, so the answer is cached between visits. */
const STEP = 10 * 60_000;
/** How far back a call may have started and still be live (or starting late). */
const LOOK_BACK = 3 * 60 * 60_000;
/** States of a call that began before the window yet still belongs under "Upcoming". */
const STILL_COMING: ReadonlySet<string> = new Set(['willBeLive', 'live']);

const when = (event: EventRecord) => Date.parse(event.date ?? '') || Infinity;

/**
 * A company's next events (`/events?companyIds=…&startDate=…`): date, name, type and live state,
 * each linking to its event page and, while still to come, offered as an .ics ("Add to calendar"); a call that started in the last hours leads while it is live.
 * Where the data source has no event list, one calm line says so.
 */
export function CompanyUpcoming({ company }: { company: Company }) {
  const now = useNow(60_000);
  const clockKnown = useServerClockKnown();
  const from = Math.floor(now / STEP) * STEP;
  const events = useQuery({
    ...eventQueries.page({ companyIds: [company.id], startDate: new Date(from - LOOK_BACK).toISOString(), limit: 20 }),
    enabled: clockKnown,
  });
  const sorted = events.data?.available ? [...events.data.value.data].sort((a, b) => when(a) - when(b) || a.id - b.id) : [];
  const started = sorted.filter((event) => when(event) < from);
  const coming = sorted.filter((event) => when(event) >= from).slice(0, SHOWN);
  // One read of the live states: the coming events', and whether those that started are live.
  const asked = [...started, ...coming];
  const live = useQuery({ ...liveQueries.list({ eventIds: asked.map((event) => event.id) }), enabled: asked.length > 0 });
  const states = new Map(live.data?.available ? live.data.value.items.map((record) => [record.eventId, record.state] as const) : []);
  const list = [...started.filter((event) => STILL_COMING.has(states.get(event.id) ?? '')), ...coming].slice(0, SHOWN);
  const types = useEventTypes(list.map((event) => event.typeId));
  // A call that started may lead the list: wait for its state, so rows do not move under the pointer.
  const waiting = !clockKnown || events.isPending || (started.length > 0 && live.isPending);

  return (
    <Panel title="Upcoming">
      {waiting ? (
        <SkeletonRows rows={3} label="Loading upcoming events" />
      ) : events.isError ? (
        <PanelError error={events.error} onRetry={() => void events.refetch()} />
      ) : !events.data.available ? (
        <div className="p-4">
          <UnavailableNote feature="Upcoming events" extension="events" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState>No events announced yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {list.map((event) => {
            const type = types.get(event.typeId);
            const state = states.get(event.id);
            return (
              <li key={event.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
                <span className="min-w-0 flex-1 wrap-anywhere">
                  <Link to="/events/$eventId" params={{ eventId: event.id }} className={textLinkClass()}>
                    {eventName(event, { type, company })}
                  </Link>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    <TimeText value={event.date} />
                    {type && !/earnings call/i.test(eventName(event, { type, company })) ? ` · ${eventTypeName(type)}` : ''}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  {state && state !== 'notLive' && <LiveStateBadge state={state} />}
                  {when(event) > now && <AddToCalendar event={event} company={company} type={type} />}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
