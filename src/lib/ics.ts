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
  return new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A content line folded at 75 octets (UTF-8), continuation lines starting with a space, never
 * splitting a character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line's leading space counts
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
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

function eventLines(event: IcsEvent, stamp: number): string[] | undefined {
  const start = Date.parse(event.start);
  if (!Number.isFinite(start)) return undefined;
  const lines = [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@earnings-desk`,
    `DTSTAMP:${icsTime(stamp)}`,
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

/** A whole calendar: one event to add, or a feed (with a name, for subscriptions). */
export function calendarText(events: readonly IcsEvent[], options: { name?: string; description?: string; now?: number } = {}): string {
  const stamp = options.now ?? Date.now();
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Earnings Desk//Calendar//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (options.name) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  if (options.description) lines.push(`X-WR-CALDESC:${escapeText(options.description)}`);
  // Ask subscribers to refresh hourly (an event's time can move).
  if (options.name) lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  for (const event of events) lines.push(...(eventLines(event, stamp) ?? []));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
