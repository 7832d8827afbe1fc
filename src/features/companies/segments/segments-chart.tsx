import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { niceScale, spellUnit, yearOnYear, type SegmentBlock } from './model.ts';

/**
 * One block of segment figures as horizontal grouped bars: a group per segment (then Other and
 * Total), a bar per fiscal year, on one value axis that always includes zero, so a negative figure
 * reaches left of the zero line. Hand-written SVG sized to its container. Hovering or focusing a
 * group (arrow keys) shows its exact figures; the table beside the chart carries the same numbers.
 */

/** Colours per year, newest first; each keeps 3:1 against the panel in its theme. */
const YEAR_COLOURS = [
  { fill: 'fill-blue-700 dark:fill-blue-400', swatch: 'bg-blue-700 dark:bg-blue-400' },
  { fill: 'fill-orange-600 dark:fill-orange-400', swatch: 'bg-orange-600 dark:bg-orange-400' },
  { fill: 'fill-teal-600 dark:fill-teal-300', swatch: 'bg-teal-600 dark:bg-teal-300' },
  { fill: 'fill-fuchsia-700 dark:fill-fuchsia-400', swatch: 'bg-fuchsia-700 dark:bg-fuchsia-400' },
  { fill: 'fill-lime-700 dark:fill-lime-400', swatch: 'bg-lime-700 dark:bg-lime-400' },
  { fill: 'fill-slate-500 dark:fill-slate-400', swatch: 'bg-slate-500 dark:bg-slate-400' },
] as const;

/** The chart shows at most this many (latest) years; the table shows all. */
export const MAX_CHART_YEARS = YEAR_COLOURS.length;

const BAR = 10;
const BAR_GAP = 2;
const GROUP_PAD = 8;
const SEPARATOR = 10;
const TOP = 6;
const AXIS = 44;
const RIGHT = 16;
/** A generous average glyph width of 12 px UI text, so labels are never clipped. */
const CHAR_WIDTH = 7.2;
/** The same for the 11 px figures under the axis. */
const TICK_CHAR_WIDTH = 7;
const DEFAULT_WIDTH = 640;

