import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { describeError } from '../../components/error-panel.tsx';
import { useWatchlist } from '../../lib/watchlist.ts';
import { searchHref } from '../../lib/transcript-search/address.ts';
import { getCompanyIndex, type IndexStatus } from './company-index.ts';
import { namesCompany, type IndexedCompany, type SearchHit } from './rank.ts';
import { useCompanySearch, useIndexStatus } from './use-company-search.ts';
import { inlineControlClass } from '../../components/ui/field.tsx';
import { SearchIcon } from './search-icon.tsx';

/**
 * "Search companies": a combobox (ARIA 1.2 pattern) whose options are ranked as the user types.
 * Arrow keys walk the options, Enter opens the company, Escape closes the list (or clears it).
 * Used in the header and in the Ctrl/Cmd+K palette; the palette also offers "Search what was said
 * for “…”", which opens the transcript search for what was typed. That option comes first, active,
 * unless the text names a company (its ticker or ISIN, or the start of one or of its name: see
 * `namesCompany`), when the companies come first and it comes last.
 */

interface Option {
  company: Pick<IndexedCompany, 'id' | 'displayName'> & Partial<IndexedCompany>;
  hit?: SearchHit;
}

/** One row of the list: a company, or the palette's search of what was said. */
type Row = { kind: 'company'; option: Option } | { kind: 'said' };

export function CompanySearch({
  variant,
  focusOnMount = false,
  initialQuery = '',
  onDone,
}: {
  variant: 'header' | 'palette';
  focusOnMount?: boolean;
  /** What was typed before this component loaded. */
  initialQuery?: string;
  /** Called after a company opens (the palette closes itself). */
  onDone?: () => void;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(variant === 'palette' || initialQuery !== '');
  const [active, setActive] = useState(initialQuery.trim() ? 0 : -1);
  const search = useCompanySearch(query, variant === 'palette' ? 12 : 8);
  const watchlist = useWatchlist();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focusOnMount || !inputRef.current) return;
    const input = inputRef.current;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [focusOnMount]);

  const trimmed = query.trim();
  const options: Option[] = trimmed
    ? search.hits.map((hit) => ({ company: hit.company, hit }))
    : variant === 'palette'
      ? watchlist.map((company) => ({ company }))
      : [];
  // The palette offers searching what was said for the same words: first when the text does not
  // name a company (the best-ranked company is no ticker, ISIN or name match), last when it does.
  const transcriptOption = variant === 'palette' && trimmed !== '';
  const companyRows: Row[] = options.map((option) => ({ kind: 'company', option }));
  const companiesFirst = search.hits[0] !== undefined && namesCompany(search.hits[0]);
  const rows: Row[] = !transcriptOption ? companyRows : companiesFirst ? [...companyRows, { kind: 'said' }] : [{ kind: 'said' }, ...companyRows];
  const count = rows.length;
  const expanded = open && (options.length > 0 || trimmed !== '');

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const openCompany = (option: Option | undefined) => {
    if (!option) return;
    setOpen(variant === 'palette');
    setQuery('');
    onDone?.();
    void navigate({ to: '/companies/$companyId', params: { companyId: option.company.id } });
  };

  const searchTranscripts = () => {
    setQuery('');
    onDone?.();
    void navigate({ href: searchHref({ q: trimmed }) });
  };

  const choose = (index: number) => {
    const row = rows[index];
    if (row?.kind === 'said') searchTranscripts();
    else openCompany(row?.option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        if (!expanded) return;
        event.preventDefault();
        choose(active >= 0 ? active : 0);
        break;
      case 'Escape':
        if (variant === 'palette') return; // the dialog closes itself
        event.preventDefault();
        if (expanded) setOpen(false);
        else setQuery('');
        break;
      case 'Tab':
        if (variant === 'header') setOpen(false);
        break;
    }
  };

  const activeId = expanded && active >= 0 && active < count ? `${id}-option-${active}` : undefined;
  const popup = (
    <div
      className={
        variant === 'header'
          ? 'absolute left-0 right-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900'
          : 'border-t border-slate-200 dark:border-slate-800'
      }
      hidden={!expanded}
    >
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={trimmed ? 'Matching companies' : 'Watchlist'}
        className="max-h-[min(60vh,26rem)] overflow-y-auto py-1"
      >
        {!trimmed && options.length > 0 && (
          <li role="presentation" className="px-3 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Watchlist
          </li>
        )}
        {rows.map((row, index) => {
          const activeClass = index === active ? 'bg-accent-50 text-slate-900 dark:bg-slate-800 dark:text-white' : 'text-slate-800 dark:text-slate-200';
          if (row.kind === 'said') {
            // Set apart from the companies by a rule on the side they are.
            const rule = index > 0 ? 'border-t' : rows.length > 1 ? 'border-b' : '';
            return (
              // Chosen with the arrow keys and Enter like the companies; the click is for pointers.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key="said"
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                data-index={index}
                onMouseDown={(event) => event.preventDefault()}
                onClick={searchTranscripts}
                onMouseMove={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 border-slate-200 px-3 py-2 text-sm dark:border-slate-800 ${rule} ${activeClass}`}
              >
                <span className="min-w-0 flex-1 truncate">
                  Search what was said for “<span className="font-medium">{trimmed}</span>”
                </span>
                <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">Transcripts</span>
              </li>
            );
          }
          const { option } = row;
          return (
            // Keyboard users choose through the combobox (arrow keys, Enter); the click is for pointers.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.company.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              data-index={index}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openCompany(option)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-baseline gap-3 px-3 py-2 text-sm ${activeClass}`}
            >
              <OptionContent option={option} query={trimmed} />
            </li>
          );
        })}
      </ul>
      {trimmed && options.length === 0 && <NoMatches query={trimmed} state={search} />}
      <IndexProgress status={search.status} />
    </div>
  );

  return (
    <div className={variant === 'header' ? 'relative w-full' : ''}>
      <label htmlFor={inputId} className={variant === 'header' ? 'sr-only' : 'sr-only'}>
        Search companies
      </label>
      <div className="relative">
        <SearchIcon />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          ref={inputRef}
          placeholder={variant === 'header' ? 'Search companies' : 'Company name, ticker or ISIN'}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            // A new list starts with its first option active, so Enter opens the best match.
            setActive(event.target.value.trim() ? 0 : -1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => variant === 'header' && setOpen(false)}
          onKeyDown={onKeyDown}
          className={
            variant === 'header'
              ? `${inlineControlClass} w-full pl-8 pr-12`
              : 'h-12 w-full bg-transparent pl-10 pr-3 text-base placeholder:text-slate-500 focus:outline-none dark:placeholder:text-slate-400'
          }
        />
        {variant === 'header' && (
          <kbd
            className="pointer-events-none absolute right-2 top-1/2 hidden -translate-y-1/2 rounded border border-slate-300 px-1 text-[10px] text-slate-500 sm:block dark:border-slate-600 dark:text-slate-400"
            aria-hidden="true"
          >
            Ctrl K
          </kbd>
        )}
      </div>
      <p id={`${id}-hint`} className="sr-only">
        Type a company name, a ticker or an ISIN; use the arrow keys to choose and Enter to open.
      </p>
      <ResultsAnnouncement count={search.hits.length} total={search.total} query={trimmed} />
      {popup}
    </div>
  );
}

