import { useId } from 'react';
import { buttonClass } from './ui/button.tsx';
import { inlineControlClass } from './ui/field.tsx';

/**
 * The one find box (transcripts on the recording and document pages, PDFs): a hit count ("2 of 7")
 * and previous/next. Enter goes to the next match, Shift+Enter to the previous one. The box keeps
 * a usable width on a phone (at least 10rem, growing into the row; it starts a row of its own
 * rather than share one with less room than that); the count and the arrows, which
 * take no room for the count until there is one, wrap together below it when the row is too narrow.
 */
export function FindBar({
  label,
  query,
  onQuery,
  count,
  current,
  busy = false,
  onStep,
}: {
  label: string;
  query: string;
  onQuery: (query: string) => void;
  count: number;
  /** 0-based index of the current match. */
  current: number;
  busy?: boolean;
  onStep: (delta: 1 | -1) => void;
}) {
  const id = useId();
  const searching = query.trim() !== '';
  const status = !searching ? '' : busy ? 'Searching…' : count === 0 ? 'No matches' : `${Math.min(current + 1, count)} of ${count}`;
  const button = buttonClass({ size: 'compact' });
  return (
    <div role="search" aria-label={label} className="flex min-w-0 flex-1 basis-44 flex-wrap items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder={label}
        autoComplete="off"
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey ? -1 : 1);
          }
        }}
        className={`${inlineControlClass} min-w-40 flex-1 basis-44 px-2 sm:max-w-xs`}
      />
      {/* The count and the arrows wrap together, never one arrow alone on a second row. */}
      <div className="flex shrink-0 items-center gap-1">
        <span role="status" className="tabular min-w-[5.5rem] text-center text-xs text-slate-600 empty:min-w-0 dark:text-slate-400">
          {status}
        </span>
        <button type="button" className={button} onClick={() => onStep(-1)} disabled={count === 0} aria-label="Previous match">
          ↑
        </button>
        <button type="button" className={button} onClick={() => onStep(1)} disabled={count === 0} aria-label="Next match">
          ↓
        </button>
      </div>
    </div>
  );
}
