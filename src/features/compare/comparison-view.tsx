import { useId, useMemo, useState, type ReactNode } from 'react';
import { NoRecordingError, usePlayCall } from '../../components/use-play-call.ts';
import { SearchLink } from '../../components/search-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { textLinkClass } from '../../components/ui/text-link.ts';
import { comparisonToMarkdown } from '../../lib/compare/markdown.ts';
import type {
  AlignedSection,
  Comparison,
  MovedFigure,
  QuestionsSide,
  RankedTerm,
  SentenceChange,
  SentenceRef,
  TermHistory,
  WordPart,
} from '../../lib/compare/model.ts';
import { saveText } from '../../lib/download.ts';
import { readableFileName } from '../../lib/file-name.ts';
import { formatDate, formatDuration } from '../../lib/format.ts';
import { preloadHls } from '../../lib/player/index.ts';
import { parseTerm } from '../../lib/transcript-search/query.ts';

/**
 * A comparison of two calls of one company, drawn: the numbers that moved, new and dropped terms,
 * each call's questions, then the calls section by section and sentence by sentence, each with ▶
 * that plays its call from there, and the whole as Markdown for a morning note. Pure drawing of a
 * `Comparison` (src/lib/compare): the page loads and computes it.
 */

export type Side = 'current' | 'previous';

/** One call of the pair as the page names it. */
export interface CompareCall {
  eventId: number;
  /** "Q3 2026 earnings call". */
  name: string;
  /** What ▶ says: "Q3 call" ("Q3 2026 call" when both calls are a Q3). */
  short: string;
  /** The call's recording, when it has one (▶ and the export's links play it). */
  audioId?: number;
  /** "Edited transcript" or "Machine transcript". */
  transcriptKind: string;
  /** When the call was (ISO), for the export's title. */
  date?: string | null;
}

/** "Q3 2026 earnings call, Oct 28, 2026": a call as the export names it. */
const exportTitle = (call: CompareCall) => (call.date ? `${call.name}, ${formatDate(call.date)}` : call.name);

export interface ComparisonViewProps {
  comparison: Comparison;
  company: { id: number; name: string };
  current: CompareCall;
  previous: CompareCall;
  /** How often each term was said in the company's calls, when the search server says. */
  history?: TermHistory;
  /** The page's origin for the export's links (location.origin in the browser). */
  origin?: string;
  /** The comparison page's own address (path and query). */
  pagePath: string;
}

const muted = 'text-slate-600 dark:text-slate-400';
const link = textLinkClass();

/** "12:34" (or "1:02:03"): a moment of a call, as the player's clock shows it. */
function moment(seconds: number): string {
  return formatDuration(Math.max(0, seconds));
}

