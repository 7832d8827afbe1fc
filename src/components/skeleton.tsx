import type { ReactNode } from 'react';

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

/**
 * A whole page still to come, shaped like the page (a route's pendingComponent): one status for
 * screen readers, the placeholder shapes hidden from them.
 */
export function PageSkeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}…</span>
      <div aria-hidden="true" className="space-y-5">
        {children}
      </div>
    </div>
  );
}

/** A line of text to come, about as wide as the text will be. */
export function SkeletonLine({ className = 'w-1/3' }: { className?: string }) {
  return <div className={`h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

/** A page's heading to come: the line above it and the title. */
export function SkeletonHeading() {
  return (
    <div className="space-y-2">
      <SkeletonLine className="w-40" />
      <div className="h-5 w-2/3 max-w-md animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/** A panel to come: its title bar and as many lines as it will roughly hold. */
export function SkeletonPanel({ lines = 3, className = '' }: { lines?: number; className?: string }) {
  return (
    <div className={`min-w-0 rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <div className="border-b border-slate-200 px-4 py-3.5 dark:border-slate-800">
        <SkeletonLine className="w-24" />
      </div>
      <div className="space-y-3 px-4 py-4">
        {Array.from({ length: lines }, (_, i) => (
          <SkeletonLine key={i} className={i % 3 === 2 ? 'w-2/3' : 'w-full'} />
        ))}
      </div>
    </div>
  );
}
