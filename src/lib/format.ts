/** One way to show dates, durations and sizes everywhere. */

/** Shown where a value is missing. */
export const MISSING = '—';

/** How a company is named on screen: its short name, else its legal name, else "Unnamed company" (never its id). */
export function companyLabel(company: { id?: number; displayName?: string | null; name?: string | null }): string {
  return textOr(company.displayName, textOr(company.name, 'Unnamed company'));
}

/** A time in seconds from data when it is usable (positive, finite, under a week); otherwise undefined. */
export function plausibleSeconds(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 7 * 86_400 ? value : undefined;
}

/** Text from data, or the fallback when it is missing or blank (so a link or label never ends up empty). */
export function textOr(value: string | null | undefined, fallback: string = MISSING): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function toDate(value: string | number | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Date and time in the reader's time zone. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : String(value);
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? dateFormat.format(date) : String(value);
}

const monthFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** A calendar month in UTC ("October 2026"), as the transcript search groups calls by their date. */
export function formatMonth(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = toDate(value);
  return date ? monthFormat.format(date) : String(value);
}

/** The same instant in UTC, for a tooltip. */
export function formatUtc(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  return date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}

/** A count as the app writes it: whole, with thousands separators ("12,000"), the same in every locale. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** Seconds as h:mm:ss (or m:ss under an hour). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds) || totalSeconds < 0) return '—';
  const seconds = Math.floor(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A size the API gives as text ("1.2 MB") or bytes, shown in MB. */
export function formatSize(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return `${(value / 1_000_000).toFixed(1)} MB`;
  const match = /^([\d.]+)\s*(B|KB|MB|GB)$/i.exec(value.trim());
  if (!match) return value;
  const factor = { B: 1e-6, KB: 1e-3, MB: 1, GB: 1e3 }[match[2]!.toUpperCase() as 'B' | 'KB' | 'MB' | 'GB'];
  return `${(Number(match[1]) * factor).toFixed(1)} MB`;
}
