import { useLiveTranscript } from '../../api/live-transcript.ts';
import type { LiveAudio } from '../../api/schemas.ts';
import { formatDuration } from '../../lib/format.ts';
import { useLatestAlert } from './said-alerts-watcher.ts';

/** The words of an alert's sentence shown on a board row, at most. */
const SHORT = 90;

/** At most SHORT characters, cut between words where one ends near the limit. */
function shorten(text: string): string {
  if (text.length <= SHORT) return text;
  const cut = text.slice(0, SHORT - 1);
  const space = /\s/.test(text[SHORT - 1]!) ? cut.length : cut.lastIndexOf(' ');
  return `${(space > SHORT - 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * What a live board row says of its call while it is live: "Q&A started m:ss" once its transcript
 * says so, and its latest alert (the term, a short part of the sentence, its time in the call). The
 * transcript is followed at background pace, only for the live rows on screen.
 */
export function BoardCallNotes({ record }: { record: LiveAudio }) {
  const live = record.state === 'live';
  const view = useLiveTranscript(record.id, { pace: 'background', enabled: live });
  const alert = useLatestAlert(record.id);
  const qnaStart = live ? view.snapshot?.qnaStart : undefined;
  if (qnaStart === undefined && !alert) return null;
  return (
    <div className="w-full space-y-0.5 text-xs text-slate-700 sm:pl-48 dark:text-slate-300">
      {qnaStart !== undefined && <p className="font-medium">Q&amp;A started {formatDuration(qnaStart)}</p>}
      {alert && (
        <p>
          <span className="font-medium">Latest alert</span> at {formatDuration(alert.sentence.start)}, “{alert.rule.label}”:{' '}
          <q className="text-slate-600 dark:text-slate-400">{shorten(alert.sentence.text)}</q>
        </p>
      )}
    </div>
  );
}
