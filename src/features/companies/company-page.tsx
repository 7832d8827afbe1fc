import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { SkeletonPanel, SkeletonRows } from '../../components/skeleton.tsx';
import { CompanyEvents, CompanyRecordings, CompanyTranscripts, useCompanyRecordings, useCompanyTranscripts } from './company-activity.tsx';
import { CompanyHeader } from './company-header.tsx';
import { companyDetailQuery } from './company-queries.ts';

// The segment charts load with this page only.
const CompanySegments = lazy(() => import('./segments/index.ts'));

/** A company: its header, its recordings and transcripts, the events they belong to, and its segments. */
export function CompanyPage({ companyId }: { companyId: number }) {
  const { data: company } = useSuspenseQuery(companyDetailQuery(companyId));
  const recordings = useCompanyRecordings(companyId);
  const transcripts = useCompanyTranscripts(companyId);

  return (
    <div className="space-y-5">
      <CompanyHeader company={company} />
      <div className="grid gap-5 xl:grid-cols-2">
        <CompanyRecordings query={recordings} />
        <CompanyTranscripts query={transcripts} />
      </div>
      <CompanyEvents recordings={recordings} transcripts={transcripts} />
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
