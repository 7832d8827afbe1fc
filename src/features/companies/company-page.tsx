import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import type { AudioRecord, Company, DocumentRecord } from '../../api/schemas.ts';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { SkeletonPanel, SkeletonRows } from '../../components/skeleton.tsx';
import { CompanyEvents, CompanyRecordings, CompanyTranscripts, useCompanyRecordings, useCompanyTranscripts } from './company-activity.tsx';
import { CompanyDocuments } from './company-documents.tsx';
import { CompanyHeader } from './company-header.tsx';
import { CompanyUpcoming } from './company-upcoming.tsx';
import { LatestCall } from './latest-call.tsx';
import { companyDetailQuery } from './company-queries.ts';

// The segment charts load with this page only.
const CompanySegments = lazy(() => import('./segments/index.ts'));

/**
 * A company: its header, its latest earnings call, its recordings and transcripts, the events they
 * belong to, and its segments. What other features own comes in from the route: the player's
 * buttons (`renderPlay`) and the transcripts download (`renderDownload`).
 */
export function CompanyPage({
  companyId,
  renderPlay,
  renderDownload,
}: {
  companyId: number;
  renderPlay?: (audio: AudioRecord) => ReactNode;
  renderDownload?: (company: Company, transcripts: DocumentRecord[]) => ReactNode;
}) {
  const { data: company } = useSuspenseQuery(companyDetailQuery(companyId));
  const recordings = useCompanyRecordings(companyId);
  const transcripts = useCompanyTranscripts(companyId);

  return (
    <div className="space-y-5">
      <CompanyHeader company={company} />
      <LatestCall company={company} renderPlay={renderPlay} />
      <TimeZoneNote />
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <CompanyUpcoming company={company} />
        <CompanyDocuments company={company} />
      </div>
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <CompanyRecordings query={recordings} company={company} />
        <CompanyTranscripts query={transcripts} company={company} renderDownload={renderDownload} />
      </div>
      <CompanyEvents recordings={recordings} transcripts={transcripts} company={company} />
      <Suspense fallback={<SkeletonRows rows={6} label="Loading segments" />}>
        <CompanySegments companyId={companyId} />
      </Suspense>
    </div>
  );
}

/** The page's shape while the company loads. */
export function CompanySkeleton() {
  return (
    <>
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        <div className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-8 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
          ))}
        </div>
      </div>
      <div className="grid gap-5 xl:grid-cols-2">
        <SkeletonPanel lines={5} />
        <SkeletonPanel lines={5} />
      </div>
      <SkeletonPanel lines={4} />
    </>
  );
}
