import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { ClampedText } from '../../../components/clamped-text.tsx';
import { formatOtherParts, spellUnit, type OtherFigure, type SegmentBlock } from './model.ts';

/** One block of segment figures as a table: segments as rows, fiscal years as columns, Other and Total last. */

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

/** Whether the element is narrower than its content (then it scrolls, and must be reachable by keyboard). */
function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

export function SegmentsTable({ block, caption, format }: { block: SegmentBlock; caption: string; format: (value: number) => string }) {
  const hasOther = block.other.some((other) => other !== undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(scroller);
  const cell = 'tabular px-1.5 py-1.5 text-right align-top whitespace-nowrap sm:px-3';
  return (
    <div
      ref={scroller}
      className="min-w-0 overflow-x-auto"
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
            {block.years.map((year) => (
              <th key={year} scope="col" className="px-1.5 py-2 text-right font-medium sm:px-3">
                FY{year}
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
              {row.values.map((value, i) => (
                <td key={block.years[i]} className={`${cell} ${value !== undefined && value < 0 ? NEGATIVE : ''}`}>
                  {value === undefined ? <Missing /> : format(value)}
                </td>
              ))}
            </tr>
          ))}
          {hasOther && (
            <tr>
              <th scope="row" className="px-1.5 py-1.5 text-left align-top font-normal italic sm:px-3">
                Other
              </th>
              {block.other.map((other, i) => (
                <td key={block.years[i]} className={`${cell} ${other?.value !== undefined && other.value < 0 ? NEGATIVE : ''}`}>
                  {other === undefined ? <Missing /> : <Other other={other} format={format} />}
                </td>
              ))}
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-300 font-semibold dark:border-slate-700">
            <th scope="row" className="px-1.5 py-1.5 text-left sm:px-3">
              Total
            </th>
            {block.totals.map((total, i) => (
              <td key={block.years[i]} className={`${cell} ${total.value < 0 ? NEGATIVE : ''}`}>
                {format(total.value)}
                {total.unit.trim() !== block.unit && (
                  <span className="ml-1 inline-block max-w-[8rem] truncate align-bottom text-xs font-normal" title={spellUnit(total.unit)}>
                    {spellUnit(total.unit)}
                  </span>
                )}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
