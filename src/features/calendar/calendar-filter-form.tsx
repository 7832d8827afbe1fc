import { CountryExchangeFields, FilterDisclosure } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { MultiSelect } from '../../components/ui/multi-select.tsx';
import type { EventFamily } from '../../lib/event-families.ts';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { calendarFilters, type CalendarFilterSearch } from './calendar-search.ts';

/**
 * The calendar's filters: countries and exchanges from the named lists, and event types by family
 * as the service's type list names them (earnings calls first). Applied to the address.
 */
export function CalendarFilterForm({
  search,
  onApply,
  families,
  seenExchanges,
}: {
  search: CalendarFilterSearch;
  onApply: (address: ReturnType<typeof calendarFilters.toAddress>) => void;
  /** Undefined where the data source does not list its event types: the type filter is left out. */
  families: readonly EventFamily[] | undefined;
  seenExchanges?: readonly string[];
}) {
  const fieldId = (field: string) => `calendar-filter-${field}`;
  const form = useFilterForm({ filters: calendarFilters, search, onApply, fieldId });
  const active = calendarFilters.count(search);
  return (
    <FilterDisclosure active={active} open={active > 0}>
      <form onSubmit={form.submit} noValidate aria-label="Calendar filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {families && (
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
          )}
          <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={seenExchanges} />
        </div>
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </FilterDisclosure>
  );
}
