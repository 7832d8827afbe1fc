import { CountryExchangeFields, DateRange, FilterDisclosure } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { EventFamilyField } from '../../components/event-family-filter.tsx';
import type { EventFamily } from '../../lib/event-families.ts';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { CompanyPicker } from '../company-search/company-picker.tsx';
import { searchFilters, type SearchFilterSearch } from './address.ts';

/**
 * The transcript search's filters: companies (by name), countries and exchanges, event types by
 * family, the event's date, and who speaks. Applied to the address, like every list's filters.
 */
export function TranscriptSearchFilters({
  search,
  onApply,
  families,
  seenExchanges,
}: {
  search: SearchFilterSearch;
  onApply: (address: ReturnType<typeof searchFilters.toAddress>) => void;
  families: readonly EventFamily[] | undefined;
  seenExchanges?: readonly string[];
}) {
  const fieldId = (field: string) => `search-filter-${field}`;
  const form = useFilterForm({ filters: searchFilters, search, onApply, fieldId });
  const active = searchFilters.count(search);
  return (
    <FilterDisclosure active={active} open={active > 0}>
      <form onSubmit={form.submit} noValidate aria-label="Search filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <CompanyPicker
            label="Companies"
            id={fieldId('companyIds')}
            value={splitList(form.draft.companyIds)}
            onChange={(ids) => form.set('companyIds', ids.join(','))}
            error={form.error('companyIds')}
          />
          <EventFamilyField form={form} fieldId={fieldId} families={families} />
          <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={seenExchanges} />
          <DateRange legend="Event date" from="from" to="to" form={form} fieldId={fieldId} />
          <CheckboxGroup
            legend="Who speaks"
            name="speakers"
            options={[
              { value: 'executive', label: 'Executives' },
              { value: 'analyst', label: 'Analysts' },
            ]}
            value={splitList(form.draft.speakers)}
            onChange={(values) => form.set('speakers', values.join(','))}
            hint="Only edited transcripts name who speaks."
          />
        </div>
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </FilterDisclosure>
  );
}
