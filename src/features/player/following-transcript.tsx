import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePlayer, usePlayerState, type RecordingSource } from '../../lib/player/index.ts';
import type { Transcript, TranscriptParagraph, TranscriptSentence } from '../../lib/transcript/index.ts';
import { clock } from './time.ts';
import { Button } from '../../components/ui/button.tsx';
import { FindBar } from '../../components/find-bar.tsx';
import { MarkedText, markedSegments } from '../../components/marked-text.tsx';
import { findMatches } from '../../lib/find-matches.ts';
import { HIGHLIGHT_CLASSES, highlightsBySentence, noteCallOf, useCallNotes, type Highlight } from '../../lib/notes/index.ts';
import type { SentenceRange } from '../../lib/notes/quote.ts';
import { SelectionBar } from '../../components/notes/selection-bar.tsx';
import { useSentenceSelection } from '../../components/notes/sentence-selection.ts';
import { HighlightNotes, paragraphHighlights, startsHighlight } from '../../components/notes/highlight-notes.tsx';
import { SpeakerName } from '../../components/speaker-name.tsx';

/**
 * A transcript that follows playback: the sentence being spoken is highlighted and kept in view
 * (until the reader scrolls; "Follow along" resumes), any sentence plays from its start on click,
 * and a search box finds words and steps through the matches. Sentences can be selected (drag
 * across the text, or Shift with a click or the arrow keys) to highlight, quote or clip them;
 * the listener's highlights show in their colours, with their notes.
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
}: {
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
}) {
  return (
    <li className="px-4 py-2.5">
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
          return (
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
              onClick={(event) => {
                // Shift extends a selection; a click that ends a drag across the text selects, it does not play.
                if (event.shiftKey) {
                  event.preventDefault();
                  onExtend(sentence.index);
                  return;
                }
                const selection = document.getSelection();
                if (selection && !selection.isCollapsed && event.currentTarget.closest('ol')?.contains(selection.anchorNode)) return;
                onPlay(sentence);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onPlay(sentence);
                }
              }}
              title={`Play from ${clock(sentence.start)}`}
              className={`mr-1 inline cursor-pointer rounded-sm px-0.5 text-left ${
                on
                  ? 'bg-accent-100 text-slate-950 underline decoration-accent-600 decoration-2 underline-offset-4 dark:bg-accent-700/40 dark:text-white dark:decoration-accent-300'
                  : highlight
                    ? HIGHLIGHT_CLASSES[highlight.color]
                    : 'hover:bg-slate-100 dark:hover:bg-slate-800'
              } ${sentence.index === match ? 'ring-2 ring-amber-500' : ''} ${inSelection ? 'outline-2 outline-offset-1 outline-accent-600 outline-dashed' : ''}`}
            >
              {startsHighlight(paragraph, highlights, sentence.index) && <span className="sr-only">Highlighted: </span>}
              <MarkedText segments={markedSegments(sentence.text, query ? findMatches(sentence.text, query).map(([start, end]) => ({ start, end })) : [])} />
            </span>
          );
        })}
      </p>
      <HighlightNotes paragraph={paragraph} highlights={highlights} />
    </li>
  );
});

export function FollowingTranscript({ transcript, source }: { transcript: Transcript; source: RecordingSource }) {
  const player = usePlayer();
  const paragraphs = transcript.paragraphs;
  const sentences = useMemo(() => paragraphs.flatMap((p) => p.sentences), [paragraphs]);
  const isCurrent = usePlayerState((s) => s.source?.key === source.key);
  // Selecting the sentence (not the time) re-renders the transcript only when the sentence changes.
  const active = usePlayerState((s) => (s.source?.key === source.key ? sentenceAt(sentences, s.currentTime) : undefined));
  const [following, setFollowing] = useState(true);
  const [focusIndex, setFocusIndex] = useState(0);
  const [query, setQuery] = useState('');
  const [matchPos, setMatchPos] = useState(0);
  const [said, setSaid] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const selection = useSentenceSelection(list);
  const kept = useCallNotes({ audioId: source.audioId, eventId: source.eventId });
  const highlightOf = useMemo(() => highlightsBySentence(kept, sentences), [kept, sentences]);
  const call = noteCallOf(source);

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

  // Keep the spoken sentence in view while following.
  useEffect(() => {
    if (following && active !== undefined) scrollTo(active, true);
  }, [following, active, scrollTo]);

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

  const { extend, clear, anchorAt } = selection;
  // Shift+click selects from the sentence last clicked (or focused by the arrow keys) to this one.
  const onExtend = useCallback(
    (index: number) => {
      extend(index, index);
      setFocusIndex(index);
    },
    [extend],
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
      if (event.shiftKey) extend(from, next);
      else anchorAt(next);
      setFocusIndex(next);
      element.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [sentences.length, extend, clear, anchorAt]);

  const step = (delta: number) => {
    if (matches.length === 0) return;
    setFollowing(false);
    setMatchPos((pos) => (pos + delta + matches.length) % matches.length);
  };

  // The active sentence is the natural place for the Tab key to land in the list.
  const rovingIndex = focusIndex === 0 && active !== undefined ? active : focusIndex;

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
        {isCurrent && !following && (
          <Button
            variant="primary"
            onClick={() => {
              setFollowing(true);
              if (active !== undefined) scrollTo(active, true);
            }}
          >
            Follow along
          </Button>
        )}
      </div>
      <p role="status" className={said ? 'border-b border-slate-200 px-4 py-1.5 text-xs dark:border-slate-800' : 'sr-only'}>
        {said}
      </p>
      <div>
        {/* Above the scrolling text, so it never covers the sentences it is about. */}
        {selection.range && (
          <div className="border-b border-slate-200 p-2 dark:border-slate-800">
            <SelectionBar transcript={transcript} range={selection.range} call={call} onPlayClip={onPlayClip} onClear={clear} announce={setSaid} />
          </div>
        )}
        <div ref={scroller} className="max-h-[60vh] overflow-y-auto lg:max-h-[calc(100vh-15rem)]">
          <ol ref={list} aria-label="Transcript" className="divide-y divide-slate-100 dark:divide-slate-800">
            {paragraphs.map((paragraph) => {
              const first = paragraph.sentences[0]?.index ?? 0;
              const last = first + paragraph.sentences.length - 1;
              const inside = (i: number | undefined) => (i !== undefined && i >= first && i <= last ? i : undefined);
              const range = selection.range;
              const selected =
                range && range.last >= first && range.first <= last ? { first: Math.max(first, range.first), last: Math.min(last, range.last) } : undefined;
              const highlights = paragraphHighlights(highlightOf, paragraph);
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
                />
              );
            })}
          </ol>
        </div>
      </div>
    </div>
  );
}
