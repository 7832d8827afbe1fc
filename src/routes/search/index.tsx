import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { searchQueries } from '../../api/search.ts';
import { validateSearchAddress, type SearchAddress } from '../../features/transcript-search/address.ts';
import { TranscriptSearchPage } from '../../features/transcript-search/page.tsx';
import { useIndexFacets } from '../../features/company-search/use-company-search.ts';

export const Route = createFileRoute('/search/')({
  validateSearch: validateSearchAddress,
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(searchQueries.status()),
  component: SearchRoute,
});

function SearchRoute() {
  const address = Route.useSearch();
  const navigate = useNavigate({ from: '/search/' });
  return (
    <TranscriptSearchPage address={address} onNavigate={(next: SearchAddress) => void navigate({ search: next })} seenExchanges={useIndexFacets().exchanges} />
  );
}
