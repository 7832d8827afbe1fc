import { useState, type FormEvent } from 'react';
import { DOCUMENT_GROUPS } from '../../api/schemas.ts';
import { DroppedFiltersNotice } from '../../components/dropped-filters-notice.tsx';
import type { DroppedFilter } from '../../lib/filters/dropped.ts';
import { transcriptFilters, type TranscriptSearch } from './transcript-list-filters.ts';
import { useTranscriptTypeNames } from './transcripts-table.tsx';

/**
 * Every filter of endpoint 11 as a form. Applying it writes the filters into the URL (so a filtered
 * list can be shared, and back/forward steps through filter changes); what cannot be read is
 * dropped and named in a note.
 */

const TEXT_FIELDS = [
  { field: 'countries', hint: 'e.g. US, GB' },
  { field: 'exchanges', hint: 'e.g. NYSE, LSE' },
  { field: 'tickers', hint: 'e.g. ACME' },
  { field: 'isins', hint: 'e.g. US0378331005' },
  { field: 'companyIds', hint: 'e.g. 12, 40' },
  { field: 'eventIds', hint: 'e.g. 7038' },
] as const;
const DATES = ['startDate', 'endDate', 'updatedAfter', 'updatedBefore'] as const;
const label = (field: (typeof transcriptFilters.fields)[number]) => transcriptFilters.spec.fields[field].label;
/** The cleaned items of a list filter. */
const listOf = (search: TranscriptSearch, field: 'typeIds' | 'documentGroupIds') => search.filters[field] ?? [];

const input =
  'h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-400';
const labelText = 'mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300';

export function TranscriptFilterForm({
  search,
  knownTypeIds,
  onApply,
  ignored,
}: {
  search: TranscriptSearch;
  /** What the last applied form held that could not be read, in words. */
  ignored: readonly DroppedFilter[];
  /** Transcript types seen so far (named from endpoint 13). */
  knownTypeIds: readonly number[];
  onApply: (address: ReturnType<typeof transcriptFilters.toAddress>, ignored: DroppedFilter[]) => void;
}) {
  const typeIds = [...new Set([...knownTypeIds, ...listOf(search, 'typeIds').map(Number)])].sort((a, b) => a - b);
  const typeNames = useTranscriptTypeNames(typeIds);
  const selectedTypes = new Set(listOf(search, 'typeIds'));
  const selectedGroups = new Set(listOf(search, 'documentGroupIds'));
  const active = transcriptFilters.count(search);
  // Open on wide screens and whenever filters are set; on a phone the list comes first.
  const [open] = useState(() => active > 0 || typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 640px)').matches);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const raw: Record<string, unknown> = {};
    for (const { field } of TEXT_FIELDS) raw[field] = data.get(field);
    for (const field of DATES) raw[field] = data.get(field);
    raw.typeIds = data.getAll('typeIds').join(',');
    raw.documentGroupIds = data.getAll('documentGroupIds').join(',');
    raw.direction = data.get('direction');
    const result = transcriptFilters.parse(raw);
    onApply(transcriptFilters.toAddress(result), result.dropped);
  };

  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={open}>
      <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-semibold tracking-tight [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Filters{active > 0 ? ` (${active} active)` : ''}
      </summary>
      <form onSubmit={submit} aria-label="Transcript filters" className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {TEXT_FIELDS.map(({ field, hint }) => (
            <div key={field}>
              <label htmlFor={`filter-${field}`} className={labelText}>
                {label(field)}
              </label>
              <input
                id={`filter-${field}`}
                name={field}
                defaultValue={transcriptFilters.text(search, field)}
                placeholder={hint}
                autoComplete="off"
                className={input}
              />
            </div>
          ))}
          {DATES.map((field) => (
            <div key={field}>
              <label htmlFor={`filter-${field}`} className={labelText}>
                {label(field)}
              </label>
              <input id={`filter-${field}`} name={field} type="date" defaultValue={search.filters[field]?.slice(0, 10) ?? ''} className={input} />
            </div>
          ))}
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <fieldset className="min-w-0">
            <legend className={labelText}>{label('typeIds')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {typeIds.length === 0 && <span className="text-xs text-slate-600 dark:text-slate-400">None seen yet</span>}
              {typeIds.map((id) => (
                <label key={id} className="flex min-w-0 items-center gap-1.5 text-sm wrap-anywhere">
                  <input type="checkbox" name="typeIds" value={id} defaultChecked={selectedTypes.has(String(id))} className="h-4 w-4 accent-accent-700" />
                  {typeNames.get(id) ?? `Type ${id}`}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="lg:col-span-2">
            <legend className={labelText}>{label('documentGroupIds')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {Object.entries(DOCUMENT_GROUPS).map(([id, name]) => (
                <label key={id} className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" name="documentGroupIds" value={id} defaultChecked={selectedGroups.has(id)} className="h-4 w-4 accent-accent-700" />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="filter-direction" className={labelText}>
              Order
            </label>
            <select id="filter-direction" name="direction" defaultValue={search.direction} className={input}>
              <option value="desc">Newest first</option>
              <option value="asc">Oldest first</option>
            </select>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="submit"
            className="inline-flex h-8 items-center rounded-md bg-accent-700 px-3 text-sm font-medium text-white hover:bg-sky-800 dark:bg-accent-700 dark:hover:bg-sky-800"
          >
            Apply filters
          </button>
          <button
            type="button"
            onClick={() => onApply({}, [])}
            className="inline-flex h-8 items-center rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Clear all
          </button>
          <DroppedFiltersNotice dropped={ignored} intro="Ignored what could not be read:" className="rounded-md border" />
        </div>
      </form>
    </details>
  );
}
