import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import { useEventFamilyFilter, useEventFamilyRows } from '../../components/filter-fields.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { RecordingFilters } from './recording-filters.tsx';
import { recordingPageFilters } from './recording-page-filters.ts';
import { recordingListQuery } from './recording-list-query.ts';
import { RecordingsTable } from './recordings-table.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { formatCount } from '../../lib/format.ts';

const route = getRouteApi('/recordings/');

/** /recordings: endpoint 6 with every filter from the address, newest first. */
export function RecordingsPage({ renderCompanyPicker, seenExchanges }: { renderCompanyPicker: RenderCompanyPicker; seenExchanges?: readonly string[] }) {
  usePageTitle('Recordings');
  const address = route.useSearch();
  const search = useMemo(() => recordingPageFilters.parse(address), [address]);
  const navigate = route.useNavigate();
  const query = useInfiniteQuery(recordingListQuery(search));
  const { families } = useEventFamilyFilter(search.filters.types);
  const byType = useEventFamilyRows(query, search.filters.types);
  const filtered = recordingPageFilters.count(search) > 0;
  const order = search.direction === 'asc' ? 'oldest published first' : 'newest published first';
  return (
    <>
      <h1 className="text-lg font-semibold tracking-tight">Recordings</h1>
      <TimeZoneNote className="mb-4" />
      <div className="mb-4 space-y-2">
        <DroppedFiltersNotice dropped={search.dropped} className="rounded-md border" />
        <ActiveFilterChips
          chips={recordingPageFilters.chips(search)}
          onRemove={(chip) =>
            void navigate({ search: (s) => ({ ...s, [chip.field]: recordingPageFilters.without(search, chip)[chip.field as 'companyIds'] }) })
          }
        />
        {/* A new search (back/forward, a shared link) starts the form afresh. */}
        <RecordingFilters
          key={JSON.stringify(recordingPageFilters.toAddress(search))}
          search={search}
          onApply={(next) => void navigate({ search: next })}
          renderCompanyPicker={renderCompanyPicker}
          seenExchanges={seenExchanges}
          families={families}
        />
      </div>
      <Panel title={`${filtered ? 'Matching recordings' : 'All recordings'}, ${order}`}>
        {search.filters.types && query.data && <TypeMatchNote shown={byType.shown} read={byType.read} />}
        <InfiniteStates
          query={query}
          select={(page) => page.data.filter(byType.matches)}
          empty={search.filters.types ? 'None of the recordings read so far is of these event types.' : 'No recordings match these filters.'}
          loadingLabel="Loading recordings"
        >
          {(items) => <RecordingsTable recordings={items} caption={`Recordings, ${order}`} />}
        </InfiniteStates>
      </Panel>
    </>
  );
}

/** The list cannot ask for event types: say how many of the rows read are shown. */
function TypeMatchNote({ shown, read }: { shown: number; read: number }) {
  return (
    <p role="status" className="border-b border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
      {`${formatCount(shown)} of the ${formatCount(read)} recordings read so far are of these event types.`}
    </p>
  );
}
