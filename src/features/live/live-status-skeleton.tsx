import { SkeletonHeading, SkeletonPanel } from '../../components/skeleton.tsx';

/**
 * The live-audio status page's shape while it loads. Apart from the page, because the route shows it at once: importing
 * the page for it would put the whole page in the first download.
 */
export function LiveStatusSkeleton() {
  return (
    <div className="space-y-5">
      <SkeletonHeading />
      <SkeletonPanel lines={4} />
    </div>
  );
}
