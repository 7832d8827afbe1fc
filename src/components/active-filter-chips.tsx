import type { FilterChip } from '../lib/filters/define-filters.ts';
import { useFilterChipNames } from './filter-chip-names.ts';

/**
 * The filters a list is narrowed by, one button per item that removes it. Each names what it
 * filters by ("Countries: Sweden", "Companies: Acme"), never an id; a name still loading shows a
 * neutral placeholder.
 */
export function ActiveFilterChips({
  chips,
  onRemove,
  className = '',
}: {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
  className?: string;
}) {
  const nameOf = useFilterChipNames(chips);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className={`flex flex-wrap gap-1.5 ${className}`}>
      {chips.map((chip) => {
        const name = nameOf(chip);
        return (
          <li key={`${chip.field}:${chip.value}`}>
            <button
              type="button"
              onClick={() => onRemove(chip)}
              aria-label={`Remove filter ${chip.label}: ${name ?? 'loading name'}`}
              aria-busy={name === undefined || undefined}
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <span className="max-w-64 truncate">
                {chip.label}: {name ?? <span className="inline-block h-2.5 w-16 animate-pulse rounded bg-slate-200 align-middle dark:bg-slate-700" />}
              </span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
