import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { RecordingFilters } from './recording-filters.tsx';
import { recordingFilters } from './recording-list-filters.ts';
import { recordingListQuery } from './recording-list-query.ts';
import { RecordingsTable } from './recordings-table.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

const route = getRouteApi('/recordings/');

/** /recordings: endpoint 6 with every filter from the address, newest first. */
export function RecordingsPage({ renderCompanyPicker, seenExchanges }: { renderCompanyPicker: RenderCompanyPicker; seenExchanges?: readonly string[] }) {
  usePageTitle('Recordings');
  const address = route.useSearch();
  const search = useMemo(() => recordingFilters.parse(address), [address]);
  const navigate = route.useNavigate();
  const query = useInfiniteQuery(recordingListQuery(search));
  const filtered = recordingFilters.count(search) > 0;
  const order = search.direction === 'asc' ? 'oldest published first' : 'newest published first';
  return (
    <>
      <h1 className="text-lg font-semibold tracking-tight">Recordings</h1>
      <TimeZoneNote className="mb-4" />
      <div className="mb-4 space-y-2">
        <DroppedFiltersNotice dropped={search.dropped} className="rounded-md border" />
        <ActiveFilterChips
          chips={recordingFilters.chips(search)}
          onRemove={(chip) => void navigate({ search: (s) => ({ ...s, [chip.field]: recordingFilters.without(search, chip)[chip.field as 'companyIds'] }) })}
        />
        {/* A new search (back/forward, a shared link) starts the form afresh. */}
        <RecordingFilters
          key={JSON.stringify(recordingFilters.toAddress(search))}
          search={search}
          onApply={(next) => void navigate({ search: next })}
          renderCompanyPicker={renderCompanyPicker}
          seenExchanges={seenExchanges}
        />
      </div>
      <Panel title={`${filtered ? 'Matching recordings' : 'All recordings'}, ${order}`}>
        <InfiniteStates query={query} select={(page) => page.data} empty="No recordings match these filters." loadingLabel="Loading recordings">
          {(items) => <RecordingsTable recordings={items} caption={`Recordings, ${order}`} />}
        </InfiniteStates>
      </Panel>
    </>
  );
}
