import { useId } from 'react';
import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { CountryExchangeFields, MoreFilters, TickerIsinFields } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { companyFilters, type CompanySearch } from './company-list-filters.ts';

/**
 * Every filter of endpoint 1: companies picked by name, countries and exchanges from named lists,
 * tickers and ISINs typed. Applying writes the filters to the address bar (one history entry), so
 * the view can be shared and walked with back and forward.
 */
export function CompanyFiltersForm({
  value,
  onApply,
  suggestions,
  renderCompanyPicker,
}: {
  value: CompanySearch;
  /** The address for the filters (only ever values that can be used). */
  onApply: (next: ReturnType<typeof companyFilters.toAddress>) => void;
  /** Exchanges known to the company index, offered beside the named ones. */
  suggestions: { countries: string[]; exchanges: string[] };
  renderCompanyPicker: RenderCompanyPicker;
}) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const form = useFilterForm({ filters: companyFilters, search: value, onApply, fieldId });

  return (
    <form onSubmit={form.submit} noValidate aria-label="Company filters" className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
      {renderCompanyPicker({
        label: 'Companies',
        id: fieldId('ids'),
        value: splitList(form.draft.ids),
        onChange: (ids) => form.set('ids', ids.join(',')),
        error: form.error('ids'),
      })}
      <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={suggestions.exchanges} />
      <TickerIsinFields form={form} fieldId={fieldId} />
      <MoreFilters form={form} fieldId={fieldId} className="sm:col-span-2 lg:col-span-4" />
      <FilterFormActions onClear={form.clear} className="flex items-end gap-2 sm:col-span-2 lg:col-span-4" />
    </form>
  );
}
