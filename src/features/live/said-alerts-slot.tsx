import { useEffect, useState, type ComponentType } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle.ts';

/**
 * What the root layout mounts of the alerts on what is said, without their weight: the watcher
 * and the header's alert tray load once the browser is idle after the first page, so the first
 * route stays small. Nothing shows until then (the tray appears only while something is watched).
 */
export function SaidAlertsSlot() {
  const [Shell, setShell] = useState<ComponentType | null>(null);
  useEffect(
    () =>
      whenIdleAfterLoad(() => {
        void import('./said-alerts.tsx').then(
          (m) => setShell(() => m.SaidAlertsShell as ComponentType),
          () => {
            // The chunk failed to load (offline, a new deployment): no alerts this visit; the page works on.
          },
        );
      }),
    [],
  );
  return Shell ? <Shell /> : null;
}
