import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { formatDuration } from '../../lib/format.ts';
import { quoteClipboard, quoteOf, sentencesIn, clipUrl } from '../../lib/notes/quote.ts';
import { usePlayer, usePlayerState, type RecordingSource } from '../../lib/player/index.ts';
import { fitClip, parseClipParam, type ClipParam } from '../../lib/time-param.ts';
import { useEventTranscript } from '../../api/transcript-content.ts';
import { noteCallOf } from '../../lib/notes/index.ts';

/**
 * A clip link's recording page: `?t=93-131` plays just that stretch (the player pauses at its
 * end), shows what is said in it, and offers the quote. A range that cannot be played (reversed,
 * unreadable, after the end) says why and leaves the recording to play from the start.
 */

/** What `?t=` asks of the page: a time to start from, a clip, or a mistake to explain. */
export type Cue = { start?: number; clip?: { start: number; end: number; trimmed: boolean }; problem?: string };

export function readCue(t: number | string | undefined, duration: number | undefined): Cue {
  if (t === undefined) return {};
  if (typeof t === 'number') return { start: t };
  const parsed: ClipParam = parseClipParam(t);
  if (!parsed.ok) return { problem: parsed.error };
  const fitted = fitClip(parsed, duration, formatDuration);
  if (!fitted.ok) return { problem: fitted.error };
  return { clip: fitted };
}

export function ClipPanel({ cue, source }: { cue: Cue; source: RecordingSource }) {
  const player = usePlayer();
  const playingClip = usePlayerState((s) => s.source?.key === source.key && s.clip !== null && s.playing);
  const { transcript, failed } = useEventTranscript(source.eventId ?? 0);
  const [said, setSaid] = useState('');

  if (cue.problem) {
    return (
      <div
        role="note"
        className="mx-4 mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        <p className="font-medium">This link’s clip cannot be played.</p>
        <p>{cue.problem}</p>
        <p className="mt-1">
          <Link to="/recordings/$audioId" params={{ audioId: source.audioId }} search={{}} className={textLinkClass({ underlined: true })}>
            Open the whole recording
          </Link>
        </p>
      </div>
    );
  }
  const clip = cue.clip;
  if (!clip) return null;
  const range = transcript ? sentencesIn(transcript, clip.start, clip.end) : undefined;
  const quote = transcript && range ? quoteOf(transcript, range) : undefined;
  const call = noteCallOf(source);
  const length = Math.round(clip.end - clip.start);

  const play = () => {
    if (player.getState().source?.key === source.key) player.playClip(clip);
    else player.load(source, { startAt: clip.start, endAt: clip.end });
  };
  const copyQuote = async () => {
    if (!quote || !call) return;
    const { text, html } = quoteClipboard(quote, call, clipUrl(window.location.origin, source.audioId, clip.start, clip.end));
    setSaid((await copyToClipboard(text, html)) ? 'Quote copied.' : `The browser refused the clipboard; select the text and copy it: ${text}`);
  };

  return (
    <section aria-labelledby="clip-heading" className="mx-4 mb-4 rounded-md border border-accent-600/30 bg-accent-50 px-3 py-3 text-sm dark:bg-accent-950/30">
      <h2 id="clip-heading" className="font-semibold">
        Clip {formatDuration(clip.start)}–{formatDuration(clip.end)} <span className="font-normal text-slate-600 dark:text-slate-400">({length} s)</span>
      </h2>
      {clip.trimmed && (
        <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">The link ran past the end of the recording; the clip ends where the recording does.</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="primary" onClick={play}>
          {playingClip ? 'Playing the clip…' : 'Play clip'}
        </Button>
        {quote && call && <Button onClick={() => void copyQuote()}>Copy quote</Button>}
        <Link to="/recordings/$audioId" params={{ audioId: source.audioId }} search={{}} className={textLinkClass({ className: 'self-center' })}>
          The whole call
        </Link>
      </div>
      {quote ? (
        <blockquote className="mt-3 border-l-4 border-accent-600 pl-3">
          <p className="whitespace-pre-wrap">{quote.text}</p>
          {quote.speaker && <footer className="mt-1 text-xs text-slate-600 dark:text-slate-400">— {quote.speaker}</footer>}
        </blockquote>
      ) : failed ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          The transcript could not be loaded, so the clip’s words are not shown; it still plays.
        </p>
      ) : transcript ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">No sentence of the transcript falls inside this clip.</p>
      ) : null}
      <p role="status" className={said ? 'mt-2 text-xs' : 'sr-only'}>
        {said}
      </p>
    </section>
  );
}
