import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { liveQueries } from '../../api/live.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { isApiError } from '../../api/client.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
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
      <TextInput
        label={kind === 'live' ? 'Live-audio id' : 'Event id'}
        className="w-40"
        id={`${id}-value`}
        inputMode="numeric"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <Button type="submit" variant="primary" size="md" disabled={busy}>
        {busy ? 'Looking up…' : 'Show status'}
      </Button>
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
