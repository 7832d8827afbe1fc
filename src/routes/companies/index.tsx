import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { companyQueries } from '../../api/companies.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Panel } from '../../components/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';

const companies = companyQueries.infinite({ limit: 100 });

export const Route = createFileRoute('/companies/')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchInfiniteQuery(companies),
  component: Companies,
});

function Companies() {
  const query = useInfiniteQuery(companies);
  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Companies</h1>
      <Panel title="All companies">
        <InfiniteStates query={query} select={(page) => page.data} empty="No companies." loadingLabel="Loading companies">
          {(items) => (
            <DataTable
              caption="Companies"
              rows={items}
              rowKey={(c) => c.id}
              columns={[
                { header: 'Company', cell: (c) => <span className="font-medium">{c.displayName}</span> },
                { header: 'Legal name', cell: (c) => c.name, hideBelow: 'md' },
                { header: 'Country', cell: (c) => c.country },
                { header: 'Ticker', cell: (c) => (c.tickers[0] ? `${c.tickers[0].ticker}` : '—'), className: 'font-mono text-xs' },
                { header: 'Exchange', cell: (c) => c.tickers[0]?.exchange ?? '—', hideBelow: 'sm' },
              ]}
            />
          )}
        </InfiniteStates>
      </Panel>
    </>
  );
}
