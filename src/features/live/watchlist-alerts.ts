import { useEffect, useRef } from 'react';
import type { LiveAudio } from '../../api/schemas.ts';
import { useWatchlist } from '../../lib/watchlist.ts';
import { announce } from './announce.ts';
import { showNotification, useNotificationOptIn, type NotificationOptIn } from './notifications.ts';

/** "Notify me when a watchlist company goes live": the button, and whether the analyst asked. */
export function useWatchlistAlertsOptIn(): NotificationOptIn {
  return useNotificationOptIn({
    ask: 'Notify me when a watchlist company goes live',
    granted: 'You will get a notification when a company on your watchlist goes live, while this page stays open (in the background too).',
  });
}

/**
 * Once asked for, a browser notification each time the board's polling sees a call of a watchlist
 * company change to live (once per call). A call already live when first seen is not a change: it
 * is on the board.
 */
export function useWatchlistAlerts(records: readonly LiveAudio[] | undefined, enabled: boolean): void {
  const watchlist = useWatchlist();
  const seen = useRef(new Map<number, string>());
  const notified = useRef(new Set<number>());

  useEffect(() => {
    if (!records) return;
    const watched = new Map(watchlist.map((company) => [company.id, company.displayName]));
    for (const record of records) {
      const before = seen.current.get(record.id);
      seen.current.set(record.id, record.state);
      if (!enabled || before === undefined || before === record.state || record.state !== 'live') continue;
      const who = watched.get(record.companyId);
      if (who === undefined || notified.current.has(record.id)) continue;
      notified.current.add(record.id);
      showNotification(announce('live', who), { body: 'Listen from the live board.', tag: `live-${record.id}` });
    }
  }, [records, enabled, watchlist]);
}
