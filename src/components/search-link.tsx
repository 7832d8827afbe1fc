import { useRouter } from '@tanstack/react-router';
import { useId, useRef, useState, type AnchorHTMLAttributes, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { searchHref, type SearchAddress } from '../lib/transcript-search/address.ts';
import { buttonClass } from './ui/button.tsx';
import { errorClass, inlineControlClass } from './ui/field.tsx';

/**
 * Links into transcript search from any page. `SearchLink` is an anchor to `/search?…` (so it can be
 * opened in a new tab or copied) that moves within the app on a plain click; `SearchBox` is a small
 * labelled form that searches with the page's filters (a company, a call) for what is typed.
 */

/** Whether a click should be left to the browser (a new tab or window, a download). */
function browserHandles(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export function SearchLink({
  params,
  children,
  onClick,
  ...anchor
}: { params: SearchAddress; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const router = useRouter();
  const href = searchHref(params);
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (browserHandles(event)) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

/**
 * The query syntax's parser, loaded when a box is first used rather than with every page that has
 * one (the company, event and recording pages): it is most of what a box weighs.
 */
const loadQueryParser = () => import('../lib/transcript-search/query.ts');

/**
 * "Search this company's calls": a search box whose submit opens `/search` with what was typed and
 * the given filters. An empty box opens the search with the filters alone (the page asks for the
 * words); a query the syntax cannot read is named under the box and nothing opens.
 */
export function SearchBox({
  label,
  filters,
  placeholder = 'Words or "a phrase"',
  buttonLabel = 'Search',
  className,
}: {
  /** The box's name, e.g. "Search this company's calls". */
  label: string;
  filters: Omit<SearchAddress, 'q'>;
  placeholder?: string;
  buttonLabel?: string;
  className?: string;
}) {
  const id = useId();
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = q.trim();
    if (text) {
      // A chunk that cannot load (offline) checks nothing here: the search page explains the query.
      const parsed = await loadQueryParser().then(
        (parser) => parser.parseSearchQuery(text),
        () => ({ ok: true as const }),
      );
      if (!parsed.ok) {
        setProblem(parsed.problem);
        inputRef.current?.focus();
        return;
      }
    }
    setProblem(null);
    void router.navigate({ href: searchHref({ ...filters, q: text }) });
  };

  return (
    <form role="search" aria-label={label} onSubmit={(event) => void submit(event)} className={className}>
      <label htmlFor={`${id}-q`} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={q}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onFocus={() => void loadQueryParser().catch(() => {})}
          onChange={(event) => {
            setQ(event.target.value);
            if (problem) setProblem(null);
          }}
          className={`${inlineControlClass} w-full px-2.5 aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400`}
        />
        <button type="submit" className={buttonClass({ size: 'sm' })}>
          {buttonLabel}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className={errorClass}>
          {problem}
        </p>
      )}
    </form>
  );
}
