import { formatDateTime, formatUtc } from '../lib/format.ts';

/** A date in the reader's time zone, UTC on hover. */
export function TimeText({ value, className }: { value: string | null | undefined; className?: string }) {
  if (!value) return <span className={className}>—</span>;
  return (
    <time dateTime={value} title={formatUtc(value)} className={`tabular ${className ?? ''}`}>
      {formatDateTime(value)}
    </time>
  );
}
