import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { CountryExchangeFields, DateRange, MoreFilters, TickerIsinFields } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { Select } from '../../components/ui/select.tsx';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { recordingFilters, type RecordingSearch } from './recording-list-filters.ts';

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
}: {
  search: RecordingSearch;
  onApply: (address: ReturnType<typeof recordingFilters.toAddress>) => void;
  renderCompanyPicker: RenderCompanyPicker;
  seenExchanges?: readonly string[];
}) {
  const fieldId = (field: string) => `recording-filter-${field}`;
  const form = useFilterForm({ filters: recordingFilters, search, onApply, fieldId });
  const active = recordingFilters.count(search);

  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={active > 0 || undefined}>
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold">Filters{active > 0 ? ` (${active} applied)` : ''}</summary>
      <form onSubmit={form.submit} noValidate aria-label="Recording filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
            id="recording-filter-direction"
            value={form.draft.direction ?? 'desc'}
            onChange={(event) => form.set('direction', event.target.value)}
          >
            <option value="desc">Newest published first</option>
            <option value="asc">Oldest published first</option>
          </Select>
        </div>
        <MoreFilters form={form} fieldId={fieldId} />
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </details>
  );
}
