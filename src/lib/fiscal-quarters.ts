// Apart from fiscal-periods.ts: every page's filters read quarters from addresses, and those load
// with the app's frame.

/**
 * Fiscal quarters as a filter names them: "2026-Q3" (the search API's `quarters=2026-Q3,2026-Q2`),
 * read from an event's fiscal year and period, shown as the app writes a period ("Q3 2026").
 */
export interface FiscalQuarter {
  fiscalYear: number;
  /** "Q1" … "Q4". */
  fiscalPeriod: string;
}

const QUARTER_KEY = /^(\d{4})-Q([1-4])$/i;

/** "2026-q3" → "2026-Q3"; null when it is not a quarter. */
export function readFiscalQuarter(text: string): string | null {
  const match = QUARTER_KEY.exec(text.trim());
  return match ? `${match[1]}-Q${match[2]}` : null;
}

export function fiscalQuarterOf(key: string): FiscalQuarter | undefined {
  const match = QUARTER_KEY.exec(key);
  return match ? { fiscalYear: Number(match[1]), fiscalPeriod: `Q${match[2]}` } : undefined;
}

/**
 * The `count` quarters up to and including the one `now` is in, newest first: at 21 Nov 2026,
 * 2026-Q4, 2026-Q3, 2026-Q2 for three. The quarter is read from the calendar. `now` is the
 * caller's clock (the data service's, see useNow), never read here.
 */
export function recentFiscalQuarters(now: number, count: number): string[] {
  const date = new Date(now);
  let index = date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3);
  const out: string[] = [];
  for (let i = 0; i < count; i++, index--) out.push(`${Math.floor(index / 4)}-Q${(index % 4) + 1}`);
  return out;
}

/**
 * "The last four quarters": the `count` quarters that have ended by `now`, newest first (at 21 Nov
 * 2026: 2026-Q3, 2026-Q2, 2026-Q1, 2025-Q4). A quarter is reported on a call after it ends, so the
 * quarter now is in has no earnings call yet for a company whose fiscal year is the calendar year.
 */
export function lastEndedQuarters(now: number, count: number): string[] {
  return recentFiscalQuarters(now, count + 1).slice(1);
}
