import { describeDropped, type DroppedFilter } from '../lib/filters/dropped.ts';

/**
 * Names the filter values in the address that a list page could not use ("Countries: USA; Updated
 * after: 2026-02-31"). Values typed into a filter form are never dropped: the form marks the field.
 */
export function DroppedFiltersNotice({ dropped, className = '' }: { dropped: readonly DroppedFilter[]; className?: string }) {
  if (dropped.length === 0) return null;
  return (
    <p
      role="status"
      className={`border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      Some filters in the address could not be used and were left out: {describeDropped(dropped)}.
    </p>
  );
}
