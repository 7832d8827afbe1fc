import { lazy, Suspense, type ComponentProps } from 'react';
import { NeighboursPlaceholder } from './call-neighbours-box.tsx';

/**
 * Pieces of a page whose code loads after the page's own, so they do not weigh on its first
 * screen (the recording page's is at its budget), in one small module so the frame's list of
 * chunks does not grow with each of them. "Calls of this company" holds its room with a placeholder
 * while its code and the calls load (it sits above the page's content); "Add to calendar" shows
 * nothing until it is loaded.
 *
 * - "Calls of this company" on a call's page (event, recording, transcript): call-neighbours.tsx.
 * - A call's "Bookmarks and highlights" on the recording page (beside the chapters, or below them on
 *   a phone), which is empty until the listener keeps something: notes/call-notes-panel.tsx.
 * - "Add to calendar" (the button and the .ics writer) on the calendar, a company's Upcoming and
 *   an event still to come: add-to-calendar.tsx.
 */
const CallNeighboursNav = lazy(() => import('./call-neighbours.tsx').then((module) => ({ default: module.CallNeighboursNav })));
const CallNotesList = lazy(() => import('./notes/call-notes-panel.tsx').then((module) => ({ default: module.CallNotesPanel })));
const AddToCalendarButton = lazy(() => import('./add-to-calendar.tsx').then((module) => ({ default: module.AddToCalendarButton })));

export function CallNeighbours(props: ComponentProps<typeof CallNeighboursNav>) {
  return (
    // Its placeholder holds the links' room from the first paint until the company's calls are in.
    <Suspense fallback={<NeighboursPlaceholder className={props.className} />}>
      <CallNeighboursNav {...props} />
    </Suspense>
  );
}

export function AddToCalendar(props: ComponentProps<typeof AddToCalendarButton>) {
  return (
    <Suspense>
      <AddToCalendarButton {...props} />
    </Suspense>
  );
}

export function CallNotes(props: ComponentProps<typeof CallNotesList>) {
  return (
    <Suspense>
      <CallNotesList {...props} />
    </Suspense>
  );
}
