import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '../../features/companies/companies-page.tsx';
import { companyFilters } from '../../features/companies/company-list-filters.ts';
import { companyListQuery } from '../../features/companies/company-list-query.ts';
import { CompanyPicker } from '../../features/company-search/company-picker.tsx';
import { useIndexFacets } from '../../features/company-search/use-company-search.ts';

export const Route = createFileRoute('/companies/')({
  validateSearch: companyFilters.validateSearch,
  loaderDeps: ({ search }) => {
    const { filters, direction } = companyFilters.parse(search);
    return { filters, direction };
  },
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(companyListQuery(deps)),
  component: CompaniesRoute,
});

/** The company index (a feature of its own) offers the exchanges it knows and the company picker. */
function CompaniesRoute() {
  return <CompaniesPage facets={useIndexFacets()} renderCompanyPicker={(props) => <CompanyPicker {...props} />} />;
}
