import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { ClampedText } from '../../../components/clamped-text.tsx';
import { formatOtherParts, spellUnit, yearOnYear, type OtherFigure, type SegmentBlock } from './model.ts';

/**
 * One block of segment figures as a table: segments as rows, fiscal years as columns, Other and
 * Total last. Under each figure, its change from the year before (in the block's unit, and in
 * percent when the base is positive). On a phone the latest year comes first.
 */

/** Whether the screen is phone-narrow (then the latest year leads). */
function useNarrow(): boolean {
  return useMediaQuery('(max-width: 639px)');
}

const MINUS = '\u2212';

/**
 * "+30 (+25.0%)", "−4.5 (—)", "±0 (±0.0%)": the change from the previous year, sign first, never by
 * colour alone. The percentage is "—" when the year before was zero or negative (no meaningful ratio).
 */
export function formatChange(previous: number | undefined, current: number | undefined, format: (value: number) => string): string | undefined {
  const change = yearOnYear(previous, current);
  if (!change) return undefined;
  const sign = (value: number) => (value > 0 ? '+' : value < 0 ? MINUS : '±');
  const amount = `${sign(change.change)}${format(Math.abs(change.change))}`;
  if (change.percent === undefined) return `${amount} (—)`;
  return `${amount} (${sign(change.percent)}${Math.abs(change.percent).toFixed(1)}%)`;
}

const CHANGE_TONE_CLASSES = {
  up: 'text-emerald-700 dark:text-emerald-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-slate-600 dark:text-slate-400',
};

/** The change under a figure, coloured by its sign (the sign and words say it too); "—" with no year before. */
function Change({ text }: { text: string | undefined }) {
  if (!text) {
    return (
      <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">no year before to compare</span>
      </span>
    );
  }
  const tone = text.startsWith('+') ? 'up' : text.startsWith(MINUS) ? 'down' : 'flat';
  return (
    <span className={`block text-xs font-normal ${CHANGE_TONE_CLASSES[tone]}`}>
      <span className="sr-only">change from the year before: </span>
      {text}
    </span>
  );
}

const NEGATIVE = 'text-red-700 dark:text-red-400';

function Missing() {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400 dark:text-slate-500">
        —
      </span>
      <span className="sr-only">not reported</span>
    </>
  );
}

function Other({ other, format }: { other: OtherFigure; format: (value: number) => string }) {
  const { main, share } = formatOtherParts(other, format);
  if (other.value === undefined) return <span className="whitespace-normal break-words">{main}</span>;
  return (
    <>
      {main}
      {share && <span className="block text-xs text-slate-600 dark:text-slate-400">{share}</span>}
    </>
  );
}

/**
 * Whether the element is narrower than its content (then it scrolls, and must be reachable by
 * keyboard). `likely` is the answer until the browser has measured: on a phone the table scrolls,
 * and a region that scrolled before it was reachable by keyboard was what axe found there.
 */
function useOverflows(ref: RefObject<HTMLElement | null>, likely: boolean): boolean {
  const [overflows, setOverflows] = useState(likely);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer's first report comes after the browser's own layout: reading the widths then
    // forces no extra layout in the middle of a commit.
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    // And its content: a table that grows inside a box of the same width (its figures or the phone's
    // column order arriving after the first layout) makes it scroll without the box resizing; axe
    // found such a region without keyboard access on a phone.
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

export function SegmentsTable({ block, caption, format }: { block: SegmentBlock; caption: string; format: (value: number) => string }) {
  const hasOther = block.other.some((other) => other !== undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const overflows = useOverflows(scroller, narrow);
  const cell = 'tabular px-1.5 py-1.5 text-right align-top whitespace-nowrap sm:px-3';
  // Column order: oldest first, or the latest year first on a phone. Changes always compare with the year before.
  const columns = block.years.map((_, i) => i);
  if (narrow) columns.reverse();
  return (
    <div
      ref={scroller}
      className="relative min-w-0 overflow-x-auto"
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? `${caption} (scrolls sideways)` : undefined}
      tabIndex={overflows ? 0 : undefined}
    >
      <table className="w-full border-collapse text-[13px] sm:text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className="px-1.5 py-2 text-left font-medium sm:px-3">
              Segment
            </th>
            {columns.map((i) => (
              <th key={block.years[i]} scope="col" className="px-1.5 py-2 text-right font-medium sm:px-3">
                FY{block.years[i]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {block.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="min-w-[7rem] px-1.5 py-1.5 text-left align-top font-normal sm:px-3">
                <ClampedText text={row.name} lines={3} />
              </th>
              {columns.map((i) => {
                const value = row.values[i];
                return (
                  <td key={block.years[i]} className={`${cell} ${value !== undefined && value < 0 ? NEGATIVE : ''}`}>
                    {value === undefined ? <Missing /> : format(value)}
                    {value !== undefined && <Change text={i > 0 ? formatChange(row.values[i - 1], value, format) : undefined} />}
                  </td>
                );
              })}
            </tr>
          ))}
          {hasOther && (
            <tr>
              <th scope="row" className="px-1.5 py-1.5 text-left align-top font-normal italic sm:px-3">
                Other
              </th>
              {columns.map((i) => {
                const other = block.other[i];
                return (
                  <td key={block.years[i]} className={`${cell} ${other?.value !== undefined && other.value < 0 ? NEGATIVE : ''}`}>
                    {other === undefined ? <Missing /> : <Other other={other} format={format} />}
                  </td>
                );
              })}
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300 font-semibold dark:border-slate-700">
            <th scope="row" className="px-1.5 py-1.5 text-left sm:px-3">
              Total
            </th>
            {columns.map((i) => {
              const total = block.totals[i]!;
              const previous = i > 0 ? block.totals[i - 1] : undefined;
              return (
                <td key={block.years[i]} className={`${cell} ${total.value < 0 ? NEGATIVE : ''}`}>
                  {format(total.value)}
                  {total.unit.trim() !== block.unit && (
                    <span className="ml-1 inline-block max-w-[8rem] truncate align-bottom text-xs font-normal" title={spellUnit(total.unit)}>
                      {spellUnit(total.unit)}
                    </span>
                  )}
                  {i === 0 && <Change text={undefined} />}
                  {previous && previous.unit.trim() === total.unit.trim() && <Change text={formatChange(previous.value, total.value, format)} />}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
