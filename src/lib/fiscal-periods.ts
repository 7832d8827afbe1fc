/**
 * Fiscal periods in time order, the one rule for the search server's summary and the browser's
 * chart: by fiscal year, then by where the period ends in it (Q2 and H1 together, the full year
 * last); unknown periods after, by name.
 */

const PERIOD_END: Record<string, number> = { Q1: 3, Q2: 6, H1: 6.5, Q3: 9, '9M': 9.5, Q4: 12, H2: 12.5, FY: 13 };

function periodEnd(period: string): number {
  return PERIOD_END[period.trim().toUpperCase()] ?? 14;
}

export function compareFiscalPeriods(a: { fiscalYear: number; fiscalPeriod: string }, b: { fiscalYear: number; fiscalPeriod: string }): number {
  return a.fiscalYear - b.fiscalYear || periodEnd(a.fiscalPeriod) - periodEnd(b.fiscalPeriod) || a.fiscalPeriod.localeCompare(b.fiscalPeriod);
}
