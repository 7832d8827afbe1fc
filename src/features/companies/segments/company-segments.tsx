import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AllPages } from '../../../api/pagination.ts';
import type { Segment } from '../../../api/schemas.ts';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { companySegmentsQuery } from '../company-queries.ts';
import { figureFormatter, groupSegments, spellUnit, type SegmentBlock } from './model.ts';
import { SegmentsChart } from './segments-chart.tsx';
import { SegmentsTable } from './segments-table.tsx';

/**
 * A company's reported segments (endpoint 3, every page): per category and measure, a chart of
 * each segment's figures across fiscal years beside a table of the same figures.
 */

function yearSpan(years: readonly number[]): string {
  if (years.length === 0) return '';
  const first = years[0]!;
  const last = years[years.length - 1]!;
  return first === last ? `FY${first}` : `FY${first} to FY${last}`;
}

function Block({ block, title, showYears }: { block: SegmentBlock; title: string; showYears: boolean }) {
  const format = useMemo(() => figureFormatter(block.decimals), [block.decimals]);
  const unitWords = spellUnit(block.unit);
  return (
    <div className="@container">
      {showYears && (
        <p className="mb-2 text-xs font-medium text-slate-600 dark:text-slate-400">
          {yearSpan(block.years)}, in {unitWords}
        </p>
      )}
      <div className="grid gap-x-6 gap-y-4 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] @3xl:items-start">
        <SegmentsChart block={block} title={title} format={format} />
        <SegmentsTable block={block} caption={`${title}, ${yearSpan(block.years)}, in ${unitWords}`} format={format} />
      </div>
    </div>
  );
}

function SegmentsBody({ all }: { all: AllPages<Segment> }) {
  const overview = useMemo(() => groupSegments(all.items), [all.items]);
  return (
    <div className="space-y-6 px-4 py-4 [&_h3]:wrap-anywhere [&_h4]:wrap-anywhere [&>p]:wrap-anywhere">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Annual figures, {yearSpan(overview.years)}. Hover or focus a chart to read exact values; the tables carry every figure.
      </p>
      {!all.complete && (
        <p
          role="note"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          This company has more segment records than we read ({all.pages} pages); the figures below may be incomplete.
        </p>
      )}
      {overview.categories.map((category) => (
        <section key={category.category} aria-label={category.category} className="space-y-5">
          <h3 className="border-b border-slate-200 pb-1 text-sm font-semibold tracking-tight text-slate-900 dark:border-slate-800 dark:text-slate-100">
            {category.category}
          </h3>
          {category.measures.map((measure) => {
            const title = `${measure.measure} by ${category.category}`;
            const single = measure.blocks.length === 1;
            return (
              <div key={measure.measure} className="space-y-3">
                <h4 className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  {measure.measure}
                  {single && (
                    <>
                      {' '}
                      <span className="font-normal text-slate-600 dark:text-slate-400">
                        <span aria-hidden="true">· </span>in {spellUnit(measure.blocks[0]!.unit)}
                      </span>
                    </>
                  )}
                </h4>
                {!single && (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Reported in different units across years, so each unit has its own chart and table.
                  </p>
                )}
                {measure.blocks.map((block) => (
                  <Block key={block.unit} block={block} title={title} showYears={!single} />
                ))}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}

export function CompanySegments({ companyId }: { companyId: number }) {
  const query = useQuery(companySegmentsQuery(companyId));
  return (
    <Panel title="Segments" id={`company-${companyId}-segments`}>
      <QueryStates
        query={query}
        isEmpty={(all) => all.items.length === 0}
        empty="This company has no reported segment figures."
        loadingLabel="Loading segments"
        loadingRows={6}
      >
        {(all) => <SegmentsBody all={all} />}
      </QueryStates>
    </Panel>
  );
}
