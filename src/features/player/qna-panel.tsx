import { useEffect, useId, useMemo, useState } from 'react';
import { PanelError } from '../../components/query-states.tsx';
import { SkeletonRows } from '../../components/skeleton.tsx';
import { EmptyState } from '../../components/ui/panel.tsx';
import { Select } from '../../components/ui/select.tsx';
import { preloadHls, RESTART_GRACE, usePlayer, usePlayerState, type Player, type PlayerSource, type RecordingSource } from '../../lib/player/index.ts';
import {
  findQuestions,
  nextQuestion,
  previousQuestion,
  questionAt,
  talkTime,
  type QnaQuestion,
  type TalkTime,
  type Transcript,
} from '../../lib/transcript/index.ts';
import { isTypingTarget, QUESTION_KEYS } from './shortcuts.ts';
import { clock } from './time.ts';
import { useEventTranscript } from '../../api/transcript-content.ts';
import { SpeakerName } from '../../components/speaker-name.tsx';

/**
 * The Q&A of a call at a glance: its questions (who asked, for which firm, when, who answered),
 * each playing from its first words, `[` and `]` to step between them, a firm filter, and how long
 * each speaker talked. Read from the event's transcript (the one the recording page follows). The
 * recording, event and transcript pages all show this one panel; where the call has no recording
 * (`source` undefined), the questions are listed without playing.
 */
export function QnaPanel({
  eventId,
  source,
  chaptersLoading,
}: {
  eventId: number;
  /** The call's recording as the player plays it, when it has one. */
  source: RecordingSource | undefined;
  /** The recording's chapters (or the recording itself) still loading: a raw transcript's questions come from them. */
  chaptersLoading: boolean;
}) {
  const { transcript, missing, failed } = useEventTranscript(eventId);
  if (failed) return <PanelError error={failed.error} onRetry={() => void failed.refetch()} />;
  // A raw transcript's questions come from the chapters, and the chapters say where the Q&A ends: wait for both.
  if (chaptersLoading || (!transcript && !missing)) return <SkeletonRows rows={4} label="Loading the Q&A" />;
  // No transcript yet: the chapters still name who asked and when (who answered waits for the words).
  if (!transcript) {
    if (!source) return <EmptyState>No transcript of this call yet, so no questions to list.</EmptyState>;
    return (
      <>
        <p className="px-4 pt-3 text-xs text-slate-600 dark:text-slate-400">No transcript yet: the questions come from the chapters.</p>
        <QnaView transcript={NO_WORDS} source={source} />
      </>
    );
  }
  return <QnaView transcript={transcript} source={source} />;
}

const ALL_FIRMS = '';
const NO_WORDS: Transcript = { paragraphs: [], speakers: [], mapped: false };
const names = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

const askerLine = (question: QnaQuestion) => (question.firm ? `${question.asker}, ${question.firm}` : question.asker);

/** Plays the call from a question: in the player already, from there; else loaded there (as ChapterList does). */
function playQuestion(player: Player, source: PlayerSource, question: QnaQuestion): void {
  if (player.getState().source?.key === source.key) player.playFrom(question.start);
  else player.load(source, { startAt: question.start });
}

/** Each firm that asked, with its number of questions, in the order the firms first asked. */
function firmCounts(questions: readonly QnaQuestion[]): [firm: string, count: number][] {
  const counts = new Map<string, number>();
  for (const { firm } of questions) if (firm) counts.set(firm, (counts.get(firm) ?? 0) + 1);
  return [...counts];
}

/**
 * The questions of a transcript: a recording's, or a live call's so far (`live`: the list grows,
 * and says so while the Q&A has not started).
 */
