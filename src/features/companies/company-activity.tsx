import { useInfiniteQuery, useQueries, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { documentTypeQueries } from '../../api/document-types.ts';
import { eventTypeQueries } from '../../api/event-types.ts';
import type { AudioRecord, DocumentRecord, Page } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { InfiniteStates, PanelError } from '../../components/query-states.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { formatDuration, textOr } from '../../lib/format.ts';
import { companyRecordingsQuery, companyTranscriptsQuery } from './company-queries.ts';
import { groupEvents, type CompanyEvent } from './events.ts';
import { Badge } from '../../components/ui/badge.tsx';

export function useCompanyRecordings(companyId: number) {
  return useInfiniteQuery(companyRecordingsQuery(companyId));
}
export function useCompanyTranscripts(companyId: number) {
  return useInfiniteQuery(companyTranscriptsQuery(companyId));
}

type Infinite<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;

/** Newest event first; records without an event summary go by their own creation time. */
function newestFirst<T extends { event?: { date: string | null } | undefined; createdAt: string | null }>(items: T[]): T[] {
  const time = (item: T) => Date.parse(item.event?.date ?? item.createdAt ?? '') || 0;
  return [...items].sort((a, b) => time(b) - time(a));
}

const linkClass = 'font-medium text-slate-900 hover:underline dark:text-white';
const subtle = 'text-xs text-slate-600 dark:text-slate-400';

export function CompanyRecordings({ query }: { query: Infinite<AudioRecord> }) {
  const rows = useMemo(() => newestFirst(query.data?.pages.flatMap((p) => p.data) ?? []), [query.data]);
  return (
    <Panel title="Recordings">
      <InfiniteStates
        query={query}
        select={(page) => page.data}
        empty="No recordings of this company's events yet."
        loadingLabel="Loading recordings"
        loadingRows={5}
        noun="recordings"
      >
        {() => (
          <div className="max-h-[28rem] overflow-y-auto">
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((r) => (
                <ActivityItem
                  key={r.id}
                  title={
                    <Link to="/recordings/$audioId" params={{ audioId: r.id }} className={linkClass}>
                      <ClampedText text={textOr(r.event?.title, `Recording ${r.id}`)} />
                    </Link>
                  }
                  date={r.event?.date ?? r.createdAt}
                  eventId={r.eventId}
                  aside={<span className="shrink-0 tabular text-xs text-slate-600 dark:text-slate-400">{formatDuration(r.audioMetadata?.duration)}</span>}
                />
              ))}
            </ul>
          </div>
        )}
      </InfiniteStates>
    </Panel>
  );
}

export function CompanyTranscripts({ query }: { query: Infinite<DocumentRecord> }) {
  const rows = useMemo(() => newestFirst(query.data?.pages.flatMap((p) => p.data) ?? []), [query.data]);
  const typeIds = [...new Set(rows.map((t) => t.typeId))];
  const types = useQueries({ queries: typeIds.map((id) => ({ ...documentTypeQueries.detail(id), staleTime: Infinity })) });
  const typeName = new Map(types.flatMap((q) => (q.data ? [[q.data.id, textOr(q.data.name, `Type ${q.data.id}`)] as const] : [])));
  return (
    <Panel title="Transcripts">
      <InfiniteStates
        query={query}
        select={(page) => page.data}
        empty="No transcripts of this company's events yet."
        loadingLabel="Loading transcripts"
        loadingRows={5}
        noun="transcripts"
      >
        {() => (
          <div className="max-h-[28rem] overflow-y-auto">
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((t) => (
                <ActivityItem
                  key={t.id}
                  title={
                    <Link to="/documents/$documentId" params={{ documentId: t.id }} search={{ kind: 'transcript' }} className={linkClass}>
                      <ClampedText text={textOr(t.event?.title, `Transcript ${t.id}`)} />
                    </Link>
                  }
                  date={t.event?.date ?? t.createdAt}
                  eventId={t.eventId}
                  aside={
                    <ClampedText
                      text={typeName.get(t.typeId) ?? `Type ${t.typeId}`}
                      lines={1}
                      className="max-w-[40%] shrink-0 text-xs text-slate-600 dark:text-slate-400"
                    />
                  }
                />
              ))}
            </ul>
          </div>
        )}
      </InfiniteStates>
    </Panel>
  );
}

