import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button, buttonClass } from '../ui/button.tsx';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { formatDuration } from '../../lib/format.ts';
import {
  cleanNote,
  COLOR_NAMES,
  NOTE_COLORS,
  NOTE_MAX,
  newItemId,
  notes,
  NotesError,
  PARTS_MAX,
  QUOTE_MAX,
  SWATCH_CLASSES,
  type Highlight,
  type NoteCall,
  type NoteColor,
} from '../../lib/notes/index.ts';
import { clipParam, clipUrl, quoteClipboard, quoteOf, type SentenceRange } from '../../lib/notes/quote.ts';
import type { Transcript } from '../../lib/transcript/index.ts';

const KEY = 'rounded border border-slate-300 px-1 font-sans dark:border-slate-600';

/**
 * How sentences are selected, said once above a transcript (visible, and the transcript's
 * description for screen readers): by dragging across them or Shift+click, and in a view whose
 * sentences take the focus (`keyboard`), by Shift with the arrow keys, Enter or Space.
 */
export function SelectionHint({ id, keyboard = false }: { id: string; keyboard?: boolean }) {
  return (
    <p id={id} className="px-4 pt-1.5 text-xs text-slate-600 dark:text-slate-400">
      Drag across sentences, or <kbd className={KEY}>Shift</kbd>+click, to highlight.{' '}
      {keyboard && (
        // Said on a phone too (to a screen reader), shown from the sm breakpoint, where keyboards are.
        <span className="max-sm:sr-only">
          Keyboard: <kbd className={KEY}>Shift</kbd>+<Arrow symbol="↑" name="Up arrow" /> or <Arrow symbol="↓" name="Down arrow" />, or{' '}
          <kbd className={KEY}>Shift</kbd>+<kbd className={KEY}>Enter</kbd>; <kbd className={KEY}>Esc</kbd> clears.
        </span>
      )}
    </p>
  );
}

/** An arrow key: its symbol shown, its name said. */
function Arrow({ symbol, name }: { symbol: string; name: string }) {
  return (
    <kbd className={KEY}>
      <span aria-hidden="true">{symbol}</span>
      <span className="sr-only">{name}</span>
    </kbd>
  );
}

/**
 * What can be done with selected sentences, in both transcript views: highlight them (a colour
 * and an optional note), copy them as a quote (text and HTML, with speaker, call, time and link),
 * copy a link that plays just them, or play them now.
 */
export function SelectionBar({
  transcript,
  range,
  call,
  onPlayClip,
  clipLink,
  onClear,
  announce,
}: {
  transcript: Transcript;
  range: SentenceRange;
  /** The call the transcript belongs to; without it nothing can be kept (only copied). */
  call: NoteCall | undefined;
  /** Plays the selection in the player; without it, "Play clip" opens the recording's page. */
  onPlayClip?: (start: number, end: number) => void;
  /** The address that plays a stretch (a live call's page); without it, the recording's when the call has one. */
  clipLink?: (start: number, end: number) => string;
  onClear: () => void;
  /** Says what happened, in the view's own status line (it outlives the bar). */
  announce: (text: string) => void;
}) {
  const [color, setColor] = useState<NoteColor>('yellow');
  const [note, setNote] = useState('');
  const quote = quoteOf(transcript, range);
  if (!quote) return null;
  const audioId = call?.audioId;
  const origin = window.location.origin;
  const clip = clipLink ? clipLink(quote.start, quote.end) : audioId !== undefined ? clipUrl(origin, audioId, quote.start, quote.end) : undefined;
  const link = clip ?? window.location.href;
  const span = `${formatDuration(quote.start)}–${formatDuration(quote.end)}`;
  const count = quote.sentences === 1 ? '1 sentence' : `${quote.sentences} sentences`;

  const highlight = async () => {
    if (!call) return;
    const now = new Date().toISOString();
    const item: Highlight = {
      id: newItemId(),
      kind: 'highlight',
      call,
      start: quote.start,
      end: quote.end,
      quote: quote.text.slice(0, QUOTE_MAX),
      ...(quote.speaker ? { speaker: quote.speaker } : {}),
      ...(quote.parts ? { parts: quote.parts.slice(0, PARTS_MAX).map((part) => ({ ...part, text: part.text.slice(0, QUOTE_MAX) })) } : {}),
      color,
      note: cleanNote(note),
      createdAt: now,
      updatedAt: now,
    };
    try {
      await notes.put(item);
      setNote('');
      onClear();
      announce(`Highlighted ${count} at ${span}.`);
    } catch (error) {
      announce(error instanceof NotesError ? error.message : 'The highlight could not be kept.');
    }
  };

  const copyQuote = async () => {
    const { text, html } = quoteClipboard(quote, call ?? { eventId: 0, company: '', event: document.title }, link);
    announce(
      (await copyToClipboard(text, html)) ? `Quote copied (${count}, ${span}).` : `The browser refused the clipboard; select the text and copy it: ${text}`,
    );
  };

  const copyLink = async () => {
    announce((await copyToClipboard(link)) ? `Clip link copied: ${link}` : `Copy this link: ${link}`);
  };

  return (
    <div
      role="group"
      aria-label="Selected sentences"
      className="space-y-2 rounded-md border border-accent-600/30 bg-accent-50 px-3 py-2 text-sm dark:bg-slate-900"
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium">
          Selected {count}, {span}
        </span>
        {quote.speaker && <span className="text-xs text-slate-600 dark:text-slate-400">{quote.speaker}</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {call && (
          <>
            <fieldset className="flex items-center gap-1">
              <legend className="sr-only">Highlight colour</legend>
              {NOTE_COLORS.map((option) => (
                <label
                  key={option}
                  title={COLOR_NAMES[option]}
                  className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md has-[input:checked]:ring-2 has-[input:checked]:ring-slate-800 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent-500 dark:has-[input:checked]:ring-slate-100"
                >
                  <input type="radio" name="highlight-colour" value={option} checked={color === option} onChange={() => setColor(option)} className="sr-only" />
                  <span aria-hidden="true" className={`h-4 w-4 rounded-full ${SWATCH_CLASSES[option]}`} />
                  <span className="sr-only">{COLOR_NAMES[option]}</span>
                </label>
              ))}
            </fieldset>
            <label className="flex min-w-0 flex-1 basis-48 items-center gap-2">
              <span className="shrink-0 text-xs">Note</span>
              <input
                value={note}
                onChange={(event) => setNote(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void highlight();
                  }
                }}
                maxLength={NOTE_MAX}
                placeholder="Optional"
                className="h-8 min-w-24 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
            <Button variant="primary" onClick={() => void highlight()}>
              Highlight
            </Button>
          </>
        )}
        <Button onClick={() => void copyQuote()}>Copy quote</Button>
        {clip !== undefined && <Button onClick={() => void copyLink()}>Copy clip link</Button>}
        {onPlayClip ? (
          <Button onClick={() => onPlayClip(quote.start, quote.end)}>Play clip</Button>
        ) : (
          audioId !== undefined && (
            <Link to="/recordings/$audioId" params={{ audioId }} search={{ t: clipParam(quote.start, quote.end) }} className={buttonClass()}>
              Play clip
            </Link>
          )
        )}
        <Button variant="quiet" onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </div>
  );
}