export function QnaView({ transcript, source, live = false }: { transcript: Transcript; source: PlayerSource | undefined; live?: boolean }) {
  const player = usePlayer();
  const questions = useMemo(() => findQuestions(transcript, { chapters: source?.chapters, qna: source?.qna }), [transcript, source?.chapters, source?.qna]);
  const talk = useMemo(() => talkTime(transcript), [transcript]);
  const firms = useMemo(() => firmCounts(questions), [questions]);
  const [chosenFirm, setFirm] = useState(ALL_FIRMS);
  // A firm chosen for another version of the transcript may be gone: then every firm shows.
  const firm = firms.some(([name]) => name === chosenFirm) ? chosenFirm : ALL_FIRMS;
  const shown = useMemo(() => (firm === ALL_FIRMS ? questions : questions.filter((q) => q.firm === firm)), [questions, firm]);
  const [said, setSaid] = useState('');
  // Selecting the number (not the time) re-renders the list only when the question changes.
  const playingNumber = usePlayerState((s) => (source && s.source?.key === source.key ? questionAt(questions, s.currentTime)?.number : undefined));

  useEffect(() => {
    // Without a recording there is nothing to step through by ear.
    if (!source) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== QUESTION_KEYS.previous && event.key !== QUESTION_KEYS.next) return;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const state = player.getState();
      // Another call in the player: this one is heard from its start.
      const time = state.source?.key === source.key ? state.currentTime : 0;
      const target = event.key === QUESTION_KEYS.next ? nextQuestion(shown, time) : previousQuestion(shown, time, RESTART_GRACE);
      if (!target) return;
      event.preventDefault();
      playQuestion(player, source, target);
      setSaid(`Question ${target.number}: ${askerLine(target)}, ${clock(target.start)}`);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [player, source, shown]);

  return (
    <div>
      {questions.length === 0 ? (
        <EmptyState>
          {!live
            ? 'No Q&A in this call.'
            : source?.qna === undefined
              ? 'The Q&A has not started yet.'
              : 'No questions yet: they are listed here as they are asked.'}
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            {firms.length > 0 && (
              <Select label="Firm" className="w-full sm:w-64" value={firm} onChange={(event) => setFirm(event.target.value)}>
                <option value={ALL_FIRMS}>All firms</option>
                {firms.map(([name, count]) => (
                  <option key={name} value={name}>
                    {name} ({count})
                  </option>
                ))}
              </Select>
            )}
            {source ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <kbd className="font-sans font-semibold">{QUESTION_KEYS.previous}</kbd> and <kbd className="font-sans font-semibold">{QUESTION_KEYS.next}</kbd>{' '}
                go to the previous or next question.
              </p>
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400">No recording of this call: the questions are listed, not played.</p>
            )}
          </div>
          <ol aria-label="Questions" className="space-y-0.5 p-2">
            {shown.map((question) => {
              const on = question.number === playingNumber;
              const body = (
                <>
                  {/* The spaces between the parts are text of their own, so that the button's name keeps them. */}
                  <span className="tabular w-5 shrink-0 text-right text-xs text-slate-600 dark:text-slate-400">
                    <span className="sr-only">Question</span> {question.number}
                    <span className="sr-only">:</span>
                  </span>{' '}
                  <span className="min-w-0 flex-1 wrap-anywhere">
                    <span className="font-medium">{question.asker}</span>
                    {question.firm && <span className="text-slate-600 dark:text-slate-400">, {question.firm}</span>}
                    {question.answeredBy.length > 0 && (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        <span className="sr-only">.</span> Answered by {names.format(question.answeredBy.map((speaker) => speaker.label))}
                      </span>
                    )}
                    {on && (
                      <>
                        {' '}
                        <span className="sr-only">(playing)</span>
                      </>
                    )}
                  </span>{' '}
                  <span className="tabular shrink-0 text-xs text-slate-600 dark:text-slate-400">{clock(question.start)}</span>
                </>
              );
              return (
                <li key={question.number}>
                  {source ? (
                    <button
                      type="button"
                      onClick={() => playQuestion(player, source, question)}
                      onPointerEnter={preloadHls}
                      aria-current={on ? 'true' : undefined}
                      className={`flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-sm ${
                        on
                          ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-600/30 dark:bg-accent-700/20 dark:text-accent-300'
                          : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'
                      }`}
                    >
                      {body}
                    </button>
                  ) : (
                    <p className="flex w-full items-baseline gap-3 px-2 py-1.5 text-sm">{body}</p>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
      {talk.length > 0 && <TalkTimeList talk={talk} title={live ? 'Talk time so far' : 'Talk time, whole call'} />}
    </div>
  );
}

/** A share as a whole percent; a voice heard for under half a percent still reads as heard. */
const percent = (share: number) => (share > 0 && share < 0.005 ? 'under 1%' : `${Math.round(share * 100)}%`);

/** Talk time per speaker, most first: the figures as text, each with a bar of its share. */
function TalkTimeList({ talk, title }: { talk: readonly TalkTime[]; title: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
      <h3 id={headingId} className="text-xs font-semibold text-slate-700 dark:text-slate-300">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 space-y-2">
        {talk.map(({ speaker, seconds, share }, index) => (
          <li key={speaker.id ?? `unknown-${index}`} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 wrap-anywhere">
                <SpeakerName speaker={speaker} strong={false} />
              </span>
              <span className="tabular shrink-0 text-xs text-slate-700 dark:text-slate-300">
                {clock(seconds)} ({percent(share)})
              </span>
            </div>
            <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
              <div className="h-full rounded-full bg-accent-600 dark:bg-accent-400" style={{ width: `${Number((share * 100).toFixed(2))}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
