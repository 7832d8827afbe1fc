import { describe, expect, it } from 'vitest';
import { addDays, dayOf, daysOfWeek, daysRange, isDay, mondayOf, startOfDay, weekWindow } from '../../src/lib/calendar-week.ts';

describe('calendar days in the reader’s time zone', () => {
  it('names the day an instant falls on, which differs by zone around midnight', () => {
    const instant = Date.parse('2026-11-23T23:30:00Z');
    expect(dayOf(instant, 'UTC')).toBe('2026-11-23');
    expect(dayOf(instant, 'Europe/Stockholm')).toBe('2026-11-24');
    expect(dayOf(instant, 'America/New_York')).toBe('2026-11-23');
    expect(dayOf(Date.parse('2026-11-23T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('starts weeks on Monday, including across a month and a year', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(daysOfWeek('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('puts a day’s start at its local midnight', () => {
    expect(new Date(startOfDay('2026-11-23', 'Europe/Stockholm')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(new Date(startOfDay('2026-07-01', 'Europe/Stockholm')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date(startOfDay('2026-11-23', 'America/New_York')).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(new Date(startOfDay('2026-11-23', 'Asia/Kolkata')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });

  it('makes the week of a daylight-saving change 167 or 169 hours long, as on the reader’s clock', () => {
    // Europe: clocks go forward on Sunday 29 March 2026 and back on Sunday 25 October 2026.
    const spring = daysRange('2026-03-23', '2026-03-29', 'Europe/Stockholm');
    expect(new Date(spring.start).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(new Date(spring.end + 1).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect((spring.end + 1 - spring.start) / 3_600_000).toBe(167);
    const autumn = daysRange('2026-10-19', '2026-10-25', 'Europe/Stockholm');
    expect((autumn.end + 1 - autumn.start) / 3_600_000).toBe(169);
    // A call at 00:30 local time on the Monday after belongs to the next week, not this one.
    expect(dayOf(Date.parse('2026-10-25T23:30:00Z'), 'Europe/Stockholm')).toBe('2026-10-26');
  });

  it('finds the start of a day whose midnight does not exist', () => {
    // Santiago skips from 00:00 to 01:00 on 6 September 2026.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(new Date(start).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dayOf(start, 'America/Santiago')).toBe('2026-09-06');
    expect(dayOf(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('accepts only real days written YYYY-MM-DD', () => {
    expect(isDay('2026-11-23')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-11-23T00:00')).toBe(false);
    expect(isDay('next week')).toBe(false);
    expect(isDay(20261123)).toBe(false);
  });

  it('reads a week as one window that holds it in every zone, from UTC+14 to UTC−12', () => {
    expect(weekWindow('2026-11-16')).toEqual({ startDate: '2026-11-15T10:00:00.000Z', endDate: '2026-11-23T11:59:59.999Z' });
    // The zones furthest ahead and behind start and end the week exactly at the window's edges.
    expect(new Date(startOfDay('2026-11-16', 'Pacific/Kiritimati')).toISOString()).toBe('2026-11-15T10:00:00.000Z');
    expect(new Date(daysRange('2026-11-16', '2026-11-22', 'Etc/GMT+12').end).toISOString()).toBe('2026-11-23T11:59:59.999Z');
    // A week with a clock change is inside its window too (Stockholm: 18 Oct 22:00 to 25 Oct 22:59:59.999 UTC).
    expect(weekWindow('2026-10-19')).toEqual({ startDate: '2026-10-18T10:00:00.000Z', endDate: '2026-10-26T11:59:59.999Z' });
  });
});
