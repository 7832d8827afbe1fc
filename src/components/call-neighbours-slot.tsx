import { lazy, Suspense } from 'react';

/**
 * Where a call's page shows "Calls of this company" (call-neighbours.tsx). Its code loads after the
 * page's own, so the links to other calls do not weigh on the page's first screen (the recording
 * page's is at its budget); once loaded, it shows its placeholder while the company's calls load.
 */
const CallNeighboursNav = lazy(() => import('./call-neighbours.tsx').then((module) => ({ default: module.CallNeighboursNav })));

export function CallNeighbours(props: { eventId: number; className?: string }) {
  return (
    <Suspense>
      <CallNeighboursNav {...props} />
    </Suspense>
  );
}
