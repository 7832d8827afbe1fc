import { useState } from 'react';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { FilterDisclosure, MoreFilters, OwnerFilterFields, EventFamilyField } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import type { EventFamily } from '../../lib/event-families.ts';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { transcriptPageFilters, type TranscriptPageSearch } from './transcript-page-filters.ts';
import { useDocumentTypeList, useDocumentTypes } from '../../components/type-records.ts';
import { isTranscriptType } from '../../lib/transcript-records.ts';
import { documentTypeLabel } from '../../lib/names.ts';

/**
 * The filters of the transcript list as a form. Applying it writes the filters into the URL (so a
 * filtered list can be shared, and back/forward steps through filter changes); a field that holds
 * what cannot be used is marked, and nothing is applied until it is fixed (as on every list page).
 * Companies are picked by name; only transcript types are offered, named from their records.
 */
export function TranscriptFilterForm({
  search,
  knownTypeIds,
  onApply,
  renderCompanyPicker,
  seenExchanges,
  families,
}: {
  search: TranscriptPageSearch;
  /** Transcript types seen so far (named from endpoint 13), offered where the data source does not list its types. */
  knownTypeIds: readonly number[];
  onApply: (address: ReturnType<typeof transcriptPageFilters.toAddress>) => void;
  renderCompanyPicker: RenderCompanyPicker;
  seenExchanges?: readonly string[];
  /** Event types by family, where the data source lists them. */
  families: readonly EventFamily[] | undefined;
}) {
  const fieldId = (field: string) => `filter-${field}`;
  const form = useFilterForm({ filters: transcriptPageFilters, search, onApply, fieldId });
  // The transcript types of the catalog where the data source lists it; else those seen so far.
  const catalog = useDocumentTypeList();
  const listed = catalog?.filter((type) => isTranscriptType(type)).map((type) => type.id);
  const typeIds = [...new Set([...(listed ?? knownTypeIds), ...(search.filters.typeIds ?? []).map(Number)])];
  const docTypes = useDocumentTypes(typeIds);
  // A type is offered once its record names it (never as a number).
  const typeOptions = typeIds
    .flatMap((id) => {
      const type = docTypes.get(id);
      return type ? [{ value: String(id), label: documentTypeLabel(type) }] : [];
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  const active = transcriptPageFilters.count(search);
  // Open on wide screens and whenever filters are set; on a phone the list comes first.
  const [open] = useState(() => active > 0 || typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 640px)').matches);

  return (
    <FilterDisclosure active={active} open={open}>
      <form onSubmit={form.submit} noValidate aria-label="Transcript filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <OwnerFilterFields form={form} fieldId={fieldId} renderCompanyPicker={renderCompanyPicker} seenExchanges={seenExchanges} />
          <EventFamilyField form={form} fieldId={fieldId} families={families} />
        </div>
        <CheckboxGroup
          legend="Transcript types"
          name="typeIds"
          options={typeOptions}
          value={splitList(form.draft.typeIds)}
          onChange={(values) => form.set('typeIds', values.join(','))}
          empty={catalog ? 'The data source lists no transcript types' : 'None seen yet'}
        />
        <MoreFilters form={form} fieldId={fieldId} />
        <FilterFormActions onClear={form.clear} className="flex flex-wrap items-center gap-2" />
      </form>
    </FilterDisclosure>
  );
}
