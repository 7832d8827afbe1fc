import { useState, type FormEvent } from 'react';
import { recordingFilters, type RecordingSearch } from './recording-list-filters.ts';

type Field = (typeof recordingFilters.fields)[number];

const HINTS: Record<Field, string> = {
  countries: 'e.g. US,GB',
  exchanges: 'e.g. NYSE,LSE',
  tickers: 'e.g. ABC,XYZ',
  isins: 'comma-separated',
  companyIds: 'e.g. 12,34',
  eventIds: 'e.g. 560',
  startDate: '',
  endDate: '',
  updatedAfter: '',
  updatedBefore: '',
};

const input = 'h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900';

/** The filters of the recordings list: edited here, applied to the URL (so they can be shared). */
export function RecordingFilters({ search, onApply }: { search: RecordingSearch; onApply: (address: ReturnType<typeof recordingFilters.toAddress>) => void }) {
  const [draft, setDraft] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(recordingFilters.fields.map((field) => [field, recordingFilters.text(search, field)])),
    direction: search.direction,
  }));
  const [submitted, setSubmitted] = useState(false);
  const errors: Record<string, string | undefined> = {};
  for (const field of recordingFilters.fields) errors[field] = recordingFilters.problem(field, draft[field] ?? '');
  const invalid = Object.values(errors).some(Boolean);
  const active = recordingFilters.count(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    onApply(recordingFilters.toAddress(recordingFilters.parse(draft)));
  };
  const clear = () => {
    setDraft({});
    setSubmitted(false);
    onApply({});
  };

  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={active > 0 || undefined}>
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold">Filters{active > 0 ? ` (${active} applied)` : ''}</summary>
      <form onSubmit={submit} noValidate className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {recordingFilters.fields.map((field) => {
            const isDate = recordingFilters.spec.fields[field].kind === 'date';
            const error = submitted ? errors[field] : undefined;
            const id = `recording-filter-${field}`;
            return (
              <div key={field}>
                <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
                  {recordingFilters.spec.fields[field].label}
                </label>
                <input
                  id={id}
                  type={isDate ? 'date' : 'text'}
                  value={(draft[field] ?? '').slice(0, isDate ? 10 : undefined)}
                  placeholder={HINTS[field]}
                  onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={`${input} mt-1`}
                />
                {error && (
                  <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <div>
            <label htmlFor="recording-filter-direction" className="block text-xs font-medium text-slate-700 dark:text-slate-300">
              Order
            </label>
            <select
              id="recording-filter-direction"
              value={draft.direction ?? 'desc'}
              onChange={(event) => setDraft((d) => ({ ...d, direction: event.target.value }))}
              className={`${input} mt-1`}
            >
              <option value="desc">Newest first</option>
              <option value="asc">Oldest first</option>
            </select>
          </div>
        </div>
        <div className="mt-3 flex gap-2">
          <button
            type="submit"
            className="h-8 rounded-md bg-accent-700 px-3 text-sm font-medium text-white hover:bg-accent-800 dark:bg-accent-400 dark:text-slate-950"
          >
            Apply filters
          </button>
          <button
            type="button"
            onClick={clear}
            className="h-8 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Clear filters
          </button>
        </div>
      </form>
    </details>
  );
}
