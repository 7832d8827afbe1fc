import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { addDays, isDay } from '../../lib/calendar-week.ts';

const rangeFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "23 Nov – 29 Nov 2026": the week as a range of days (written in UTC: the days are the reader's already). */
export function weekLabel(monday: string): string {
  const from = new Date(`${monday}T00:00:00Z`);
  const to = new Date(`${addDays(monday, 6)}T00:00:00Z`);
  return rangeFormat.formatRange(from, to);
}

/** Previous week, this week, next week, and a date picker that goes to the week of the day chosen. */
export function WeekNav({ monday, thisMonday, onGo }: { monday: string; thisMonday: string; onGo: (day: string) => void }) {
  const [day, setDay] = useState('');
  const go = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isDay(day)) onGo(day);
  };
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 className="text-base font-semibold tracking-tight tabular" aria-live="polite">
        {monday === thisMonday ? 'This week: ' : ''}
        {weekLabel(monday)}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <nav aria-label="Weeks" className="flex gap-1.5">
          <Button onClick={() => onGo(addDays(monday, -7))}>Previous week</Button>
          <Button onClick={() => onGo(thisMonday)} disabled={monday === thisMonday} aria-current={monday === thisMonday ? 'date' : undefined}>
            This week
          </Button>
          <Button onClick={() => onGo(addDays(monday, 7))}>Next week</Button>
        </nav>
        <form onSubmit={go} className="flex items-end gap-1.5" aria-label="Go to a date">
          <TextInput label="Go to date" id="calendar-go-to" type="date" value={day} onChange={(event) => setDay(event.target.value)} />
          <Button type="submit" disabled={!isDay(day)}>
            Go
          </Button>
        </form>
      </div>
    </div>
  );
}
