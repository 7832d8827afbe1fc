import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { chapterLabel, PLAYBACK_RATES, SKIP_BACK, SKIP_FORWARD, usePlayer, usePlayerState, type PlayerSource } from '../../lib/player/index.ts';
import {
  BackIcon,
  BookmarkIcon,
  ChevronIcon,
  CloseIcon,
  ForwardIcon,
  KeyboardIcon,
  LinkIcon,
  NextChapterIcon,
  PauseIcon,
  PlayIcon,
  PrevChapterIcon,
  Spinner,
  VolumeIcon,
} from './icons.tsx';
import { useMediaSession } from './media-session.ts';
import { SeekBar } from './seek-bar.tsx';
import { runShortcut, shortcutFor } from './shortcuts.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { clock } from './time.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { addBookmark, BookmarkNote } from '../../components/notes/bookmark-note.tsx';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { useCallNotes, type Bookmark } from '../../lib/notes/index.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';

/** The player's bookmark button asks the bar to bookmark, as B does. */
const BOOKMARK_EVENT = 'earnings-desk:bookmark';

const iconButton = buttonClass({ variant: 'quiet', size: 'icon' });
/** Left out on phones, where the bar has room for the essentials only. */
const wideOnlyButton = buttonClass({ variant: 'quiet', size: 'icon', className: 'max-sm:hidden' });

/**
 * The player docked at the bottom of every page: whatever is loaded, with every control. On a
 * phone it is one row (play/pause, the title, the time, bookmark, expand) with a thin progress
 * line, so it leaves the page most of the screen; "Player controls" opens every control.
 */
export default function DockedPlayer() {
  const player = usePlayer();
  const source = usePlayerState((s) => s.source);
  const phone = useMediaQuery(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  // The expand button moves between the one row and the full bar: the focus follows it there.
  const focusToggle = useRef(false);
  const toggleRef = useCallback((button: HTMLButtonElement | null) => {
    if (!button || !focusToggle.current) return;
    focusToggle.current = false;
    button.focus();
  }, []);
  const [help, setHelp] = useState(false);
  const [draft, setDraft] = useState<Bookmark | null>(null);
  const [said, setSaid] = useState('');
  useMediaSession();

  useEffect(() => {
    const bookmark = async () => {
      const { source: playing, currentTime } = player.getState();
      const outcome = await addBookmark(playing, currentTime);
      if (outcome.ok) {
        setSaid('');
        setDraft(outcome.bookmark);
      } else setSaid(outcome.message);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      runShortcut(action, player, { showHelp: () => setHelp(true), bookmark: () => void bookmark() });
    };
    window.addEventListener('keydown', onKeyDown);
    const onBookmark = () => void bookmark();
    window.addEventListener(BOOKMARK_EVENT, onBookmark);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener(BOOKMARK_EVENT, onBookmark);
    };
  }, [player]);

  // Another source: the note line belonged to the bookmark of the one before.
  const note = draft && source?.eventId !== undefined && draft.call.eventId === source.eventId ? draft : null;

  if (!source) return null;
  const compact = phone && !expanded;
  const toggle = phone ? (
    <button
      ref={toggleRef}
      type="button"
      className={iconButton}
      onClick={() => {
        focusToggle.current = true;
        setExpanded(!expanded);
      }}
      aria-expanded={expanded}
      aria-label="Player controls"
      title={expanded ? 'Fewer controls' : 'All controls'}
    >
      <ChevronIcon up={!expanded} />
    </button>
  ) : null;
  return (
    <section
      aria-label="Player"
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgba(15,23,42,0.06)] dark:border-slate-800 dark:bg-slate-950"
    >
      {compact && <ProgressLine source={source} />}
      <div className={`mx-auto max-w-screen-2xl px-3 sm:px-4 ${compact ? 'py-1.5' : 'pb-2 pt-1.5'}`}>
        {compact ? (
          <CompactBar source={source} toggle={toggle} />
        ) : (
          <>
            <Timeline source={source} />
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <Transport />
              <NowPlaying source={source} />
              <Settings source={source} onHelp={() => setHelp(true)} toggle={toggle} />
            </div>
          </>
        )}
        <EndedStatus source={source} />
        {note && (
          <BookmarkNote
            key={note.id}
            bookmark={note}
            onClose={(message) => {
              setDraft(null);
              setSaid(message);
            }}
          />
        )}
        <p role="status" className={said ? 'mt-1 text-xs text-slate-700 dark:text-slate-300' : 'sr-only'}>
          {said}
        </p>
        <Messages />
      </div>
      {help && <ShortcutsDialog onClose={() => setHelp(false)} />}
    </section>
  );
}

