import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useEventTypeList, useEventTypes } from './type-records.ts';
import { callKind, eventFamilies, typeIdsOf, type EventFamily } from '../lib/event-families.ts';
import type { RenderCompanyPicker } from './company-picker-slot.ts';
import { Select } from './ui/select.tsx';
import { countryOptions } from '../lib/filters/countries.ts';
import { exchangeOptions } from '../lib/filters/exchanges.ts';
import { splitList } from '../lib/filters/split-list.ts';
import { fieldLabelClass, hintClass } from './ui/field.tsx';
import { MultiSelect } from './ui/multi-select.tsx';
import { TextInput } from './ui/text-input.tsx';

/**
 * The pieces every list page's filter form is made of, so the three forms read alike: countries
 * and exchanges from named lists, a date range under a legend that says which date it is, and
 * the sync dates folded under "More filters". Each works on the form of useFilterForm.
 */

/** What these pieces need of useFilterForm's result (its draft holds each field as text). */
export interface FilterFormLike<F extends string> {
  draft: Record<string, string>;
  set(field: F, text: string): void;
  error(field: F): string | undefined;
}

/** Countries and exchanges, each a multi-select over a named list. */
export function CountryExchangeFields({
  form,
  fieldId,
  seenExchanges = [],
}: {
  form: FilterFormLike<'countries' | 'exchanges'>;
  fieldId: (field: string) => string;
  /** Exchanges seen in the data beyond the known ones (shown by their symbol). */
  seenExchanges?: readonly string[];
}) {
  return (
    <>
      <MultiSelect
        label="Countries"
        id={fieldId('countries')}
        options={countryOptions()}
        value={splitList(form.draft.countries)}
        onChange={(value) => form.set('countries', value.join(','))}
        placeholder="Type a country"
        noMatch="No country matches"
        error={form.error('countries')}
      />
      <MultiSelect
        label="Exchanges"
        id={fieldId('exchanges')}
        options={exchangeOptions(seenExchanges.filter((symbol) => symbol !== 'BASE'))}
        value={splitList(form.draft.exchanges)}
        onChange={(value) => form.set('exchanges', value.join(','))}
        placeholder="Type an exchange"
        noMatch="No exchange matches"
        error={form.error('exchanges')}
      />
    </>
  );
}

/** One date field of a filter form (a date-time from a link shows as its day). */
function DateField<F extends string>({
  field,
  label,
  form,
  fieldId,
}: {
  field: F;
  label: string;
  form: FilterFormLike<F>;
  fieldId: (field: string) => string;
}) {
  return (
    <TextInput
      label={label}
      id={fieldId(field)}
      name={field}
      type="date"
      error={form.error(field)}
      value={(form.draft[field] ?? '').slice(0, 10)}
      onChange={(event) => form.set(field, event.target.value)}
    />
  );
}

/** A pair of date fields, "From" and "To", under a legend naming the date ("Event date"). */
export function DateRange<F extends string>({
  legend,
  from,
  to,
  form,
  fieldId,
  hint,
  className,
}: {
  legend: string;
  from: F;
  to: F;
  form: FilterFormLike<F>;
  fieldId: (field: string) => string;
  hint?: string;
  className?: string;
}) {
  const hintId = hint ? `${fieldId(from)}-range-hint` : undefined;
  return (
    <fieldset className={['min-w-0', className].filter(Boolean).join(' ')} aria-describedby={hintId}>
      <legend className={fieldLabelClass}>{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            [from, 'From'],
            [to, 'To'],
          ] as const
        ).map(([field, text]) => (
          <DateField key={field} field={field} label={text} form={form} fieldId={fieldId} />
        ))}
      </div>
      {hint && (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      )}
    </fieldset>
  );
}

/**
 * "More filters": when the record last changed at the source (for keeping a copy in sync), folded
 * away as few readers need it; open from the start when the address sets one.
 */
export function MoreFilters({
  form,
  fieldId,
  className,
}: {
  form: FilterFormLike<'updatedAfter' | 'updatedBefore'>;
  fieldId: (field: string) => string;
  className?: string;
}) {
  const [open] = useState(() => Boolean(form.draft.updatedAfter || form.draft.updatedBefore));
  const invalid = Boolean(form.error('updatedAfter') || form.error('updatedBefore'));
  return (
    <details className={['group min-w-0', className].filter(Boolean).join(' ')} open={open || invalid || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">More filters</summary>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        When the source last changed each item, for keeping your own copy up to date; not the date of the event.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <DateField field="updatedAfter" label="Updated after" form={form} fieldId={fieldId} />
        <DateField field="updatedBefore" label="Updated before" form={form} fieldId={fieldId} />
      </div>
    </details>
  );
}

/** Tickers and ISINs: typed, as analysts know them. */
export function TickerIsinFields({ form, fieldId }: { form: FilterFormLike<'tickers' | 'isins'>; fieldId: (field: string) => string }) {
  return (
    <>
      {(
        [
          ['tickers', 'Tickers', 'e.g. ACME, XYZ', 'On any exchange, separated by commas'],
          ['isins', 'ISINs', 'e.g. US0378331005', 'Twelve characters each, separated by commas'],
        ] as const
      ).map(([field, label, placeholder, hint]) => (
        <TextInput
          key={field}
          label={label}
          hint={hint}
          id={fieldId(field)}
          name={field}
          error={form.error(field)}
          value={form.draft[field] ?? ''}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => form.set(field, event.target.value)}
        />
      ))}
    </>
  );
}

