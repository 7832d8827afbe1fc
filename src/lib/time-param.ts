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

/** A range from a clip link (`?t=93-131`, `?t=1:33-2:11`), or why it cannot be played. */
export type ClipParam = { ok: true; start: number; end: number } | { ok: false; error: string };

/** The longest a clip link may be written (characters); anything longer is not a time. */
const MAX_PARAM = 40;

/**
 * What `?t=` on a recording keeps: a single time as seconds; anything else as the text it is (a
 * clip range, or a mistake the page explains). An empty value is no time at all.
 */
export function readTimeSearch(value: unknown): number | string | undefined {
  const time = parseTimeParam(value);
  if (time !== undefined) return time;
  if (typeof value !== 'string' || !value.trim()) return undefined;
  return value.trim().slice(0, MAX_PARAM);
}

/** `start-end` with each side as parseTimeParam reads it; reversed, empty or unreadable ranges say why. */
export function parseClipParam(value: string): ClipParam {
  const text = value.trim();
  const parts = text.split('-');
  if (parts.length !== 2 || !parts[0]!.trim() || !parts[1]!.trim()) {
    return { ok: false, error: `“${text}” is not a time or a clip: write seconds or m:ss, such as 93 or 1:33, or a range such as 93-131.` };
  }
  const start = parseTimeParam(parts[0]);
  const end = parseTimeParam(parts[1]);
  if (start === undefined || end === undefined) {
    const bad = start === undefined ? parts[0]!.trim() : parts[1]!.trim();
    return { ok: false, error: `The clip “${text}” has “${bad}”, which is not a time: write seconds or m:ss, such as 93-131 or 1:33-2:11.` };
  }
  if (end < start) return { ok: false, error: `The clip “${text}” ends before it starts.` };
  if (end === start) return { ok: false, error: `The clip “${text}” starts and ends at the same moment.` };
  return { ok: true, start, end };
}

/**
 * A clip fitted to its recording: one that starts after the recording ends cannot play; one that
 * runs past the end ends there (and says so in `trimmed`). `duration` unknown: the clip as written.
 */
export function fitClip(
  clip: { start: number; end: number },
  duration: number | undefined,
  describe: (seconds: number) => string,
): { ok: true; start: number; end: number; trimmed: boolean } | { ok: false; error: string } {
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return { ok: true, ...clip, trimmed: false };
  if (clip.start >= duration) {
    return { ok: false, error: `The clip starts at ${describe(clip.start)}, after the recording ends (it is ${describe(duration)} long).` };
  }
  if (clip.end > duration) return { ok: true, start: clip.start, end: duration, trimmed: true };
  return { ok: true, ...clip, trimmed: false };
}
