import { createFileRoute, Link } from '@tanstack/react-router';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { companyKeys } from '../../api/keys.ts';
import { CompanyPage } from '../../features/companies/company-page.tsx';
import { CompanySkeleton } from '../../features/companies/company-skeleton.tsx';
import { CompanyTranscriptsDownload } from '../../features/documents/company-transcripts-download.tsx';
import { RecordingPlayButtons } from '../../features/recordings/recording-play.tsx';
import { companyDetailQuery, companyRecordingsQuery, companySegmentsQuery, companyTranscriptsQuery } from '../../features/companies/company-queries.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { loadRecord } from '../../lib/route-data.ts';
import { idParam } from '../../lib/route-params.ts';

const back = (
  <Link to="/companies" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    All companies
  </Link>
);

export const Route = createFileRoute('/companies/$companyId')({
  params: idParam('companyId'),
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    // Every list of the page starts with the company, not after it.
    void queryClient.prefetchInfiniteQuery(companyRecordingsQuery(companyId));
    void queryClient.prefetchInfiniteQuery(companyTranscriptsQuery(companyId));
    void queryClient.prefetchQuery(companySegmentsQuery(companyId));
    await loadRecord(() => queryClient.ensureQueryData(companyDetailQuery(companyId)), 'company');
  },
  pendingComponent: CompanyPending,
  errorComponent: (props) => <RouteError {...props} back={back} />,
  notFoundComponent: ({ data }) => <RecordNotFound data={data} back={back} />,
  component: CompanyRoute,
});

function CompanyRoute() {
  const { companyId } = Route.useParams();
  return (
    <CompanyPage
      companyId={companyId}
      renderPlay={(audio) => <RecordingPlayButtons audio={audio} />}
      renderDownload={(company, transcripts) => <CompanyTranscriptsDownload company={company} transcripts={transcripts} />}
    />
  );
}

function CompanyPending() {
  const { companyId } = Route.useParams();
  return (
    <RecordPending queryKey={companyKeys.detail(companyId)} label="Loading the company">
      <CompanySkeleton />
    </RecordPending>
  );
}
