import { useEffect, useState, useSyncExternalStore } from 'react';
import { serverClockKnown, serverNow, subscribeServerClock } from '../api/server-clock.ts';

/**
 * The data service's "now", re-read every `everyMs` (never when false) and as soon as the
 * service's clock is first seen (countdowns and "today" follow the service, whose clock may differ
 * from the reader's).
 */
export function useNow(everyMs: number | false = 15_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const update = () => setNow(serverNow());
    const unsubscribe = subscribeServerClock(update);
    const timer = everyMs === false ? undefined : setInterval(update, everyMs);
    update();
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}

/** Whether an answer of the service has told its time yet (until then "today" is the reader's guess). */
export function useServerClockKnown(): boolean {
  return useSyncExternalStore(subscribeServerClock, serverClockKnown, () => false);
}
