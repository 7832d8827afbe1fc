import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import type { AudioRecord, Company, DocumentRecord } from '../../api/schemas.ts';
import { AfterFirstScreen } from '../../components/after-first-screen.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
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
      <AfterFirstScreen>
        <div className="grid items-start gap-5 xl:grid-cols-2">
          <CompanyRecordings query={recordings} company={company} />
          <CompanyTranscripts query={transcripts} company={company} renderDownload={renderDownload} />
        </div>
        <CompanyEvents recordings={recordings} transcripts={transcripts} company={company} />
        <Suspense fallback={<SkeletonRows rows={6} label="Loading segments" />}>
          <CompanySegments companyId={companyId} />
        </Suspense>
      </AfterFirstScreen>
    </div>
  );
}
