import { createFileRoute } from '@tanstack/react-router';
import { transcriptFilters } from '../../features/documents/transcript-list-filters.ts';
import { transcriptListQuery } from '../../features/documents/transcript-list-query.ts';
import { TranscriptsPage } from '../../features/documents/transcripts-page.tsx';
import { CompanyPicker } from '../../features/company-search/company-picker.tsx';
import { useIndexFacets } from '../../features/company-search/use-company-search.ts';

export const Route = createFileRoute('/transcripts/')({
  validateSearch: transcriptFilters.validateSearch,
  loaderDeps: ({ search }) => {
    const { filters, direction } = transcriptFilters.parse(search);
    return { filters, direction };
  },
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(transcriptListQuery(deps)),
  component: TranscriptsRoute,
});

/** The company picker and the exchanges the company index knows come from the search feature. */
function TranscriptsRoute() {
  return <TranscriptsPage renderCompanyPicker={(props) => <CompanyPicker {...props} />} seenExchanges={useIndexFacets().exchanges} />;
}
