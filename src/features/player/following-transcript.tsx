import { Fragment, memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePlayer, usePlayerState, type PlayerSource } from '../../lib/player/index.ts';
import type { Transcript, TranscriptParagraph, TranscriptSentence } from '../../lib/transcript/index.ts';
import { clock } from './time.ts';
import { Button } from '../../components/ui/button.tsx';
import { FindBar } from '../../components/find-bar.tsx';
import { MarkedText, markedSegments } from '../../components/marked-text.tsx';
import { findMatches } from '../../lib/find-matches.ts';
import { HIGHLIGHT_CLASSES, highlightsBySentence, noteCallOf, useCallNotes, type Highlight } from '../../lib/notes/index.ts';
import { sourceClipUrl, type SentenceRange } from '../../lib/notes/quote.ts';
import { SelectionBar, SelectionHint } from '../../components/notes/selection-bar.tsx';
import { useSentenceSelection } from '../../components/notes/sentence-selection.ts';
import { HighlightNotes, paragraphHighlights, startsHighlight } from '../../components/notes/highlight-notes.tsx';
import { SpeakerName } from '../../components/speaker-name.tsx';

/**
 * A transcript that follows playback, for a recording and for a call being streamed alike: the
 * sentence being spoken is highlighted and kept in view (until the reader scrolls; "Follow along",
 * or "Back to live", resumes), any sentence plays from its start on click, and a search box finds
 * words and steps through the matches. Sentences can be selected (drag across them, or Shift with a
 * click, the arrow keys, Enter or Space: see useSentenceSelection) to highlight, quote or clip them,
 * with a bar that lies over the box clear of the selection (see barPlace), so showing it moves no
 * sentence; the listener's highlights show in their colours, with their notes. Where the Q&A starts,
 * a divider says so.
 *
 * Live (`live` given): the text grows while it is read. Paragraphs keep their keys and are only
 * re-rendered when their own words change; the view follows the listener's position when the
 * stream is in the player (what was said but not yet heard is dimmed), else the newest words; a
 * sentence a refinement changed is washed for a moment. The text is never a live region.
 */

/** The sentence spoken at `time`: the last one that has started (so a pause keeps the last sentence lit). */
function sentenceAt(sentences: readonly TranscriptSentence[], time: number): number | undefined {
  let lo = 0;
  let hi = sentences.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid]!.start <= time + 0.05) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

interface ParagraphProps {
  paragraph: TranscriptParagraph;
  active: number | undefined;
  focusIndex: number;
  query: string;
  match: number | undefined;
  /** The part of the selection inside this paragraph. */
  selected: SentenceRange | undefined;
  /** The highlight over each of this paragraph's sentences. */
  highlights: ReadonlyMap<number, Highlight> | undefined;
  onPlay: (sentence: TranscriptSentence) => void;
  onExtend: (index: number) => void;
  /** Sentences from this index on were said but not heard yet (live, behind the edge): dimmed. */
  dimFrom: number | undefined;
  /** This paragraph's sentences a refinement just changed (marked for a moment). */
  refined: ReadonlySet<number> | undefined;
  /** The Q&A starts at this sentence: a divider before it. */
  qnaAt: { index: number; start: number } | undefined;
}

/** The same words, times and speaker: a live transcript's older paragraphs are new objects with the same content. */
function sameParagraph(a: TranscriptParagraph, b: TranscriptParagraph): boolean {
  if (a === b) return true;
  if (a.index !== b.index || a.speaker !== b.speaker || a.start !== b.start || a.end !== b.end || a.text !== b.text) return false;
  if (a.sentences.length !== b.sentences.length) return false;
  return a.sentences.every((x, i) => {
    const y = b.sentences[i]!;
    return x.index === y.index && x.start === y.start && x.end === y.end && x.text === y.text;
  });
}

function sameProps(a: ParagraphProps, b: ParagraphProps): boolean {
  for (const key of Object.keys(a) as (keyof ParagraphProps)[]) {
    if (key === 'paragraph' || key === 'qnaAt' || key === 'selected') continue;
    if (a[key] !== b[key]) return false;
  }
  return (
    sameParagraph(a.paragraph, b.paragraph) &&
    a.qnaAt?.index === b.qnaAt?.index &&
    a.qnaAt?.start === b.qnaAt?.start &&
    a.selected?.first === b.selected?.first &&
    a.selected?.last === b.selected?.last
  );
}

