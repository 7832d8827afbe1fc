/** src/lib/format.ts: dates in the reader's zone, durations, sizes and UTC tooltips. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatSize, formatUtc } from '../../src/lib/format.ts';

/**
 * The reader: en-US in New York. format.ts builds its formatters when it is imported, with the
 * reader's locale and zone (none given), so this runs before the imports above (vi.hoisted) and
 * only fills in what a formatter leaves to the environment.
 */
const realDateTimeFormat = vi.hoisted(() => {
  const Real = Intl.DateTimeFormat;
  class ReaderDateTimeFormat extends Real {
    constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      super(locales ?? 'en-US', { timeZone: 'America/New_York', ...options });
    }
  }
  Intl.DateTimeFormat = ReaderDateTimeFormat as typeof Intl.DateTimeFormat;
  return Real;
});
afterAll(() => {
  Intl.DateTimeFormat = realDateTimeFormat;
});

/** Older ICU versions put a narrow no-break space before AM/PM; the words are what matter. */
function words(text: string): string {
  return text.replace(/\s/g, ' ');
}

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [65, '1:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [36_005, '10:00:05'],
  ])('%s s reads %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1])('%s reads —', (value) => {
    expect(formatDuration(value)).toBe('—');
  });
});

describe('formatSize', () => {
  it.each([
    ['1.2 MB', '1.2 MB'],
    ['1.25MB', '1.3 MB'],
    ['  3 mb ', '3.0 MB'],
    ['500 KB', '0.5 MB'],
    ['1.5 GB', '1500.0 MB'],
    ['2000000 B', '2.0 MB'],
  ])('text %j reads %s', (value, expected) => {
    expect(formatSize(value)).toBe(expected);
  });

  it('shows bytes in MB', () => {
    expect(formatSize(1_234_567)).toBe('1.2 MB');
    expect(formatSize(0)).toBe('0.0 MB');
  });

  it('shows text it cannot read as is', () => {
    expect(formatSize('about a megabyte')).toBe('about a megabyte');
    expect(formatSize('12 TB')).toBe('12 TB');
  });

  it.each([null, undefined, ''])('%j reads —', (value) => {
    expect(formatSize(value)).toBe('—');
  });
});

describe('formatUtc', () => {
  it('shows the instant in UTC to the minute', () => {
    expect(formatUtc('2026-11-21T12:34:56.789Z')).toBe('2026-11-21 12:34 UTC');
    expect(formatUtc('2026-11-21T14:34:00+02:00')).toBe('2026-11-21 12:34 UTC');
    expect(formatUtc(Date.UTC(2026, 0, 2, 3, 4))).toBe('2026-01-02 03:04 UTC');
    expect(formatUtc(new Date('2026-02-03T04:05:00Z'))).toBe('2026-02-03 04:05 UTC');
  });

  it('is empty for no value or an unreadable one', () => {
    expect(formatUtc(null)).toBe('');
    expect(formatUtc(undefined)).toBe('');
    expect(formatUtc('not a date')).toBe('');
  });
});

describe('formatDateTime and formatDate', () => {
  it('show — for no value and unreadable text as is', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDate('soon')).toBe('soon');
  });

  it.each([
    ['2026-06-15T12:00:00Z', 'Jun 15, 2026, 08:00 AM', 'Jun 15, 2026'],
    // The evening before in New York: the reader's day, not the UTC one.
    ['2026-06-15T02:30:00Z', 'Jun 14, 2026, 10:30 PM', 'Jun 14, 2026'],
    // Winter time (UTC-5) as well as summer time (UTC-4).
    ['2026-01-15T12:00:00Z', 'Jan 15, 2026, 07:00 AM', 'Jan 15, 2026'],
    ['2026-11-21T00:15:00+01:00', 'Nov 20, 2026, 06:15 PM', 'Nov 20, 2026'],
  ])("show %s in the reader's zone as %s and %s", (value, dateTime, date) => {
    expect(words(formatDateTime(value))).toBe(dateTime);
    expect(words(formatDate(value))).toBe(date);
  });

  it('take a timestamp or a Date as well as text', () => {
    expect(words(formatDateTime(Date.UTC(2026, 0, 1)))).toBe('Dec 31, 2025, 07:00 PM');
    expect(words(formatDate(new Date('2026-03-02T16:45:00Z')))).toBe('Mar 2, 2026');
  });
});
