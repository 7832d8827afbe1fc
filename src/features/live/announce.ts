import { describeState } from '../../components/live-states.ts';

/** A change of state in words: "Acme is live.", "Acme: the recording is available." */
export function announce(state: string, who: string): string {
  switch (state) {
    case 'live':
      return `${who} is live.`;
    case 'willBeLive':
      return `${who} will go live soon.`;
    case 'processingRecording':
      return `${who}: the call has ended; the recording is being processed.`;
    case 'recordingAvailable':
      return `${who}: the recording is available.`;
    default:
      return `${who}: ${describeState(state).label}.`;
  }
}
