/** Placeholder rows while a list loads: the layout is known, so no spinner. */
export function SkeletonRows({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="divide-y divide-slate-100 dark:divide-slate-800">
      <span className="sr-only">{label}…</span>
      {/* Same height as a table's header row. */}
      <div className="h-[33px] border-b border-slate-200 dark:border-slate-800" aria-hidden="true" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex h-[37px] items-center gap-4 px-3" aria-hidden="true">
          <div className="h-3 w-1/4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 flex-1 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
          <div className="h-3 w-20 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
