import { SkeletonLine } from './skeleton.tsx';

/**
 * The box of "Calls of this company", and its placeholder. It loads after the page and sits above
 * the page's content, so the placeholder takes the room the links usually take (two of them and the
 * comparison: 7.5rem; on a phone each link takes two lines, 10rem), shown while its code loads and
 * while the calls load: the page does not jump when they arrive.
 */
export const NEIGHBOURS_LABEL = 'Calls of this company';

export const neighboursBox =
  'min-h-[7.5rem] max-sm:min-h-[10rem] rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900';

export function NeighboursPlaceholder({ className = '' }: { className?: string }) {
  return (
    <nav aria-label={NEIGHBOURS_LABEL} className={`${neighboursBox} ${className}`}>
      <div role="status" aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading the calls of this company…</span>
        <SkeletonLine className="w-40" />
        <SkeletonLine className="w-2/3" />
        <SkeletonLine className="w-1/2" />
      </div>
    </nav>
  );
}
