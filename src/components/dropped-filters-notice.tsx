import { describeDropped, type DroppedFilter } from '../lib/filters/dropped.ts';

/**
 * Names filter values a list page could not use ("Countries: USA; Updated after: 2026-02-31"): those
 * from the address, or (with another `intro`) those typed into a form that was applied without them.
 */
export function DroppedFiltersNotice({
  dropped,
  intro = 'Some filters in the address could not be used and were left out:',
  className = '',
}: {
  dropped: readonly DroppedFilter[];
  intro?: string;
  className?: string;
}) {
  if (dropped.length === 0) return null;
  return (
    <p
      role="status"
      className={`border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      {intro} {describeDropped(dropped)}.
    </p>
  );
}
