import { useQuery, useSuspenseQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Fact } from '../../components/ui/fact.tsx';
import { companyQueries } from '../../api/companies.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { AudioRecord, DocumentRecord, EventRecord, Page } from '../../api/schemas.ts';
import type { EventLive } from '../../api/live.ts';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { useDocumentTypes } from '../../components/type-records.ts';
import { audioFileLabel, documentTypeLabel, eventName, eventTypeName, fiscalLabel, recordingName } from '../../lib/names.ts';
import { oneTranscriptPerCall } from '../../lib/transcript-records.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { EventDocuments } from './event-documents.tsx';
import { AddToCalendar, CallNeighbours } from '../../components/deferred-slots.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { TranscriptLink } from '../../components/transcript-link.tsx';
import { SearchBox } from '../../components/search-link.tsx';
import { companyLabel, formatSize, MISSING } from '../../lib/format.ts';
import { languageName } from '../../lib/language.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { eventDetailQuery, eventLiveQuery, eventRecordingsQuery, eventTranscriptsQuery } from './event-queries.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { formatTimeUntil } from '../../components/live-states.ts';
import { useNow } from '../../components/use-now.ts';

/**
 * An event: what, who, when (reader's time zone, UTC on hover), its type and parent (endpoint 5,
 * cached), and everything that hangs off it: recordings (endpoint 6 by eventIds), transcripts
 * (endpoint 11 by eventIds) and its live-audio status (endpoint 9, checked to be this event's).
 */

const link = textLinkClass();

export function EventPage({ eventId, parts = {} }: { eventId: number; parts?: EventPageParts }) {
  const { data: event } = useSuspenseQuery(eventDetailQuery(eventId));
  return <EventView event={event} parts={parts} />;
}

/** What other features show on an event's page, passed in by the route. */
export interface EventPageParts {
  /** Play and Jump to Q&A for a recording of the event. */
  renderPlay?: (audio: AudioRecord) => ReactNode;
  /** The event's transcript, read in place. */
  renderTranscript?: (doc: DocumentRecord) => ReactNode;
  /** The call's Q&A at a glance, playing from its recording when it has one (`loading` while the recordings load). */
  renderQna?: (eventId: number, recording: AudioRecord | undefined, loading: boolean) => ReactNode;
}

function EventView({ event, parts }: { event: EventRecord; parts: EventPageParts }) {
  const company = useQuery(companyQueries.detail(event.companyId));
  const type = useQuery(eventTypeQueries.detail(event.typeId));
  const recordings = useQuery(eventRecordingsQuery(event.id));
  const backlink = safeHttpUrl(event.backlinkUrl);
  const companyName = company.data ? companyLabel(company.data) : 'Company page';
  const name = eventName(event, { type: type.data, company: company.data });
  // The heading is named once the type and the company have answered (or failed), as on the live
  // page: until then the name is the event's full title ("Bryrite Q3 2026 Earnings Call"), which
  // changed its words and its height in front of the reader as they came.
  const heading = type.isPending || company.isPending ? 'Loading the event…' : name;
  usePageTitle(company.data ? companyLabel(company.data) : undefined, name);
  // The list is read without the event summary: the page has the event, so the player can name the call.
  const first = recordings.data?.data[0];
  const recording = useMemo(() => first && { ...first, event: first.event ?? event }, [first, event]);
  const fiscal = fiscalLabel(event);
  // An event still to come has no recording, transcript or documents yet: the page says when it
  // is, how long until then, and offers it for the reader's calendar instead of empty panels.
  const now = useNow();
  const start = Date.parse(event.date ?? '');
  const upcoming = Number.isFinite(start) && start > now;

  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm text-slate-600 wrap-anywhere dark:text-slate-400">
          <Link to="/companies/$companyId" params={{ companyId: event.companyId }} className={link}>
            {companyName}
          </Link>
          {fiscal && <span> · {fiscal}</span>}
        </p>
        <h1 className="mt-1 break-words text-lg font-semibold tracking-tight">{heading}</h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <TimeText value={event.date} />
        </p>
        <TimeZoneNote className="mt-1" />
        {upcoming && (
          // As tall as the Add to calendar button from the start: it comes with its own code, after the page.
          <div className="mt-3 flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm font-medium">Starts in {formatTimeUntil(start - now)}</p>
            <AddToCalendar event={event} company={company.data} type={type.data} />
          </div>
        )}
        {recording && parts.renderPlay && <div className="mt-3 flex flex-wrap gap-2">{parts.renderPlay(recording)}</div>}
        {!upcoming && <SearchBox label="Search this call" filters={{ eventIds: [event.id] }} className="mt-3 max-w-md" />}
        <CallNeighbours eventId={event.id} className="mt-3 max-w-xl" />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <LiveStatus eventId={event.id} />
          <Recordings query={recordings} name={name} hideWhenEmpty={upcoming} />
          {parts.renderQna && !upcoming && <Panel title="Q&A">{parts.renderQna(event.id, recording, recordings.isPending)}</Panel>}
          <Transcripts eventId={event.id} renderTranscript={parts.renderTranscript} hideWhenEmpty={upcoming} />
          <EventDocuments event={event} name={name} hideWhenEmpty={upcoming} />
          {upcoming && (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Its recording and transcript are listed here once they are published after the event, and so are any further documents.
            </p>
          )}
        </div>
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
            <Fact label="Fiscal period">{fiscal || MISSING}</Fact>
            <Fact label="Type">{type.data ? (eventTypeName(type.data) ?? MISSING) : type.isError ? MISSING : '…'}</Fact>
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
  return (
    <Panel title="Live status">
      <QueryStates query={live} loadingLabel="Loading the live status" loadingRows={1}>
        {(found: EventLive) =>
          found.kind === 'none' ? (
            <EmptyState>This event was not broadcast live.</EmptyState>
          ) : found.kind === 'unknown' ? (
            <div className="p-4">
              <UnavailableNote feature="Live status" extension="live" />
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <p>
                <span
                  className={`mr-2 inline-block h-2 w-2 rounded-full ${found.record.state === 'live' ? 'bg-red-600' : 'bg-slate-400'}`}
                  aria-hidden="true"
                />
                <span className="font-medium">{liveStateText(found.record.state)}</span>
                {found.record.wentLiveAt && (
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    · went live <TimeText value={found.record.wentLiveAt} />
                  </span>
                )}
              </p>
              <Link to="/live/$liveId" params={{ liveId: found.record.id }} className={link}>
                {found.record.state === 'live' ? 'Listen live' : 'Follow the live status'}
              </Link>
            </div>
          )
        }
      </QueryStates>
    </Panel>
  );
}

