import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { searchQueries, type SearchCall, type SearchMatch, type SearchParams } from '../../api/search.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useEventTypes } from '../../components/type-records.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { formatCount, formatDuration, formatMonth } from '../../lib/format.ts';
import { eventName, type NamedEventType } from '../../lib/names.ts';
import { useListOffset } from '../../lib/use-list-offset.ts';
import { NoRecordingError, usePlayCall } from '../../components/use-play-call.ts';
import { MarkedText } from '../../components/marked-text.tsx';
import { SpeakerName } from '../../components/speaker-name.tsx';
import { CALL_SECTION_LABELS } from '../../lib/transcript/speakers.ts';

/**
 * The calls a search found, one group per call (company, event, date, hit count), each hit a
 * passage with its speaker and time, the matched words marked, the sentence before and after for
 * context; ▶ plays the call from that sentence in the docked player and "Open transcript" opens
 * the transcript at it. Window-virtualized: only the calls on screen are in the document, and the
 * next page loads as the reader nears the end.
 */

const HEADER = 76;
const MATCH = 120;
const estimate = (call: SearchCall | undefined) => HEADER + MATCH * Math.max(1, call?.matches.length ?? 1) + (call && call.hits > call.matches.length ? 40 : 0);

export function SearchResults({
  params,
  actions,
}: {
  params: SearchParams;
  actions?: (loaded: { calls: SearchCall[]; totals: { hits: number; calls: number } }) => ReactNode;
}) {
  const results = useInfiniteQuery(searchQueries.results(params));
  const calls = results.data?.pages.flatMap((page) => page.calls) ?? [];
  const first = results.data?.pages[0];
  const { ref, offset } = useListOffset<HTMLOListElement>();
  const virtualizer = useWindowVirtualizer({
    count: calls.length,
    estimateSize: (index) => estimate(calls[index]),
    overscan: 4,
    scrollMargin: offset,
    scrollPaddingStart: 72,
    // jsdom lays nothing out: an element without a height keeps its estimate.
    measureElement: (element, _entry, instance) => element.getBoundingClientRect().height || estimate(calls[instance.indexFromElement(element)]),
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  useEffect(() => {
    if (last >= calls.length - 3 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, calls.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const types = useEventTypes(items.map((item) => calls[item.index]?.event.typeId ?? undefined));

  if (results.isPending) {
    return (
      <div role="status" aria-label="Searching the transcripts" className="space-y-3">
        {[0, 1, 2].map((n) => (
          <div key={n} className="h-28 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
        ))}
      </div>
    );
  }
  // A query the server cannot read is explained next to the box, not here.
  if (results.isError && !results.data && isApiError(results.error) && results.error.fields.some((field) => field.field === 'q')) return null;
  // Search is out of service for a while (the index is being rebuilt, or is off): the server's own plain words.
  if (results.isError && !results.data && isApiError(results.error) && results.error.status === 503) {
    return (
      <div role="alert" className="rounded-lg border border-amber-300 px-4 py-6 text-sm dark:border-amber-700">
        <p>{results.error.message}</p>
        <button type="button" className={`${buttonClass({ size: 'sm' })} mt-3`} onClick={() => void results.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (results.isError && !results.data) return <ErrorPanel error={results.error} onRetry={() => void results.refetch()} />;
  const partial = first?.totals.complete === false;
  if (!first || calls.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-slate-200 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        No call says “{params.q}”{hasFilters(params) ? ' with these filters' : ''}. Try fewer words, a word’s start with *, or OR between words that mean the
        same.
      </p>
    );
  }

  return (
    <div>
      <h2 className="sr-only">Calls that match</h2>
      {actions && <div className="mb-2 flex flex-wrap items-center gap-3">{actions({ calls, totals: first.totals })}</div>}
      <p role="status" className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        {partial && 'At least '}
        <span className="tabular font-semibold">{formatCount(first.totals.hits)}</span> {first.totals.hits === 1 ? 'passage' : 'passages'} in{' '}
        <span className="tabular font-semibold">{formatCount(first.totals.calls)}</span> {first.totals.calls === 1 ? 'call' : 'calls'}
        {partial && first.totals.since ? ` since ${formatMonth(first.totals.since)}` : ''}
        {params.sort === 'date' ? ', newest first' : ', most mentions first'}
        {partial &&
          (params.sort === 'date'
            ? '. Older calls follow as you scroll.'
            : '. Said that often, only the newest calls are counted and ranked: choose dates to rank older ones, or sort by date to go through them all.')}
      </p>
      <ol ref={ref} aria-label="Calls that match" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const call = calls[item.index]!;
          return (
            <li
              key={call.transcriptId}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full pb-3"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <CallResult call={call} params={params} typeName={types.get(call.event.typeId ?? -1)} />
            </li>
          );
        })}
      </ol>
      {results.isFetchingNextPage && (
        <p role="status" className="py-3 text-center text-sm text-slate-600 dark:text-slate-400">
          Loading more calls…
        </p>
      )}
      {results.isError && results.data && <ErrorPanel error={results.error} onRetry={() => void results.fetchNextPage()} />}
    </div>
  );
}

function hasFilters(params: SearchParams): boolean {
  return Boolean(
    params.companyIds?.length ||
    params.countries?.length ||
    params.exchanges?.length ||
    params.typeIds?.length ||
    params.eventIds?.length ||
    params.from ||
    params.to ||
    params.speakers?.length ||
    params.roles?.length ||
    params.sections?.length ||
    params.quarters?.length,
  );
}

function CallResult({ call, params, typeName }: { call: SearchCall; params: SearchParams; typeName: NamedEventType | undefined }) {
  const [all, setAll] = useState(false);
  const more = useQuery({ ...searchQueries.call(params, call.eventId), enabled: all });
  const matches = all && more.data ? (more.data.calls[0]?.matches ?? call.matches) : call.matches;
  const name = eventName(
    { title: call.event.title, fiscalYear: call.event.fiscalYear, fiscalPeriod: call.event.fiscalPeriod },
    { type: typeName, company: { displayName: call.company.name } },
  );
  return (
    <article aria-labelledby={`call-${call.transcriptId}`} className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-100 px-4 py-2 dark:border-slate-800">
        <h3 id={`call-${call.transcriptId}`} className="min-w-0 text-sm font-semibold">
          <Link to="/companies/$companyId" params={{ companyId: call.company.id }} className={textLinkClass()}>
            {call.company.name}
          </Link>
          <span className="text-slate-500 dark:text-slate-400"> · </span>
          <Link to="/events/$eventId" params={{ eventId: call.eventId }} className={textLinkClass()}>
            {name}
          </Link>
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-3 text-xs text-slate-600 dark:text-slate-400">
          <TimeText value={call.event.date} />
          {!call.edited && <span title="Speakers are numbered: the edited transcript is not out yet">Machine transcript</span>}
          <span className="tabular">
            {call.hits} {call.hits === 1 ? 'passage' : 'passages'}
          </span>
          <Link
            to="/documents/$documentId"
            params={{ documentId: call.transcriptId }}
            search={{ kind: 'transcript' }}
            className={textLinkClass()}
            aria-label={`Open the transcript of ${call.company.name}, ${name}`}
          >
            Transcript
          </Link>
        </p>
      </header>
      <ol className="divide-y divide-slate-100 dark:divide-slate-800" aria-label={`Passages in ${call.company.name}, ${name}`}>
        {matches.map((match) => (
          <MatchRow key={match.paragraph} call={call} match={match} />
        ))}
      </ol>
      {call.hits > call.matches.length && !all && (
        <div className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
          <button type="button" className={buttonClass({ size: 'xs' })} onClick={() => setAll(true)}>
            Show all {call.hits} passages in this call
          </button>
        </div>
      )}
      {all && more.isFetching && (
        <p role="status" className="px-4 py-2 text-xs text-slate-600 dark:text-slate-400">
          Loading every passage…
        </p>
      )}
      {all && more.isError && (
        <div className="p-3">
          <ErrorPanel error={more.error} onRetry={() => void more.refetch()} />
        </div>
      )}
    </article>
  );
}

function MatchRow({ call, match }: { call: SearchCall; match: SearchMatch }) {
  const play = usePlayCall();
  const [problem, setProblem] = useState<string>();
  const [starting, setStarting] = useState(false);
  const sentence = match.sentences[0]!;
  const at = formatDuration(sentence.start);
  const speaker = match.speaker.detail ? `${match.speaker.label}, ${match.speaker.detail}` : match.speaker.label;
  const onPlay = async () => {
    setProblem(undefined);
    setStarting(true);
    try {
      await play({ eventId: call.eventId, company: call.company.name }, sentence.start);
    } catch (error) {
      setProblem(error instanceof NoRecordingError ? error.message : `The recording could not be loaded: ${(error as Error).message}`);
    } finally {
      setStarting(false);
    }
  };
  return (
    <li className="grid grid-cols-[auto_1fr] gap-x-3 px-4 py-3">
      <button
        type="button"
        onClick={() => void onPlay()}
        disabled={starting}
        className={buttonClass({ size: 'xs', className: 'tabular mt-0.5 w-16 justify-center' })}
        aria-label={`Play from ${at}: ${match.speaker.label}`}
      >
        ▶ {at}
      </button>
      <div className="min-w-0">
        <p className="text-xs">
          <SpeakerName speaker={match.speaker} />
          {/* Absent from an index built before sections were read. */}
          {match.section && <span className="text-slate-600 dark:text-slate-400"> · {CALL_SECTION_LABELS[match.section]}</span>}
        </p>
        <p className="mt-1 max-w-prose text-sm leading-relaxed">
          {match.before && <span className="text-slate-500 dark:text-slate-400">{match.before} </span>}
          {match.sentences.map((s, i) => (
            <span key={s.index}>
              {i > 0 && ' '}
              <MarkedText segments={s.segments} />
            </span>
          ))}
          {match.after && <span className="text-slate-500 dark:text-slate-400"> {match.after}</span>}
        </p>
        <p className="mt-1 text-xs">
          <Link
            to="/documents/$documentId"
            params={{ documentId: call.transcriptId }}
            search={{ kind: 'transcript', sentence: sentence.index }}
            className={textLinkClass()}
            aria-label={`Open the transcript at ${at} (${speaker})`}
          >
            Open transcript
          </Link>
        </p>
        {problem && (
          <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </li>
  );
}
