import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { eventQueries } from '../api/events.ts';
import { formatDate } from '../lib/format.ts';
import { PanelError } from './query-states.tsx';
import { NEIGHBOURS_LABEL as LABEL, neighboursBox as box, NeighboursPlaceholder } from './call-neighbours-box.tsx';
import { textLinkClass } from './ui/text-link.ts';
import { UnavailableNote } from './unavailable-note.tsx';
import { useCallNeighbours, type CallNeighbour } from './use-call-neighbours.ts';

/**
 * "Calls of this company" (pages show it through CallNeighbours in deferred-slots.tsx, which loads it): from a call's page (event, recording, transcript) to the previous and
 * next call of the same company and kind, the same period a year earlier, and the comparison with
 * the previous call. Nothing at all when the call has no neighbour.
 */

const link = textLinkClass();

export function CallNeighboursNav({ eventId, className = '' }: { eventId: number; className?: string }) {
  const event = useQuery(eventQueries.detail(eventId));
  const state = useCallNeighbours(event.data);

  if (event.isError || state.status === 'error') {
    const failed = event.isError ? { error: event.error, retry: () => void event.refetch() } : state.status === 'error' ? state : undefined;
    return (
      <nav aria-label={LABEL} className={`${box} !p-0 ${className}`}>
        <PanelError error={failed?.error} onRetry={() => failed?.retry()} />
      </nav>
    );
  }
  if (state.status === 'unavailable') {
    return (
      <nav aria-label={LABEL} className={className}>
        <UnavailableNote feature="Linking to this company’s other calls" extension="events" />
      </nav>
    );
  }
  if (state.status === 'pending') {
    return <NeighboursPlaceholder className={className} />;
  }

  const { previous, next, yearEarlier } = state.neighbours;
  if (!previous && !next && !yearEarlier) return null;
  return (
    <nav aria-label={LABEL} className={`${box} ${className}`}>
      <h2 className="text-xs font-semibold text-slate-700 dark:text-slate-300">{LABEL}</h2>
      <ul className="mt-1.5 space-y-1">
        {previous && <NeighbourItem label="Previous call" call={previous} />}
        {next && <NeighbourItem label="Next call" call={next} />}
        {yearEarlier && <NeighbourItem label="A year earlier" call={yearEarlier} />}
      </ul>
      {previous && (
        <p className="mt-2">
          <Link to="/compare" search={{ call: eventId, with: previous.id }} className={textLinkClass({ underlined: true })}>
            Compare with the previous call
          </Link>
        </p>
      )}
    </nav>
  );
}

function NeighbourItem({ label, call }: { label: string; call: CallNeighbour }) {
  return (
    <li className="wrap-anywhere">
      <Link to="/events/$eventId" params={{ eventId: call.id }} className={link}>
        <span className="font-normal text-slate-600 dark:text-slate-400">{label}:</span> {call.name} · {formatDate(call.date)}
      </Link>
    </li>
  );
}