/** Live until its stream ends; then what was streamed is a finished stretch, played and sought like a recording. */
function useOnAir(source: PlayerSource): boolean {
  const ended = usePlayerState((s) => s.live?.ended === true);
  return source.kind === 'live' && !ended;
}

/** The badge changes silently: a screen reader hears the end once. */
function EndedStatus({ source }: { source: PlayerSource }) {
  const onAir = useOnAir(source);
  return (
    <p role="status" className="sr-only">
      {source.kind === 'live' && !onAir ? 'The call has ended: what was streamed plays to its end.' : ''}
    </p>
  );
}

/** The phone's one row: play/pause, the title over the time, bookmark, and the button that opens every control. */
function CompactBar({ source, toggle }: { source: PlayerSource; toggle: ReactNode }) {
  const currentTime = usePlayerState((s) => s.currentTime);
  const duration = usePlayerState((s) => s.duration);
  const buffering = usePlayerState((s) => s.buffering);
  const onAir = useOnAir(source);
  return (
    <div className="flex items-center gap-2">
      <PlayPause />
      <div className="min-w-0 flex-1">
        <TitleLink source={source} className="block" />
        <p className="tabular truncate text-xs text-slate-700 dark:text-slate-300">
          {buffering ? (
            <span className="inline-flex items-center gap-1">
              <Spinner className="h-3 w-3" /> Buffering…
            </span>
          ) : (
            <>
              {onAir ? (
                <span className="mr-1.5 rounded bg-red-600 px-1 py-px text-[0.65rem] font-semibold text-white">LIVE</span>
              ) : source.kind === 'live' ? (
                <span className="mr-1.5">
                  Ended<span className="sr-only">: the call is over,</span>
                </span>
              ) : null}
              <span className="sr-only">Elapsed </span>
              {clock(currentTime)}
              {!onAir && (
                <>
                  <span aria-hidden="true"> / </span>
                  <span className="sr-only"> of </span>
                  {clock(duration)}
                </>
              )}
            </>
          )}
        </p>
      </div>
      {source.eventId !== undefined && <BookmarkButton />}
      {toggle}
    </div>
  );
}

/** How far along, as a line along the top of the phone's one row (drawn only: the time is said in the row). */
function ProgressLine({ source }: { source: PlayerSource }) {
  const currentTime = usePlayerState((s) => s.currentTime);
  const duration = usePlayerState((s) => s.duration);
  const edge = usePlayerState((s) => s.live?.edge);
  const onAir = useOnAir(source);
  const max = onAir ? (edge ?? currentTime) : duration;
  const share = Number.isFinite(max) && max > 0 ? Math.min(100, Math.max(0, (currentTime / max) * 100)) : 0;
  return (
    <div aria-hidden="true" className="h-0.5 bg-slate-200 dark:bg-slate-800">
      <div className="h-full bg-accent-600 dark:bg-accent-400" style={{ width: `${share}%` }} />
    </div>
  );
}

