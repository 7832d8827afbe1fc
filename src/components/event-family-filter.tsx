import type { FilterFormLike } from './filter-fields.tsx';
import { useEventTypeList } from './type-records.ts';
import { MultiSelect } from './ui/multi-select.tsx';
import { eventFamilies, typeIdsOf, type EventFamily } from '../lib/event-families.ts';
import { splitList } from '../lib/filters/split-list.ts';

/**
 * Event types by family (`types=earnings-call`), the one way a page filters on them: the service's
 * type list named into families, what the address's families ask for as type ids (`[0]`, matching
 * nothing, when none of them exists), and whether the page must wait for the list first.
 */
export function useEventFamilyFilter(types: readonly string[] | undefined) {
  const typeList = useEventTypeList();
  const families = typeList ? eventFamilies(typeList) : undefined;
  const typeIds = types && families ? typeIdsOf(families, types) : undefined;
  return {
    /** Undefined where the data source does not list its event types. */
    families,
    waiting: types !== undefined && families === undefined,
    typeIds: typeIds && typeIds.length === 0 ? [0] : typeIds,
  };
}

/** The filter forms' event-type field, offered only where the data source lists its types. */
export function EventFamilyField({
  form,
  fieldId,
  families,
}: {
  form: FilterFormLike<'types'>;
  fieldId: (field: string) => string;
  families: readonly EventFamily[] | undefined;
}) {
  if (!families) return null;
  return (
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
  );
}
