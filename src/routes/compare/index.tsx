import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { companyQueries } from '../../api/companies.ts';
import { eventKeys } from '../../api/keys.ts';
import { RecordPending } from '../../components/query-states.tsx';
import { RecordNotFound } from '../../components/record-not-found.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { SkeletonHeading, SkeletonRows } from '../../components/skeleton.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { validateCompareSearch, type CompareSearch } from '../../features/compare/compare-address.ts';
import { ComparePage } from '../../features/compare/compare-page.tsx';
import { companyCallTranscriptsQuery, compareEventQuery } from '../../features/compare/compare-queries.ts';
import { loadRecord, type MissingRecord } from '../../lib/route-data.ts';

const back = (
  <Link to="/companies" className={textLinkClass({ underlined: true, className: 'text-sm' })}>
    All companies
  </Link>
);

export const Route = createFileRoute('/compare/')({
  validateSearch: validateCompareSearch,
  loaderDeps: ({ search }) => ({ call: search.call, with: search.with }),
  loader: async ({ context: { queryClient }, deps }) => {
    // No call (or not an id) in the address: there is nothing to compare.
    if (deps.call === undefined) throw notFound({ data: { what: 'call' } satisfies MissingRecord });
    const other = deps.with;
    const loadOther = other === undefined ? undefined : loadRecord(() => queryClient.ensureQueryData(compareEventQuery(other)), 'call');
    const event = await loadRecord(() => queryClient.ensureQueryData(compareEventQuery(deps.call!)), 'call');
    void queryClient.prefetchQuery(companyQueries.detail(event.companyId));
    void queryClient.prefetchQuery(companyCallTranscriptsQuery(event.companyId));
    if (loadOther) await loadOther;
  },
  pendingComponent: ComparePending,
  errorComponent: (props) => <RouteError {...props} back={back} />,
  notFoundComponent: ({ data }) => <RecordNotFound data={data} back={back} />,
  component: CompareRoute,
});

function ComparePending() {
  const { call } = Route.useSearch();
  return (
    <RecordPending queryKey={eventKeys.detail(call ?? 0)} label="Loading the comparison">
      <SkeletonHeading />
      <SkeletonRows rows={6} />
    </RecordPending>
  );
}

function CompareRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/compare/' });
  if (search.call === undefined) return null;
  return <ComparePage callId={search.call} withId={search.with} onChoose={(next: CompareSearch) => void navigate({ search: next })} />;
}
