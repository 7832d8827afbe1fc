/**
 * A start time from a deep link (`?t=`): whole or fractional seconds ("90", "90.5"), or
 * clock form ("1:30", "1:02:03"). Anything else, or a negative value, is no start time.
 */
export function parseTimeParam(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const clock = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)$/.exec(text);
  if (!clock) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = clock;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}
