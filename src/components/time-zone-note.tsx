/** The reader's time zone, as the browser reports it ("Europe/Stockholm"); "UTC" when it cannot say. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * "Times in Europe/Stockholm": said once per page that shows times, so no time on it needs its own
 * zone. Every time the app shows is in the reader's zone (see TimeText); UTC is on hover.
 */
export function TimeZoneNote({ className }: { className?: string }) {
  return <p className={`text-xs text-slate-600 dark:text-slate-400 ${className ?? ''}`}>Times in {readerTimeZone().replace(/_/g, ' ')}</p>;
}