interface Group {
  key: string;
  label: string;
  kind: 'item' | 'other' | 'total';
  values: (number | undefined)[];
  y: number;
  height: number;
}

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer reports the first width after the browser's own layout and before it paints:
    // no layout forced in the middle of a commit, and no frame drawn at the default width.
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.borderBoxSize?.[0]?.inlineSize ?? element.getBoundingClientRect().width);
      if (next > 0) flushSync(() => setWidth(next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(1, maxChars - 1))}…`;
}

/** Colour of the year at `index` among `count` years: the newest always gets the first colour. */
export function yearColour(index: number, count: number) {
  return YEAR_COLOURS[Math.min(YEAR_COLOURS.length - 1, count - 1 - index)]!;
}

export function SegmentsChart({ block, title, format }: { block: SegmentBlock; title: string; format: (value: number) => string }) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const width = useWidth(wrapperRef);
  const [active, setActive] = useState<{ index: number; x?: number } | null>(null);

  const first = Math.max(0, block.years.length - MAX_CHART_YEARS);
  const years = block.years.slice(first);
  const unitWords = spellUnit(block.unit);

  const { groups, height, totalLeftOut } = useMemo(() => {
    const list: Omit<Group, 'y' | 'height'>[] = block.rows.map((row) => ({
      key: `item:${row.name}`,
      label: row.name,
      kind: 'item',
      values: row.values.slice(first),
    }));
    const otherValues = block.other.slice(first).map((other) => other?.value);
    if (otherValues.some((value) => value !== undefined)) list.push({ key: 'other', label: 'Other', kind: 'other', values: otherValues });
    // A total in another unit cannot share this axis; it stays in the table.
    const totals = block.totals.slice(first);
    const totalValues = totals.map((total) => (total.unit.trim() === block.unit ? total.value : undefined));
    const leftOut = totals.some((total) => total.unit.trim() !== block.unit);
    if (totalValues.some((value) => value !== undefined)) list.push({ key: 'total', label: 'Total', kind: 'total', values: totalValues });
    const groupHeight = years.length * BAR + (years.length - 1) * BAR_GAP + GROUP_PAD * 2;
    const placed: Group[] = [];
    let y = TOP;
    for (const [index, group] of list.entries()) {
      if (group.kind !== 'item' && list[index - 1]?.kind === 'item') y += SEPARATOR;
      placed.push({ ...group, y, height: groupHeight });
      y += groupHeight;
    }
    return { groups: placed, height: y + AXIS, totalLeftOut: leftOut };
  }, [block, first, years.length]);

  const values = groups.flatMap((group) => group.values).filter((value): value is number => value !== undefined);
  const longest = Math.max(...groups.map((group) => group.label.length), 4);
  const labelWidth = Math.round(Math.min(width * 0.38, 200, Math.max(56, longest * CHAR_WIDTH + 8)));
  const plotLeft = labelWidth + 10;
  const axisFor = (right: number) => {
    const plotWidth = Math.max(40, width - plotLeft - right);
    const scale = niceScale(Math.min(0, ...values), Math.max(0, ...values), Math.max(2, Math.floor(plotWidth / 90)));
    const tickDecimals = Math.max(0, -Math.floor(Math.log10(scale.step)));
    const tickFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: tickDecimals });
    // The last figure is centred on the axis's right end: half of it must fit in the right margin.
    const needed = Math.ceil((tickFormat.format(scale.ticks.at(-1) ?? 0).length * TICK_CHAR_WIDTH) / 2) + 2;
    return { plotWidth, scale, tickFormat, needed };
  };
  // A wider margin can change the ticks (and so the last figure): widen until the figure fits.
  let axis = axisFor(RIGHT);
  for (let tries = 0; tries < 3 && axis.needed > width - plotLeft - axis.plotWidth; tries++) axis = axisFor(Math.max(RIGHT, axis.needed));
  const { plotWidth, scale, tickFormat } = axis;
  const x = (value: number) => plotLeft + ((value - scale.lower) / (scale.upper - scale.lower)) * plotWidth;
  const zero = x(0);
  const plotBottom = height - AXIS;
  const maxChars = Math.max(3, Math.floor((labelWidth - 4) / CHAR_WIDTH));

  const activeGroup = active ? groups[active.index] : undefined;

  function groupAt(event: PointerEvent<SVGSVGElement>): number {
    const box = event.currentTarget.getBoundingClientRect();
    const y = event.clientY - box.top;
    return groups.findIndex((group) => y >= group.y && y < group.y + group.height);
  }

  function onPointer(event: PointerEvent<SVGSVGElement>) {
    const index = groupAt(event);
    if (index === -1) return setActive(null);
    setActive({ index, x: event.clientX - event.currentTarget.getBoundingClientRect().left });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = groups.length - 1;
    const current = active?.index ?? -1;
    let next: number | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = Math.min(last, current + 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') next = Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' && active) {
      event.preventDefault();
      setActive(null);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    setActive({ index: next });
  }

  const summary = `Bar chart of ${title}, ${years.length === 1 ? `FY${years[0]}` : `FY${years[0]} to FY${years[years.length - 1]}`}, in ${unitWords}: one bar per fiscal year for each segment${groups.some((g) => g.kind === 'other') ? ', Other' : ''}${groups.some((g) => g.kind === 'total') ? ' and the total' : ''}. The table gives every figure.`;

  const tooltipWidth = Math.min(232, width - 8);
  const tooltipHeight = 34 + years.length * 20;
  let tooltipLeft = 0;
  let tooltipTop = 0;
  if (activeGroup) {
    const anchor = active?.x ?? Math.max(zero, ...activeGroup.values.map((value) => (value === undefined ? zero : x(value))));
    tooltipLeft = anchor + 14 + tooltipWidth <= width ? anchor + 14 : anchor - 14 - tooltipWidth;
    tooltipLeft = Math.max(0, Math.min(width - tooltipWidth, tooltipLeft));
    tooltipTop = Math.max(0, Math.min(height - tooltipHeight, activeGroup.y + activeGroup.height - 4));
  }

  const describe = (group: Group) =>
    `${group.label}: ${years
      .map((year, i) => {
        const value = group.values[i];
        return `FY${year} ${value === undefined ? 'not reported' : format(value)}`;
      })
      .join(', ')} (${unitWords})`;

  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="sr-only">Fiscal years:</span>
        {years.map((year, i) => (
          <span key={year} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-2.5 rounded-sm ${yearColour(i, years.length).swatch}`} />
            FY{year}
          </span>
        ))}
        {first > 0 && (
          <span>
            Latest {years.length} of {block.years.length} years; the table has them all.
          </span>
        )}
        {totalLeftOut && <span>The total is reported in another unit and is shown in the table only.</span>}
      </figcaption>
      {/*
        One keyboard stop for the chart: arrow keys step through the groups, the live region below reads
        their figures. The table is the full accessible form; this adds the chart's reading for keyboards.
      */}
      {/* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={wrapperRef}
        role="group"
        aria-label={`${title} chart, use the arrow keys to read each segment's figures`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? { index: 0 })}
        onBlur={() => setActive(null)}
        className="relative rounded-md"
      >
        {/* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
        <svg
          role="img"
          aria-label={summary}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block max-w-full touch-pan-y select-none"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={() => setActive(null)}
        >
          {activeGroup && <rect x={0} y={activeGroup.y} width={width} height={activeGroup.height} rx={4} className="fill-slate-100 dark:fill-slate-800/70" />}
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={TOP} y2={plotBottom} className="stroke-slate-200 dark:stroke-slate-800" strokeWidth={1} />
              <text x={x(tick)} y={plotBottom + 14} textAnchor="middle" className="fill-slate-600 text-[11px] tabular dark:fill-slate-400">
                {tickFormat.format(tick === 0 ? 0 : tick)}
              </text>
            </g>
          ))}
          <text x={plotLeft + plotWidth / 2} y={plotBottom + 34} textAnchor="middle" className="fill-slate-600 text-[11px] dark:fill-slate-400">
            {unitWords}
          </text>
          {groups.map((group, index) => (
            <g key={group.key}>
              {group.kind !== 'item' && groups[index - 1]?.kind === 'item' && (
                <line
                  x1={4}
                  x2={width - RIGHT}
                  y1={group.y - SEPARATOR / 2}
                  y2={group.y - SEPARATOR / 2}
                  strokeDasharray="3 3"
                  className="stroke-slate-300 dark:stroke-slate-700"
                />
              )}
              <text
                x={labelWidth}
                y={group.y + group.height / 2}
                dominantBaseline="central"
                textAnchor="end"
                className={`text-xs ${group.kind === 'item' ? 'fill-slate-700 dark:fill-slate-300' : 'fill-slate-900 font-semibold dark:fill-slate-100'} ${group.kind === 'other' ? 'italic' : ''}`}
              >
                {truncate(group.label, maxChars)}
              </text>
              {years.map((year, i) => {
                const value = group.values[i];
                const y = group.y + GROUP_PAD + i * (BAR + BAR_GAP);
                if (value === undefined) {
                  return (
                    <text key={year} x={zero + 4} y={y + BAR / 2} dominantBaseline="central" className="fill-slate-500 text-[9px] dark:fill-slate-400">
                      n/a
                    </text>
                  );
                }
                const end = x(value);
                return (
                  <rect
                    key={year}
                    data-value={value}
                    x={Math.min(zero, end)}
                    y={y}
                    width={Math.max(value === 0 ? 0 : 1, Math.abs(end - zero))}
                    height={BAR}
                    rx={1.5}
                    className={yearColour(i, years.length).fill}
                  />
                );
              })}
            </g>
          ))}
          <line data-zero="" x1={zero} x2={zero} y1={TOP - 2} y2={plotBottom} className="stroke-slate-500 dark:stroke-slate-400" strokeWidth={1.5} />
        </svg>
        {activeGroup && (
          <div
            aria-hidden="true"
            style={{ left: tooltipLeft, top: tooltipTop, width: tooltipWidth }}
            className="pointer-events-none absolute z-10 rounded-md border border-slate-200 bg-white p-2 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <p className="mb-1 font-semibold text-slate-900 wrap-anywhere dark:text-slate-100">{activeGroup.label}</p>
            <table className="w-full">
              <tbody>
                {years.map((year, i) => {
                  const value = activeGroup.values[i];
                  const change = i > 0 ? yearOnYear(activeGroup.values[i - 1], value) : undefined;
                  return (
                    <tr key={year}>
                      <td className="py-0.5 pr-2 whitespace-nowrap text-slate-600 dark:text-slate-400">
                        <span className={`mr-1.5 inline-block size-2 rounded-sm ${yearColour(i, years.length).swatch}`} />
                        FY{year}
                      </td>
                      <td
                        className={`tabular py-0.5 text-right font-medium ${value !== undefined && value < 0 ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-slate-100'}`}
                      >
                        {value === undefined ? 'not reported' : format(value)}
                      </td>
                      <td className="tabular py-0.5 pl-2 text-right whitespace-nowrap text-slate-500 dark:text-slate-400">
                        {change
                          ? `${change.change > 0 ? '+' : ''}${change.percent !== undefined ? `${change.percent.toFixed(1)}%` : format(change.change)}`
                          : ''}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="mt-1 text-[11px] text-slate-500 dark:text-slate-400">{unitWords}</p>
          </div>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {activeGroup ? describe(activeGroup) : ''}
      </p>
    </figure>
  );
}