function QnaDivider({ start }: { start: number }) {
  const text = `Q&A started · ${clock(start)}`;
  return (
    <span role="separator" aria-label={text} className="my-1.5 flex items-center gap-2 text-xs font-semibold text-accent-700 dark:text-accent-300">
      <span aria-hidden="true" className="h-px flex-1 bg-accent-600/40" />
      <span aria-hidden="true">{text}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-accent-600/40" />
    </span>
  );
}

const ParagraphView = memo(function ParagraphView({
  paragraph,
  active,
  focusIndex,
  query,
  match,
  selected,
  highlights,
  onPlay,
  onExtend,
  dimFrom,
  refined,
  qnaAt,
}: ParagraphProps) {
  const dividerFirst = qnaAt !== undefined && qnaAt.index === paragraph.sentences[0]?.index;
  return (
    // Paragraphs off screen are not laid out (a 90-minute call has about 500): each keeps its
    // last measured height, or about 6rem before it has ever been drawn.
    <li className="px-4 py-2.5 [contain-intrinsic-size:auto_6rem] [content-visibility:auto]">
      {dividerFirst && <QnaDivider start={qnaAt.start} />}
      <p className="mb-0.5 flex items-baseline gap-2 text-xs">
        <span>
          <SpeakerName speaker={paragraph.speaker} />
        </span>
        <span className="tabular text-slate-600 dark:text-slate-400">{clock(paragraph.start)}</span>
      </p>
      <p className="text-sm leading-relaxed">
        {paragraph.sentences.map((sentence) => {
          const on = sentence.index === active;
          const inSelection = selected !== undefined && sentence.index >= selected.first && sentence.index <= selected.last;
          const highlight = highlights?.get(sentence.index);
          const dim = dimFrom !== undefined && sentence.index >= dimFrom && !on;
          const wash = refined?.has(sentence.index) === true;
          const dividerInside = qnaAt !== undefined && !dividerFirst && qnaAt.index === sentence.index;
          const span = (
            <span
              key={sentence.index}
              role="button"
              data-index={sentence.index}
              tabIndex={sentence.index === focusIndex ? 0 : -1}
              aria-current={on ? 'true' : undefined}
              // Shift+click selects whole sentences: the browser's own Shift-selection of text stays out of it.
              onMouseDown={(event) => {
                if (event.shiftKey) event.preventDefault();
              }}
              // A click plays from here, Shift+click extends a selection (a drag selects: its click never comes here).
              onClick={(event) => {
                if (event.shiftKey) {
                  event.preventDefault();
                  onExtend(sentence.index);
                  return;
                }
                // A double click selects a word, which selects its sentence; the first click played it.
                if (event.detail > 1) return;
                onPlay(sentence);
              }}
              // Enter or Space plays from here, as a click; with Shift they extend a selection, as Shift+click.
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  if (event.shiftKey) onExtend(sentence.index);
                  else onPlay(sentence);
                }
              }}
              title={`Play from ${clock(sentence.start)}`}
              className={`mr-1 inline cursor-pointer rounded-sm px-0.5 text-left ${
                on
                  ? 'bg-accent-100 text-slate-950 underline decoration-accent-600 decoration-2 underline-offset-4 dark:bg-accent-700/40 dark:text-white dark:decoration-accent-300'
                  : highlight
                    ? HIGHLIGHT_CLASSES[highlight.color]
                    : 'hover:bg-slate-100 dark:hover:bg-slate-800'
              } ${sentence.index === match ? 'ring-2 ring-amber-500' : ''} ${inSelection ? 'outline-2 outline-offset-1 outline-accent-600 outline-dashed' : ''} ${
                dim ? 'text-slate-600 dark:text-slate-400' : ''
              } ${wash ? 'motion-safe:animate-refined motion-reduce:bg-amber-100 dark:motion-reduce:bg-amber-500/20' : ''}`}
              data-refined={wash ? 'true' : undefined}
            >
              {startsHighlight(paragraph, highlights, sentence.index) && <span className="sr-only">Highlighted: </span>}
              <MarkedText segments={markedSegments(sentence.text, query ? findMatches(sentence.text, query).map(([start, end]) => ({ start, end })) : [])} />
            </span>
          );
          return dividerInside ? (
            <Fragment key={sentence.index}>
              <QnaDivider start={qnaAt.start} />
              {span}
            </Fragment>
          ) : (
            span
          );
        })}
      </p>
      <HighlightNotes paragraph={paragraph} highlights={highlights} />
    </li>
  );
}, sameProps);

