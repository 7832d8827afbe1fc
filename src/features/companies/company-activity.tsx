import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import type { AudioRecord, Company, DocumentRecord, Page } from '../../api/schemas.ts';
import { ClampedText } from '../../components/clamped-text.tsx';
import { InfiniteStates, PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { TranscriptLink } from '../../components/transcript-link.tsx';
import { useDocumentTypes, useEventTypes } from '../../components/type-records.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatDuration, textOr } from '../../lib/format.ts';
import { documentTypeLabel, eventName, eventTypeName } from '../../lib/names.ts';
import { oneTranscriptPerCall } from '../../lib/transcript-records.ts';
import { companyRecordingsQuery, companyTranscriptsQuery } from './company-queries.ts';
import { groupEvents, type CompanyEvent } from './events.ts';

export function useCompanyRecordings(companyId: number) {
  return useInfiniteQuery(companyRecordingsQuery(companyId));
}
export function useCompanyTranscripts(companyId: number) {
  return useInfiniteQuery(companyTranscriptsQuery(companyId));
}

type Infinite<T> = UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;

/** Rows a panel shows before "All recordings" / "All transcripts" takes over: the page grows, panels do not scroll. */
export const PANEL_ROWS = 6;

/** Newest event first; records without an event summary go by their own creation time. */
export function newestFirst<T extends { event?: { date: string | null } | undefined; createdAt: string | null }>(items: T[]): T[] {
  const time = (item: T) => Date.parse(item.event?.date ?? item.createdAt ?? '') || 0;
  return [...items].sort((a, b) => time(b) - time(a));
}

const linkClass = textLinkClass();
const subtle = 'text-xs text-slate-600 dark:text-slate-400';

function AllLink({ to, companyId, children }: { to: '/recordings' | '/transcripts'; companyId: number; children: ReactNode }) {
  return (
    <p className="border-t border-slate-100 px-4 py-2.5 text-sm wrap-anywhere dark:border-slate-800">
      <Link to={to} search={{ companyIds: companyId }} className={textLinkClass()}>
        {children}
      </Link>
    </p>
  );
}

export function CompanyRecordings({ query, company }: { query: Infinite<AudioRecord>; company: Company }) {
  const rows = useMemo(() => newestFirst(query.data?.pages.flatMap((p) => p.data) ?? []), [query.data]);
  const types = useEventTypes(rows.slice(0, PANEL_ROWS).map((r) => r.event?.typeId));
  return (
    <Panel title="Recordings" actions={<span className={subtle}>Newest event first</span>}>
      <InfiniteStates
        query={query}
        select={(page) => page.data}
        empty="No recordings of this company's events yet."
        loadingLabel="Loading recordings"
        loadingRows={5}
        noun="recordings"
        loadMore={false}
      >
        {() => (
          <>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.slice(0, PANEL_ROWS).map((r) => (
                <ActivityItem
                  key={r.id}
                  title={
                    <Link to="/recordings/$audioId" params={{ audioId: r.id }} className={linkClass}>
                      <ClampedText text={eventName(r.event, { type: types.get(r.event?.typeId ?? -1), company })} />
                    </Link>
                  }
                  date={r.event?.date ?? r.createdAt}
                  eventId={r.eventId}
                  aside={<span className="shrink-0 tabular text-xs text-slate-600 dark:text-slate-400">{formatDuration(r.audioMetadata?.duration)}</span>}
                />
              ))}
            </ul>
            <AllLink to="/recordings" companyId={company.id}>
              All recordings of {textOr(company.displayName, textOr(company.name, 'this company'))}
            </AllLink>
          </>
        )}
      </InfiniteStates>
    </Panel>
  );
}

export function CompanyTranscripts({
  query,
  company,
  renderDownload,
}: {
  query: Infinite<DocumentRecord>;
  company: Company;
  /** "Download transcripts" over the transcripts loaded (from the documents feature, through the route). */
  renderDownload?: (company: Company, transcripts: DocumentRecord[]) => ReactNode;
}) {
  const docs = useMemo(() => newestFirst(query.data?.pages.flatMap((p) => p.data) ?? []), [query.data]);
  const types = useDocumentTypes(docs.map((t) => t.typeId));
  const calls = oneTranscriptPerCall(docs, (id) => types.get(id)?.name ?? undefined);
  const eventTypes = useEventTypes(calls.slice(0, PANEL_ROWS).map((c) => c.transcript.event?.typeId));
  return (
    <Panel title="Transcripts" actions={<span className={subtle}>Newest event first</span>}>
      {renderDownload && docs.length > 0 && <div className="border-b border-slate-100 px-4 py-2.5 dark:border-slate-800">{renderDownload(company, docs)}</div>}
      <InfiniteStates
        query={query}
        select={(page) => page.data}
        empty="No transcripts of this company's events yet."
        loadingLabel="Loading transcripts"
        loadingRows={5}
        noun="transcripts"
        loadMore={false}
      >
        {() => (
          <>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {calls.slice(0, PANEL_ROWS).map(({ transcript: t, others }) => (
                <ActivityItem
                  key={t.id}
                  title={
                    <Link to="/documents/$documentId" params={{ documentId: t.id }} search={{ kind: 'transcript' }} className={linkClass}>
                      <ClampedText text={eventName(t.event, { type: eventTypes.get(t.event?.typeId ?? -1), company })} />
                    </Link>
                  }
                  date={t.event?.date ?? t.createdAt}
                  eventId={t.eventId}
                  more={others.map((other) => (
                    <TranscriptLink key={other.id} id={other.id}>
                      {documentTypeLabel(types.get(other.typeId))}
                    </TranscriptLink>
                  ))}
                  aside={
                    <span className="max-w-[40%] shrink-0 text-right text-xs text-slate-600 wrap-anywhere dark:text-slate-400">
                      {documentTypeLabel(types.get(t.typeId))}
                    </span>
                  }
                />
              ))}
            </ul>
            <AllLink to="/transcripts" companyId={company.id}>
              All transcripts of {textOr(company.displayName, textOr(company.name, 'this company'))}
            </AllLink>
          </>
        )}
      </InfiniteStates>
    </Panel>
  );
}

