import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '../../features/companies/companies-page.tsx';
import { companyFilters, companyListQuery } from '../../features/companies/company-list-filters.ts';

export const Route = createFileRoute('/companies/')({
  validateSearch: companyFilters.validateSearch,
  loaderDeps: ({ search }) => {
    const { filters, direction } = companyFilters.parse(search);
    return { filters, direction };
  },
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(companyListQuery(deps)),
  component: CompaniesPage,
});