function OptionContent({ option, query }: { option: Option; query: string }) {
  const { company, hit } = option;
  const tickers = company.tickers ?? [];
  const shownTicker = hit?.ticker ?? tickers[0];
  return (
    <>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">
          <Highlight text={company.displayName} query={hit?.reason === 'name' ? query : ''} />
        </span>
        {company.name && company.name !== company.displayName && (
          <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{company.name}</span>
        )}
      </span>
      <span className="shrink-0 text-right text-xs text-slate-600 dark:text-slate-400">
        {shownTicker && (
          <span className={`font-mono ${hit?.reason === 'ticker' ? 'font-semibold text-slate-900 dark:text-white' : ''}`}>
            {shownTicker.ticker}
            <span className="font-sans">
              {' · '}
              {tickers
                .filter((t) => t.ticker === shownTicker.ticker)
                .map((t) => t.exchange)
                .join(', ') || shownTicker.exchange}
            </span>
          </span>
        )}
        {hit?.reason === 'isin' || hit?.reason === 'isin-prefix' ? (
          <span className="block font-mono">{company.isins?.find((isin) => isin.toLowerCase().startsWith(query.toLowerCase())) ?? ''}</span>
        ) : company.country ? (
          <span className="block">{company.country}</span>
        ) : null}
      </span>
    </>
  );
}

/** The typed text in bold where it starts the name or one of its words. */
function Highlight({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const lower = text.toLowerCase();
  const q = query.toLowerCase();
  let at = lower.startsWith(q) ? 0 : lower.indexOf(` ${q}`);
  if (at > 0) at += 1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent font-semibold text-accent-700 dark:text-accent-300">{text.slice(at, at + q.length)}</mark>
      {text.slice(at + q.length)}
    </>
  );
}

