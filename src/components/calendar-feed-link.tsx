import { CopyButton } from './copy-button.tsx';
import { textLinkClass } from './ui/text-link.ts';

/** The address of the feed of these companies' coming events, served by our server (ids sorted). */
export function calendarFeedUrl(companyIds: readonly number[], origin: string = window.location.origin): string {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b).join(',');
  return `${origin}/api/calendar.ics?companyIds=${ids}`;
}

/**
 * "Subscribe in a calendar app": the watchlist's coming events as a feed the app keeps current.
 * The link opens the feed (a calendar app offers to subscribe); Copy gives the address for apps
 * that ask for it ("Add calendar from URL").
 */
export function CalendarFeedLink({ companyIds }: { companyIds: readonly number[] }) {
  const url = calendarFeedUrl(companyIds);
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm">
      <a href={url.replace(/^https?:/, 'webcal:')} className={textLinkClass()}>
        Subscribe to the watchlist’s events
      </a>
      <CopyButton text={url} label="Copy the watchlist’s calendar feed address" />
    </span>
  );
}
