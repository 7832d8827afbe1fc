import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useExtensionMissing } from '../../api/extensions.ts';
import { documentTypeQueries } from '../../api/document-types.ts';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { useRowsMatchedHere, useRowsRead } from '../../components/filter-fields.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import { useDocumentTypes } from '../../components/type-records.ts';
import { Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { UnavailableNote } from '../../components/unavailable-note.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { documentKind } from '../../lib/document-kinds.ts';
import { formatCount } from '../../lib/format.ts';
import { DocumentFilterForm } from './document-filter-form.tsx';
import { documentListQuery, kindTypeIds, routeSearch } from './document-list-query.ts';
import { documentPageFilters } from './document-list-page-filters.ts';
import { DocumentsTable } from './documents-table.tsx';

const route = getRouteApi('/documents/');

/**
 * /documents: every company's documents (`/documents`, beyond the contract) with the filters of the
 * other lists and the kind of document, newest published first. Where the data source does not
 * list documents (404 or 403), the page says so once and points to the companies' pages.
 */
export function DocumentsPage({ renderCompanyPicker, seenExchanges }: { renderCompanyPicker: RenderCompanyPicker; seenExchanges?: readonly string[] }) {
  usePageTitle('Documents');
  const address = route.useSearch();
  const search = useMemo(() => documentPageFilters.parse(address), [address]);
  const navigate = route.useNavigate();
  const kinds = search.filters.kinds;
  // Kinds go out as the catalog's types of those kinds; without the catalog the rows are matched here.
  const catalog = useQuery({ ...documentTypeQueries.list(), enabled: kinds !== undefined });
  const catalogMissing = catalog.isError || catalog.data?.available === false;
  const typeIds = kindTypeIds(kinds, catalog.data?.available ? catalog.data.value.items : undefined);
  const waiting = kinds !== undefined && typeIds === undefined && !catalogMissing;
  const query = useInfiniteQuery({ ...documentListQuery(routeSearch(search), typeIds), enabled: !waiting });
  const read = useRowsRead(query);
  const wanted = kinds && catalogMissing ? new Set(kinds) : undefined;
  const types = useDocumentTypes(wanted ? read.map((doc) => doc.typeId) : []);
  const byKind = useRowsMatchedHere(
    query,
    read,
    wanted
      ? (doc) => {
          const type = types.get(doc.typeId);
          return type !== undefined && wanted.has(documentKind(type) ?? '');
        }
      : undefined,
  );
  const missing = useExtensionMissing('documents') || query.data?.pages[0]?.unavailable === true;
  const filtered = documentPageFilters.count(search) > 0;
  const order = search.direction === 'asc' ? 'oldest published first' : 'newest published first';
  return (
    <>
      <h1 className="text-lg font-semibold tracking-tight">Documents</h1>
      {missing ? (
        <UnavailableNote feature="This page" extension="documents">
          Each company’s page lists its transcripts and recordings: find the company under{' '}
          <Link to="/companies" className={textLinkClass({ underlined: true })}>
            Companies
          </Link>
          , or see{' '}
          <Link to="/transcripts" className={textLinkClass({ underlined: true })}>
            every transcript
          </Link>
          .
        </UnavailableNote>
      ) : (
        <>
          <TimeZoneNote className="mb-4" />
          <div className="mb-4 space-y-2">
            <DroppedFiltersNotice dropped={search.dropped} className="rounded-md border" />
            <ActiveFilterChips
              chips={documentPageFilters.chips(search)}
              onRemove={(chip) =>
                void navigate({ search: (s) => ({ ...s, [chip.field]: documentPageFilters.without(search, chip)[chip.field as 'companyIds'] }) })
              }
            />
            {/* A new search (back/forward, a shared link) starts the form afresh. */}
            <DocumentFilterForm
              key={JSON.stringify(documentPageFilters.toAddress(search))}
              search={search}
              onApply={(next) => void navigate({ search: next })}
              renderCompanyPicker={renderCompanyPicker}
              seenExchanges={seenExchanges}
            />
          </div>
          <Panel title={`${filtered ? 'Matching documents' : 'All documents'}, ${order}`}>
            {wanted && query.data && (
              <p role="status" className="border-b border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
                {`${formatCount(byKind.shown)} of the ${formatCount(byKind.read)} documents read so far are of these kinds.`}
              </p>
            )}
            <InfiniteStates
              query={query}
              select={(page) => page.data.filter(byKind.matches)}
              empty={wanted ? 'None of the documents read so far is of these kinds.' : 'No documents match these filters.'}
              loadingLabel="Loading documents"
            >
              {(items) => <DocumentsTable documents={items} caption={`Documents, ${order}`} />}
            </InfiniteStates>
          </Panel>
        </>
      )}
    </>
  );
}
