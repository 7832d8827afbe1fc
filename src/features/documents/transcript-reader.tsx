import { Link } from '@tanstack/react-router';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { findMatches } from '../../lib/find-matches.ts';
import { formatDuration } from '../../lib/format.ts';
import type { Transcript, TranscriptHeading } from '../../lib/transcript/index.ts';
import { FindBar } from '../../components/find-bar.tsx';
import { MarkedText, markedSegments } from '../../components/marked-text.tsx';
import { HIGHLIGHT_CLASSES, highlightsBySentence, useCallNotes, type NoteCall } from '../../lib/notes/index.ts';
import { HighlightNotes, paragraphHighlights, startsHighlight } from '../../components/notes/highlight-notes.tsx';
import { SelectionBar, SelectionHint } from '../../components/notes/selection-bar.tsx';
import { useSentenceSelection } from '../../components/notes/sentence-selection.ts';
import { TranscriptExport } from './transcript-export.tsx';
import { SpeakerName } from '../../components/speaker-name.tsx';

/**
 * The documents' transcript reader: paragraphs under their speaker and time, find-in-transcript, and
 * exports (text, Markdown, SRT and WebVTT captions; see TranscriptExport). Where the event has a
 * recording, each time links to the recording page, which plays the call from that point. Text
 * selected here is widened to whole sentences to highlight, quote or clip (see
 * useSentenceSelection), with a bar over the text, hung below the toolbar (or just below the
 * selection where it would cover it there); the listener's
 * highlights of the call show here as on the recording.
 */

interface Hit {
  sentence: number;
  start: number;
  end: number;
}

