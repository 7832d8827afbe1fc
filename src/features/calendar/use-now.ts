import { useEffect, useState } from 'react';
import { serverNow } from '../../api/server-clock.ts';

/** The data service's "now", re-read every `everyMs` (countdowns and "today" follow it). */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
