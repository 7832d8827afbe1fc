import type { LiveState } from '../api/schemas.ts';
import type { BadgeTone } from './ui/badge.tsx';

export type Tone = 'neutral' | 'upcoming' | 'live' | 'working' | 'done' | 'failed';

export interface StateInfo {
  /** The badge. */
  label: string;
  /** One plain sentence for the analyst. */
  line: string;
  tone: Tone;
}

/** Every state the service is known to use, in plain language. */
export const STATE_INFO: Record<string, StateInfo> = {
  notLive: { label: 'Not live', line: 'This call is not streaming, and no live stream is scheduled yet.', tone: 'neutral' },
  willBeLive: { label: 'Starting soon', line: 'This call will stream live; it starts playing here the moment it begins.', tone: 'upcoming' },
  live: { label: 'Live', line: 'The call is streaming now. Listen live, or go back within the stream.', tone: 'live' },
  processingRecording: {
    label: 'Processing',
    line: 'The call has ended. Its recording is being processed and will be available here shortly.',
    tone: 'working',
  },
  recordingAvailable: { label: 'Recording available', line: 'The call has ended and its recording is ready to play.', tone: 'done' },
  liveFailedInterrupted: {
    label: 'Stream interrupted',
    line: 'The live stream started but was interrupted. A recording may still follow; check the event page later.',
    tone: 'failed',
  },
  liveFailedNoAccess: {
    label: 'No access',
    line: 'The live stream could not be captured because access to the call was refused.',
    tone: 'failed',
  },
  liveFailedNotStarted: { label: 'Did not start', line: 'The live stream never started: the call did not begin streaming.', tone: 'failed' },
  processingRecordingFailed: {
    label: 'Processing failed',
    line: 'The call was streamed, but its recording could not be processed.',
    tone: 'failed',
  },
};

/** A known state's description, or the state shown as it is (a value the service added later). */
export function describeState(state: LiveState): StateInfo {
  return (
    STATE_INFO[state] ?? {
      label: state || 'Unknown',
      line: `The service reports the state “${state}”, which this app does not know yet. It keeps checking.`,
      tone: 'neutral',
    }
  );
}

/** How each kind of state looks as a Badge. */
export const TONE_BADGE: Record<Tone, BadgeTone> = {
  neutral: 'neutral',
  upcoming: 'accent',
  live: 'danger',
  working: 'warning',
  done: 'success',
  failed: 'danger',
};

/**
 * The time left before something starts, to the minute: "3 days", "1 day 4 h", "2 h 15 min",
 * "50 min", and "40 s" in the last minute (say it after "in").
 */
export function formatTimeUntil(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days >= 2) return `${days} days`;
  if (days === 1) return hours > 0 ? `1 day ${hours} h` : '1 day';
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${total} s`;
}

/** "2 h 05 min 09 s", "4 min 09 s", "9 s": a countdown's remaining time. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${hours} h ${pad(minutes)} min`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min ${pad(seconds)} s`;
  if (minutes > 0) return `${minutes} min ${pad(seconds)} s`;
  return `${seconds} s`;
}
