import { SkeletonHeading, SkeletonPanel } from '../../components/skeleton.tsx';

/**
 * The event page's shape while it loads. Apart from the page, because the route shows it at once: importing
 * the page for it would put the whole page in the first download.
 */
export function EventSkeleton() {
  return (
    <>
      <SkeletonHeading />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <SkeletonPanel lines={7} />
        <div className="space-y-5">
          <SkeletonPanel lines={1} />
          <SkeletonPanel lines={1} />
          <SkeletonPanel lines={2} />
        </div>
      </div>
    </>
  );
}
