import { describe, expect, it } from 'vitest';
import { lastEndedQuarters, readFiscalQuarter, recentFiscalQuarters } from '../../src/lib/fiscal-quarters.ts';

/** The quarters the search offers, counted from a clock the test gives (never today's date). */
describe('fiscal quarters', () => {
  const NOV_21_2026 = Date.parse('2026-11-21T12:00:00Z');

  it('offers the quarter now is in and those before it, newest first, across a year end', () => {
    expect(recentFiscalQuarters(NOV_21_2026, 6)).toEqual(['2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1', '2025-Q4', '2025-Q3']);
    expect(recentFiscalQuarters(Date.parse('2026-01-01T00:00:00Z'), 2)).toEqual(['2026-Q1', '2025-Q4']);
  });

  it('counts "the last four quarters" as the four that have ended', () => {
    expect(lastEndedQuarters(NOV_21_2026, 4)).toEqual(['2026-Q3', '2026-Q2', '2026-Q1', '2025-Q4']);
    expect(lastEndedQuarters(Date.parse('2026-03-31T23:59:59Z'), 4)).toEqual(['2025-Q4', '2025-Q3', '2025-Q2', '2025-Q1']);
  });

  it('reads a quarter as the address writes it, and nothing else', () => {
    expect(readFiscalQuarter(' 2026-q3 ')).toBe('2026-Q3');
    expect(readFiscalQuarter('2026-Q5')).toBeNull();
    expect(readFiscalQuarter('Q3 2026')).toBeNull();
    expect(readFiscalQuarter('2026-FY')).toBeNull();
  });
});