/** What only a live transcript has: which sentences a refinement changed (index → revision), and the revision now. */
export interface LiveText {
  changed: ReadonlyMap<number, number>;
  revision: number;
}

/** How long a refined sentence stays marked (the CSS wash lasts as long). */
export const REFINED_MARK_MS = 2400;

/**
 * The sentences a refinement changed since the view opened, each for a moment. What was changed
 * before the view opened is not marked (opening a page does not flash old corrections).
 */
function useRefinedMarks(live: LiveText | undefined): ReadonlySet<number> {
  const seen = useRef<number | undefined>(live?.revision);
  const [marked, setMarked] = useState<ReadonlyMap<number, number>>(() => new Map());
  const changed = live?.changed;
  const revision = live?.revision;
  useEffect(() => {
    if (!changed || revision === undefined) return;
    const since = seen.current ?? revision;
    seen.current = revision;
    const fresh = [...changed].filter(([, at]) => at > since);
    if (fresh.length === 0) return;
    const stamp = Date.now();
    setMarked((before) => {
      const next = new Map(before);
      for (const [index] of fresh) next.set(index, stamp);
      return next;
    });
    const timer = setTimeout(() => {
      setMarked((before) => {
        const next = new Map([...before].filter(([, at]) => at !== stamp));
        return next.size === before.size ? before : next;
      });
    }, REFINED_MARK_MS);
    return () => clearTimeout(timer);
  }, [changed, revision]);
  return useMemo(() => new Set(marked.keys()), [marked]);
}

/** The first sentence at or after `time` (where the Q&A divider goes). */
function sentenceFrom(sentences: readonly TranscriptSentence[], time: number): TranscriptSentence | undefined {
  return sentences.find((sentence) => sentence.start >= time - 0.05);
}

/**
 * Where the selection bar goes over the transcript's box (its top, in px from the box's top): at
 * the bottom of what can be seen of the box (not under the page's header or the docked player),
 * or at its top when the selection reaches down there, so it never covers the sentences it is
 * about nor the ones just after them (where a Shift+click extends to).
 */
function barPlace(frame: HTMLElement, box: HTMLElement, height: number, range: SentenceRange): number {
  const lines = (index: number) => box.querySelector(`[data-index="${index}"]`)?.getClientRects();
  const firstLine = lines(range.first)?.[0];
  const lastLines = lines(range.last);
  const lastLine = lastLines?.[lastLines.length - 1];
  const seen = box.getBoundingClientRect();
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const player = document.querySelector('section[aria-label="Player"]')?.getBoundingClientRect().top ?? Infinity;
  const top = Math.max(seen.top, header, 0);
  const bottom = Math.min(seen.bottom, window.innerHeight, player);
  const gap = 8;
  const origin = frame.getBoundingClientRect().top;
  const atBottom = bottom - gap - height;
  const atTop = top + gap;
  const clear = (first: number, last: number) => !firstLine || !lastLine || lastLine.bottom <= first || firstLine.top >= last;
  if (clear(atBottom, atBottom + height) || !clear(atTop, atTop + height)) return Math.max(0, atBottom - origin);
  return Math.max(0, atTop - origin);
}

