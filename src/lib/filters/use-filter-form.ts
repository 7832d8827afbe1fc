import { useState, type FormEvent } from 'react';
import type { CleanSearch, FilterAddress, Filters, FilterSpec } from './define-filters.ts';

/**
 * The one way a list page's filter form behaves: it starts from the address (and again whenever the
 * address changes), checks each field with the page's filter rules, and on Apply either writes the
 * cleaned filters to the address or, when a field holds something that cannot be used, applies
 * nothing, marks each such field with what is wrong and moves focus to the first of them.
 */
export function useFilterForm<S extends FilterSpec>({
  filters,
  search,
  onApply,
  fieldId,
}: {
  filters: Filters<S>;
  /** The cleaned filters the page shows now. */
  search: CleanSearch<S>;
  onApply: (address: FilterAddress<S>) => void;
  /** The id of a field's control, so focus can move to it. */
  fieldId: (field: string) => string;
}) {
  type Field = Filters<S>['fields'][number];
  const draftOf = (from: CleanSearch<S>): Record<string, string> => ({
    ...Object.fromEntries(filters.fields.map((field) => [field, filters.text(from, field)])),
    direction: from.direction,
  });
  const [draft, setDraft] = useState(() => draftOf(search));
  // What the address says, by value: a page that re-renders (a result arriving) with the same
  // filters in a new object keeps what is being chosen; only a change of the address resets it.
  const sourceKey = JSON.stringify(filters.toAddress(search));
  const [source, setSource] = useState(sourceKey);
  const [checked, setChecked] = useState(false);
  if (source !== sourceKey) {
    setSource(sourceKey);
    setDraft(draftOf(search));
    setChecked(false);
  }

  /** What is wrong with a field, once Apply has been pressed (not while the first letters are typed). */
  const error = (field: Field): string | undefined => (checked ? filters.problem(field, draft[field] ?? '') : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const first = filters.fields.find((field) => filters.problem(field, draft[field] ?? '') !== undefined);
    if (first !== undefined) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    onApply(filters.toAddress(filters.parse(draft)));
  };

  return {
    draft,
    set: (field: Field | 'direction', text: string) => setDraft((d) => ({ ...d, [field]: text })),
    error,
    /** How many fields cannot be used (after Apply). */
    invalidCount: checked ? filters.fields.filter((field) => filters.problem(field, draft[field] ?? '') !== undefined).length : 0,
    submit,
    clear: () => {
      setDraft({ direction: filters.spec.direction.default });
      setChecked(false);
      onApply({} as FilterAddress<S>);
    },
  };
}
