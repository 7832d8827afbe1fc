import { useEventTranscript } from '../../api/transcript-content.ts';
import { PanelError } from '../../components/query-states.tsx';
import { EmptyState } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import type { RecordingSource } from '../../lib/player/index.ts';
import { FollowingTranscript } from './following-transcript.tsx';

/** The event's transcript beside its recording, each step with its own loading and error state. */
export function TranscriptPanel({ eventId, source }: { eventId: number; source: RecordingSource }) {
  const { transcript, missing, failed } = useEventTranscript(eventId);
  if (failed) {
    return <PanelError error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  if (missing) return <EmptyState>No transcript for this event yet.</EmptyState>;
  if (!transcript) return <SkeletonRows rows={8} label="Loading the transcript" />;
  if (transcript.paragraphs.length === 0) return <EmptyState>This transcript has no text.</EmptyState>;
  return <FollowingTranscript transcript={transcript} source={source} />;
}
