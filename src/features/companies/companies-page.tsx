import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { PanelError } from '../../components/query-states.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { CompaniesTable } from './companies-table.tsx';
import { companyFilters } from './company-list-filters.ts';
import { companyListQuery } from './company-list-query.ts';
import { CompanyFiltersForm } from './filters-form.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

const route = getRouteApi('/companies/');

/** /companies: every filter of endpoint 1 from the address, and the endless table. */
export function CompaniesPage({
  facets,
  renderCompanyPicker,
}: {
  facets: { countries: string[]; exchanges: string[] };
  renderCompanyPicker: RenderCompanyPicker;
}) {
  usePageTitle('Companies');
  const address = route.useSearch();
  // What the address says, cleaned: unusable values are left out and named.
  const search = useMemo(() => companyFilters.parse(address), [address]);
  const navigate = route.useNavigate();
  const query = useInfiniteQuery(companyListQuery(search));
  const active = companyFilters.count(search);
  const filtered = active > 0;
  // On a phone the form folds away so the list is the first thing in view.
  const [showFilters, setShowFilters] = useState(false);

  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Companies</h1>
      <div className="space-y-5">
        <Panel
          title="Filters"
          actions={
            <ActiveFilterChips
              className="justify-end"
              chips={companyFilters.chips(search)}
              onRemove={(chip) => void navigate({ search: (s) => ({ ...s, [chip.field]: companyFilters.without(search, chip)[chip.field as 'ids'] }) })}
            />
          }
        >
          <DroppedFiltersNotice dropped={search.dropped} className="border-b" />
          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls="company-filters"
            onClick={() => setShowFilters((v) => !v)}
            className="m-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium sm:hidden dark:border-slate-700"
          >
            {showFilters ? 'Hide filters' : `Show filters${filtered ? ` (${active} active)` : ''}`}
          </button>
          <div id="company-filters" className={showFilters ? '' : 'hidden sm:block'}>
            <CompanyFiltersForm
              value={search}
              suggestions={facets}
              renderCompanyPicker={renderCompanyPicker}
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
              <PanelError error={query.error} onRetry={() => void query.refetch()} />
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
              {query.isRefetchError && <PanelError error={query.error} onRetry={() => void query.refetch()} />}
              <CompaniesTable query={query} label={filtered ? 'Matching companies' : 'Companies'} />
            </>
          )}
        </Panel>
      </div>
    </>
  );
}
