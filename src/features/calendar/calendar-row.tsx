import { Link } from '@tanstack/react-router';
import type { Company, EventRecord, EventType } from '../../api/schemas.ts';
import { ListenLiveButton } from '../../components/listen-live-button.tsx';
import { formatCountdown } from '../../components/live-states.ts';
import { LiveStateBadge } from '../../components/live-state-badge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { companyLabel, formatUtc } from '../../lib/format.ts';
import { eventName } from '../../lib/names.ts';
import type { DayExtras } from './calendar-queries.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const link = textLinkClass({ className: 'text-xs' });
const HOUR = 3_600_000;

export const rowGrid =
  'grid grid-cols-[3.75rem_minmax(0,1fr)] gap-x-3 gap-y-1 md:grid-cols-[4rem_minmax(0,0.9fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-center';

/**
 * One event of the calendar: its time, company and name, its live state (a countdown within the
 * hour, "Live now" with Listen), and links to what exists for it.
 */
export function CalendarRow({
  event,
  company,
  type,
  extras,
  now,
  renderAddToCalendar,
}: {
  event: EventRecord;
  company: Company | undefined;
  type: EventType | undefined;
  extras: DayExtras;
  now: number;
  renderAddToCalendar?: (event: EventRecord, company: Company | undefined, type: EventType | undefined) => React.ReactNode;
}) {
  const start = event.date ? Date.parse(event.date) : NaN;
  const name = eventName(event, { type, company });
  const who = company ? companyLabel(company) : undefined;
  const recording = extras.recordings.get(event.id);
  const transcript = extras.transcripts.get(event.id);
  const documents = extras.documents.get(event.id) ?? 0;
  return (
    <>
      <span className="tabular row-span-2 pt-0.5 text-sm font-medium md:row-span-1 md:pt-0">
        {Number.isFinite(start) ? (
          <time dateTime={event.date!} title={formatUtc(event.date)}>
            {timeFormat.format(start)}
          </time>
        ) : (
          '—'
        )}
      </span>
      <span className="min-w-0 truncate text-sm">
        <Link to="/companies/$companyId" params={{ companyId: event.companyId }} className={textLinkClass()}>
          {who ?? 'Loading company…'}
        </Link>
        <span className="md:hidden">
          {' · '}
          <Link to="/events/$eventId" params={{ eventId: event.id }} className="hover:underline">
            {name}
          </Link>
        </span>
      </span>
      <span className="hidden min-w-0 truncate text-sm md:block">
        <Link to="/events/$eventId" params={{ eventId: event.id }} className="hover:underline">
          {name}
        </Link>
      </span>
      <span className="col-start-2 flex min-w-0 flex-wrap items-center gap-2 md:col-start-auto">
        <LiveCell event={event} extras={extras} now={now} start={start} title={who ? `${who}: ${name}` : name} artist={who} />
      </span>
      <span className="col-start-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 md:col-start-auto md:justify-end">
        {recording && (
          <Link to="/recordings/$audioId" params={{ audioId: recording.id }} className={link} aria-label={`Recording of ${name}${who ? `, ${who}` : ''}`}>
            Recording
          </Link>
        )}
        {transcript && (
          <Link
            to="/documents/$documentId"
            params={{ documentId: transcript.id }}
            search={{ kind: 'transcript' }}
            className={link}
            aria-label={`Transcript of ${name}${who ? `, ${who}` : ''}`}
          >
            Transcript
          </Link>
        )}
        {documents > 0 && (
          <Link
            to="/events/$eventId"
            params={{ eventId: event.id }}
            hash="documents"
            className={link}
            aria-label={`Documents of ${name}${who ? `, ${who}` : ''}`}
          >
            {documents === 1 ? '1 document' : `${documents} documents`}
          </Link>
        )}
        {renderAddToCalendar?.(event, company, type)}
      </span>
    </>
  );
}

function LiveCell({
  event,
  extras,
  now,
  start,
  title,
  artist,
}: {
  event: EventRecord;
  extras: DayExtras;
  now: number;
  start: number;
  title: string;
  artist: string | undefined;
}) {
  const live = extras.live.get(event.id);
  if (live?.state === 'live') {
    return (
      <>
        <Badge tone="danger">Live now</Badge>
        <ListenLiveButton record={live} title={title} artist={artist} />
      </>
    );
  }
  const soon = Number.isFinite(start) && start > now && start - now <= HOUR;
  if (soon && (!live || live.state === 'willBeLive' || live.state === 'notLive')) {
    return (
      <>
        <Badge tone="accent">Starting soon</Badge>
        <span className="tabular text-xs text-slate-600 dark:text-slate-400">in {formatCountdown(start - now).replace(/ \d+ s$/, '')}</span>
      </>
    );
  }
  if (live && live.state !== 'notLive') return <LiveStateBadge state={live.state} />;
  return null;
}
