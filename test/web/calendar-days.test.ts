import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../src/api/schemas.ts';
import { buildItems } from '../../src/features/calendar/calendar-days.tsx';
import { daysOfWeek } from '../../src/lib/calendar-week.ts';

function event(id: number, date: string): EventRecord {
  return { id, date } as EventRecord;
}

describe('calendar week: each event under the reader’s day', () => {
  it('puts events on their Oslo day across the autumn clock change, and leaves out those outside the week', () => {
    // Monday 19 October 2026 to Sunday 25 October; the clocks go back at 03:00 on the Sunday.
    const days = daysOfWeek('2026-10-19');
    const items = buildItems(
      days,
      [
        event(1, '2026-10-18T21:59:00Z'), // Sunday 18th 23:59 (summer time): the week before
        event(2, '2026-10-18T22:00:00Z'), // Monday 19th 00:00
        event(3, '2026-10-24T22:30:00Z'), // Sunday 25th 00:30, still summer time
        event(4, '2026-10-25T22:59:00Z'), // Sunday 25th 23:59, winter time
        event(5, '2026-10-25T23:00:00Z'), // Monday 26th 00:00: the week after
        event(6, '2026-10-21T10:00:00Z'), // Wednesday 21st 12:00
      ],
      'Europe/Oslo',
    );
    const placed = items.flatMap((item) => (item.kind === 'event' ? [`${item.day} #${item.event.id}`] : []));
    expect(placed).toEqual(['2026-10-19 #2', '2026-10-21 #6', '2026-10-25 #3', '2026-10-25 #4']);
    expect(items.filter((item) => item.kind === 'empty').map((item) => item.day)).toEqual(['2026-10-20', '2026-10-22', '2026-10-23', '2026-10-24']);
  });
});
