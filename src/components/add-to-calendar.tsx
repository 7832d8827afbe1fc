import type { Company, EventRecord, EventType } from '../api/schemas.ts';
import { saveText } from '../lib/download.ts';
import { readableFileName } from '../lib/file-name.ts';
import { companyLabel } from '../lib/format.ts';
import { calendarText, type IcsEvent } from '../lib/ics.ts';
import { eventName } from '../lib/names.ts';
import { buttonClass } from './ui/button.tsx';

/** An event as a calendar entry: "Bryrite: Q3 2026 earnings call", linking to its page here. */
export function icsEventOf(event: EventRecord, company: Company | undefined, type: EventType | undefined, origin: string): IcsEvent {
  const name = eventName(event, { type, company });
  const who = company ? companyLabel(company) : undefined;
  return {
    id: event.id,
    summary: who ? `${who}: ${name}` : name,
    start: event.date ?? '',
    description: [who, name, 'Earnings Desk'].filter(Boolean).join(' · '),
    url: `${origin}/events/${event.id}`,
    updated: event.updatedAt ?? undefined,
  };
}

/** "Add to calendar": saves one event as an .ics file that any calendar app opens. */
export function AddToCalendarButton({ event, company, type }: { event: EventRecord; company: Company | undefined; type: EventType | undefined }) {
  if (!event.date || !Number.isFinite(Date.parse(event.date))) return null;
  const entry = icsEventOf(event, company, type, window.location.origin);
  const save = () =>
    saveText(
      calendarText([entry]),
      readableFileName([company ? companyLabel(company) : undefined, eventName(event, { type, company })], 'ics'),
      'text/calendar',
    );
  return (
    <button type="button" className={buttonClass({ variant: 'quiet', size: 'xs' })} onClick={save} aria-label={`Add to calendar: ${entry.summary}`}>
      Add to calendar
    </button>
  );
}
