import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { FilterFormLike } from './filter-fields.tsx';
import { useEventTypeList, useEventTypes } from './type-records.ts';
import { MultiSelect } from './ui/multi-select.tsx';
import { callKind, eventFamilies, typeIdsOf, type EventFamily } from '../lib/event-families.ts';
import { splitList } from '../lib/filters/split-list.ts';

/**
 * Event types by family (`types=earnings-call`), the one way a page filters on them: the service's
 * type list named into families, what the address's families ask for as type ids (`[0]`, matching
 * nothing, when none of them exists), and whether the page must wait for the list first.
 */
export function useEventFamilyFilter(types: readonly string[] | undefined) {
  const typeList = useEventTypeList();
  const families = typeList ? eventFamilies(typeList) : undefined;
  const typeIds = types && families ? typeIdsOf(families, types) : undefined;
  return {
    /** Undefined where the data source does not list its event types. */
    families,
    waiting: types !== undefined && families === undefined,
    typeIds: typeIds && typeIds.length === 0 ? [0] : typeIds,
  };
}

/** The filter forms' event-type field, offered only where the data source lists its types. */
export function EventFamilyField({
  form,
  fieldId,
  families,
}: {
  form: FilterFormLike<'types'>;
  fieldId: (field: string) => string;
  families: readonly EventFamily[] | undefined;
}) {
  if (!families) return null;
  return (
    <MultiSelect
      label="Event types"
      id={fieldId('types')}
      options={families.map((family) => ({ value: family.key, label: family.name }))}
      value={splitList(form.draft.types)}
      onChange={(value) => form.set('types', value.join(','))}
      placeholder="Type an event type"
      noMatch="No event type matches"
      error={form.error('types')}
    />
  );
}

/**
 * The event-type field of a list page that matches it in the browser (recordings, transcripts):
 * spread into the page's own filters (`*-page-filters.ts`), not the route's, so neither the field
 * nor its words join every page's first download; the router keeps the address key all the same.
 */
export const EVENT_FAMILY_FIELDS = { types: { kind: 'eventFamilies', label: 'Event types' } } as const;

const everyRow = () => true;

/** A list matched in the browser reads on by itself until it shows this many rows… */
const FILL_ROWS = 20;
/** …or has read this many pages (then "Load more" reads on). */
const FILL_PAGES = 10;

/**
 * Event types by family for a list whose endpoint cannot filter on them (recordings, transcripts:
 * each record embeds its event): the rows of the pages read so far whose event is of a chosen
 * family, by `callKind` of its type (the catalog where the data source lists it, else each type
 * read by id, so the address's families work on every data source). A row whose type is still
 * loading waits. While few rows match, the next pages are read (up to FILL_PAGES in all), so a
 * first page of conferences does not leave an earnings-call list empty.
 */
export function useEventFamilyRows<T extends { event?: { typeId: number } | null }>(
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>,
  families: readonly string[] | undefined,
) {
  const read = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const types = useEventTypes(families ? read.map((row) => row.event?.typeId) : []);
  const wanted = families ? new Set(families) : undefined;
  // Without a choice, one function for good, so what the page derives from the rows stays put between renders.
  const matches = wanted
    ? (row: T) => {
        const typeId = row.event?.typeId;
        return typeId !== undefined && types.has(typeId) && wanted.has(callKind(types.get(typeId), typeId));
      }
    : everyRow;
  const shown = wanted ? read.filter(matches).length : read.length;
  const pages = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  const active = wanted !== undefined;
  useEffect(() => {
    if (!active || shown >= FILL_ROWS || pages === 0 || pages >= FILL_PAGES || !hasNextPage || isFetching || isError) return;
    void fetchNextPage();
  }, [active, shown, pages, hasNextPage, isFetching, isError, fetchNextPage]);
  return {
    /** Whether a row is of a chosen family (every row when none is chosen). */
    matches,
    /** Rows shown and rows read, for the line that says what was matched. */
    shown,
    read: read.length,
  };
}
