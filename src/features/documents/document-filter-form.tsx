import type { RenderCompanyPicker } from '../../components/company-picker-slot.ts';
import { FilterDisclosure, MoreFilters, OwnerFilterFields } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { DOCUMENT_KINDS } from '../../lib/document-kinds.ts';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { documentPageFilters, type DocumentPageSearch } from './document-list-page-filters.ts';

/**
 * The filters of the documents list, as the recordings and transcripts lists have them (company by
 * name, countries, exchanges, event date, tickers, ISINs, order, the sync dates under "More
 * filters"), and the kind of document, as a company's Documents panel sorts them. Applied to the
 * address, nothing until every field can be used.
 */
export function DocumentFilterForm({
  search,
  onApply,
  renderCompanyPicker,
  seenExchanges,
}: {
  search: DocumentPageSearch;
  onApply: (address: ReturnType<typeof documentPageFilters.toAddress>) => void;
  renderCompanyPicker: RenderCompanyPicker;
  seenExchanges?: readonly string[];
}) {
  const fieldId = (field: string) => `document-filter-${field}`;
  const form = useFilterForm({ filters: documentPageFilters, search, onApply, fieldId });
  const active = documentPageFilters.count(search);

  return (
    <FilterDisclosure active={active} open={active > 0}>
      <form onSubmit={form.submit} noValidate aria-label="Document filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <OwnerFilterFields form={form} fieldId={fieldId} renderCompanyPicker={renderCompanyPicker} seenExchanges={seenExchanges} />
        </div>
        <CheckboxGroup
          legend="Kinds"
          name="kinds"
          id={fieldId('kinds')}
          options={DOCUMENT_KINDS.map(({ kind, label }) => ({ value: kind, label }))}
          value={splitList(form.draft.kinds)}
          onChange={(values) => form.set('kinds', values.join(','))}
          error={form.error('kinds')}
        />
        <MoreFilters form={form} fieldId={fieldId} />
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </FilterDisclosure>
  );
}
