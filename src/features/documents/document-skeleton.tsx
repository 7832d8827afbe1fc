import { SkeletonHeading, SkeletonPanel } from '../../components/skeleton.tsx';

/**
 * The document page's shape while it loads. Apart from the page, because the route shows it at once: importing
 * the page for it would put the whole page in the first download.
 */
export function DocumentSkeleton() {
  return (
    <>
      <SkeletonHeading />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <SkeletonPanel lines={9} />
        <SkeletonPanel lines={14} />
      </div>
    </>
  );
}
