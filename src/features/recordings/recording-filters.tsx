import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { FilterDisclosure, MoreFilters, OwnerFilterFields, EventFamilyField } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import type { EventFamily } from '../../lib/event-families.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { recordingPageFilters, type RecordingPageSearch } from './recording-page-filters.ts';

/**
 * The filters of the recordings list: edited here, applied to the URL (so they can be shared).
 * Companies are picked by name (the route passes the picker); an event from the address stays
 * applied (it shows as a chip above) until removed there or cleared.
 */
export function RecordingFilters({
  search,
  onApply,
  renderCompanyPicker,
  seenExchanges,
  families,
}: {
  search: RecordingPageSearch;
  onApply: (address: ReturnType<typeof recordingPageFilters.toAddress>) => void;
  renderCompanyPicker: RenderCompanyPicker;
  seenExchanges?: readonly string[];
  /** Event types by family, where the data source lists them. */
  families: readonly EventFamily[] | undefined;
}) {
  const fieldId = (field: string) => `recording-filter-${field}`;
  const form = useFilterForm({ filters: recordingPageFilters, search, onApply, fieldId });
  const active = recordingPageFilters.count(search);

  return (
    <FilterDisclosure active={active} open={active > 0}>
      <form onSubmit={form.submit} noValidate aria-label="Recording filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <OwnerFilterFields form={form} fieldId={fieldId} renderCompanyPicker={renderCompanyPicker} seenExchanges={seenExchanges} />
          <EventFamilyField form={form} fieldId={fieldId} families={families} />
        </div>
        <MoreFilters form={form} fieldId={fieldId} />
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </FilterDisclosure>
  );
}
