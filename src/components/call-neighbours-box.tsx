import type { CSSProperties } from 'react';
import { SkeletonLine } from './skeleton.tsx';

/**
 * The box of "Calls of this company", and its placeholder. It loads after the page and sits above
 * the page's content, so the placeholder takes the rows the links will take, line for line (on a
 * phone each link takes two lines), shown while its code loads and while the calls load: the page
 * does not jump when they arrive. Until the call's kind is known it holds two links and the
 * comparison (an earnings call still to come: the previous call and a year earlier); once it is
 * known, what that kind of call usually has (`expectedNeighbours` in use-call-neighbours.ts). The
 * box itself takes only the rows it shows: one link leaves no empty room.
 */
export const NEIGHBOURS_LABEL = 'Calls of this company';

export const neighboursBox = 'rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900';

/** How many links the box is expected to hold, and whether the comparison comes with them. */
export interface NeighbourRows {
  links: number;
  compare: boolean;
}

const DEFAULT_ROWS: NeighbourRows = { links: 2, compare: true };

/**
 * The box's height for its rows: border and padding (26 px), the heading and its margin (22 px), each
 * link 20 px (40 px on a phone, where it takes two lines) with 4 px between, the comparison 28 px.
 */
const placeholderHeight = 'min-h-[calc(44px+24px*var(--links)+28px*var(--compare))] max-sm:min-h-[calc(44px+44px*var(--links)+28px*var(--compare))]';

export function NeighboursPlaceholder({ className = '', rows = DEFAULT_ROWS }: { className?: string; rows?: NeighbourRows }) {
  return (
    <nav
      aria-label={NEIGHBOURS_LABEL}
      className={`${neighboursBox} ${placeholderHeight} ${className}`}
      style={{ '--links': rows.links, '--compare': rows.compare ? 1 : 0 } as CSSProperties}
    >
      <div role="status" aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading the calls of this company…</span>
        <SkeletonLine className="w-40" />
        {Array.from({ length: rows.links }, (_, i) => (
          <SkeletonLine key={i} className="w-2/3" />
        ))}
      </div>
    </nav>
  );
}
