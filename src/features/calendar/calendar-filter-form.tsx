import { CountryExchangeFields, FilterDisclosure, EventFamilyField } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import type { EventFamily } from '../../lib/event-families.ts';
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
          <EventFamilyField form={form} fieldId={fieldId} families={families} />
          <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={seenExchanges} />
        </div>
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </FilterDisclosure>
  );
}
