import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { AudioRecord, Company, DocumentRecord, EventRecord, EventType, LiveAudio } from '../../api/schemas.ts';
import { AddToCalendar } from '../../components/deferred-slots.tsx';
import { ListenLiveButton } from '../../components/listen-live-button.tsx';
import { formatTimeUntil } from '../../components/live-states.ts';
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
  'grid grid-cols-[4.75rem_minmax(0,1fr)] gap-x-3 gap-y-1 md:grid-cols-[5rem_minmax(0,0.9fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-center';

/**
 * A row's height, fixed so that lists of rows (the calendar's week, the home page's Today) know
 * their size before they are drawn: one line from md up (WIDE_ROWS_QUERY); below it three lines,
 * "Company · call" (20 px), its live state (a badge or Listen, up to 24 px) and its links (up to
 * 24 px with "Add to calendar"), 4 px apart, in 8 px padding.
 */
export const WIDE_ROWS_QUERY = '(min-width: 768px)';
export const ROW_HEIGHT = 48;
export const NARROW_ROW_HEIGHT = 92;

/** What exists for one event: its recording, transcript, how many other documents, its live record. */
export interface EventExtras {
  recording: AudioRecord | undefined;
  transcript: DocumentRecord | undefined;
  documents: number;
  live: LiveAudio | undefined;
}

/** One event's part of the days' extras, as separate values, so an unchanged row is not drawn again. */
export function extrasOf(extras: DayExtras, eventId: number): EventExtras {
  return {
    recording: extras.recordings.get(eventId),
    transcript: extras.transcripts.get(eventId),
    documents: extras.documents.get(eventId) ?? 0,
    live: extras.live.get(eventId),
  };
}

/**
 * One event of the calendar: its time, company and name, its live state (a countdown within the
 * hour, "Live now" with Listen), and links to what exists for it. Memoized: a scroll moves the
 * rows without drawing their links again; a row is drawn again when its own data or the clock
 * changes.
 */
export const CalendarRow = memo(function CalendarRow({
  event,
  company,
  type,
  recording,
  transcript,
  documents,
  live,
  now,
}: {
  event: EventRecord;
  company: Company | undefined;
  type: EventType | undefined;
  now: number;
} & EventExtras) {
  const start = event.date ? Date.parse(event.date) : NaN;
  const name = eventName(event, { type, company });
  const who = company ? companyLabel(company) : undefined;
  return (
    <>
      <span className="tabular row-span-2 whitespace-nowrap pt-0.5 text-sm font-medium md:row-span-1 md:pt-0">
        {Number.isFinite(start) ? (
          <time dateTime={event.date!} title={formatUtc(event.date)}>
            {timeFormat.format(start)}
          </time>
        ) : (
          '—'
        )}
      </span>
      {/* On a phone the company and the call share a line, each cut short on its own (so neither
          link runs off the screen under the other's ellipsis), the call first: the company keeps up
          to 60% of the line ("Bryr… · Capital Markets Day 2…" named neither, "Bryrite · Capital
          Markets…" names both). On a wider screen the call has a column. */}
      <span className="flex min-w-0 text-sm">
        <Link to="/companies/$companyId" params={{ companyId: event.companyId }} className={`${textLinkClass()} min-w-0 max-w-[60%] shrink-0 truncate`}>
          {who ?? 'Loading company…'}
        </Link>
        <span className="flex min-w-0 md:hidden">
          <span className="whitespace-pre">{' · '}</span>
          <Link to="/events/$eventId" params={{ eventId: event.id }} className="min-w-0 truncate hover:underline">
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
        <LiveCell live={live} now={now} start={start} title={who ? `${who}: ${name}` : name} artist={who} />
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
        {Number.isFinite(start) && start > now && <AddToCalendar event={event} company={company} type={type} />}
      </span>
    </>
  );
});

function LiveCell({ live, now, start, title, artist }: { live: LiveAudio | undefined; now: number; start: number; title: string; artist: string | undefined }) {
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
        <span className="tabular text-xs text-slate-600 dark:text-slate-400">in {formatTimeUntil(start - now)}</span>
      </>
    );
  }
  if (live && live.state !== 'notLive') return <LiveStateBadge state={live.state} />;
  return null;
}
