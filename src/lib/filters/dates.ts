/**
 * Date filters: `YYYY-MM-DD` (a whole day, UTC) or a full ISO 8601 date-time (UTC when it names
 * no offset). Days and times that do not exist (2026-02-31, 25:61) are refused.
 *
 * A day is sent to the API as an explicit timestamp, chosen by what the filter says about it:
 *   from  (startDate)      the day is included: its first millisecond  → 2026-03-01T00:00:00.000Z
 *   to    (endDate)        the day is included: its last millisecond   → 2026-03-01T23:59:59.999Z
 *   after (updatedAfter)   an exclusive bound, after the day is over    → 2026-03-01T23:59:59.999Z
 *   before (updatedBefore) an exclusive bound, before the day begins    → 2026-03-01T00:00:00.000Z
 */

export type DateBound = 'from' | 'to' | 'after' | 'before';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

function realDay(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The date as written (trimmed) when it names a real day or moment; null otherwise. */
export function readDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const day = DAY.exec(text);
  if (day) return realDay(Number(day[1]), Number(day[2]), Number(day[3])) ? text : null;
  const time = DATE_TIME.exec(text);
  if (!time) return null;
  const [, y, mo, d, h, mi, s = '0', , oh = '0', om = '0'] = time;
  if (!realDay(Number(y), Number(mo), Number(d))) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(oh) > 23 || Number(om) > 59) return null;
  return text;
}

export function isDateOnly(text: string): boolean {
  return DAY.test(text);
}

/** The timestamp the API gets for a date read by `readDate`. */
export function dateToApi(text: string, bound: DateBound): string {
  if (isDateOnly(text)) return `${text}T${bound === 'from' || bound === 'before' ? '00:00:00.000' : '23:59:59.999'}Z`;
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  return new Date(withZone).toISOString();
}
