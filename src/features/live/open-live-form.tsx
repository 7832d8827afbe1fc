import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { liveQueries } from '../../api/live.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { isApiError } from '../../api/client.ts';
import { readId } from '../../lib/route-params.ts';

/**
 * Opens a live record by its own id, or by an event's id (the record is looked up with the
 * event's id and checked to be that event's).
 */
export function OpenLiveForm() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [kind, setKind] = useState<'live' | 'event'>('live');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void open();
  };

  const open = async () => {
    const value = draft.trim();
    setError(null);
    const number = readId(value);
    if (number === undefined) {
      setProblem(`Enter ${kind === 'live' ? 'a live-audio id' : 'an event id'}: a whole number, such as 7061.`);
      return;
    }
    setProblem(null);
    if (kind === 'live') {
      void navigate({ to: '/live/$liveId', params: { liveId: number } });
      return;
    }
    setBusy(true);
    try {
      const record = await queryClient.fetchQuery(liveQueries.forEvent(number));
      void navigate({ to: '/live/$liveId', params: { liveId: record.id } });
    } catch (failure) {
      if (isApiError(failure) && failure.kind === 'not-found') setProblem(`Event ${number} has no live audio.`);
      else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 p-4" noValidate aria-label="Open a live record">
      <fieldset className="flex gap-3 text-sm">
        <legend className="sr-only">The number is</legend>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={`${id}-kind`} checked={kind === 'live'} onChange={() => setKind('live')} />a live-audio id
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={`${id}-kind`} checked={kind === 'event'} onChange={() => setKind('event')} />
          an event id
        </label>
      </fieldset>
      <div>
        <label htmlFor={`${id}-value`} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
          {kind === 'live' ? 'Live-audio id' : 'Event id'}
        </label>
        <input
          id={`${id}-value`}
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="mt-1 w-40 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-accent-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-800 disabled:opacity-60"
      >
        {busy ? 'Looking up…' : 'Show status'}
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {error !== null && (
        <div className="w-full">
          <ErrorPanel error={error} onRetry={() => void open()} compact heading="h3" />
        </div>
      )}
    </form>
  );
}