/** A list's filters, folded under "Filters (N applied)"; `open` says whether it starts unfolded. */
export function FilterDisclosure({ active, open, children }: { active: number; open: boolean; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={open || undefined}>
      <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-semibold tracking-tight [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        <span>Filters{active > 0 ? ` (${active} applied)` : ''}</span>
      </summary>
      {children}
    </details>
  );
}

type OwnerField = 'companyIds' | 'countries' | 'exchanges' | 'tickers' | 'isins' | 'startDate' | 'endDate';

/**
 * The filters recordings and transcripts share (endpoints 6 and 11): the company, picked by name;
 * countries and exchanges; the event's date; tickers and ISINs; and the order, by publication.
 */
export function OwnerFilterFields({
  form,
  fieldId,
  renderCompanyPicker,
  seenExchanges,
}: {
  form: FilterFormLike<OwnerField> & { set(field: 'direction', text: string): void };
  fieldId: (field: string) => string;
  renderCompanyPicker: RenderCompanyPicker;
  seenExchanges?: readonly string[];
}) {
  return (
    <>
      {renderCompanyPicker({
        label: 'Companies',
        id: fieldId('companyIds'),
        value: splitList(form.draft.companyIds),
        onChange: (ids) => form.set('companyIds', ids.join(',')),
        error: form.error('companyIds'),
      })}
      <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={seenExchanges} />
      <DateRange legend="Event date" from="startDate" to="endDate" form={form} fieldId={fieldId} />
      <TickerIsinFields form={form} fieldId={fieldId} />
      <Select
        label="Order"
        id={fieldId('direction')}
        name="direction"
        value={form.draft.direction ?? 'desc'}
        onChange={(event) => form.set('direction', event.target.value)}
      >
        <option value="desc">Newest published first</option>
        <option value="asc">Oldest published first</option>
      </Select>
    </>
  );
}

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
 * loading waits. While few rows match, the next pages are read (`useRowsMatchedHere`).
 */
export function useEventFamilyRows<T extends { event?: { typeId: number } | null }>(
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>,
  families: readonly string[] | undefined,
) {
  const read = useRowsRead(query);
  const types = useEventTypes(families ? read.map((row) => row.event?.typeId) : []);
  const wanted = families ? new Set(families) : undefined;
  const matches = wanted
    ? (row: T) => {
        const typeId = row.event?.typeId;
        return typeId !== undefined && types.has(typeId) && wanted.has(callKind(types.get(typeId), typeId));
      }
    : undefined;
  return useRowsMatchedHere(query, read, matches);
}

/** Every row of the pages of a list read so far. */
export function useRowsRead<T>(query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>): T[] {
  return useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
}

/**
 * A filter a list matches in the browser (its endpoint cannot, or the page cannot yet say how):
 * `matches` over the rows read, undefined for no such filter. While fewer than FILL_ROWS match,
 * the next pages are read by themselves (up to FILL_PAGES in all; then "Load more" reads on), so a
 * first page without a match does not leave the list empty.
 */
export function useRowsMatchedHere<T>(
  query: UseInfiniteQueryResult<InfiniteData<{ data: T[] }>>,
  read: readonly T[],
  matches: ((row: T) => boolean) | undefined,
) {
  const shown = matches ? read.filter(matches).length : read.length;
  const pages = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  const active = matches !== undefined;
  useEffect(() => {
    if (!active || shown >= FILL_ROWS || pages === 0 || pages >= FILL_PAGES || !hasNextPage || isFetching || isError) return;
    void fetchNextPage();
  }, [active, shown, pages, hasNextPage, isFetching, isError, fetchNextPage]);
  return {
    /** Whether a row matches (every row without the filter: one function for good, so what the page derives from the rows stays put between renders). */
    matches: matches ?? everyRow,
    /** Rows shown and rows read, for the line that says what was matched. */
    shown,
    read: read.length,
  };
}
