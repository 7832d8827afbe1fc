import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { eventQueries } from '../../api/events.ts';
import type { AllItems, ExtensionResult } from '../../api/extensions.ts';
import type { LiveAudio } from '../../api/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { RetryingNotice } from '../../components/query-states.tsx';
import { PageSkeleton, SkeletonPanel } from '../../components/skeleton.tsx';
import { BOARD_HOURS, groupBoard, type BoardGroup as Group } from './board-groups.ts';
import { BoardGroup, FIRST_ROWS } from './board-group.tsx';
import { useCallNames } from './use-call-names.ts';

export type BoardQuery = UseQueryResult<ExtensionResult<AllItems<LiveAudio>>>;

/**
 * The live board: live now, starting soon, just ended, from the one `/live/audio` read the page
 * polls. A failed read says so with Retry above the rows already shown, which stay.
 */
export function LiveBoard({ query, range }: { query: BoardQuery; range: { startDate?: string; endDate?: string } }) {
  // The names of the calls: the window's events in one read (kept 5 minutes), where offered.
  const listed = useQuery({
    ...eventQueries.between({ startDate: range.startDate, endDate: range.endDate }),
    enabled: query.data?.available === true,
    placeholderData: keepPreviousData,
  });
  const data = query.data?.available ? query.data.value : undefined;
  const groups = groupBoard(data?.items ?? []);
  const [expanded, setExpanded] = useState<ReadonlySet<Group>>(() => new Set());
  const shown = (group: Group) => (expanded.has(group) ? groups[group] : groups[group].slice(0, FIRST_ROWS));
  // One set of names for every row on screen, so the board's companies are one read.
  const names = useCallNames([...shown('live'), ...shown('soon'), ...shown('ended')], listed);
  const groupProps = (group: Group) => ({
    records: groups[group],
    names,
    all: expanded.has(group),
    onToggle: () =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(group)) next.add(group);
        return next;
      }),
  });
  const error = query.isError ? (
    <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h2" />
  ) : query.failureCount > 0 ? (
    <RetryingNotice reason={query.failureReason} />
  ) : null;

  if (!data) {
    // A screen's height while it loads: the board usually runs past the screen, and the panels
    // below it (watched terms, following a call by number) stay below instead of being shown and
    // pushed away when it arrives.
    return (
      <div className="min-h-screen space-y-5">
        {error}
        {!query.isError && (
          <PageSkeleton label="Loading the live board">
            <SkeletonPanel lines={2} />
            <SkeletonPanel lines={4} />
            <SkeletonPanel lines={4} />
          </PageSkeleton>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {error}
      <BoardGroup title="Live now" {...groupProps('live')} empty="No call is live right now. Calls appear here the moment they start." />
      <BoardGroup title="Starting soon" {...groupProps('soon')} empty={`No call is scheduled to stream in the next ${BOARD_HOURS} hours.`} ticking />
      <BoardGroup title="Just ended" {...groupProps('ended')} empty={`No call has ended in the last ${BOARD_HOURS} hours.`} />
      {!data.complete && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          More calls are scheduled around now than the board reads at once; the list may be incomplete.
        </p>
      )}
    </div>
  );
}
