import type { FilterChip } from '../lib/filters/define-filters.ts';

/** The filters a list is narrowed by, one button each that removes it. */
export function ActiveFilterChips({
  chips,
  onRemove,
  className = '',
}: {
  chips: readonly FilterChip[];
  onRemove: (field: string) => void;
  className?: string;
}) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className={`flex flex-wrap gap-1.5 ${className}`}>
      {chips.map((chip) => (
        <li key={chip.field}>
          <button
            type="button"
            onClick={() => onRemove(chip.field)}
            aria-label={`Remove filter ${chip.label}: ${chip.text}`}
            className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <span className="max-w-48 truncate">
              {chip.label}: {chip.text}
            </span>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