function Timeline({ source }: { source: PlayerSource }) {
  const currentTime = usePlayerState((s) => s.currentTime);
  const duration = usePlayerState((s) => s.duration);
  const live = usePlayerState((s) => s.live);
  const player = usePlayer();
  const onAir = useOnAir(source);
  // A live call's bookmarks are kept by its event (it has no recording yet); a recording also shows
  // its event's items kept before it existed.
  const marks = useCallNotes({ audioId: source.kind === 'recording' ? source.audioId : undefined, eventId: source.eventId });
  const max = onAir ? (live?.edge ?? currentTime) : duration;
  return (
    <div className="flex items-center gap-3">
      <span className="tabular w-14 shrink-0 text-right text-xs text-slate-700 dark:text-slate-300">
        <span className="sr-only">Elapsed </span>
        {clock(currentTime)}
      </span>
      <SeekBar max={max} chapters={source.chapters ?? []} marks={marks} />
      {onAir ? (
        <span className="flex w-24 shrink-0 items-center gap-2 text-xs">
          <span className="inline-flex items-center gap-1 rounded bg-red-600 px-1.5 py-0.5 font-semibold text-white">LIVE</span>
          {live && !live.atEdge && (
            <button type="button" onClick={() => player.goLive()} className={textLinkClass()}>
              Go live
            </button>
          )}
        </span>
      ) : source.kind === 'live' ? (
        <span className="flex w-28 shrink-0 items-center gap-2 text-xs" title="The call has ended: what was streamed plays to its end.">
          <span className="rounded bg-slate-200 px-1.5 py-0.5 font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            Ended<span className="sr-only">: the call is over</span>
          </span>
          <span className="tabular text-slate-700 dark:text-slate-300">
            <span className="sr-only">Total </span>
            {clock(duration)}
          </span>
        </span>
      ) : (
        <span className="tabular w-14 shrink-0 text-xs text-slate-700 dark:text-slate-300">
          <span className="sr-only">Total </span>
          {clock(duration)}
        </span>
      )}
    </div>
  );
}

function PlayPause() {
  const player = usePlayer();
  const playing = usePlayerState((s) => s.playing);
  const buffering = usePlayerState((s) => s.buffering);
  return (
    <button
      type="button"
      onClick={() => player.toggle()}
      aria-label={playing ? 'Pause' : 'Play'}
      title={playing ? 'Pause (K)' : 'Play (K)'}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-700 text-white shadow-sm hover:bg-accent-800 dark:bg-accent-400 dark:text-slate-950 dark:hover:bg-accent-300"
    >
      {buffering ? <Spinner /> : playing ? <PauseIcon /> : <PlayIcon className="ml-0.5 h-5 w-5" />}
    </button>
  );
}

function Transport() {
  const player = usePlayer();
  const hasChapters = usePlayerState((s) => (s.source?.chapters?.length ?? 0) > 0);
  return (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        className={wideOnlyButton}
        onClick={() => player.previousChapter()}
        disabled={!hasChapters}
        aria-label="Previous chapter"
        title="Previous chapter (Shift+←)"
      >
        <PrevChapterIcon />
      </button>
      <button
        type="button"
        className={iconButton}
        onClick={() => player.skip(-SKIP_BACK)}
        aria-label={`Back ${SKIP_BACK} seconds`}
        title={`Back ${SKIP_BACK} s (J)`}
      >
        <BackIcon />
      </button>
      <PlayPause />
      <button
        type="button"
        className={iconButton}
        onClick={() => player.skip(SKIP_FORWARD)}
        aria-label={`Forward ${SKIP_FORWARD} seconds`}
        title={`Forward ${SKIP_FORWARD} s (L)`}
      >
        <ForwardIcon />
      </button>
      <button
        type="button"
        className={wideOnlyButton}
        onClick={() => player.nextChapter()}
        disabled={!hasChapters}
        aria-label="Next chapter"
        title="Next chapter (Shift+→)"
      >
        <NextChapterIcon />
      </button>
    </div>
  );
}

function NowPlaying({ source }: { source: PlayerSource }) {
  const buffering = usePlayerState((s) => s.buffering);
  const chapter = usePlayerState((s) => chapterLabel(source.chapters ?? [], s.currentTime));
  return (
    <div className="order-first w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
      <p className="flex min-w-0 items-baseline gap-1.5">
        <TitleLink source={source} />
        {source.artist && <span className="hidden truncate text-xs text-slate-600 md:inline dark:text-slate-400">{source.artist}</span>}
      </p>
      <p className="truncate text-xs text-slate-600 dark:text-slate-400">
        {buffering ? (
          <span className="inline-flex items-center gap-1">
            <Spinner className="h-3 w-3" /> Buffering…
          </span>
        ) : chapter ? (
          <>
            <span className="sr-only">Chapter: </span>
            <span data-testid="current-chapter">{chapter}</span>
          </>
        ) : (
          '\u00a0'
        )}
      </p>
    </div>
  );
}