export function TranscriptReader({
  transcript,
  heading,
  audioId,
  fileStem,
  focusSentence,
  call,
}: {
  transcript: Transcript;
  heading: TranscriptHeading;
  /** The event's recording, when it has one: timestamps then play the call from there. */
  audioId?: number;
  /** File name without extension for the exports. */
  fileStem: string;
  /** A sentence to open at (a search hit): brought into view and marked. */
  focusSentence?: number;
  /** The call it belongs to: highlights are kept against it. */
  call?: NoteCall;
}) {
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);

  const sentences = useMemo(() => transcript.paragraphs.flatMap((paragraph) => paragraph.sentences), [transcript]);
  const hits = useMemo<Hit[]>(
    () => sentences.flatMap((sentence) => findMatches(sentence.text, query).map(([start, end]) => ({ sentence: sentence.index, start, end }))),
    [sentences, query],
  );
  useEffect(() => {
    listRef.current?.querySelector('mark[data-current]')?.scrollIntoView?.({ block: 'center' });
  }, [hits, current]);

  // The paragraph holding the sentence asked for.
  const focusParagraph = useMemo(
    () =>
      focusSentence === undefined ? undefined : transcript.paragraphs.find((p) => p.sentences.some((sentence) => sentence.index === focusSentence))?.index,
    [transcript, focusSentence],
  );
  useEffect(() => {
    if (focusParagraph !== undefined) listRef.current?.querySelector('[data-focus]')?.scrollIntoView?.({ block: 'center' });
  }, [focusParagraph]);

  const selection = useSentenceSelection(listRef);
  const [said, setSaid] = useState('');
  const hintId = useId();
  const kept = useCallNotes({ eventId: call?.eventId });
  const highlightOf = useMemo(() => highlightsBySentence(kept, sentences), [kept, sentences]);

  // The selection bar hangs below the toolbar, unless it would cover the selection there: then it goes just below the selection.
  const frame = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [below, setBelow] = useState<number | null>(null);
  const settledFirst = selection.dragging ? undefined : selection.range?.first;
  const settledLast = selection.dragging ? undefined : selection.range?.last;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (settledFirst === undefined || settledLast === undefined || !list || !frame.current || !toolbar.current || !barRef.current) return;
    const firstLine = list.querySelector(`[data-index="${settledFirst}"]`)?.getClientRects()[0];
    const lastLines = list.querySelector(`[data-index="${settledLast}"]`)?.getClientRects();
    const lastLine = lastLines?.[lastLines.length - 1];
    if (!firstLine || !lastLine) return;
    const hangs = toolbar.current.getBoundingClientRect().bottom;
    const covered = lastLine.bottom > hangs && firstLine.top < hangs + 4 + barRef.current.offsetHeight;
    setBelow(covered ? lastLine.bottom - frame.current.getBoundingClientRect().top + 6 : null);
  }, [settledFirst, settledLast]);

  const step = (delta: 1 | -1) => {
    if (hits.length > 0) setCurrent((index) => (index + delta + hits.length) % hits.length);
  };

  const hitsBySentence = new Map<number, { start: number; end: number; current: boolean }[]>();
  hits.forEach((hit, index) => {
    const list = hitsBySentence.get(hit.sentence) ?? [];
    list.push({ start: hit.start, end: hit.end, current: index === current });
    hitsBySentence.set(hit.sentence, list);
  });

  const settled = selection.dragging ? null : selection.range;
  const bar = settled && (
    <div
      ref={barRef}
      style={below === null ? undefined : { top: below }}
      className={`absolute inset-x-2 z-10 rounded-md shadow-lg ${below === null ? 'top-full mt-1' : ''}`}
    >
      <SelectionBar transcript={transcript} range={settled} call={call} onClear={selection.clear} announce={setSaid} />
    </div>
  );

  return (
    <div ref={frame} className="relative">
      <div
        ref={toolbar}
        className="sticky top-[5.5rem] z-10 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:top-[3.1rem] dark:border-slate-800 dark:bg-slate-900"
      >
        <FindBar
          label="Find in transcript"
          query={query}
          onQuery={(next) => {
            setQuery(next);
            setCurrent(0);
          }}
          count={hits.length}
          current={current}
          onStep={step}
        />
        <TranscriptExport transcript={transcript} heading={heading} fileStem={fileStem} />
        {/* Hung below the toolbar, over the text (never in the flow: showing it moves no sentence), once a drag has ended. */}
        {settled && below === null && bar}
      </div>
      {/* Where it would cover the selection there: just below the selection, scrolling with the text. */}
      {settled && below !== null && bar}
      {transcript.paragraphs.length > 0 && <SelectionHint id={hintId} />}
      <p role="status" className={said ? 'border-b border-slate-200 px-4 py-1.5 text-xs dark:border-slate-800' : 'sr-only'}>
        {said}
      </p>
      {!transcript.mapped && (
        <p className="border-b border-slate-200 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          Machine transcript: speakers are numbered in the order they first speak.
        </p>
      )}
      {transcript.paragraphs.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-400">This transcript has no text.</p>
      ) : (
        <ol ref={listRef} aria-label="Transcript" aria-describedby={hintId} className="divide-y divide-slate-100 dark:divide-slate-800">
          {transcript.paragraphs.map((paragraph) => {
            const focused = focusParagraph === paragraph.index;
            const highlights = paragraphHighlights(highlightOf, paragraph);
            const range = selection.range;
            return (
              <li
                key={paragraph.index}
                aria-current={focused ? 'location' : undefined}
                className={`grid gap-1 px-4 py-3 sm:grid-cols-[5rem_1fr] sm:gap-4 ${focused ? 'bg-accent-50 dark:bg-accent-950/40' : ''}`}
              >
                <div className="tabular text-xs sm:pt-0.5">
                  {audioId !== undefined ? (
                    <Link
                      to="/recordings/$audioId"
                      params={{ audioId }}
                      search={{ t: Math.floor(paragraph.start) }}
                      className={textLinkClass()}
                      aria-label={`Play from ${formatDuration(paragraph.start)}`}
                      title="Play the call from here"
                    >
                      ▶ {formatDuration(paragraph.start)}
                    </Link>
                  ) : (
                    <span className="text-slate-600 dark:text-slate-400">{formatDuration(paragraph.start)}</span>
                  )}
                </div>
                <div className="min-w-0">
                  <p className="text-sm">
                    <SpeakerName speaker={paragraph.speaker} />
                  </p>
                  <p className="mt-1 max-w-prose text-sm leading-relaxed text-slate-800 dark:text-slate-200">
                    {paragraph.sentences.map((sentence) => {
                      const highlight = highlights?.get(sentence.index);
                      const isFocus = sentence.index === focusSentence && !query;
                      const selected = range !== null && sentence.index >= range.first && sentence.index <= range.last;
                      return (
                        <span key={sentence.index}>
                          <span
                            data-index={sentence.index}
                            data-focus={isFocus ? 'true' : undefined}
                            className={`rounded-sm ${isFocus ? 'bg-yellow-200 px-0.5 dark:bg-yellow-500/40' : highlight ? HIGHLIGHT_CLASSES[highlight.color] : ''} ${selected ? 'outline-2 outline-offset-1 outline-accent-600 outline-dashed' : ''}`}
                          >
                            {startsHighlight(paragraph, highlights, sentence.index) && <span className="sr-only">Highlighted: </span>}
                            <MarkedText segments={markedSegments(sentence.text, hitsBySentence.get(sentence.index) ?? [])} />
                          </span>{' '}
                        </span>
                      );
                    })}
                  </p>
                  <HighlightNotes paragraph={paragraph} highlights={highlights} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
