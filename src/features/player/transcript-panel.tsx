import { useQuery } from '@tanstack/react-query';
import { documentQueries } from '../../api/documents.ts';
import type { DocumentRecord } from '../../api/schemas.ts';
import { transcriptContentQueries } from '../../api/transcript-content.ts';
import { PanelError } from '../../components/query-states.tsx';
import { EmptyState } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import type { RecordingSource } from '../../lib/player/index.ts';
import { FollowingTranscript } from './following-transcript.tsx';

/** The newest transcript of the event: the edited one once it exists, the raw one before. */
function latest(documents: readonly DocumentRecord[] | undefined): DocumentRecord | undefined {
  return [...(documents ?? [])].sort((a, b) => (Date.parse(b.updatedAt ?? '') || 0) - (Date.parse(a.updatedAt ?? '') || 0) || b.id - a.id)[0];
}

/**
 * The event's transcript, as the recording page reads it: endpoint 11 finds it by event, endpoint
 * 12 gives the document, its file gives the text. Every part of the page that needs the words
 * (the transcript that follows playback, a clip's text, the Q&A) reads them here, once.
 */
export function useEventTranscript(eventId: number) {
  const list = useQuery(documentQueries.transcripts({ eventIds: [eventId], limit: 10 }));
  const chosen = latest(list.data?.data);
  const document = useQuery({ ...documentQueries.transcript(chosen?.id ?? 0), enabled: chosen !== undefined });
  const fileUrl = document.data?.fileUrl;
  const content = useQuery({ ...transcriptContentQueries.file(fileUrl ?? ''), enabled: fileUrl !== undefined });
  const failed = [list, document, content].find((query) => query.isError);
  return {
    /** The transcript once read. */
    transcript: content.data,
    /** The document it comes from. */
    document: document.data,
    /** True when the event has no transcript (yet). */
    missing: list.data !== undefined && !chosen,
    /** The first step that failed, with its retry. */
    failed,
  };
}

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