/** One recording or transcript: its link, the event's date and page, other versions, and a note on the right. */
function ActivityItem({
  title,
  date,
  eventId,
  aside,
  more,
}: {
  title: ReactNode;
  date: string | null | undefined;
  eventId: number;
  aside: ReactNode;
  more?: ReactNode[];
}) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-2.5 text-sm">
      <div className="min-w-0">
        {title}
        {/* Its links are at least 24 px tall: a finger can tap them without hitting the title above (WCAG 2.5.8). */}
        <p className={`${subtle} flex flex-wrap items-center gap-x-2 wrap-anywhere [&>a]:inline-flex [&>a]:min-h-6 [&>a]:items-center`}>
          <TimeText value={date} />
          <Link to="/events/$eventId" params={{ eventId }} className={textLinkClass({ strong: false })}>
            Event page
          </Link>
          {more}
        </p>
      </div>
      {aside}
    </li>
  );
}

/** The company's recent events, from its recordings and transcripts, grouped by fiscal year and period. */
export function CompanyEvents({
  recordings,
  transcripts,
  company,
}: {
  recordings: Infinite<AudioRecord>;
  transcripts: Infinite<DocumentRecord>;
  company: Company;
}) {
  const groups = useMemo(
    () => groupEvents(recordings.data?.pages.flatMap((p) => p.data) ?? [], transcripts.data?.pages.flatMap((p) => p.data) ?? []),
    [recordings.data, transcripts.data],
  );
  const types = useEventTypes(groups.flatMap((g) => g.periods.flatMap((p) => p.events.map((e) => e.typeId))));
  const loading = recordings.data === undefined && transcripts.data === undefined;
  const partial = recordings.hasNextPage || transcripts.hasNextPage;

  return (
    <Panel title="Recent events">
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
              Events of the latest recordings and transcripts; the full lists have older ones.
            </p>
          )}
          {groups.map((group) => (
            <section key={group.fiscalYear} aria-labelledby={`fy-${group.fiscalYear}`} className="px-4 py-3">
              <h3 id={`fy-${group.fiscalYear}`} className="text-sm font-semibold">
                {group.fiscalYear === 'Unknown' ? 'Fiscal year not given' : `Fiscal year ${group.fiscalYear}`}
              </h3>
              <div className="mt-2 grid gap-3 md:grid-cols-2 xl:grid-cols-4">
                {group.periods.map((period) => (
                  <div key={period.fiscalPeriod}>
                    <h4 className="text-xs font-medium uppercase tracking-wide text-slate-600 wrap-anywhere dark:text-slate-400">
                      {period.fiscalPeriod.trim() || 'No period'}
                    </h4>
                    <ul className="mt-1 space-y-1.5">
                      {period.events.map((event) => (
                        <EventItem key={event.id} event={event} company={company} type={event.typeId === undefined ? undefined : types.get(event.typeId)} />
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

function EventItem({ event, company, type }: { event: CompanyEvent; company: Company; type: { name: string | null; parent: string | null } | undefined }) {
  const typeName = eventTypeName(type);
  const name = eventName(event, { type, company });
  return (
    <li className="text-sm">
      <Link to="/events/$eventId" params={{ eventId: event.id }} className={linkClass}>
        <ClampedText text={name} lines={3} />
      </Link>
      <p className={subtle}>
        {event.date ? <TimeText value={event.date} /> : null}
        {typeName && typeName.toLowerCase() !== name.toLowerCase() ? <span className="wrap-anywhere">{` · ${typeName}`}</span> : ''}
      </p>
      <p className="mt-0.5 flex flex-wrap gap-1 text-xs">
        {event.recordingIds.length > 0 && <Badge tone="accent">Recording</Badge>}
        {event.transcriptIds.length > 0 && <Badge tone="success">Transcript</Badge>}
      </p>
    </li>
  );
}
