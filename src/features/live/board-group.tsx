import type { LiveAudio } from '../../api/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../../components/use-now.ts';
import { EmptyState, Panel } from '../../components/ui/panel.tsx';
import { BoardRow } from './board-row.tsx';
import type { CallNames } from './use-call-names.ts';

/** Rows a group shows before "Show all": the board stays one screen, and only shown calls are named. */
export const FIRST_ROWS = 8;

/**
 * One group of the live board under its own heading. Not a live region: the rows change with every
 * poll, and a screen reader should not read them out each time.
 */
export function BoardGroup({
  title,
  records,
  empty,
  names,
  all,
  onToggle,
  ticking = false,
}: {
  title: string;
  records: readonly LiveAudio[];
  empty: string;
  /** Names of the calls shown (the board reads them for all groups at once). */
  names: ReadonlyMap<number, CallNames>;
  /** Every row shown, or the first FIRST_ROWS. */
  all: boolean;
  onToggle: () => void;
  ticking?: boolean;
}) {
  const shown = all ? records : records.slice(0, FIRST_ROWS);
  // Once a second while a countdown shows.
  const now = useNow(ticking && shown.length > 0 ? 1000 : false);
  const count = records.length === 1 ? '1 call' : `${records.length} calls`;
  return (
    <Panel title={title} actions={records.length > 0 ? <span className="text-xs text-slate-600 dark:text-slate-400">{count}</span> : undefined}>
      {records.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {shown.map((record) => (
              <BoardRow key={record.id} record={record} names={names.get(record.id)} now={now} />
            ))}
          </ul>
          {records.length > FIRST_ROWS && (
            <div className="border-t border-slate-100 px-4 py-2 dark:border-slate-800">
              <Button variant="quiet" size="sm" aria-expanded={all} onClick={onToggle}>
                {all ? `Show the first ${FIRST_ROWS}` : `Show all ${records.length}`}
              </Button>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
