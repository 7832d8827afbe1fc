import { lazy, Suspense } from 'react';
import { NeighboursPlaceholder } from './call-neighbours-box.tsx';

/**
 * Where a call's page shows "Calls of this company" (call-neighbours.tsx). Its code loads after the
 * page's own, so the links to other calls do not weigh on the page's first screen (the recording
 * page's is at its budget); its placeholder holds their room from the first paint until the
 * company's calls are in.
 */
const CallNeighboursNav = lazy(() => import('./call-neighbours.tsx').then((module) => ({ default: module.CallNeighboursNav })));

export function CallNeighbours(props: { eventId: number; className?: string }) {
  return (
    <Suspense fallback={<NeighboursPlaceholder className={props.className} />}>
      <CallNeighboursNav {...props} />
    </Suspense>
  );
}
