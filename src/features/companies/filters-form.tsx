import { useId } from 'react';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { companyFilters, type CompanySearch } from './company-list-filters.ts';

const LIST_FIELDS = ['countries', 'exchanges', 'tickers', 'isins', 'ids'] as const;
type Field = (typeof companyFilters.fields)[number];
const FIELD_LABELS = { ...Object.fromEntries(companyFilters.fields.map((f) => [f, companyFilters.spec.fields[f].label])), direction: 'Order' } as Record<
  Field | 'direction',
  string
>;
const HINTS: Record<(typeof LIST_FIELDS)[number], { placeholder: string; hint: string }> = {
  countries: { placeholder: 'US, DE', hint: 'Two-letter country codes' },
  exchanges: { placeholder: 'NYSE, XETRA', hint: 'Exchange symbols' },
  tickers: { placeholder: 'AAPL', hint: 'Tickers on any exchange' },
  isins: { placeholder: 'US0378331005', hint: 'Twelve-character ISINs' },
  ids: { placeholder: '1, 2, 3', hint: 'Company ids' },
};

/**
 * Every filter of endpoint 1. Lists take commas or spaces. Applying writes the filters to the
 * address bar (one history entry), so the view can be shared and walked with back and forward.
 */
export function CompanyFiltersForm({
  value,
  onApply,
  suggestions,
}: {
  value: CompanySearch;
  /** The address for the filters (only ever values that can be used). */
  onApply: (next: ReturnType<typeof companyFilters.toAddress>) => void;
  /** Known countries and exchanges (from the company index), offered as the user types. */
  suggestions: { countries: string[]; exchanges: string[] };
}) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const form = useFilterForm({ filters: companyFilters, search: value, onApply, fieldId });

  return (
    <form onSubmit={form.submit} noValidate aria-label="Company filters" className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
      {LIST_FIELDS.map((field) => {
        const listId = field === 'countries' || field === 'exchanges' ? `${id}-${field}-options` : undefined;
        return (
          <div key={field}>
            <TextInput
              label={FIELD_LABELS[field]}
              hint={`${HINTS[field].hint}, separated by commas`}
              id={fieldId(field)}
              name={field}
              error={form.error(field)}
              value={form.draft[field] ?? ''}
              placeholder={HINTS[field].placeholder}
              list={listId}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => form.set(field, e.target.value)}
            />
            {listId && (
              <datalist id={listId}>
                {(field === 'countries' ? suggestions.countries : suggestions.exchanges).map((option) => (
                  <option key={option} value={[...splitList(form.draft[field]).slice(0, -1), option].join(', ')} />
                ))}
              </datalist>
            )}
          </div>
        );
      })}
      <TextInput
        label={FIELD_LABELS.updatedAfter}
        id={fieldId('updatedAfter')}
        type="date"
        error={form.error('updatedAfter')}
        value={dateOnly(form.draft.updatedAfter)}
        onChange={(e) => form.set('updatedAfter', e.target.value)}
      />
      <TextInput
        label={FIELD_LABELS.updatedBefore}
        id={fieldId('updatedBefore')}
        type="date"
        error={form.error('updatedBefore')}
        value={dateOnly(form.draft.updatedBefore)}
        onChange={(e) => form.set('updatedBefore', e.target.value)}
      />
      <Select
        label={FIELD_LABELS.direction}
        id={`${id}-direction`}
        value={form.draft.direction ?? 'asc'}
        onChange={(e) => form.set('direction', e.target.value)}
      >
        <option value="asc">Oldest listed first</option>
        <option value="desc">Newest listed first</option>
      </Select>
      <FilterFormActions onClear={form.clear} className="flex items-end gap-2 sm:col-span-2 lg:col-span-4" />
    </form>
  );
}

/** The date part a date input can show (a full timestamp from a link shows as its day). */
function dateOnly(value: string | undefined): string {
  return value ? value.slice(0, 10) : '';
}