/** One recording or transcript: its link, the event's date and page, and a note on the right. */
function ActivityItem({ title, date, eventId, aside }: { title: ReactNode; date: string | null | undefined; eventId: number; aside: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-2.5 text-sm">
      <div className="min-w-0">
        {title}
        <p className={subtle}>
          <TimeText value={date} />
          {' · '}
          <Link to="/events/$eventId" params={{ eventId }} className="underline">
            Event page
          </Link>
        </p>
      </div>
      {aside}
    </li>
  );
}

/** The company's events, from its recordings and transcripts, grouped by fiscal year and period. */
export function CompanyEvents({ recordings, transcripts }: { recordings: Infinite<AudioRecord>; transcripts: Infinite<DocumentRecord> }) {
  const groups = useMemo(
    () => groupEvents(recordings.data?.pages.flatMap((p) => p.data) ?? [], transcripts.data?.pages.flatMap((p) => p.data) ?? []),
    [recordings.data, transcripts.data],
  );
  const typeIds = [...new Set(groups.flatMap((g) => g.periods.flatMap((p) => p.events.map((e) => e.typeId))))].filter((id): id is number => id !== undefined);
  const types = useQueries({ queries: typeIds.map((id) => ({ ...eventTypeQueries.detail(id), staleTime: Infinity })) });
  const typeName = new Map(types.flatMap((q) => (q.data ? [[q.data.id, textOr(q.data.name, `Type ${q.data.id}`)] as const] : [])));
  const loading = recordings.data === undefined && transcripts.data === undefined;
  const partial = recordings.hasNextPage || transcripts.hasNextPage;

  return (
    <Panel title="Events">
      {loading ? (
        recordings.isError && transcripts.isError ? (
          <PanelError error={recordings.error} onRetry={() => void Promise.all([recordings.refetch(), transcripts.refetch()])} />
        ) : (
          <SkeletonRows rows={4} label="Loading events" />
        )
      ) : groups.length === 0 ? (
        <EmptyState>No events with a recording or transcript yet.</EmptyState>
      ) : (
        <div className="divide-y divide-slate-100 dark:divide-slate-800">
          {partial && (
            <p className="px-4 py-2 text-xs text-slate-600 dark:text-slate-400">
              Events of the recordings and transcripts loaded so far; load more of either list to see older ones.
            </p>
          )}
          {groups.map((group) => (
            <section key={group.fiscalYear} aria-labelledby={`fy-${group.fiscalYear}`} className="px-4 py-3">
              <h3 id={`fy-${group.fiscalYear}`} className="text-sm font-semibold">
                Fiscal year {group.fiscalYear}
              </h3>
              <div className="mt-2 grid gap-3 md:grid-cols-2 xl:grid-cols-4">
                {group.periods.map((period) => (
                  <div key={period.fiscalPeriod}>
                    <h4 className="text-xs font-medium uppercase tracking-wide text-slate-600 wrap-anywhere dark:text-slate-400">
                      {period.fiscalPeriod.trim() || 'No period'}
                    </h4>
                    <ul className="mt-1 space-y-1.5">
                      {period.events.map((event) => (
                        <EventItem key={event.id} event={event} typeName={event.typeId === undefined ? undefined : typeName.get(event.typeId)} />
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </Panel>
  );
}

function EventItem({ event, typeName }: { event: CompanyEvent; typeName: string | undefined }) {
  return (
    <li className="text-sm">
      <Link to="/events/$eventId" params={{ eventId: event.id }} className={linkClass}>
        <ClampedText text={event.title} lines={3} />
      </Link>
      <p className={subtle}>
        {event.date ? <TimeText value={event.date} /> : null}
        {typeName ? <span className="wrap-anywhere">{` · ${typeName}`}</span> : ''}
      </p>
      <p className="mt-0.5 flex flex-wrap gap-1 text-xs">
        {event.recordingIds.length > 0 && <Badge tone="accent">Recording</Badge>}
        {event.transcriptIds.length > 0 && (
          <Badge tone="success">{event.transcriptIds.length === 1 ? 'Transcript' : `${event.transcriptIds.length} transcripts`}</Badge>
        )}
      </p>
    </li>
  );
}
