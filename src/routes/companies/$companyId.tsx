import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { companyQueries } from '../../api/companies.ts';
import { Panel } from '../../components/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { parseIdParam } from '../../lib/route-params.ts';

export const Route = createFileRoute('/companies/$companyId')({
  params: { parse: ({ companyId }) => ({ companyId: parseIdParam(companyId) }), stringify: ({ companyId }) => ({ companyId: String(companyId) }) },
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(companyQueries.detail(params.companyId)),
  component: CompanyPage,
});

function CompanyPage() {
  const { companyId } = Route.useParams();
  const query = useQuery(companyQueries.detail(companyId));
  return (
    <Panel title="Company">
      <QueryStates query={query} isEmpty={() => false} empty={null} loadingLabel="Loading the company" loadingRows={3}>
        {(company) => <h1 className="px-4 py-3 text-lg font-semibold">{company.displayName}</h1>}
      </QueryStates>
    </Panel>
  );
}
