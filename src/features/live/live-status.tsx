import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { eventQueries } from '../../api/events.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import { eventName } from '../../lib/names.ts';
import { isFinalLiveState, liveQueries, liveRefetchInterval } from '../../api/live.ts';
import { serverNow } from '../../api/server-clock.ts';
import type { LiveAudio } from '../../api/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { LivePlayback } from './live-playback.tsx';
import { announce } from './announce.ts';
import { rememberLive } from './recent.ts';
import { describeState, formatCountdown, TONE_BADGE } from '../../components/live-states.ts';
import { useStateNotifications } from './notifications.ts';
import { companyLabel } from '../../lib/format.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';

/**
 * The status of one live-audio record, kept current by polling endpoint 9 (every few seconds
 * while the state can change, slowly otherwise, paused while the tab is hidden, read again the
 * moment it is visible). Each change of state is announced, and notified if the analyst asked.
 */
export function LiveStatusView({ liveId }: { liveId: number }) {
  // The route's loader waited for the record; polling keeps it current from here.
  const query = useSuspenseQuery(liveQueries.detail(liveId));
  const record = query.data;
  const event = useQuery(eventQueries.detail(record.eventId));
  const company = useQuery({ ...companyQueries.detail(record.companyId), staleTime: 10 * 60_000 });
  const type = useQuery({ ...eventTypeQueries.detail(event.data?.typeId ?? 0), enabled: event.data !== undefined });
  // The heading is named once the event, its type and its company have answered (or failed), so it
  // does not change its words in front of the reader as each arrives.
  const named =
    event.data !== undefined && !type.isPending && !company.isPending ? eventName(event.data, { type: type.data, company: company.data }) : undefined;
  const title = named ?? 'Loading the call…';
  const companyName = company.data ? companyLabel(company.data) : undefined;

  // Remember what was seen, for the list on /live.
  useEffect(() => {
    if (named === undefined) return;
    rememberLive({ id: record.id, title: company.data ? `${companyLabel(company.data)} · ${named}` : named, state: record.state, seenAt: Date.now() });
  }, [record, company.data, named]);

  const announcement = useStateAnnouncement(record, companyName, title);
  const notifications = useStateNotifications(record?.state, companyName ?? title, title);

  const info = describeState(record.state);
  const interval = liveRefetchInterval(record.state, record.date ?? undefined);
  return (
    <div className="space-y-5">
      <header className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          {company.data ? (
            <Link to="/companies/$companyId" params={{ companyId: record.companyId }} className={textLinkClass()}>
              {companyLabel(company.data)}
            </Link>
          ) : (
            <Link to="/companies/$companyId" params={{ companyId: record.companyId }} className={textLinkClass()}>
              Company page
            </Link>
          )}
        </p>
        <h1 className="mt-0.5 break-words text-xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm">
          <Link to="/events/$eventId" params={{ eventId: record.eventId }} className={textLinkClass({ strong: false, underlined: true })}>
            Event page
          </Link>
        </p>

        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Badge data-state={record.state} tone={TONE_BADGE[info.tone]} size="md">
            {info.tone === 'live' && <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" />}
            {info.label}
          </Badge>
          <p className="text-sm text-slate-700 dark:text-slate-300">{info.line}</p>
        </div>

        <TimeZoneNote className="mt-4" />
        <dl className="mt-1 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <Fact label="Scheduled">
            <TimeText value={record.date} />
          </Fact>
          {record.wentLiveAt ? (
            <Fact label="Went live">
              <TimeText value={record.wentLiveAt} />
            </Fact>
          ) : (
            <Countdown to={record.date ?? ''} state={record.state} />
          )}
          <Fact label="Status checked">
            <CheckedAt at={query.dataUpdatedAt} fetching={query.isFetching} interval={interval} />
          </Fact>
        </dl>

        <div className="mt-4 flex flex-wrap items-center gap-3">{notifications.control}</div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {notifications.message && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{notifications.message}</p>}
      </header>

      {query.isError && <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h2" />}

      <LivePlayback record={record} title={title} artist={companyName} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Time left until the scheduled start, each second; once past it, says the call is awaited. */
function Countdown({ to, state }: { to: string; state: string }) {
  const target = Date.parse(to);
  const [now, setNow] = useState(() => serverNow());
  const counting = !isFinalLiveState(state) && (state === 'notLive' || state === 'willBeLive');
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  if (!counting || !Number.isFinite(target)) {
    return (
      <Fact label="Went live">
        <span className="text-slate-600 dark:text-slate-400">—</span>
      </Fact>
    );
  }
  const left = target - now;
  return (
    <Fact label={left > 0 ? 'Starts in' : 'Start'}>
      {left > 0 ? (
        <span role="timer" aria-live="off" className="tabular font-semibold">
          {formatCountdown(left)}
        </span>
      ) : (
        <span>Due now; waiting for the stream to begin…</span>
      )}
    </Fact>
  );
}

function CheckedAt({ at, fetching, interval }: { at: number; fetching: boolean; interval: number | false }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const ago = Math.max(0, Math.round((now - at) / 1000));
  return (
    <span className="text-slate-700 dark:text-slate-300">
      {fetching ? 'checking…' : ago < 2 ? 'just now' : `${ago} s ago`}
      <span className="text-slate-500 dark:text-slate-400">
        {interval === false ? ' · final, no more checks' : ` · every ${Math.round(interval / 1000)} s while this tab is visible`}
      </span>
    </span>
  );
}

/** The change of state, in words, for the status region (empty on first load: nothing changed). */
function useStateAnnouncement(record: LiveAudio | undefined, company: string | undefined, title: string): string {
  const previous = useRef<string | undefined>(undefined);
  const [text, setText] = useState('');
  const state = record?.state;
  useEffect(() => {
    if (state === undefined) return;
    const before = previous.current;
    previous.current = state;
    if (before === undefined || before === state) return;
    setText(announce(state, company ?? title));
  }, [state, company, title]);
  return text;
}
