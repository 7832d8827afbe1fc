import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LiveTranscriptView } from '../../api/live-transcript.ts';
import type { AudioRecord, LiveAudio } from '../../api/schemas.ts';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { EmptyState } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatDuration } from '../../lib/format.ts';
import type { PlayerSource } from '../../lib/player/index.ts';
import type { LiveSnapshot } from '../../lib/transcript/live.ts';
import type { Transcript } from '../../lib/transcript/index.ts';
import { isSettled } from './live-playback.tsx';

/**
 * The player's views, handed in by the route (features do not import each other): the transcript
 * that follows playback, in its live form, and the list of questions.
 */
export interface LiveTextViews {
  transcript: (props: { transcript: Transcript; source: PlayerSource; live: LiveSnapshot }) => ReactNode;
  questions: (props: { transcript: Transcript; source: PlayerSource }) => ReactNode;
}

/**
 * A live call's transcript beside its audio: the words as they are said (the one transcript view
 * the recording page uses, in its live form), with one calm line, a status, for what the reader
 * should know about the text itself: not started yet, missing, stalled, interrupted, ended (with its reason).
 * The text never speaks on its own; only a change of state and the start of the Q&A are announced.
 */
export function LiveTranscriptPanel({
  view,
  record,
  source,
  audio,
  views,
}: {
  views: LiveTextViews;
  view: LiveTranscriptView;
  record: LiveAudio;
  /** What a sentence plays in: the live stream, or the recording once listed (same times). */
  source: PlayerSource;
  /** The recording, once listed. */
  audio: AudioRecord | undefined;
}) {
  const snapshot = view.snapshot;
  const before = record.state === 'notLive' || record.state === 'willBeLive';
  const ended = view.state === 'ended' || isSettled(record.state);
  const qnaSaid = useQnaAnnouncement(snapshot?.qnaStart, snapshot !== undefined);
  const line = before ? 'The transcript appears here when the call starts.' : stateLine(view) || (ended ? 'The call has ended.' : '');
  const empty = !snapshot || snapshot.transcript.paragraphs.length === 0;

  return (
    <div>
      {/* One region, there from the start, so a change of state is announced (and only that). */}
      <div
        className={
          line
            ? 'flex flex-wrap items-baseline gap-x-2 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm dark:border-slate-800 dark:bg-slate-800/40'
            : ''
        }
      >
        <p role="status" className={line ? 'text-slate-700 dark:text-slate-300' : 'sr-only'}>
          {line}
        </p>
        {line && ended && !before && <RecordingLink audio={audio} />}
      </div>
      <p role="status" className="sr-only">
        {qnaSaid}
      </p>
      {before ? null : empty ? (
        view.state === 'loading' ? (
          <LiveTranscriptPlaceholder />
        ) : view.state === 'rolling' ? (
          <EmptyState>Waiting for the first words…</EmptyState>
        ) : null
      ) : (
        views.transcript({ transcript: snapshot.transcript, source, live: snapshot })
      )}
    </div>
  );
}

/** The one line about the text's state (empty while it simply rolls; after an interruption, that it happened). */
function stateLine(view: LiveTranscriptView): string {
  const end = view.snapshot?.end;
  switch (view.state) {
    case 'loading':
      return '';
    case 'rolling': {
      // The stream broke off and came back (a cut that did not come back ends the file instead).
      const cut = view.snapshot?.interruptions.at(-1);
      if (!cut) return '';
      const at = formatDuration(cut.time);
      return cut.restarting ? `The stream was interrupted at ${at} and picked up again.` : `The stream was interrupted at ${at}.`;
    }
    case 'stalled':
      return view.message ?? 'No new words for a while; still listening for them. The audio is not affected.';
    case 'unavailable':
      return view.message ?? 'There is no live transcript for this call; the audio plays on.';
    case 'ended': {
      if (end && end.code !== 0) return view.message ?? (end.userReason ? `The transcript stopped: ${end.userReason}` : 'The transcript stopped early.');
      // The service's own reason often is that same sentence: said once, not "The call has ended: The call has ended."
      const reason = end?.userReason?.trim();
      return reason && !/^the call has ended\.?$/i.test(reason) ? `The call has ended: ${reason}` : 'The call has ended.';
    }
  }
}

function RecordingLink({ audio }: { audio: AudioRecord | undefined }) {
  if (!audio) return <span className="text-slate-600 dark:text-slate-400">The recording is linked here once it is listed.</span>;
  return (
    <Link to="/recordings/$audioId" params={{ audioId: audio.id }} className={textLinkClass({ underlined: true })}>
      Open the recording
    </Link>
  );
}

/** "Q&A started at 12:34", said once, when it appears while the page is open (not when it was already there). */
function useQnaAnnouncement(qnaStart: number | undefined, read: boolean): string {
  const known = useRef<boolean | undefined>(undefined);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!read) return;
    const now = qnaStart !== undefined;
    if (known.current === false && now) setText(`Q&A started at ${formatDuration(qnaStart)}.`);
    known.current = now;
  }, [qnaStart, read]);
  return text;
}

/** The questions asked so far, as on a recording page. */
export function LiveQuestions({ view, source, views }: { view: LiveTranscriptView; source: PlayerSource; views: LiveTextViews }) {
  const transcript = view.snapshot?.transcript;
  if (!transcript) return <EmptyState>The questions are listed here as they are asked.</EmptyState>;
  return views.questions({ transcript, source });
}

/**
 * The transcript while it (or the view that shows it) loads: a screen's height below lg, where the
 * questions and bookmarks come after it. The transcript's box takes most of a screen, and they stay
 * below instead of being shown and pushed away when it arrives.
 */
export function LiveTranscriptPlaceholder() {
  return (
    <div className="max-lg:min-h-screen">
      <SkeletonRows rows={6} label="Loading the transcript" />
    </div>
  );
}
