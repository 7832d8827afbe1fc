import { SkeletonHeading, SkeletonLine, SkeletonPanel } from '../../components/skeleton.tsx';

/**
 * The recording page's columns and its shape while it loads. Apart from the page, because the
 * route shows it at once: importing the page for it would put the whole page (its panels, notes
 * and clips) in every page's first download.
 */
export const RECORDING_COLUMNS = 'grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]';
const columns = RECORDING_COLUMNS;

/** The page's shape while the recording loads. */
export function RecordingSkeleton() {
  return (
    <div className={columns}>
      <div className="space-y-5">
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white px-4 py-4 dark:border-slate-800 dark:bg-slate-900">
          <SkeletonHeading />
          <div className="h-9 w-40 animate-pulse rounded-md bg-slate-200 dark:bg-slate-800" />
          <SkeletonLine className="w-1/2" />
        </div>
        <SkeletonPanel lines={6} />
      </div>
      <SkeletonPanel lines={12} />
    </div>
  );
}