export function ComparisonView({ comparison, company, current, previous, history, origin = '', pagePath }: ComparisonViewProps) {
  const playCall = usePlayCall();
  const [said, setSaid] = useState('');
  const [onlyChanges, setOnlyChanges] = useState(true);
  const calls = { current, previous };

  const play = (side: Side, seconds: number) => {
    const call = calls[side];
    setSaid('');
    playCall({ eventId: call.eventId, audioId: call.audioId, company: company.name, event: call.name }, seconds).catch((error: unknown) =>
      setSaid(
        error instanceof NoRecordingError ? error.message : `The ${call.short} could not be played: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };

  const exportMarkdown = () => {
    const recordingLink = (call: CompareCall) => (seconds: number) =>
      call.audioId !== undefined ? `${origin}/recordings/${call.audioId}?t=${Math.floor(Math.max(0, seconds))}` : `${origin}/events/${call.eventId}`;
    const markdown = comparisonToMarkdown(comparison, {
      company: company.name,
      current: { title: exportTitle(current), link: recordingLink(current) },
      previous: { title: exportTitle(previous), link: recordingLink(previous) },
      page: `${origin}${pagePath}`,
    });
    saveText(markdown, readableFileName([company.name, `${current.name} compared with ${previous.name}`], 'md'), 'text/markdown');
    setSaid('Comparison exported as Markdown.');
  };

  const { counts } = comparison;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className={`text-sm ${muted}`}>
          {counts.changed} changed, {counts.new} new, {counts.dropped} dropped, {counts.same} the same
        </p>
        <Button onClick={exportMarkdown}>Export as Markdown</Button>
      </div>
      <p role="status" className={said ? 'rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800' : 'sr-only'}>
        {said}
      </p>

      <Panel title="Numbers that moved">
        <Figures figures={comparison.figures} calls={calls} onPlay={play} />
      </Panel>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-2">
        <Panel title="New this quarter">
          <Terms terms={comparison.terms.added} side="current" company={company} calls={calls} history={history} onPlay={play} empty="No new terms." />
        </Panel>
        <Panel title="Dropped since last quarter">
          <Terms terms={comparison.terms.dropped} side="previous" company={company} calls={calls} history={history} onPlay={play} empty="No dropped terms." />
        </Panel>
      </div>

      <Panel title="Questions">
        <div className="grid grid-cols-[minmax(0,1fr)] divide-y divide-slate-200 lg:grid-cols-2 lg:divide-x lg:divide-y-0 dark:divide-slate-800">
          <Questions side="current" questions={comparison.questions.current} other={comparison.questions.previous} call={current} onPlay={play} />
          <Questions side="previous" questions={comparison.questions.previous} other={comparison.questions.current} call={previous} onPlay={play} />
        </div>
      </Panel>

      <Panel
        title="Sentence by sentence"
        actions={
          <label className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={onlyChanges}
              onChange={(event) => setOnlyChanges(event.target.checked)}
              className="h-4 w-4 rounded border-slate-300 dark:border-slate-700"
            />
            Only changes
          </label>
        }
      >
        {comparison.sections.length === 0 ? (
          <EmptyState>Nothing to align: neither call has sentences.</EmptyState>
        ) : (
          comparison.sections.map((section) => <Section key={section.key} section={section} calls={calls} onlyChanges={onlyChanges} onPlay={play} />)
        )}
      </Panel>
    </div>
  );
}

type Calls = Record<Side, CompareCall>;
type OnPlay = (side: Side, seconds: number) => void;

/**
 * ▶ that plays one call from a moment: "Play from 12:34 in the Q2 call". `tagged` also shows which
 * call (where ▶ for either call sit side by side, as in the numbers).
 */
function PlayButton({ side, at, calls, onPlay, tagged = false }: { side: Side; at: number; calls: Calls; onPlay: OnPlay; tagged?: boolean }) {
  const name = `Play from ${moment(at)} in the ${calls[side].short}`;
  return (
    <button
      type="button"
      onClick={() => onPlay(side, at)}
      onPointerEnter={preloadHls}
      aria-label={name}
      title={name}
      className="inline-flex h-7 min-w-7 shrink-0 items-center justify-center gap-1 rounded-md px-1.5 text-xs text-accent-700 hover:bg-accent-50 dark:text-accent-300 dark:hover:bg-accent-700/20"
    >
      <span aria-hidden="true">▶</span>
      {tagged && <span aria-hidden="true">{calls[side].short.replace(/ call$/, '')}</span>}
      <span aria-hidden="true" className="tabular">
        {moment(at)}
      </span>
    </button>
  );
}

function Figures({ figures, calls, onPlay }: { figures: readonly MovedFigure[]; calls: Calls; onPlay: OnPlay }) {
  if (figures.length === 0) return <EmptyState>No figures found to compare.</EmptyState>;
  return (
    <ul aria-label="Numbers that moved" className="divide-y divide-slate-100 dark:divide-slate-800">
      {figures.map((figure, index) => (
        <li key={`${figure.measure}-${index}`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2 text-sm">
          <span className="min-w-0 flex-1 break-words">
            {figure.guidance && (
              <>
                <Badge tone="accent">Guidance</Badge>{' '}
              </>
            )}
            {figure.summary}
          </span>
          <span className="flex shrink-0 gap-1">
            {figure.current && <PlayButton side="current" at={figure.current.at.start} calls={calls} onPlay={onPlay} tagged />}
            {figure.previous && <PlayButton side="previous" at={figure.previous.at.start} calls={calls} onPlay={onPlay} tagged />}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A term as the search that finds it (the term history counts it the same way). */
const termQuery = (term: string) => {
  const parsed = parseTerm(term);
  return parsed.ok ? parsed.q : term;
};

/** A term as the search reads it: a phrase in quotes. */

function Terms({
  terms,
  side,
  company,
  calls,
  history,
  onPlay,
  empty,
}: {
  terms: readonly RankedTerm[];
  side: Side;
  company: { id: number; name: string };
  calls: Calls;
  history?: TermHistory;
  onPlay: OnPlay;
  empty: string;
}) {
  if (terms.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {terms.map((term) => {
        const callsWith = term.callsWith ?? history?.callsWith.get(term.term);
        const of = term.calls ?? history?.calls;
        return (
          <li key={term.term} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2 text-sm">
            <span className="min-w-0 flex-1 break-words">
              <span className="font-medium">{term.term}</span>{' '}
              <span className={muted}>
                said {term.count} {term.count === 1 ? 'time' : 'times'} in the {calls[side].short}
                {term.otherCount > 0 ? `, ${term.otherCount} in the ${calls[side === 'current' ? 'previous' : 'current'].short}` : ''}
                {callsWith !== undefined && of !== undefined ? `; said in ${callsWith} of the last ${of} calls` : ''}
              </span>
            </span>
            <span className="flex shrink-0 items-baseline gap-2">
              {term.first && <PlayButton side={side} at={term.first.start} calls={calls} onPlay={onPlay} />}
              <SearchLink params={{ q: termQuery(term.term), companyIds: [company.id] }} className={`${link} text-xs`}>
                Search <span className="sr-only">{`${company.name} calls for “${term.term}”`}</span>
              </SearchLink>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** An analyst as both calls name them: by name and firm, so a regular is known across quarters. */
const askerKey = (question: { asker: string; firm?: string }) => `${question.asker.toLowerCase()}|${(question.firm ?? '').toLowerCase()}`;

function Questions({
  side,
  questions,
  other,
  call,
  onPlay,
}: {
  side: Side;
  questions: QuestionsSide;
  /** The other call's questions: an analyst who asked only in one of the two is marked. */
  other: QuestionsSide;
  call: CompareCall;
  onPlay: OnPlay;
}) {
  const headingId = useId();
  const calls = { current: call, previous: call } as Calls;
  const askedThere = new Set(other.questions.map(askerKey));
  // Only where the other call's analysts are known: a machine transcript without chapters names none.
  const marks = other.questions.length > 0 && questions.questions.some((question) => question.speaker?.kind === 'analyst' || question.firm);
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h3 id={headingId} className="px-4 pt-3 text-xs font-semibold text-slate-700 dark:text-slate-300">
        {call.name}
      </h3>
      {questions.questions.length === 0 ? (
        <p className={`px-4 py-3 text-sm ${muted}`}>No questions found.</p>
      ) : (
        <ol aria-labelledby={headingId} className="space-y-1 px-4 py-2">
          {questions.questions.map((question, index) => (
            <li key={question.number} className="flex items-baseline gap-2 text-sm">
              <span className="min-w-0 flex-1 break-words">
                <span className="font-medium">{question.asker}</span>
                {question.firm && <span className={muted}>, {question.firm}</span>}
                {marks && !askedThere.has(askerKey(question)) && (
                  <>
                    {' '}
                    <Badge tone={side === 'current' ? 'success' : 'neutral'}>{side === 'current' ? 'New this quarter' : 'Not this quarter'}</Badge>
                  </>
                )}
                {(questions.subjects[index]?.length ?? 0) > 0 && <span className={`block text-xs ${muted}`}>On {questions.subjects[index]!.join(', ')}</span>}
              </span>
              <PlayButton side={side} at={question.start} calls={calls} onPlay={onPlay} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const FOUND_BY: Record<AlignedSection['foundBy'], string> = {
  chapters: "Found by the recordings' chapters.",
  'qna-offset': 'Found by where each recording’s Q&A starts.',
  transcript: "Found by the transcripts' own speakers.",
  none: 'No sections found: the calls are aligned as a whole.',
};

function Section({ section, calls, onlyChanges, onPlay }: { section: AlignedSection; calls: Calls; onlyChanges: boolean; onPlay: OnPlay }) {
  const headingId = useId();
  const groups = useMemo(
    () =>
      section.groups
        .map((group) => ({ ...group, shown: onlyChanges ? group.changes.filter((change) => change.kind !== 'same') : group.changes }))
        .filter((group) => group.shown.length > 0),
    [section, onlyChanges],
  );
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 first:border-t-0 dark:border-slate-800">
      <div className="px-4 pt-3">
        <h3 id={headingId} className="text-sm font-semibold">
          {section.title}
        </h3>
        <p className={`text-xs ${muted}`}>{FOUND_BY[section.foundBy]}</p>
      </div>
      {groups.length === 0 ? (
        <p className={`px-4 py-3 text-sm ${muted}`}>{onlyChanges ? 'No changes in this section.' : 'Nothing said in this section.'}</p>
      ) : (
        groups.map((group, index) => (
          <div key={`${group.speaker ?? ''}-${index}`} className="px-4 py-2">
            {group.speaker && <h4 className="text-xs font-semibold text-slate-700 dark:text-slate-300">{group.speaker}</h4>}
            <ul aria-label={group.speaker ? `${section.title}: ${group.speaker}` : section.title} className="mt-1 space-y-2">
              {group.shown.map((change) => (
                <ChangeRow key={changeKey(change)} change={change} calls={calls} onPlay={onPlay} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

function changeKey(change: SentenceChange): string {
  switch (change.kind) {
    case 'new':
      return `n${change.current.sentence}`;
    case 'dropped':
      return `d${change.previous.sentence}`;
    default:
      return `${change.kind[0]}${change.current.sentence}-${change.previous.sentence}`;
  }
}

const KIND_LABEL: Record<SentenceChange['kind'], string> = { same: 'Same', changed: 'Changed', new: 'New', dropped: 'Dropped' };
const KIND_TONE = { same: 'neutral', changed: 'warning', new: 'success', dropped: 'danger' } as const;

/** One aligned sentence: this call's beside the other's (one above the other on a narrow screen), each with ▶. */
function ChangeRow({ change, calls, onPlay }: { change: SentenceChange; calls: Calls; onPlay: OnPlay }) {
  const current = change.kind === 'dropped' ? undefined : change.current;
  const previous = change.kind === 'new' ? undefined : change.previous;
  return (
    <li className="rounded-md border border-slate-100 p-2 text-sm dark:border-slate-800">
      <Badge tone={KIND_TONE[change.kind]}>{KIND_LABEL[change.kind]}</Badge>
      <span className="sr-only">: </span>
      <div className="mt-1 grid grid-cols-[minmax(0,1fr)] gap-2 lg:grid-cols-2">
        {change.kind === 'same' ? (
          <Said side="current" at={change.current} calls={calls} onPlay={onPlay}>
            {change.current.text}
          </Said>
        ) : (
          <>
            {current ? (
              <Said side="current" at={current} calls={calls} onPlay={onPlay}>
                {change.kind === 'changed' ? <Words words={change.currentWords} side="current" /> : current.text}
              </Said>
            ) : (
              <NotSaid call={calls.current} />
            )}
            {previous ? (
              <Said side="previous" at={previous} calls={calls} onPlay={onPlay}>
                {change.kind === 'changed' ? <Words words={change.previousWords} side="previous" /> : previous.text}
              </Said>
            ) : (
              <NotSaid call={calls.previous} />
            )}
          </>
        )}
      </div>
    </li>
  );
}

function Said({ side, at, calls, onPlay, children }: { side: Side; at: SentenceRef; calls: Calls; onPlay: OnPlay; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-1">
      <PlayButton side={side} at={at.start} calls={calls} onPlay={onPlay} />
      <p className="min-w-0 flex-1 pt-1 break-words">
        <span className={`text-xs ${muted}`}>
          {calls[side].short}
          {at.speaker.label ? `, ${at.speaker.label}` : ''}:
        </span>{' '}
        {children}
      </p>
    </div>
  );
}

function NotSaid({ call }: { call: CompareCall }) {
  return <p className={`hidden pt-1 text-xs italic lg:block ${muted}`}>Not said in the {call.short}.</p>;
}

/**
 * A changed sentence's words: those not in the other call's sentence are marked, inserted in this
 * quarter's and deleted in last quarter's, and said so for screen readers.
 */
function Words({ words, side }: { words: readonly WordPart[]; side: Side }) {
  // Runs of words alike; parts are words (joined by a space) or carry their own spaces.
  const runs: WordPart[] = [];
  for (const word of words) {
    const last = runs.at(-1);
    if (last && last.changed === word.changed) last.text = joinWords(last.text, word.text);
    else runs.push({ text: last ? joinWords(last.text, word.text).slice(last.text.length) : word.text, changed: word.changed });
  }
  return (
    <>
      {runs.map((run, index) => {
        if (!run.changed) return <span key={index}>{run.text}</span>;
        const lead = /^\s/.test(run.text) ? ' ' : '';
        const text = run.text.trimStart();
        return side === 'current' ? (
          <span key={index}>
            {lead}
            <ins className="rounded-sm bg-emerald-100 text-emerald-950 no-underline dark:bg-emerald-900/60 dark:text-emerald-50">
              <span className="sr-only">[added: </span>
              {text}
              <span className="sr-only">]</span>
            </ins>
          </span>
        ) : (
          <span key={index}>
            {lead}
            <del className="rounded-sm bg-red-100 text-red-950 dark:bg-red-900/60 dark:text-red-50">
              <span className="sr-only">[removed: </span>
              {text}
              <span className="sr-only">]</span>
            </del>
          </span>
        );
      })}
    </>
  );
}

/** Two parts of a sentence: a space between them unless one already has it or the second is punctuation. */
const joinWords = (a: string, b: string) => (!a || /\s$/.test(a) || /^[\s.,;:!?)%]/.test(b) ? `${a}${b}` : `${a} ${b}`);
