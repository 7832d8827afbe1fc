import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { DocumentRecord, Page } from '../../api/schemas.ts';
import { useCompanyNames } from '../../components/company-names.tsx';
import { ActiveFilterChips } from '../../components/active-filter-chips.tsx';
import { useEventFamilyFilter, useEventFamilyRows } from '../../components/filter-fields.tsx';
import { formatCount } from '../../lib/format.ts';
import { TimeZoneNote } from '../../components/time-zone-note.tsx';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { InfiniteStates } from '../../components/query-states.tsx';
import { useDocumentTypes, useEventTypes } from '../../components/type-records.ts';
import { transcriptZipSource } from './transcript-sources.ts';
import { oneTranscriptPerCall } from '../../lib/transcript-records.ts';
import { BulkDownload } from './bulk-download.tsx';
import { TranscriptFilterForm } from './transcript-filter-form.tsx';
import { transcriptPageFilters } from './transcript-page-filters.ts';
import { transcriptListQuery } from './transcript-list-query.ts';
import { TranscriptsTable, type TranscriptSelection } from './transcripts-table.tsx';
import type { ZipSource } from './zip-download.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** The transcript list: endpoint 11 with every filter from the URL, selection, and zip download. */

/** Transcript types seen in this session, so a type stays offered after filtering it out. */
const seenTypeIds = new Set<number>();

const route = getRouteApi('/transcripts/');

export function TranscriptsPage({ renderCompanyPicker, seenExchanges }: { renderCompanyPicker: RenderCompanyPicker; seenExchanges?: readonly string[] }) {
  usePageTitle('Transcripts');
  const address = route.useSearch();
  const search = useMemo(() => transcriptPageFilters.parse(address), [address]);
  const navigate = route.useNavigate();
  const query = useInfiniteQuery(transcriptListQuery(search));
  const read = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  for (const item of read) seenTypeIds.add(item.typeId);
  const { families } = useEventFamilyFilter(search.filters.types);
  const byType = useEventFamilyRows(query, search.filters.types);
  const items = useMemo(() => read.filter(byType.matches), [read, byType.matches]);
  const searchKey = JSON.stringify(transcriptPageFilters.toAddress(search));
  return (
    <>
      <h1 className="text-lg font-semibold tracking-tight">Transcripts</h1>
      <TimeZoneNote className="mb-4" />
      <div className="space-y-5">
        <DroppedFiltersNotice dropped={search.dropped} className="rounded-md border" />
        <ActiveFilterChips
          chips={transcriptPageFilters.chips(search)}
          onRemove={(chip) =>
            void navigate({ search: (s) => ({ ...s, [chip.field]: transcriptPageFilters.without(search, chip)[chip.field as 'companyIds'] }) })
          }
        />
        <TranscriptFilterForm
          key={`form:${searchKey}`}
          search={search}
          knownTypeIds={[...seenTypeIds]}
          onApply={(next) => void navigate({ search: next })}
          renderCompanyPicker={renderCompanyPicker}
          seenExchanges={seenExchanges}
          families={families}
        />
        {/* A new filter starts a new selection. */}
        <Results
          key={`results:${searchKey}`}
          query={query}
          items={items}
          matches={byType.matches}
          typeMatch={search.filters.types && query.data ? { shown: byType.shown, read: byType.read } : undefined}
          newestFirst={search.direction !== 'asc'}
        />
      </div>
    </>
  );
}

function Results({
  query,
  items,
  matches,
  typeMatch,
  newestFirst,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<DocumentRecord>>>;
  /** The transcripts read that match the event-type filter (all of them without it). */
  items: DocumentRecord[];
  matches: (doc: DocumentRecord) => boolean;
  /** With an event-type filter: how many of the transcripts read match it (the list cannot ask for it). */
  typeMatch?: { shown: number; read: number };
  newestFirst: boolean;
}) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const companies = useCompanyNames(items.map((t) => t.companyId));
  const docTypes = useDocumentTypes(items.map((t) => t.typeId));
  // One row per call: the edited transcript, with the raw one of the same call reachable from its row.
  const calls = oneTranscriptPerCall(items, (id) => docTypes.get(id)?.name ?? undefined);
  const chosen = items.filter((doc) => selected.has(doc.id));
  const eventTypes = useEventTypes(chosen.map((doc) => doc.event?.typeId));

  const selection: TranscriptSelection = {
    selected,
    toggle: (doc) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(doc.id)) next.delete(doc.id);
        else next.add(doc.id);
        return next;
      }),
    setAll: (docs, on) => setSelected(on ? new Set(docs.map((d) => d.id)) : new Set()),
  };

  const sources: ZipSource[] = chosen.map((doc) =>
    transcriptZipSource(doc, companies.get(doc.companyId), docTypes.get(doc.typeId), doc.event ? eventTypes.get(doc.event.typeId) : undefined),
  );
  const caption = newestFirst ? 'Transcripts, newest published first' : 'Transcripts, oldest published first';

  return (
    <Panel
      title={caption}
      actions={
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {selected.size > 0 ? `${selected.size} selected` : `${calls.length} ${calls.length === 1 ? 'call' : 'calls'} loaded`}
        </span>
      }
    >
      <div className="border-b border-slate-200 px-4 py-2.5 dark:border-slate-800">
        <BulkDownload sources={sources} />
      </div>
      {typeMatch && (
        <p role="status" className="border-b border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {`${formatCount(typeMatch.shown)} of the ${formatCount(typeMatch.read)} transcripts read so far are of these event types.`}
        </p>
      )}
      <InfiniteStates
        query={query}
        select={(page) => page.data.filter(matches)}
        empty={typeMatch ? 'None of the transcripts read so far is of these event types.' : 'No transcripts match these filters.'}
        loadingLabel="Loading transcripts"
      >
        {(rows) => <TranscriptsTable transcripts={rows} caption={caption} selection={selection} />}
      </InfiniteStates>
    </Panel>
  );
}
