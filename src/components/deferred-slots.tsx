import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Pieces of a page whose code loads after the page's own, so they do not weigh on its first
 * screen (the recording page's is at its budget), in one small module so the frame's list of
 * chunks does not grow with each of them. Once loaded, each shows its own placeholder or nothing.
 *
 * - "Calls of this company" on a call's page (event, recording, transcript): call-neighbours.tsx.
 * - "Add to calendar" (the button and the .ics writer) on the calendar, a company's Upcoming and
 *   an event still to come: add-to-calendar.tsx.
 */
const CallNeighboursNav = lazy(() => import('./call-neighbours.tsx').then((module) => ({ default: module.CallNeighboursNav })));
const AddToCalendarButton = lazy(() => import('./add-to-calendar.tsx').then((module) => ({ default: module.AddToCalendarButton })));

export function CallNeighbours(props: ComponentProps<typeof CallNeighboursNav>) {
  return (
    <Suspense>
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
