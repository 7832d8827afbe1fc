import { createFileRoute } from '@tanstack/react-router';
import { documentFilters } from '../../features/documents/document-list-filters.ts';
import { documentPageFilters } from '../../features/documents/document-list-page-filters.ts';
import { prefetchDocumentList } from '../../features/documents/document-list-query.ts';
import { DocumentsPage } from '../../features/documents/documents-page.tsx';
import { CompanyPicker } from '../../features/company-search/company-picker.tsx';
import { useIndexFacets } from '../../features/company-search/use-company-search.ts';

export const Route = createFileRoute('/documents/')({
  validateSearch: documentFilters.validateSearch,
  // The whole address (the page's kinds too, which the router keeps), read in the loader's own chunk.
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => void prefetchDocumentList(queryClient, documentPageFilters.parse(deps)),
  component: DocumentsRoute,
});

/** The company picker and the exchanges the company index knows come from the search feature. */
function DocumentsRoute() {
  return <DocumentsPage renderCompanyPicker={(props) => <CompanyPicker {...props} />} seenExchanges={useIndexFacets().exchanges} />;
}
