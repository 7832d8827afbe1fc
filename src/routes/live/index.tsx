import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { liveQueries } from '../../api/live.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Panel } from '../../components/panel.tsx';
import { TimeText } from '../../components/time-text.tsx';

export const Route = createFileRoute('/live/')({
  component: Live,
});

function Live() {
  const [draft, setDraft] = useState('');
  const [id, setId] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const query = useQuery({ ...liveQueries.detail(id ?? 0), enabled: id !== undefined });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!/^\d+$/.test(value)) {
      setProblem('Enter a live-audio id: a whole number, such as 7061.');
      return;
    }
    setProblem(undefined);
    setId(Number(value));
  };

  return (
    <>
      <h1 className="mb-4 text-lg font-semibold tracking-tight">Live audio</h1>
      <Panel title="Follow a call">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3 p-4" noValidate>
          <div>
            <label htmlFor="live-id" className="block text-xs font-medium text-slate-700 dark:text-slate-300">
              Live-audio id
            </label>
            <input
              id="live-id"
              inputMode="numeric"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={problem !== undefined}
              aria-describedby={problem ? 'live-id-problem' : undefined}
              className="mt-1 w-40 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          <button type="submit" className="rounded-md bg-accent-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-800">
            Show status
          </button>
          {problem && (
            <p id="live-id-problem" className="w-full text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
        </form>
        {id !== undefined && (
          <div className="border-t border-slate-200 p-4 dark:border-slate-800" aria-live="polite">
            {query.isError && <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact heading="h3" />}
            {query.data && (
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-600 dark:text-slate-400">State</dt>
                <dd className="font-medium">{query.data.state}</dd>
                <dt className="text-slate-600 dark:text-slate-400">Scheduled</dt>
                <dd><TimeText value={query.data.date} /></dd>
                <dt className="text-slate-600 dark:text-slate-400">Went live</dt>
                <dd><TimeText value={query.data.wentLiveAt} /></dd>
              </dl>
            )}
          </div>
        )}
      </Panel>
    </>
  );
}
