import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { companyQueries } from '../../api/companies.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { EmptyState, Panel } from '../../components/panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { CompaniesTable } from '../../features/companies/companies-table.tsx';
import { CompanyFiltersForm } from '../../features/companies/filters-form.tsx';
import {
  activeFilterCount,
  FIELD_LABELS,
  parseCompanySearch,
  toCompanyFilters,
  validateCompanySearch,
  type CompanySearchParams,
  type RawCompanySearch,
} from '../../features/companies/filters.ts';
import { useIndexFacets } from '../../features/search/index.ts';

/** Companies per request: few round trips while scrolling, small enough to arrive quickly. */
const PAGE_SIZE = 200;

const queryFor = (search: CompanySearchParams) => companyQueries.infinite({ ...toCompanyFilters(search), limit: PAGE_SIZE });

export const Route = createFileRoute('/companies/')({
  validateSearch: (search: Record<string, unknown>) => validateCompanySearch(search),
  loaderDeps: ({ search }) => parseCompanySearch(search).search,
  loader: ({ context: { queryClient }, deps }) => void queryClient.prefetchInfiniteQuery(queryFor(deps)),
  component: Companies,
});

function Companies() {
  const raw = Route.useSearch();
  // What the address says, cleaned: unusable values are left out and named.
  const { search, rejected } = useMemo(() => parseCompanySearch(raw), [raw]);
  const navigate = Route.useNavigate();
  const query = useInfiniteQuery(queryFor(search));
  const facets = useIndexFacets();
  const filtered = activeFilterCount(search) > 0;
  // On a phone the form folds away so the list is the first thing in view.
  const [showFilters, setShowFilters] = useState(false);

  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Companies</h1>
      <div className="space-y-5">
        <Panel
          title="Filters"
          actions={<ActiveFilters search={search} onRemove={(key) => void navigate({ search: (s: RawCompanySearch) => ({ ...s, [key]: undefined }) })} />}
        >
          {rejected.length > 0 && (
            <p
              role="status"
              className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
            >
              Some filters in the address could not be used and were left out: {rejected.join('; ')}.
            </p>
          )}
          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls="company-filters"
            onClick={() => setShowFilters((v) => !v)}
            className="m-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium sm:hidden dark:border-slate-700"
          >
            {showFilters ? 'Hide filters' : `Show filters${filtered ? ` (${activeFilterCount(search)} active)` : ''}`}
          </button>
          <div id="company-filters" className={showFilters ? '' : 'hidden sm:block'}>
            <CompanyFiltersForm
              value={search}
              suggestions={facets}
              onApply={(next) => {
                setShowFilters(false);
                void navigate({ search: next });
              }}
            />
          </div>
        </Panel>
        <Panel title={filtered ? 'Matching companies' : 'All companies'}>
          {query.data === undefined ? (
            query.isError ? (
              <div className="p-3">
                <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h3" />
              </div>
            ) : (
              <SkeletonRows rows={12} label="Loading companies" />
            )
          ) : query.data.pages[0]?.data.length === 0 ? (
            <EmptyState>
              {filtered ? (
                <>
                  No company matches these filters.{' '}
                  <button type="button" className="font-medium text-accent-700 underline dark:text-accent-300" onClick={() => void navigate({ search: {} })}>
                    Clear the filters
                  </button>{' '}
                  or loosen one of them.
                </>
              ) : (
                'No companies are available with this API key.'
              )}
            </EmptyState>
          ) : (
            <>
              {query.isRefetchError && (
                <div className="p-3">
                  <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h3" />
                </div>
              )}
              <CompaniesTable query={query} label={filtered ? 'Matching companies' : 'Companies'} />
            </>
          )}
        </Panel>
      </div>
    </>
  );
}

function ActiveFilters({ search, onRemove }: { search: CompanySearchParams; onRemove: (key: keyof CompanySearchParams) => void }) {
  const keys = (Object.keys(search) as (keyof CompanySearchParams)[]).filter((key) => key !== 'direction' && search[key]);
  if (keys.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap justify-end gap-1.5">
      {keys.map((key) => (
        <li key={key}>
          <button
            type="button"
            onClick={() => onRemove(key)}
            aria-label={`Remove filter ${FIELD_LABELS[key]}: ${search[key]}`}
            className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <span className="max-w-48 truncate">
              {FIELD_LABELS[key]}: {search[key]}
            </span>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
