import { createFileRoute } from '@tanstack/react-router';
import { recordingFilters } from '../../features/recordings/recording-list-filters.ts';
import { recordingListQuery } from '../../features/recordings/recording-list-query.ts';
import { RecordingsPage } from '../../features/recordings/recordings-page.tsx';
import { CompanyPicker } from '../../features/company-search/company-picker.tsx';
import { useIndexFacets } from '../../features/company-search/use-company-search.ts';

export const Route = createFileRoute('/recordings/')({
  validateSearch: recordingFilters.validateSearch,
  loaderDeps: ({ search }) => {
    const { filters, direction } = recordingFilters.parse(search);
    return { filters, direction };
  },
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(recordingListQuery(deps)),
  component: RecordingsRoute,
});

/** The company picker and the exchanges the company index knows come from the search feature. */
function RecordingsRoute() {
  return <RecordingsPage renderCompanyPicker={(props) => <CompanyPicker {...props} />} seenExchanges={useIndexFacets().exchanges} />;
}
