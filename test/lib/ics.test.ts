import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, foldLine, icsTime } from '../../src/lib/ics.ts';

describe('calendar files (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('Q3; revenue, margins\\outlook\nNext line')).toBe('Q3\\; revenue\\, margins\\\\outlook\\nNext line');
  });

  it('writes UTC times without separators', () => {
    expect(icsTime(Date.parse('2026-11-21T12:05:09.750Z'))).toBe('20261121T120509Z');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'Ö'.repeat(60)}`; // 8 + 120 octets
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(2);
    expect(new TextEncoder().encode(parts[0]!).length).toBe(74); // 8 + 33 two-octet letters: the 34th would pass 75
    expect(parts[1]!.startsWith(' Ö')).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('folds a long line into four parts: 75 octets first, then a space and 74, a multi-byte letter never split', () => {
    // 12 + 63 = 75 octets, then a 3-octet €, 72 one-octet y, 40 two-octet é, a 2-octet ü and " end".
    const line = `DESCRIPTION:${'x'.repeat(63)}€${'y'.repeat(72)}${'é'.repeat(40)}ü end`;
    expect(foldLine(line)).toBe(
      [
        `DESCRIPTION:${'x'.repeat(63)}`, // 75 octets: the € would make 78
        ` €${'y'.repeat(71)}`, // 1 + 3 + 71 = 75: the next y would make 76
        ` y${'é'.repeat(36)}`, // 1 + 1 + 72 = 74: the next é would make 76
        ' ééééü end',
      ].join('\r\n'),
    );
  });

  it('makes one event a whole calendar with its id, start, one-hour end, name and link', () => {
    const text = calendarText(
      [{ id: 7038, summary: 'Bryrite: Q3 2026 earnings call', start: '2026-11-21T20:35:00.000Z', url: 'http://app.test/events/7038', description: 'Bryrite' }],
      { now: Date.parse('2026-11-21T12:00:00Z') },
    );
    expect(text).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Earnings Desk//Calendar//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:event-7038@earnings-desk',
        'DTSTAMP:20261121T120000Z',
        'DTSTART:20261121T203500Z',
        'DTEND:20261121T213500Z',
        'SUMMARY:Bryrite: Q3 2026 earnings call',
        'DESCRIPTION:Bryrite',
        'URL:http://app.test/events/7038',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves out an event without a readable start, and a link that is not http(s)', () => {
    const text = calendarText([
      { id: 1, summary: 'No date', start: 'soon' },
      { id: 2, summary: 'Unsafe', start: '2026-11-21T20:35:00.000Z', url: 'javascript:alert(1)' },
    ]);
    expect(text).not.toContain('UID:event-1@');
    expect(text).toContain('UID:event-2@');
    expect(text).not.toContain('javascript:');
  });
});
