import { useState } from 'react';
import { DOCUMENT_GROUPS } from '../../api/schemas.ts';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { transcriptFilters, type TranscriptSearch } from './transcript-list-filters.ts';
import { useDocumentTypes } from '../../components/type-records.ts';
import { documentTypeLabel } from '../../lib/names.ts';

/**
 * Every filter of endpoint 11 as a form. Applying it writes the filters into the URL (so a filtered
 * list can be shared, and back/forward steps through filter changes); a field that holds what
 * cannot be used is marked, and nothing is applied until it is fixed (as on every list page).
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

export function TranscriptFilterForm({
  search,
  knownTypeIds,
  onApply,
}: {
  search: TranscriptSearch;
  /** Transcript types seen so far (named from endpoint 13). */
  knownTypeIds: readonly number[];
  onApply: (address: ReturnType<typeof transcriptFilters.toAddress>) => void;
}) {
  const fieldId = (field: string) => `filter-${field}`;
  const form = useFilterForm({ filters: transcriptFilters, search, onApply, fieldId });
  const checkedOf = (field: 'typeIds' | 'documentGroupIds') => splitList(form.draft[field]);
  const typeIds = [...new Set([...knownTypeIds, ...listOf(search, 'typeIds').map(Number)])].sort((a, b) => a - b);
  const docTypes = useDocumentTypes(typeIds);
  const active = transcriptFilters.count(search);
  // Open on wide screens and whenever filters are set; on a phone the list comes first.
  const [open] = useState(() => active > 0 || typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 640px)').matches);

  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={open}>
      <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-semibold tracking-tight [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Filters{active > 0 ? ` (${active} active)` : ''}
      </summary>
      <form onSubmit={form.submit} noValidate aria-label="Transcript filters" className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {TEXT_FIELDS.map(({ field, hint }) => (
            <TextInput
              key={field}
              label={label(field)}
              id={fieldId(field)}
              name={field}
              error={form.error(field)}
              value={form.draft[field] ?? ''}
              onChange={(event) => form.set(field, event.target.value)}
              placeholder={hint}
              autoComplete="off"
            />
          ))}
          {DATES.map((field) => (
            <TextInput
              key={field}
              label={label(field)}
              id={fieldId(field)}
              name={field}
              type="date"
              error={form.error(field)}
              value={(form.draft[field] ?? '').slice(0, 10)}
              onChange={(event) => form.set(field, event.target.value)}
            />
          ))}
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <CheckboxGroup
            legend={label('typeIds')}
            name="typeIds"
            options={typeIds.map((id) => ({ value: String(id), label: documentTypeLabel(docTypes.get(id)) }))}
            value={checkedOf('typeIds')}
            onChange={(values) => form.set('typeIds', values.join(','))}
            empty="None seen yet"
          />
          <CheckboxGroup
            legend={label('documentGroupIds')}
            name="documentGroupIds"
            options={Object.entries(DOCUMENT_GROUPS).map(([id, name]) => ({ value: id, label: name }))}
            value={checkedOf('documentGroupIds')}
            onChange={(values) => form.set('documentGroupIds', values.join(','))}
            className="lg:col-span-2"
          />
          <Select
            label="Order"
            id="filter-direction"
            name="direction"
            value={form.draft.direction ?? 'desc'}
            onChange={(event) => form.set('direction', event.target.value)}
          >
            <option value="desc">Newest published first</option>
            <option value="asc">Oldest published first</option>
          </Select>
        </div>
        <FilterFormActions onClear={form.clear} className="mt-3 flex flex-wrap items-center gap-2" />
      </form>
    </details>
  );
}