export function FollowingTranscript({ transcript, source, live }: { transcript: Transcript; source: PlayerSource; live?: LiveText }) {
  const player = usePlayer();
  const paragraphs = transcript.paragraphs;
  const sentences = useMemo(() => paragraphs.flatMap((p) => p.sentences), [paragraphs]);
  const isCurrent = usePlayerState((s) => s.source?.key === source.key);
  // The listener's position is followed once the call is loaded in the player (live: the stream was joined).
  const listening = usePlayerState((s) => s.source?.key === source.key && s.loaded);
  // Selecting the sentence (not the time) re-renders the transcript only when the sentence changes.
  const active = usePlayerState((s) => (s.source?.key === source.key && (!live || s.loaded) ? sentenceAt(sentences, s.currentTime) : undefined));
  const [following, setFollowing] = useState(true);
  const [focusIndex, setFocusIndex] = useState(0);
  const [query, setQuery] = useState('');
  const [matchPos, setMatchPos] = useState(0);
  const [said, setSaid] = useState('');
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const selection = useSentenceSelection(list);
  const kept = useCallNotes({ audioId: source.kind === 'recording' ? source.audioId : undefined, eventId: source.eventId });
  const highlightOf = useMemo(() => highlightsBySentence(kept, sentences), [kept, sentences]);
  const call = noteCallOf(source);
  const refined = useRefinedMarks(live);
  const qnaSentence = source.qna !== undefined && source.qna > 0 ? sentenceFrom(sentences, source.qna) : undefined;
  const qnaAt = qnaSentence && source.qna !== undefined ? { index: qnaSentence.index, start: source.qna } : undefined;
  const clipLink = useCallback((start: number, end: number) => sourceClipUrl(window.location.origin, source, start, end), [source]);
  /** Live and not listening: the newest words are followed. */
  const newest = live !== undefined && !listening;
  const lastIndex = sentences.at(-1)?.index;
  const lastText = sentences.at(-1)?.text;

  const trimmed = query.trim();
  const matches = useMemo(() => {
    if (!trimmed) return [];
    return sentences.filter((s) => findMatches(s.text, trimmed).length > 0).map((s) => s.index);
  }, [sentences, trimmed]);
  const match = matches.length > 0 ? matches[Math.min(matchPos, matches.length - 1)] : undefined;

  const scrollTo = useCallback((index: number, smooth: boolean) => {
    const box = scroller.current;
    const element = box?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!box || !element) return;
    const boxRect = box.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    const top = box.scrollTop + (rect.top - boxRect.top) - box.clientHeight / 3;
    const distance = Math.abs(top - box.scrollTop);
    if (distance < 4) return;
    // Glide to the next sentence; jump when it is more than a screen away (a seek, a chapter).
    box.scrollTo?.({ top: Math.max(0, top), behavior: smooth && distance < box.clientHeight ? 'smooth' : 'auto' });
  }, []);

  // The reader scrolling the transcript (wheel, touch, scrollbar, keys) stops following; our own scrolling does not.
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const stop = () => setFollowing(false);
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === box) stop(); // the scrollbar
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' '].includes(event.key)) stop();
    };
    box.addEventListener('wheel', stop, { passive: true });
    box.addEventListener('touchmove', stop, { passive: true });
    box.addEventListener('pointerdown', onPointerDown);
    box.addEventListener('keydown', onKeyDown);
    return () => {
      box.removeEventListener('wheel', stop);
      box.removeEventListener('touchmove', stop);
      box.removeEventListener('pointerdown', onPointerDown);
      box.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  // Keep the spoken sentence in view while following (live without the stream: the newest words).
  useEffect(() => {
    if (!following || newest) return;
    if (active !== undefined) scrollTo(active, true);
  }, [following, newest, active, scrollTo]);
  useEffect(() => {
    if (!following || !newest) return;
    const box = scroller.current;
    if (!box) return;
    const distance = box.scrollHeight - box.clientHeight - box.scrollTop;
    if (distance < 2) return;
    box.scrollTo?.({ top: box.scrollHeight, behavior: distance < box.clientHeight ? 'smooth' : 'auto' });
  }, [following, newest, lastIndex, lastText]);

  // Bring the current match into view.
  useEffect(() => {
    if (match !== undefined) scrollTo(match, false);
  }, [match, scrollTo]);

  const clearSelection = selection.clear;
  const anchorSelection = selection.anchorAt;
  const onPlay = useCallback(
    (sentence: TranscriptSentence) => {
      clearSelection();
      anchorSelection(sentence.index);
      setFocusIndex(sentence.index);
      setFollowing(true);
      if (player.getState().source?.key === source.key) player.playFrom(sentence.start);
      else player.load(source, { startAt: sentence.start });
    },
    [player, source, clearSelection, anchorSelection],
  );

  const onPlayClip = useCallback(
    (start: number, end: number) => {
      if (player.getState().source?.key === source.key) player.playClip({ start, end });
      else player.load(source, { startAt: start, endAt: end });
    },
    [player, source],
  );

  const { extendTo, extendBy, clear } = selection;
  // Shift+click (or Shift+Enter) selects from the sentence last chosen to this one.
  const onExtend = useCallback(
    (index: number) => {
      extendTo(index);
      setFocusIndex(index);
    },
    [extendTo],
  );

  // Arrow keys move between sentences (one tab stop for the whole transcript); with Shift they select.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-index]') : null;
      if (!target) return;
      const from = Number(target.dataset.index);
      if (event.key === 'Escape') {
        clear();
        return;
      }
      const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
      let next: number | undefined;
      if (event.key in moves) next = Math.min(sentences.length - 1, Math.max(0, from + moves[event.key]!));
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = sentences.length - 1;
      if (next === undefined) return;
      event.preventDefault();
      if (event.shiftKey) extendBy(from, next);
      setFocusIndex(next);
      element.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [sentences.length, extendBy, clear]);

  const step = (delta: number) => {
    if (matches.length === 0) return;
    setFollowing(false);
    setMatchPos((pos) => (pos + delta + matches.length) % matches.length);
  };

  // The active sentence is the natural place for the Tab key to land in the list.
  const rovingIndex = focusIndex === 0 && active !== undefined ? active : focusIndex;

  // The bar lies over the box, at the bottom or the top of what can be seen of it: see barPlace.
  const frame = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [barTop, setBarTop] = useState(0);
  const settled = selection.dragging ? null : selection.range;
  useLayoutEffect(() => {
    if (!settled) return;
    const place = () => {
      if (scroller.current && frame.current && bar.current) setBarTop(barPlace(frame.current, scroller.current, bar.current.offsetHeight, settled));
    };
    place();
    // Kept clear of the selection while the page or the transcript scrolls.
    let pending = 0;
    const later = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(place);
    };
    window.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(pending);
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [settled, paragraphs]);

  const resumeFollowing = () => {
    setFollowing(true);
    if (!newest && active !== undefined) scrollTo(active, true);
    else scroller.current?.scrollTo?.({ top: scroller.current.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <FindBar
          label="Find in transcript"
          query={query}
          onQuery={(value) => {
            setQuery(value);
            setMatchPos(0);
            if (value.trim()) setFollowing(false);
          }}
          count={matches.length}
          current={Math.min(matchPos, Math.max(0, matches.length - 1))}
          onStep={step}
        />
        {live
          ? !following && (
              <Button variant="primary" onClick={resumeFollowing}>
                Back to live
              </Button>
            )
          : isCurrent &&
            !following && (
              <Button variant="primary" onClick={resumeFollowing}>
                Follow along
              </Button>
            )}
      </div>
      <p role="status" className={said ? 'border-b border-slate-200 px-4 py-1.5 text-xs dark:border-slate-800' : 'sr-only'}>
        {said}
      </p>
      <SelectionHint id={hintId} keyboard />
      {/* Live, the newest words sit at the bottom of the box: on a desktop it ends above the docked player, below the page's header. */}
      <div ref={frame} className="relative">
        <div ref={scroller} className={`max-h-[60vh] overflow-y-auto ${live ? 'lg:max-h-[max(20rem,calc(100vh-28rem))]' : 'lg:max-h-[calc(100vh-15rem)]'}`}>
          <ol ref={list} aria-label="Transcript" aria-describedby={hintId} className="divide-y divide-slate-100 dark:divide-slate-800">
            {paragraphs.map((paragraph) => {
              const first = paragraph.sentences[0]?.index ?? 0;
              const last = first + paragraph.sentences.length - 1;
              const inside = (i: number | undefined) => (i !== undefined && i >= first && i <= last ? i : undefined);
              const range = selection.range;
              const selected =
                range && range.last >= first && range.first <= last ? { first: Math.max(first, range.first), last: Math.min(last, range.last) } : undefined;
              const highlights = paragraphHighlights(highlightOf, paragraph);
              // Live, behind the edge: what comes after the sentence heard is dimmed.
              const dimFrom = live && listening && active !== undefined && last > active ? Math.max(first, active + 1) : undefined;
              const marks = refined.size > 0 && paragraph.sentences.some((sentence) => refined.has(sentence.index)) ? refined : undefined;
              return (
                <ParagraphView
                  key={paragraph.index}
                  paragraph={paragraph}
                  active={inside(active)}
                  focusIndex={inside(rovingIndex) ?? -1}
                  query={trimmed}
                  match={inside(match)}
                  selected={selected?.first === undefined ? undefined : selected}
                  highlights={highlights}
                  onPlay={onPlay}
                  onExtend={onExtend}
                  dimFrom={dimFrom}
                  refined={marks}
                  qnaAt={inside(qnaAt?.index) !== undefined ? qnaAt : undefined}
                />
              );
            })}
          </ol>
        </div>
        {/* Over the text, clear of the selection (never in the flow: showing it moves no sentence), once a drag has ended. */}
        {selection.range && !selection.dragging && (
          <div ref={bar} style={{ top: barTop }} className="absolute inset-x-2 z-10 rounded-md shadow-lg">
            <SelectionBar
              transcript={transcript}
              range={selection.range}
              call={call}
              onPlayClip={onPlayClip}
              clipLink={clipLink}
              onClear={clear}
              announce={setSaid}
            />
          </div>
        )}
      </div>
    </div>
  );
}
