import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import type { AudioRecord, Company, DocumentRecord } from '../../api/schemas.ts';
import { SkeletonLine } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useDocumentTypes, useEventTypes } from '../../components/type-records.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatDuration } from '../../lib/format.ts';
import { eventName, isEarningsCall } from '../../lib/names.ts';
import { oneTranscriptPerCall } from '../../lib/transcript-records.ts';
import { newestFirst, useCompanyRecordings, useCompanyTranscripts } from './company-activity.tsx';

/**
 * "Latest earnings call" at the top of a company's page: the newest event of an earnings-call type
 * that has a recording, with Play and Jump to Q&A (given by the route: the player's buttons belong to
 * the recordings feature), its transcript and its event page (documents and details).
 */
export function LatestCall({ company, renderPlay }: { company: Company; renderPlay?: (audio: AudioRecord) => ReactNode }) {
  const recordings = useCompanyRecordings(company.id);
  const transcripts = useCompanyTranscripts(company.id);
  const rows = useMemo(() => newestFirst(recordings.data?.pages.flatMap((p) => p.data) ?? []), [recordings.data]);
  // The newest few recordings are enough to find the latest call; their types are fetched once per session.
  const candidates = rows.slice(0, 12);
  const types = useEventTypes(candidates.map((r) => r.event?.typeId));
  const typesKnown = candidates.every((r) => r.event === undefined || types.has(r.event.typeId));
  const latest = candidates.find((r) => r.event !== undefined && isEarningsCall(types.get(r.event.typeId)));

  const docs = useMemo(
    () => (latest ? (transcripts.data?.pages.flatMap((p) => p.data) ?? []).filter((d) => d.eventId === latest.eventId) : []),
    [latest, transcripts.data],
  );
  const docTypes = useDocumentTypes(docs.map((d) => d.typeId));
  const transcript: DocumentRecord | undefined = oneTranscriptPerCall(docs, (id) => docTypes.get(id)?.name ?? undefined)[0]?.transcript;

  if (recordings.data === undefined || (!latest && !typesKnown)) {
    // The recordings panel below says what went wrong, if anything did.
    return recordings.isError ? null : <LatestCallPlaceholder />;
  }
  if (!latest) {
    return (
      <section aria-labelledby="latest-call" className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 id="latest-call" className="text-sm font-semibold tracking-tight">
          Latest earnings call
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">No earnings call recording of this company yet.</p>
      </section>
    );
  }

  const name = eventName(latest.event, { type: types.get(latest.event!.typeId), company });
  return (
    <section aria-labelledby="latest-call" className="rounded-lg border border-accent-300 bg-accent-50 px-4 py-4 dark:border-accent-800 dark:bg-accent-950/40">
      <h2 id="latest-call" className="text-xs font-medium uppercase tracking-wide text-accent-800 dark:text-accent-300">
        Latest earnings call
      </h2>
      <p className="mt-1 text-lg font-semibold tracking-tight wrap-anywhere">
        <Link to="/recordings/$audioId" params={{ audioId: latest.id }} className="hover:underline">
          {name}
        </Link>
      </p>
      <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-700 dark:text-slate-300">
        <TimeText value={latest.event?.date} />
        <span className="tabular">{formatDuration(latest.audioMetadata?.duration)}</span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {renderPlay && <div className="flex flex-wrap gap-2">{renderPlay(latest)}</div>}
        {transcript && (
          <Link
            to="/documents/$documentId"
            params={{ documentId: transcript.id }}
            search={{ kind: 'transcript' }}
            className={textLinkClass({ className: 'text-sm' })}
          >
            Read the transcript
          </Link>
        )}
        <Link to="/events/$eventId" params={{ eventId: latest.eventId }} className={textLinkClass({ className: 'text-sm' })}>
          Documents and details
        </Link>
      </div>
    </section>
  );
}

/**
 * The box as it will be while the call is found: its heading, name and date lines, and its
 * buttons and links at their widths, wrapping where theirs wrap (one row on a wide screen, two or
 * three on a phone), so the page below does not move when the call arrives.
 */
function LatestCallPlaceholder() {
  const block = 'animate-pulse rounded bg-accent-100 dark:bg-accent-900/40';
  return (
    <div role="status" aria-busy="true" className="rounded-lg border border-accent-300 bg-accent-50 px-4 py-4 dark:border-accent-800 dark:bg-accent-950/40">
      <span className="sr-only">Loading the latest earnings call…</span>
      <div aria-hidden="true">
        <div className="flex h-4 items-center">
          <SkeletonLine className="w-36" />
        </div>
        <div className={`mt-1 h-7 w-56 max-w-full ${block}`} />
        <div className="mt-0.5 flex h-5 items-center">
          <SkeletonLine className="w-48" />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="flex flex-wrap gap-2">
            {/* Play recording, Jump to Q&A */}
            <div className={`h-9 w-[8.25rem] ${block}`} />
            <div className={`h-9 w-[10rem] ${block}`} />
          </div>
          {/* Read the transcript, Documents and details */}
          <div className={`h-5 w-[8.5rem] ${block}`} />
          <div className={`h-5 w-[10rem] ${block}`} />
        </div>
      </div>
    </div>
  );
}
