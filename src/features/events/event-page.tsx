import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fact } from '../../components/ui/fact.tsx';
import { isApiError } from '../../api/client.ts';
import { companyQueries } from '../../api/companies.ts';
import { documentTypeQueries } from '../../api/document-types.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { EventRecord, LiveAudio } from '../../api/schemas.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { SkeletonHeading, SkeletonPanel } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { companyLabel, formatDuration, formatSize, MISSING, textOr } from '../../lib/format.ts';
import { languageName } from '../../lib/language.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { eventDetailQuery, eventLiveQuery, eventRecordingsQuery, eventTranscriptsQuery } from './event-queries.ts';

/**
 * An event: what, who, when (reader's time zone, UTC on hover), its type and parent (endpoint 5,
 * cached), and everything that hangs off it: recordings (endpoint 6 by eventIds), transcripts
 * (endpoint 11 by eventIds) and its live-audio status (endpoint 9, checked to be this event's).
 */

const link = textLinkClass();

export function EventPage({ eventId }: { eventId: number }) {
  const { data: event } = useSuspenseQuery(eventDetailQuery(eventId));
  return <EventView event={event} />;
}

/** The page's shape while the event loads. */
export function EventSkeleton() {
  return (
    <>
      <SkeletonHeading />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <SkeletonPanel lines={7} />
        <div className="space-y-5">
          <SkeletonPanel lines={1} />
          <SkeletonPanel lines={1} />
          <SkeletonPanel lines={2} />
        </div>
      </div>
    </>
  );
}

function EventView({ event }: { event: EventRecord }) {
  const company = useQuery(companyQueries.detail(event.companyId));
  const type = useQuery(eventTypeQueries.detail(event.typeId));
  const backlink = safeHttpUrl(event.backlinkUrl);
  const companyName = company.data ? companyLabel(company.data) : `Company ${event.companyId}`;

  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          <Link to="/companies/$companyId" params={{ companyId: event.companyId }} className={link}>
            {companyName}
          </Link>
          <span>
            {' '}
            · {textOr(event.fiscalPeriod)} {event.fiscalYear ?? MISSING}
          </span>
        </p>
        <h1 className="mt-1 break-words text-lg font-semibold tracking-tight">{textOr(event.title, `Event ${event.id}`)}</h1>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Panel title="About this event">
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 px-4 py-3 text-sm">
            <Fact label="Company">
              <Link to="/companies/$companyId" params={{ companyId: event.companyId }} className={link}>
                {companyName}
              </Link>
            </Fact>
            <Fact label="Date">
              <TimeText value={event.date} />
            </Fact>
            <Fact label="Fiscal year">{event.fiscalYear ?? MISSING}</Fact>
            <Fact label="Period">{textOr(event.fiscalPeriod)}</Fact>
            <Fact label="Type">
              {type.data ? (
                <>
                  {textOr(type.data.name, `Type ${event.typeId}`)} <span className="text-slate-600 dark:text-slate-400">({textOr(type.data.parent)})</span>
                </>
              ) : type.isError ? (
                `Type ${event.typeId}`
              ) : (
                '…'
              )}
            </Fact>
            <Fact label="Language">{languageName(event.language)}</Fact>
            <Fact label="Source">
              {backlink ? (
                <a href={backlink} target="_blank" rel="noopener noreferrer" className={link}>
                  Event page at the source<span className="sr-only"> (opens in a new tab)</span> ↗
                </a>
              ) : (
                '—'
              )}
            </Fact>
          </dl>
        </Panel>
        <div className="space-y-5">
          <LiveStatus eventId={event.id} />
          <Recordings eventId={event.id} />
          <Transcripts eventId={event.id} />
        </div>
      </div>
    </div>
  );
}

const LIVE_STATE_TEXT: Record<string, string> = {
  notLive: 'Announced: not live yet',
  willBeLive: 'Starting soon',
  live: 'Live now',
  processingRecording: 'Ended: the recording is being processed',
  recordingAvailable: 'Ended: the recording is available',
  liveFailedInterrupted: 'The live broadcast was interrupted',
  liveFailedNoAccess: 'The live broadcast could not be accessed',
  liveFailedNotStarted: 'The live broadcast did not start',
  processingRecordingFailed: 'Processing the recording failed',
};

export function liveStateText(state: string): string {
  return LIVE_STATE_TEXT[state] ?? `Status: ${state}`;
}

function LiveStatus({ eventId }: { eventId: number }) {
  const live = useQuery(eventLiveQuery(eventId));
  const none = live.isError && isApiError(live.error) && live.error.kind === 'not-found';
  return (
    <Panel title="Live audio">
      {none ? (
        <EmptyState>No live audio for this event.</EmptyState>
      ) : (
        <QueryStates query={live} loadingLabel="Loading the live status" loadingRows={1}>
          {(record: LiveAudio) => (
            <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <p>
                <span className={`mr-2 inline-block h-2 w-2 rounded-full ${record.state === 'live' ? 'bg-red-600' : 'bg-slate-400'}`} aria-hidden="true" />
                <span className="font-medium">{liveStateText(record.state)}</span>
                {record.wentLiveAt && (
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    · went live <TimeText value={record.wentLiveAt} />
                  </span>
                )}
              </p>
              <Link to="/live/$liveId" params={{ liveId: record.id }} className={link}>
                {record.state === 'live' ? 'Listen live' : 'Open the live record'}
              </Link>
            </div>
          )}
        </QueryStates>
      )}
    </Panel>
  );
}

function Recordings({ eventId }: { eventId: number }) {
  const recordings = useQuery(eventRecordingsQuery(eventId));
  return (
    <Panel title="Recordings">
      <QueryStates
        query={recordings}
        isEmpty={(page) => page.data.length === 0}
        empty="No recording of this event."
        loadingLabel="Loading recordings"
        loadingRows={1}
      >
        {(page) => (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {page.data.map((audio) => (
              <li key={audio.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
                <Link to="/recordings/$audioId" params={{ audioId: audio.id }} className={link}>
                  Recording {audio.id}
                </Link>
                <span className="tabular text-slate-600 dark:text-slate-400">
                  {formatDuration(audio.audioMetadata?.duration)} · {formatSize(audio.audioMetadata?.size)} · <TimeText value={audio.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Panel>
  );
}

function Transcripts({ eventId }: { eventId: number }) {
  const transcripts = useQuery(eventTranscriptsQuery(eventId));
  const typeIds = [...new Set(transcripts.data?.data.map((t) => t.typeId) ?? [])];
  const types = useQueries({ queries: typeIds.map((id) => documentTypeQueries.detail(id)) });
  const typeName = new Map(types.flatMap((q) => (q.data ? [[q.data.id, textOr(q.data.name, `Type ${q.data.id}`)] as const] : [])));
  return (
    <Panel title="Transcripts">
      <QueryStates
        query={transcripts}
        isEmpty={(page) => page.data.length === 0}
        empty="No transcript of this event yet."
        loadingLabel="Loading transcripts"
        loadingRows={2}
      >
        {(page) => (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {page.data.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
                <Link to="/documents/$documentId" params={{ documentId: doc.id }} search={{ kind: 'transcript' }} className={link}>
                  {typeName.get(doc.typeId) ?? `Transcript ${doc.id}`}
                </Link>
                <span className="text-slate-600 dark:text-slate-400">
                  Published <TimeText value={doc.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Panel>
  );
}
