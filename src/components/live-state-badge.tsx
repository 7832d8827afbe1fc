import type { LiveState } from '../api/schemas.ts';
import { describeState, TONE_BADGE } from './live-states.ts';
import { Badge } from './ui/badge.tsx';

/** A live state as a badge ("Live", "Starting soon", "Recording available"), the same on every page. */
export function LiveStateBadge({ state }: { state: LiveState }) {
  const info = describeState(state);
  return <Badge tone={TONE_BADGE[info.tone]}>{info.label}</Badge>;
}
