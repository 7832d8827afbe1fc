import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { audioQueries } from '../../api/audio.ts';
import type { AudioRecord, LiveAudio } from '../../api/schemas.ts';
import { usePlayer, usePlayerState, type LiveSource, type RecordingSource } from '../../lib/player/index.ts';
import { safeHttpUrl } from '../../lib/safe-url.ts';
import { formatDuration, plausibleSeconds } from '../../lib/format.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { liveKey, toLiveSource } from '../../lib/player/live-source.ts';

const primary = buttonClass({ variant: 'primary', size: 'md' });
const secondary = buttonClass();

/** Whether the call is over and its recording on its way or here. */
export const isSettled = (state: string) => state === 'processingRecording' || state === 'recordingAvailable';

/** The call's recording, once endpoint 6 lists it (asked again every 5 s until then, once the call has ended). */
export function useListedRecording(record: LiveAudio): AudioRecord | undefined {
  const recording = useQuery({
    ...audioQueries.list({ eventIds: [record.eventId], limit: 1 }),
    enabled: isSettled(record.state),
    // Keeps asking until the recording is listed.
    refetchInterval: (q) => (q.state.data?.data.length ? false : 5_000),
    refetchIntervalInBackground: false,
  });
  return recording.data?.data[0];
}

/** The call's live stream as the player plays it (toLiveSource), with where the Q&A starts once known. */
export function liveSourceOf(record: LiveAudio, title: string, artist: string | undefined, qna?: number): LiveSource | undefined {
  const source = toLiveSource(record, { title, artist });
  return source && qna !== undefined ? { ...source, qna } : source;
}

/** What a `?t=` link on the live page asks: a moment or a clip of the stream. */
export interface LiveCue {
  start: number;
  end?: number;
}

/**
 * A `?t=` link on the live page: an empty player gets the stream cued there (playing at once when
 * the page was reached by a click inside the app); the same stream already in the player moves
 * there. Another call that is playing is never interrupted (the page's "Play from" button is there).
 */
export function useCueLive(source: LiveSource | undefined, cue: LiveCue | undefined): void {
  const player = usePlayer();
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!source || !cue) return;
    const key = `${source.key}:${cue.start}-${cue.end ?? ''}`;
    if (applied.current === key) return;
    applied.current = key;
    const state = player.getState();
    if (state.source?.key === source.key) {
      if (cue.end !== undefined) player.load(source, { startAt: cue.start, endAt: cue.end, autoplay: state.playing });
      else player.seek(cue.start);
    } else if (state.source === null) {
      const activated = typeof navigator !== 'undefined' && (navigator as { userActivation?: { isActive: boolean } }).userActivation?.isActive === true;
      player.load(source, { startAt: cue.start, endAt: cue.end, autoplay: activated });
    }
  }, [player, source, cue]);
}

/**
 * Listening from the status page: the live stream in the app's one player while the call is live
 * (with how far behind live the listener is, and "Go live"), the recording once it is available,
 * and a link to the recording's page as soon as endpoint 6 lists it.
 */
export function LivePlayback({
  record,
  source,
  title,
  artist,
  audio,
  cue,
}: {
  record: LiveAudio;
  /** The live stream, when the record has one (see liveSourceOf). */
  source: LiveSource | undefined;
  title: string;
  artist: string | undefined;
  /** The recording, once listed (see useListedRecording). */
  audio: AudioRecord | undefined;
  /** A `?t=` link's moment or clip. */
  cue?: LiveCue;
}) {
  const settled = isSettled(record.state);
  return (
    <section aria-labelledby="listen-heading" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="listen-heading" className="text-sm font-semibold tracking-tight">
        Listen
      </h2>
      <div className="mt-3">
        <Body record={record} source={source} title={title} artist={artist} audio={audio} />
      </div>
      {cue && source && record.state === 'live' && <CueLine source={source} cue={cue} />}
      {settled && (
        <p className="mt-3 text-sm">
          {audio ? (
            <>
              <Link to="/recordings/$audioId" params={{ audioId: audio.id }} className={textLinkClass({ underlined: true })}>
                Open the recording page
              </Link>{' '}
              <span className="text-slate-600 dark:text-slate-400">for chapters, the transcript and the MP3.</span>
            </>
          ) : (
            <span className="text-slate-600 dark:text-slate-400">The recording page is linked here as soon as the recording is listed.</span>
          )}
        </p>
      )}
    </section>
  );
}

