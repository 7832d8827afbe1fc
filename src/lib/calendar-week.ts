/**
 * Calendar days and weeks in the reader's time zone. A day is written "2026-11-23" (the reader's
 * wall-clock date); its bounds are the UTC instants of its local midnights, so a week that crosses
 * a daylight-saving change is 167 or 169 hours long, as it is on the reader's clock. Weeks start on
 * Monday (ISO 8601).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** The reader's wall-clock reading of an instant, as UTC milliseconds of the same reading. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The day ("2026-11-23") an instant falls on in the time zone. */
export function dayOf(instant: number, timeZone: string): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

/** Whether the text is a real calendar day written YYYY-MM-DD. */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = DAY.exec(text);
  if (!match) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === text;
}

/** The day `days` after (or before) a day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The Monday of the week a day is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The seven days of the week that starts on `monday`. */
export function daysOfWeek(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/**
 * The instant a day starts in the time zone (its local midnight; where midnight does not exist
 * because the clocks jump, the first instant of the day).
 */
export function startOfDay(day: string, timeZone: string): number {
  const target = Date.parse(`${day}T00:00:00Z`);
  // Start from the target reading as if it were UTC, then correct by the zone's offset twice:
  // the second pass settles the instants near an offset change.
  let guess = target;
  for (let pass = 0; pass < 3; pass++) {
    const offset = wallClock(guess, timeZone) - guess;
    const next = target - offset;
    if (next === guess) break;
    guess = next;
  }
  // A skipped midnight reads as 01:00: still the same day, and nothing earlier belongs to it.
  while (dayOf(guess - 60_000, timeZone) === day) guess -= 60_000;
  return guess;
}

/** The instants a stretch of days covers: from the first day's start to the last day's end (inclusive, ms). */
export function daysRange(first: string, last: string, timeZone: string): { start: number; end: number } {
  return { start: startOfDay(first, timeZone), end: startOfDay(addDays(last, 1), timeZone) - 1 };
}

/** How far clocks run ahead of UTC (UTC+14, the Line Islands) and behind it (UTC−12), in ms. */
const MOST_AHEAD = 14 * 3_600_000;
const MOST_BEHIND = 12 * 3_600_000;

/**
 * The window of instants that holds the week starting on `monday` in every time zone: from that
 * Monday's midnight where clocks are furthest ahead (UTC+14) to the next Monday's midnight where
 * they are furthest behind (UTC−12), 7 days and 26 hours (ISO strings, end inclusive). It depends
 * on the date alone, not on the reader's zone, so the server can name it before the app runs (a
 * preload hint for the calendar); the app keeps the events of its own week from it.
 */
export function weekWindow(monday: string): { startDate: string; endDate: string } {
  const start = Date.parse(`${monday}T00:00:00Z`) - MOST_AHEAD;
  const end = Date.parse(`${addDays(monday, 7)}T00:00:00Z`) + MOST_BEHIND - 1;
  return { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() };
}