/** What is playing, as a link to its page. */
function TitleLink({ source, className = '' }: { source: PlayerSource; className?: string }) {
  const titleClass = `truncate text-sm font-medium text-slate-900 hover:underline dark:text-slate-100 ${className}`;
  return source.kind === 'recording' ? (
    <Link to="/recordings/$audioId" params={{ audioId: source.audioId }} className={titleClass}>
      {source.title}
    </Link>
  ) : (
    <Link to="/live/$liveId" params={{ liveId: source.liveId }} className={titleClass}>
      {source.title}
    </Link>
  );
}

function BookmarkButton() {
  return (
    <button
      type="button"
      className={iconButton}
      onClick={() => window.dispatchEvent(new Event(BOOKMARK_EVENT))}
      aria-label="Bookmark this moment"
      title="Bookmark this moment (B)"
    >
      <BookmarkIcon />
    </button>
  );
}

function Settings({ source, onHelp, toggle }: { source: PlayerSource; onHelp: () => void; toggle: ReactNode }) {
  const player = usePlayer();
  const rate = usePlayerState((s) => s.rate);
  const volume = usePlayerState((s) => s.volume);
  const muted = usePlayerState((s) => s.muted);
  return (
    <div className="ml-auto flex items-center gap-1">
      <label className="sr-only" htmlFor="player-speed">
        Playback speed
      </label>
      <select
        id="player-speed"
        value={String(rate)}
        onChange={(event) => player.setRate(Number(event.target.value))}
        title="Playback speed (< and >)"
        className="tabular h-8 rounded-md border border-slate-300 bg-white px-1 text-xs dark:border-slate-600 dark:bg-slate-900"
      >
        {!PLAYBACK_RATES.some((r) => r === rate) && <option value={String(rate)}>{rate}×</option>}
        {PLAYBACK_RATES.map((r) => (
          <option key={r} value={String(r)}>
            {r}×
          </option>
        ))}
      </select>
      <button
        type="button"
        className={iconButton}
        onClick={() => player.toggleMute()}
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        title="Mute (M)"
      >
        <VolumeIcon muted={muted || volume === 0} />
      </button>
      <input
        type="range"
        aria-label="Volume"
        aria-valuetext={`${Math.round(volume * 100)}%`}
        min={0}
        max={1}
        step={0.05}
        value={muted ? 0 : volume}
        onChange={(event) => player.setVolume(Number(event.target.value))}
        className="hidden h-1.5 w-20 cursor-pointer accent-accent-600 md:block"
      />
      {source.eventId !== undefined && <BookmarkButton />}
      {source.kind === 'recording' && <CopyLink audioId={source.audioId} />}
      <button type="button" className={wideOnlyButton} onClick={onHelp} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
        <KeyboardIcon />
      </button>
      {toggle}
      <button type="button" className={iconButton} onClick={() => player.close()} aria-label="Close player" title="Close player">
        <CloseIcon />
      </button>
    </div>
  );
}

/** "Copy link at current time": the recording's address with ?t= in whole seconds. */
function CopyLink({ audioId }: { audioId: number }) {
  const player = usePlayer();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    const t = Math.floor(player.getState().currentTime);
    const url = `${window.location.origin}/recordings/${audioId}?t=${t}`;
    // No clipboard permission: show the link so it can be copied by hand.
    setCopied((await copyToClipboard(url)) ? `Link copied: ${url}` : `Copy this link: ${url}`);
  };
  return (
    <>
      <button type="button" className={iconButton} onClick={() => void copy()} aria-label="Copy link at current time" title="Copy link at current time">
        <LinkIcon />
      </button>
      <span
        role="status"
        className={
          copied
            ? 'absolute bottom-full right-4 mb-1 max-w-[90vw] truncate rounded bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-100 dark:text-slate-900'
            : 'sr-only'
        }
      >
        {copied ?? ''}
      </span>
    </>
  );
}

function Messages() {
  const player = usePlayer();
  const error = usePlayerState((s) => s.error);
  const notice = usePlayerState((s) => s.notice);
  return (
    <>
      <p role="status" className={notice && !error ? 'mt-1 text-xs text-amber-800 dark:text-amber-200' : 'sr-only'}>
        {!error ? (notice ?? '') : ''}
      </p>
      {error && (
        <div
          role="alert"
          className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
        >
          <span className="font-medium">Playback failed.</span>
          <span>{error}</span>
          <Button variant="danger" onClick={() => player.retry()}>
            Retry
          </Button>
        </div>
      )}
    </>
  );
}
