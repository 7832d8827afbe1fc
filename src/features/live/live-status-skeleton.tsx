import { SkeletonHeading, SkeletonPanel } from '../../components/skeleton.tsx';

/**
 * The live page's shape while it loads: the compact header, then the audio beside the transcript.
 * Apart from the page, because the route shows it at once: importing the page for it would put the
 * whole page in the first download.
 */
export function LiveStatusSkeleton() {
  return (
    <div className="space-y-4">
      <SkeletonHeading />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <SkeletonPanel lines={3} />
        <SkeletonPanel lines={10} />
      </div>
    </div>
  );
}
