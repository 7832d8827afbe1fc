import { SkeletonPanel } from '../../components/skeleton.tsx';

/**
 * The company page's shape while it loads. Apart from the page, because the route shows it at once: importing
 * the page for it would put the whole page in the first download.
 */
export function CompanySkeleton() {
  return (
    <>
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
        <div className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-8 animate-pulse rounded bg-slate-100 dark:bg-slate-800/60" />
          ))}
        </div>
      </div>
      <div className="grid gap-5 xl:grid-cols-2">
        <SkeletonPanel lines={5} />
        <SkeletonPanel lines={5} />
      </div>
      <SkeletonPanel lines={4} />
    </>
  );
}
