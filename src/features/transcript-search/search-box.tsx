import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { controlClass, errorClass, hintClass } from '../../components/ui/field.tsx';
import { parseSearchQuery, QUERY_HELP } from '../../lib/transcript-search/query.ts';
import { useDismiss } from '../../components/use-dismiss.ts';

/**
 * The one box of the transcript search: what to find, the syntax in a line, a help panel with
 * examples, and a mistake explained as it is typed (the same parser the server uses), or the
 * server's own words about the query (`serverProblem`). Keyed by the address's query, so a link or
 * Back shows its own.
 */
export function TranscriptSearchBox({
  value,
  onSearch,
  serverProblem,
  serverNotices = [],
}: {
  value: string;
  onSearch: (q: string) => void;
  serverProblem?: string;
  /** What the server searched differently from what was typed (a left-out common word), for the search shown. */
  serverNotices?: readonly string[];
}) {
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const id = useId();
  const helpButton = useRef<HTMLButtonElement>(null);
  const helpPanel = useRef<HTMLDivElement>(null);

  const parsed = draft.trim() ? parseSearchQuery(draft) : undefined;
  const typedProblem = touched && parsed && !parsed.ok ? parsed.problem : undefined;
  const problem = typedProblem ?? (draft === value ? serverProblem : undefined);
  const notices = draft === value && !problem ? serverNotices : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const check = parseSearchQuery(draft);
    if (!check.ok) return;
    onSearch(draft.trim());
  };

  useDismiss(helpOpen, [helpPanel, helpButton], (how) => {
    setHelpOpen(false);
    if (how === 'escape') helpButton.current?.focus();
  });

  return (
    <form role="search" aria-label="Search transcripts" onSubmit={submit} noValidate className="relative">
      <label htmlFor={`${id}-q`} className="block text-sm font-medium">
        Search what was said
      </label>
      {/* Lined up by their bottoms: the field's own top margin (controlClass) once set it 4 px below the buttons. */}
      <div className="mt-1 flex flex-wrap items-end gap-2">
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            // A mistake is pointed out once it is complete (a quote left open mid-phrase is not one yet).
            if (touched) setTouched(Boolean(event.target.value.trim()));
          }}
          onBlur={() => setTouched(Boolean(draft.trim()))}
          placeholder='e.g. "gross margin" tariffs'
          autoComplete="off"
          spellCheck={false}
          maxLength={2_000}
          aria-describedby={`${id}-syntax${problem ? ` ${id}-problem` : ''}${notices.length > 0 ? ` ${id}-notices` : ''}`}
          aria-invalid={problem ? true : undefined}
          className={`${controlClass} min-w-[12rem] flex-1 basis-64`}
        />
        <button type="submit" className={buttonClass({ variant: 'primary', size: 'md' })}>
          Search
        </button>
        <button
          ref={helpButton}
          type="button"
          className={buttonClass({ size: 'md' })}
          aria-expanded={helpOpen}
          aria-controls={`${id}-help`}
          onClick={() => setHelpOpen((open) => !open)}
        >
          Syntax help
        </button>
      </div>
      <p id={`${id}-syntax`} className={hintClass}>
        {QUERY_HELP}
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className={errorClass}>
          {problem}
        </p>
      )}
      {notices.length > 0 && (
        <div id={`${id}-notices`} role="status" aria-label="How the search was read" className={hintClass}>
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}
      <div
        ref={helpPanel}
        id={`${id}-help`}
        role="region"
        aria-label="Search syntax"
        hidden={!helpOpen}
        className="absolute right-0 top-full z-20 mt-1 w-full max-w-md rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-mono text-xs">tariffs margin</dt>
          <dd>passages with both words, in any form (tariff, tariffs; margin, margins)</dd>
          <dt className="font-mono text-xs">&quot;gross margin&quot;</dt>
          <dd>the exact phrase, words in that order</dd>
          <dt className="font-mono text-xs">tariffs OR duties</dt>
          <dd>either word (OR in capitals)</dd>
          <dt className="font-mono text-xs">demand -china</dt>
          <dd>leaves out passages that mention China</dd>
          <dt className="font-mono text-xs">guid*</dt>
          <dd>words that start so: guide, guidance, guided</dd>
          <dt className="font-mono text-xs">margin NEAR/5 guidance</dt>
          <dd>
            both, at most 5 words apart in either order (NEAR/1 is next to each other, NEAR alone is NEAR/10, up to NEAR/50). Every word between counts, common
            words too; a side can be a &quot;phrase&quot; or guid*
          </dd>
        </dl>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Common words (the, and, of) are not searched. A passage is what one speaker says at a time.
        </p>
      </div>
    </form>
  );
}
