import { Link } from '@tanstack/react-router';
import { compareFiscalPeriods } from '../../lib/fiscal-periods.ts';
import type { SearchSummary } from '../../api/search.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatCount, formatMonth } from '../../lib/format.ts';

/**
 * How often a search's words come up over time, and who says them most.
 *
 * The bars show the share of the calls searched in each fiscal period that mention it (calls with a
 * hit ÷ calls searched), not the raw count of hits. The raw count rises and falls with how many
 * calls a period holds (a season still reporting, a company added to the index) and with one
 * talkative call; the share answers the analyst's question, "are more companies talking about
 * this than last quarter?", and is comparable from one period to the next. Hits, calls and calls
 * searched are all in the table, which carries every figure the bars show.
 */

type Quarter = SearchSummary['quarters'][number];

/** Oldest first (lib/fiscal-periods.ts). */
export function inTimeOrder(quarters: readonly Quarter[]): Quarter[] {
  return [...quarters].sort(compareFiscalPeriods);
}

function share(quarter: Quarter): number {
  return quarter.searched > 0 ? quarter.calls / quarter.searched : 0;
}

/** A share as people say it: 30%, 4.5% under ten, "under 0.1%" rather than 0% for a mention. */
export function formatShare(value: number): string {
  if (value === 0) return '0%';
  const percent = value * 100;
  if (percent < 0.1) return 'under 0.1%';
  return percent < 10 ? `${Number(percent.toFixed(1))}%` : `${Math.round(percent)}%`;
}

/** The top of the scale: the smallest round share at or above the highest bar. */
function scaleTop(max: number): number {
  return [0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 1].find((step) => max <= step) ?? 1;
}

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function periodLabel(quarter: Quarter): string {
  return `${quarter.fiscalPeriod} ${quarter.fiscalYear}`;
}

/** What one bar says, in words: its accessible name and its hover text. */
function barName(quarter: Quarter): string {
  if (quarter.searched === 0) return `${periodLabel(quarter)}: no calls searched`;
  return `${periodLabel(quarter)}: ${formatShare(share(quarter))} of calls (${formatCount(quarter.calls)} of ${count(quarter.searched, 'call', 'calls')}), ${count(quarter.hits, 'hit', 'hits')}`;
}

/**
 * Which period names the axis shows, whole ("Q3" over "2026"), never cut or overlapping, with no
 * measuring: each bar's column is a CSS size container, and a name (at most 28 px wide at 10 px,
 * with room to spare) shows when its column is wide enough for the names around it to be hidden.
 * Counted from the newest period, which is always named: every name needs columns of 28 px; every
 * 2nd one, 12 px (two columns and their 4 px gaps make 32 px); every 4th, 4 px; every 8th, none
 * (eight 4 px gaps). So a phone names every 2nd or 4th period and a wide screen names them all;
 * every bar keeps its full name in its accessible name, its hover text and the table.
 */
const SHOWN_WHEN = ['hidden @min-[28px]:block', 'hidden @min-[12px]:block', 'hidden @min-[4px]:block', 'block'] as const;

/** `fromNewest`: 0 for the newest period, 1 for the one before, and so on. */
export function labelShown(fromNewest: number): string {
  let every = 0; // shown among every 2^every names
  for (let n = fromNewest; n > 0 && n % 2 === 0 && every < 3; n /= 2) every++;
  return fromNewest === 0 ? SHOWN_WHEN[3] : SHOWN_WHEN[every]!;
}

