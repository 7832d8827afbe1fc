import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { liveQueries } from '../../api/live.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { readId } from '../../lib/route-params.ts';

/**
 * Opens a call's live status by the number in its address: the live status's own, or its event's
 * (looked up in the list of live calls by the event's number, where the data source offers it). Until the live board
 * (calls live now and starting soon) this is how a call is followed without its event page.
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
      setProblem(`Enter ${kind === 'live' ? "the live status's number" : "the event's number"}: a whole number, such as 7061.`);
      return;
    }
    setProblem(null);
    if (kind === 'live') {
      void navigate({ to: '/live/$liveId', params: { liveId: number } });
      return;
    }
    setBusy(true);
    try {
      const found = await queryClient.fetchQuery(liveQueries.forEvent(number));
      if (found.kind === 'record') void navigate({ to: '/live/$liveId', params: { liveId: found.record.id } });
      else if (found.kind === 'none') setProblem(`That event was not broadcast live (event number ${number}).`);
      else setProblem("This data source cannot find a call's live status from its event's number: enter the live status's own number.");
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 p-4" noValidate aria-label="Follow a call's live status">
      <fieldset className="flex gap-3 text-sm">
        <legend className="sr-only">The number is from</legend>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={`${id}-kind`} checked={kind === 'live'} onChange={() => setKind('live')} />a live status address
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={`${id}-kind`} checked={kind === 'event'} onChange={() => setKind('event')} />
          an event page address
        </label>
      </fieldset>
      <TextInput
        label={kind === 'live' ? 'Live status number' : 'Event number'}
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
