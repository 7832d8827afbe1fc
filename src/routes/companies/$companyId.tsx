import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import {
  CompanyEvents,
  CompanyRecordings,
  CompanyTranscripts,
  useCompanyRecordings,
  useCompanyTranscripts,
} from '../../features/companies/company-activity.tsx';
import { CompanyHeader } from '../../features/companies/company-header.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

// The segment charts load with this page only.
const CompanySegments = lazy(() => import('../../features/companies/segments/index.ts'));

export const Route = createFileRoute('/companies/$companyId')({
  params: { parse: ({ companyId }) => ({ companyId: parseIdParam(companyId) }), stringify: ({ companyId }) => ({ companyId: String(companyId) }) },
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(companyQueries.detail(params.companyId)),
  component: CompanyPage,
});

function CompanyPage() {
  const { companyId } = Route.useParams();
  const company = useQuery(companyQueries.detail(companyId));
  const recordings = useCompanyRecordings(companyId);
  const transcripts = useCompanyTranscripts(companyId);

  return (
    <div className="space-y-5">
      {company.data ? (
        <CompanyHeader company={company.data} />
      ) : company.isError ? (
        <ErrorPanel error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        <div className="rounded-lg border border-slate-200 dark:border-slate-800">
          <SkeletonRows rows={3} label="Loading the company" />
        </div>
      )}
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
