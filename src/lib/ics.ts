/**
 * Calendar files (RFC 5545) for events: one event to add to a calendar, or a feed of many that a
 * calendar app subscribes to. Pure (no DOM, no Node): the browser and the server build the same
 * text. Times are UTC; the service gives no end time, so an event is given one hour.
 */

export interface IcsEvent {
  id: number;
  /** "Bryrite: Q3 2026 earnings call". */
  summary: string;
  /** ISO 8601 start. */
  start: string;
  description?: string;
  /** A page about the event (only http and https are written). */
  url?: string;
  /** When the record last changed (ISO 8601), for calendar apps that keep a copy. */
  updated?: string;
}

export const EVENT_LENGTH_MS = 60 * 60_000;
const CRLF = '\r\n';

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** 20261121T120000Z */
export function icsTime(time: number): string {
  const iso = new Date(time).toISOString();
  // Years outside 0-9999 are written with a sign and six digits: only separators removed.
  if (iso.length !== 24) return iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * A content line folded at 75 octets (UTF-8), continuation lines starting with a space, never
 * splitting a character. Octets are counted from the code points (a TextEncoder call per
 * character made a 5,000-event feed take over a second).
 */
export function foldLine(line: string): string {
  // Most lines are short printable ASCII: nothing to count.
  if (line.length <= 75 && !/[^\x20-\x7e]/.test(line)) return line;
  const parts: string[] = [];
  let start = 0;
  let size = 0;
  for (let index = 0; index < line.length;) {
    const code = line.codePointAt(index)!;
    const units = code > 0xffff ? 2 : 1;
    const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line's leading space counts
    if (size + bytes > limit) {
      parts.push(line.slice(start, index));
      start = index;
      size = 0;
    }
    size += bytes;
    index += units;
  }
  parts.push(line.slice(start));
  return parts.join(`${CRLF} `);
}

function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

function eventLines(event: IcsEvent, stamp: string): string[] | undefined {
  const start = Date.parse(event.start);
  if (!Number.isFinite(start)) return undefined;
  const lines = [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@earnings-desk`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(start + EVENT_LENGTH_MS)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  const url = safeUrl(event.url);
  if (url) lines.push(`URL:${url}`);
  const updated = event.updated ? Date.parse(event.updated) : NaN;
  if (Number.isFinite(updated)) lines.push(`LAST-MODIFIED:${icsTime(updated)}`);
  lines.push('END:VEVENT');
  return lines;
}

export interface CalendarOptions {
  name?: string;
  description?: string;
  /** DTSTAMP of every event (ms); default now. */
  now?: number;
}

/**
 * A calendar in three parts, for a writer that yields between events (the server's feed):
 * `head + events.map(event).join('') + CALENDAR_END` is calendarText(events, options).
 */
export function calendarParts(options: CalendarOptions = {}): { head: string; event: (event: IcsEvent) => string } {
  const stamp = icsTime(options.now ?? Date.now());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Earnings Desk//Calendar//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.name) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  if (options.description) lines.push(`X-WR-CALDESC:${escapeText(options.description)}`);
  // Ask subscribers to refresh hourly (an event's time can move).
  if (options.name) lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  return {
    head: lines.map(foldLine).join(CRLF) + CRLF,
    event: (event) => {
      const lines = eventLines(event, stamp);
      return lines ? lines.map(foldLine).join(CRLF) + CRLF : '';
    },
  };
}

export const CALENDAR_END = `END:VCALENDAR${CRLF}`;

/** A whole calendar: one event to add, or a feed (with a name, for subscriptions). */
export function calendarText(events: readonly IcsEvent[], options: CalendarOptions = {}): string {
  const { head, event } = calendarParts(options);
  return head + events.map(event).join('') + CALENDAR_END;
}
