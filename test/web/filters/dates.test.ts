import { describe, expect, it } from 'vitest';
import { dateToApi, readDate } from '../../../src/lib/filters/dates.ts';

describe('date filters', () => {
  it('keeps real days and real date-times as written', () => {
    expect(readDate('2026-02-28')).toBe('2026-02-28');
    expect(readDate(' 2028-02-29 ')).toBe('2028-02-29');
    expect(readDate('2026-03-01T10:00:00Z')).toBe('2026-03-01T10:00:00Z');
    expect(readDate('2026-03-01T10:00')).toBe('2026-03-01T10:00');
    expect(readDate('2026-03-01T10:00:05.123+02:00')).toBe('2026-03-01T10:00:05.123+02:00');
  });

  it('refuses days and times that do not exist', () => {
    expect(readDate('2026-02-31')).toBeNull();
    expect(readDate('2026-02-29')).toBeNull();
    expect(readDate('2026-13-01')).toBeNull();
    expect(readDate('2026-00-10')).toBeNull();
    expect(readDate('2026-02-30T10:00:00Z')).toBeNull();
    expect(readDate('2026-02-28T25:61:00Z')).toBeNull();
    expect(readDate('2026-02-28T23:59:60Z')).toBeNull();
  });

  it('refuses what is not an ISO date', () => {
    expect(readDate('yesterday')).toBeNull();
    expect(readDate('21/11/2026')).toBeNull();
    expect(readDate('2026-1-5')).toBeNull();
    expect(readDate(20261121)).toBeNull();
    expect(readDate('')).toBeNull();
  });

  it('sends a bare day as the whole day: included by from/to, excluded by after/before', () => {
    expect(dateToApi('2026-03-01', 'from')).toBe('2026-03-01T00:00:00.000Z');
    expect(dateToApi('2026-03-01', 'to')).toBe('2026-03-01T23:59:59.999Z');
    expect(dateToApi('2026-03-01', 'after')).toBe('2026-03-01T23:59:59.999Z');
    expect(dateToApi('2026-03-01', 'before')).toBe('2026-03-01T00:00:00.000Z');
  });

  it('sends a date-time as the same moment in UTC (UTC when it names no offset)', () => {
    expect(dateToApi('2026-03-01T10:00:00+02:00', 'after')).toBe('2026-03-01T08:00:00.000Z');
    expect(dateToApi('2026-03-01T10:00', 'to')).toBe('2026-03-01T10:00:00.000Z');
    expect(dateToApi('2026-03-01T10:00:00Z', 'from')).toBe('2026-03-01T10:00:00.000Z');
  });
});