export function MentionChart({ summary }: { summary: SearchSummary }) {
  const quarters = inTimeOrder(summary.quarters);
  const subject = summary.q.trim() ? `“${summary.q.trim()}”` : 'it';
  if (quarters.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No call with a fiscal period was searched, so there is nothing to chart over time.</p>;
  }
  const top = scaleTop(Math.max(...quarters.map(share)));

  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-medium">Share of calls that mention {subject}, by fiscal period</figcaption>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        Each bar: the calls that mention it, out of the calls searched in that period. Scale 0 to {formatShare(top)}.
      </p>
      <div className="relative mt-3">
        {/* The scale's top and middle as faint lines behind the bars. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-5 h-32 border-y border-dashed border-slate-200 dark:border-slate-700">
          <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200 dark:border-slate-700" />
        </div>
        <ol aria-label={`Share of calls that mention ${subject}, oldest period first`} className="relative flex items-end gap-1 px-3.5">
          {quarters.map((quarter, index) => {
            const value = share(quarter);
            return (
              <li key={`${quarter.fiscalYear}/${quarter.fiscalPeriod}`} className="@container flex min-w-0 flex-1 flex-col items-stretch">
                <div role="img" aria-label={barName(quarter)} title={barName(quarter)} className="flex h-37 flex-col justify-end">
                  <span
                    aria-hidden="true"
                    className="mb-0.5 hidden text-center text-[10px] leading-4 whitespace-nowrap text-slate-700 tabular @min-[30px]:block dark:text-slate-300"
                  >
                    {quarter.searched > 0 ? formatShare(value).replace('under ', '<') : '—'}
                  </span>
                  <div className="flex h-32 items-end">
                    <div
                      className={`w-full rounded-t-sm ${value > 0 ? 'bg-accent-600 dark:bg-accent-400' : 'bg-slate-300 dark:bg-slate-600'}`}
                      // A mention, however rare, stays visible (at least 1.5% of the height, 2 px).
                      style={{ height: value > 0 ? `${Number(Math.max(1.5, Math.min(100, (value / top) * 100)).toFixed(2))}%` : '1px' }}
                    />
                  </div>
                </div>
                <span aria-hidden="true" className="relative mt-1 block h-9 border-t border-slate-300 dark:border-slate-600">
                  <span
                    data-period-label
                    className={`absolute top-0.5 left-1/2 -translate-x-1/2 text-center text-[10px] leading-4 whitespace-nowrap ${labelShown(quarters.length - 1 - index)}`}
                  >
                    <span className="block font-medium">{quarter.fiscalPeriod}</span>{' '}
                    <span className="block text-slate-600 dark:text-slate-400">{quarter.fiscalYear}</span>
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-accent-700 hover:underline dark:text-accent-300">Show the figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm tabular">
            <caption className="sr-only">Mentions of {subject} by fiscal period, oldest first</caption>
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Period
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Hits
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Calls that mention it
                </th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">
                  Calls searched
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Share of calls
                </th>
              </tr>
            </thead>
            <tbody>
              {quarters.map((quarter) => (
                <tr key={`${quarter.fiscalYear}/${quarter.fiscalPeriod}`} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {periodLabel(quarter)}
                  </th>
                  <td className="py-1 pr-3 text-right">{formatCount(quarter.hits)}</td>
                  <td className="py-1 pr-3 text-right">{formatCount(quarter.calls)}</td>
                  <td className="py-1 pr-3 text-right">{formatCount(quarter.searched)}</td>
                  <td className="py-1 text-right">{quarter.searched > 0 ? formatShare(share(quarter)) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The companies that mention it most, ranked by hits, each linking to its page. */
export function TopCompanies({ summary, limit = 10 }: { summary: SearchSummary; limit?: number }) {
  const companies = summary.companies.slice(0, limit);
  const subject = summary.q.trim() ? `“${summary.q.trim()}”` : 'it';
  if (companies.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No company mentions {subject}.</p>;
  const most = Math.max(1, ...companies.map((company) => company.hits));
  // A word said in most calls: its companies count the newest calls (as a page of results ranks them).
  const since = summary.companiesSince ? ` since ${formatMonth(summary.companiesSince)}` : '';
  const list = (
    <ol aria-label={`Companies that mention ${subject} most${since}`} className="space-y-1.5 text-sm">
      {companies.map((company, index) => (
        <li key={company.companyId} className="grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-baseline gap-x-2">
          <span className="text-right text-xs text-slate-500 tabular dark:text-slate-400">{index + 1}.</span>
          <span className="min-w-0">
            <Link to="/companies/$companyId" params={{ companyId: company.companyId }} className={textLinkClass({ className: 'break-words' })}>
              {company.name}
            </Link>
            {company.country && <span className="text-xs text-slate-600 dark:text-slate-400"> · {company.country}</span>}
            <span aria-hidden="true" className="mt-0.5 block h-1 rounded-full bg-slate-100 dark:bg-slate-800">
              <span className="block h-1 rounded-full bg-accent-600 dark:bg-accent-400" style={{ width: `${(company.hits / most) * 100}%` }} />
            </span>
          </span>
          <span className="text-right text-xs text-slate-700 tabular dark:text-slate-300">
            {count(company.hits, 'hit', 'hits')} in {count(company.calls, 'call', 'calls')}
          </span>
        </li>
      ))}
    </ol>
  );
  if (!since) return list;
  return (
    <div className="space-y-1.5">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Companies counted in calls{since}; the chart counts every call. Choose dates to count older calls.
      </p>
      {list}
    </div>
  );
}

/** The chart and the companies that mention it most: what the search page's summary shows once counted. */
export function SummaryView({ summary }: { summary: SearchSummary }) {
  return (
    <div className="space-y-4">
      <MentionChart summary={summary} />
      {summary.companies.length > 0 && <TopCompanies summary={summary} />}
    </div>
  );
}