function Recordings({ query, name, hideWhenEmpty = false }: { query: UseQueryResult<Page<AudioRecord>>; name: string; hideWhenEmpty?: boolean }) {
  if (hideWhenEmpty && !query.isError && !query.data?.data.length) return null;
  return (
    <Panel title="Recording">
      <QueryStates
        query={query}
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
                  {recordingName({ title: name }, { duration: audio.audioMetadata?.duration })}
                </Link>
                <span className="tabular text-slate-600 dark:text-slate-400">
                  {audioFileLabel(audio.audioMetadata)} · {formatSize(audio.audioMetadata?.size)} · published <TimeText value={audio.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Panel>
  );
}

function Transcripts({
  eventId,
  renderTranscript,
  hideWhenEmpty = false,
}: {
  eventId: number;
  renderTranscript?: (doc: DocumentRecord) => ReactNode;
  hideWhenEmpty?: boolean;
}) {
  const transcripts = useQuery(eventTranscriptsQuery(eventId));
  const docs = transcripts.data?.data ?? [];
  const types = useDocumentTypes(docs.map((t) => t.typeId));
  const call = oneTranscriptPerCall(docs, (id) => types.get(id)?.name ?? undefined)[0];
  if (hideWhenEmpty && !transcripts.isError && docs.length === 0) return null;
  return (
    <Panel title="Transcript">
      <QueryStates
        query={transcripts}
        isEmpty={(page) => page.data.length === 0}
        empty="No transcript of this event yet."
        loadingLabel="Loading transcripts"
        loadingRows={2}
      >
        {() =>
          call && (
            <>
              <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-slate-100 px-4 py-2.5 text-sm dark:border-slate-800">
                <Link to="/documents/$documentId" params={{ documentId: call.transcript.id }} search={{ kind: 'transcript' }} className={link}>
                  {documentTypeLabel(types.get(call.transcript.typeId))}
                </Link>
                <span className="text-slate-600 dark:text-slate-400">
                  published <TimeText value={call.transcript.createdAt} />
                </span>
                {call.others.map((other) => (
                  <TranscriptLink key={other.id} id={other.id}>
                    {documentTypeLabel(types.get(other.typeId))}
                  </TranscriptLink>
                ))}
              </p>
              {renderTranscript && (
                <details className="group">
                  <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
                    Read it here
                  </summary>
                  {renderTranscript(call.transcript)}
                </details>
              )}
            </>
          )
        }
      </QueryStates>
    </Panel>
  );
}
