import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Panel } from '../../components/ui/panel.tsx';
import { QueryStates } from '../../components/query-states.tsx';
import { SearchBox } from '../../components/search-link.tsx';
import { whenIdleAfterLoad } from '../../lib/idle.ts';
import { preloadHls, type RecordingSource } from '../../lib/player/index.ts';
import { recordingDetailQuery } from './recording-queries.ts';
import { useCueRecording, useRecordingSource } from './recording-source.ts';
import { RecordingSummary } from './recording-summary.tsx';
import { ClipPanel, readCue } from './clip-panel.tsx';
import { CallNeighbours, CallNotes } from '../../components/deferred-slots.tsx';

import { RECORDING_COLUMNS as columns } from './recording-skeleton.tsx';

/**
 * A recording's page: its summary and Play, its chapters, its Q&A and its transcript. The chapter
 * list, the Q&A and the transcript that follow playback belong to the player, so the route hands
 * them in.
 */
export function RecordingPage({
  audioId,
  t,
  chapters,
  qna,
  transcript,
}: {
  audioId: number;
  /** `?t=`: where playback starts (seconds), or a clip to play (`93-131`), or text to explain. */
  t: number | string | undefined;
  chapters: (source: RecordingSource) => ReactNode;
  /** The Q&A reads the chapters too (a raw transcript's questions are chapters): it waits while they load. */
  qna: (eventId: number, source: RecordingSource, chaptersLoading: boolean) => ReactNode;
  transcript: (eventId: number, source: RecordingSource) => ReactNode;
}) {
  const { data: audio } = useSuspenseQuery(recordingDetailQuery(audioId));
  const { source, chapters: chapterQuery } = useRecordingSource(audio);
  const cue = readCue(t, source.duration);
  useCueRecording(source, cue.start ?? cue.clip?.start, cue.clip?.end);
  // This page exists to be listened to: once it is on screen and the browser is idle, the audio
  // engine's code comes in, so the first Play starts at once (elsewhere it loads on pointing at Play).
  useEffect(() => whenIdleAfterLoad(preloadHls), []);
  return (
    <div className={columns}>
      <div className="space-y-5">
        <section aria-label="Recording" className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <RecordingSummary audio={audio} source={source} t={cue.clip ? undefined : cue.start} />
          <ClipPanel cue={cue} source={source} />
          <SearchBox label="Search this call" filters={{ eventIds: [audio.eventId] }} className="max-w-md px-4 pb-4" />
        </section>
        <CallNeighbours eventId={audio.eventId} />
        <Panel title="Chapters">
          <QueryStates
            query={chapterQuery}
            isEmpty={(list) => list.length === 0}
            empty="This recording has no chapters."
            loadingLabel="Loading chapters"
            loadingRows={6}
          >
            {() => chapters(source)}
          </QueryStates>
        </Panel>
        <Panel title="Q&A">{qna(audio.eventId, source, chapterQuery.isPending)}</Panel>
        <Panel title="Bookmarks and highlights">
          <CallNotes source={source} />
        </Panel>
      </div>
      <Panel title="Transcript">{transcript(audio.eventId, source)}</Panel>
    </div>
  );
}
