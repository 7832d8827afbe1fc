import { Link } from '@tanstack/react-router';
import type { LiveAudio } from '../../api/schemas.ts';
import { TimeText } from '../../components/time-text.tsx';
import { ListenLiveButton } from '../../components/listen-live-button.tsx';
import { LiveStateBadge } from '../../components/live-state-badge.tsx';
import { formatCountdown } from '../../components/live-states.ts';
import { textLinkClass } from '../../components/ui/text-link.ts';
import type { CallNames } from './use-call-names.ts';
import { BoardCallNotes } from './said-alerts-board.tsx';

const HOUR = 3_600_000;
/** The company's and the call's links, one above the other, are each at least 24 px tall to tap (WCAG 2.5.8). */
const TAP = 'inline-flex min-h-6 items-center';

/**
 * One call on the live board: when (the reader's time zone; a countdown within the hour before it
 * starts), the company (to its page), the call as an analyst names it (to its live status page),
 * its state, and Listen while it is live; while live, whether its Q&A has started and its latest alert.
 */
export function BoardRow({ record, names, now }: { record: LiveAudio; names: CallNames | undefined; now: number }) {
  const title = names?.title;
  const companyName = names?.companyName;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
      <div className="w-full shrink-0 sm:w-44">
        <TimeText value={record.date} className="text-slate-700 dark:text-slate-300" />
        <Countdown record={record} now={now} />
      </div>
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-slate-600 wrap-anywhere dark:text-slate-400">
          <Link to="/companies/$companyId" params={{ companyId: record.companyId }} className={textLinkClass({ strong: false, className: TAP })}>
            {companyName ?? 'Company page'}
          </Link>
        </p>
        <p className="wrap-anywhere">
          <Link to="/live/$liveId" params={{ liveId: record.id }} className={textLinkClass({ className: TAP })}>
            {title ?? 'Live status'}
            {companyName && <span className="sr-only">, {companyName}</span>}
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span data-state={record.state} className="contents">
          <LiveStateBadge state={record.state} />
        </span>
        {title && <ListenLiveButton record={record} title={companyName ? `${companyName}: ${title}` : title} artist={companyName} />}
      </div>
      {record.state === 'live' && <BoardCallNotes record={record} />}
    </li>
  );
}

/** "in 12 min 05 s" within the hour before the start; "due now" once past it while still waiting. */
function Countdown({ record, now }: { record: LiveAudio; now: number }) {
  if (record.state !== 'willBeLive' && record.state !== 'notLive') return null;
  const start = record.date ? Date.parse(record.date) : NaN;
  if (!Number.isFinite(start)) return null;
  const left = start - now;
  if (left > HOUR) return null;
  return (
    <span role="timer" aria-live="off" className="tabular ml-2 font-semibold text-slate-800 sm:ml-0 sm:block dark:text-slate-200">
      {left > 0 ? `in ${formatCountdown(left)}` : 'due now'}
    </span>
  );
}