function NoMatches({ query, state }: { query: string; state: ReturnType<typeof useCompanySearch> }) {
  let message: ReactNode = <>No company matches “{query}”.</>;
  if (state.lookingUp) message = <>Looking up “{query}”…</>;
  else if (!state.status.complete)
    message = (
      <>
        No match yet for “{query}”: the company index is still filling ({state.status.count.toLocaleString()} companies so far). Tickers and ISINs are looked up
        directly.
      </>
    );
  return <p className="px-3 py-3 text-sm text-slate-600 dark:text-slate-400">{message}</p>;
}

/** Tells screen-reader users how many options there are, once typing pauses. */
function ResultsAnnouncement({ count, total, query }: { count: number; total: number; query: string }) {
  const [announced, setAnnounced] = useState({ query: '', text: '' });
  useEffect(() => {
    if (!query) return;
    const timer = setTimeout(() => {
      const text =
        count === 0
          ? 'No matching companies.'
          : total > count
            ? `${count} of ${total} matching companies shown.`
            : `${count} matching ${count === 1 ? 'company' : 'companies'}.`;
      setAnnounced({ query, text });
    }, 600);
    return () => clearTimeout(timer);
  }, [count, total, query]);
  return (
    <p className="sr-only" role="status">
      {query && announced.query === query ? announced.text : ''}
    </p>
  );
}

/** The index's state while it fills, waits or fails; nothing once it is ready. */
export function IndexProgress({ status }: { status: IndexStatus }) {
  const index = getCompanyIndex();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.phase !== 'waiting' || status.retryAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [status.phase, status.retryAt]);

  if (status.phase === 'error') {
    const { title } = describeError(status.error);
    return (
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-xs text-red-800 dark:border-slate-800 dark:text-red-300">
        <span>
          Company index stopped: {title}. Search covers {status.count.toLocaleString()} companies.
        </span>
        <button
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => void index.refresh()}
          className="rounded border border-current px-2 py-0.5 font-medium"
        >
          Retry indexing
        </button>
      </div>
    );
  }
  if (status.phase === 'limited') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-3 py-2 text-xs text-amber-900 dark:border-slate-800 dark:text-amber-200">
        <span>
          Company index paused at {status.count.toLocaleString()} companies: this API key gets small pages, and indexing every company could use up its daily
          requests. Tickers and ISINs are still looked up directly.
        </span>
        <button
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => void index.continueWithSmallPages()}
          className="rounded border border-current px-2 py-0.5 font-medium"
        >
          Index anyway
        </button>
      </div>
    );
  }
  if (status.complete && status.phase !== 'waiting') return null;
  if (status.phase === 'idle' || status.phase === 'ready') return null;
  const seconds = status.retryAt ? Math.max(0, Math.ceil((status.retryAt - now) / 1000)) : 0;
  const text =
    status.phase === 'waiting'
      ? `Company index paused by the service; resuming in ${seconds} s (${status.count.toLocaleString()} companies so far).`
      : status.elsewhere
        ? `Company index filling in another tab: ${status.count.toLocaleString()} companies so far.`
        : status.phase === 'loading'
          ? 'Opening the company index…'
          : `Indexing companies: ${status.count.toLocaleString()} so far.`;
  return (
    <div className="border-t border-slate-200 px-3 py-2 dark:border-slate-800">
      <p className="text-xs text-slate-600 dark:text-slate-400">{text}</p>
      <progress aria-label="Company index" aria-valuetext={text} className="mt-1 block h-1 w-full accent-accent-600" />
    </div>
  );
}

/** A compact indicator for the header while the index fills. */
export function IndexBadge() {
  const status = useIndexStatus(getCompanyIndex());
  if (status.complete || status.phase === 'idle' || status.phase === 'ready') return null;
  const label =
    status.phase === 'error'
      ? 'Company index stopped'
      : status.phase === 'waiting' || status.phase === 'limited'
        ? 'Company index paused'
        : `Indexing companies: ${status.count.toLocaleString()}`;
  return (
    <span className="hidden items-center gap-1.5 whitespace-nowrap text-xs text-slate-600 lg:inline-flex dark:text-slate-400" title={label}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${status.phase === 'error' ? 'bg-red-600' : 'animate-pulse bg-accent-500'}`} />
      {/* Below 1536 px the dot alone (its words on hover and for screen readers): written out, they
          wrapped the header to a second row while the index filled, and the whole page jumped twice. */}
      <span className="sr-only 2xl:not-sr-only">{label}</span>
    </span>
  );
}