/** The moment a `?t=` link points at, and the button that plays it (the player may hold another call). */
function CueLine({ source, cue }: { source: LiveSource; cue: LiveCue }) {
  const player = usePlayer();
  const what = cue.end !== undefined ? `${formatDuration(cue.start)}–${formatDuration(cue.end)}` : formatDuration(cue.start);
  const play = () => {
    if (player.getState().source?.key === source.key) {
      if (cue.end !== undefined) player.playClip({ start: cue.start, end: cue.end });
      else player.playFrom(cue.start);
    } else player.load(source, { startAt: cue.start, endAt: cue.end });
  };
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-700 dark:text-slate-300">This link points at {what} of the stream.</span>
      <button type="button" className={secondary} onClick={play}>
        {cue.end !== undefined ? `Play ${what}` : `Play from ${what}`}
      </button>
    </p>
  );
}

function Body({
  record,
  source,
  title,
  artist,
  audio,
}: {
  record: LiveAudio;
  source: LiveSource | undefined;
  title: string;
  artist: string | undefined;
  audio: AudioRecord | undefined;
}) {
  const player = usePlayer();
  const key = liveKey(record.id);
  const current = usePlayerState((s) => s.source?.key);
  const playing = usePlayerState((s) => s.playing);
  const stream = source?.streamUrl;

  switch (record.state) {
    case 'notLive':
    case 'willBeLive':
      return <p className="text-sm text-slate-700 dark:text-slate-300">The stream opens here when the call goes live; keep this page open.</p>;
    case 'live': {
      if (!stream && record.audio?.trim()) {
        return (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The call is live, but its stream address is not a web link (only http and https are played), so it cannot be played here.
          </p>
        );
      }
      if (!stream)
        return (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The call is live, but the service has not given a stream address yet; checking again shortly.
          </p>
        );
      if (current === key || !source) return <LiveControls />;
      return (
        <button type="button" className={primary} onClick={() => player.load(source)}>
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white" />
          Listen live
        </button>
      );
    }
    case 'processingRecording':
      return (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The call has ended; its recording is on its way.{current === key && playing ? ' The player keeps playing what was streamed.' : ''}
        </p>
      );
    case 'recordingAvailable': {
      const source = audio ? recordingSource(audio, title, artist) : null;
      if (!source)
        return <p className="text-sm text-slate-700 dark:text-slate-300">The recording is available; it is being listed and can be played in a moment.</p>;
      if (current === source.key) return <p className="text-sm text-slate-700 dark:text-slate-300">The recording is in the player below.</p>;
      return (
        <button type="button" className={primary} onClick={() => player.load(source)}>
          Play the recording
        </button>
      );
    }
    default:
      if (record.state.startsWith('liveFailed') || record.state.endsWith('Failed')) {
        return <p className="text-sm text-slate-700 dark:text-slate-300">There is nothing to play: {failureLine(record.state)}</p>;
      }
      return <p className="text-sm text-slate-700 dark:text-slate-300">Nothing to play in this state.</p>;
  }
}

function failureLine(state: string): string {
  switch (state) {
    case 'liveFailedInterrupted':
      return 'the stream was interrupted.';
    case 'liveFailedNoAccess':
      return 'access to the call was refused.';
    case 'liveFailedNotStarted':
      return 'the stream never started.';
    case 'processingRecordingFailed':
      return 'the recording could not be processed.';
    default:
      return state;
  }
}

/** While the live stream is in the player: how far behind live, and the way back to the edge. */
function LiveControls() {
  const player = usePlayer();
  const live = usePlayerState((s) => s.live);
  const currentTime = usePlayerState((s) => s.currentTime);
  const playing = usePlayerState((s) => s.playing);
  const behind = live?.edge != null ? Math.max(0, Math.round(live.edge - currentTime)) : null;
  const atEdge = live?.atEdge === true || (behind !== null && behind < 3);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span className="inline-flex items-center gap-1.5 rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
        <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-white" />
        LIVE
      </span>
      <span className="text-slate-700 dark:text-slate-300">
        {!playing ? 'Paused.' : behind === null ? 'Joining the stream…' : atEdge ? 'At the live edge.' : `${formatBehind(behind!)} behind live.`}
      </span>
      {playing ? (
        <button type="button" className={secondary} onClick={() => player.goLive()} disabled={atEdge}>
          Go live
        </button>
      ) : (
        <button type="button" className={secondary} onClick={() => player.play()}>
          Resume
        </button>
      )}
      <span className="text-slate-600 max-sm:hidden dark:text-slate-400">Seek back within the stream with the bar in the player.</span>
    </div>
  );
}

function formatBehind(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m} min ${String(s).padStart(2, '0')} s`;
}

/** The call's recording as the player plays it. */
export function recordingSource(audio: AudioRecord, title: string, artist: string | undefined): RecordingSource {
  return {
    kind: 'recording',
    key: `recording:${audio.id}`,
    audioId: audio.id,
    title,
    artist,
    streamUrl: safeHttpUrl(audio.streamUrl),
    fileUrl: safeHttpUrl(audio.fileUrl),
    duration: plausibleSeconds(audio.audioMetadata?.duration),
    qna: plausibleSeconds(audio.qna),
  };
}
