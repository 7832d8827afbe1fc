import { useState, type FormEvent } from 'react';
import {
  checkDate,
  checkList,
  compactSearch,
  countFilters,
  DATE_FIELDS,
  LIST_FIELDS,
  parseRecordingSearch,
  type DateField,
  type ListField,
  type RecordingSearch,
} from './recording-search.ts';

const LABELS: Record<ListField | DateField, { label: string; hint: string }> = {
  countries: { label: 'Countries', hint: 'e.g. US,GB' },
  exchanges: { label: 'Exchanges', hint: 'e.g. NYSE,LSE' },
  tickers: { label: 'Tickers', hint: 'e.g. ABC,XYZ' },
  isins: { label: 'ISINs', hint: 'comma-separated' },
  companyIds: { label: 'Company ids', hint: 'e.g. 12,34' },
  eventIds: { label: 'Event ids', hint: 'e.g. 560' },
  startDate: { label: 'Event date from', hint: '' },
  endDate: { label: 'Event date to', hint: '' },
  updatedAfter: { label: 'Updated after', hint: '' },
  updatedBefore: { label: 'Updated before', hint: '' },
};

const input = 'h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900';

/** The filters of the recordings list: edited here, applied to the URL (so they can be shared). */
export function RecordingFilters({ search, onApply }: { search: RecordingSearch; onApply: (search: RecordingSearch) => void }) {
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(compactSearch(search)).map(([k, v]) => [k, String(v)])));
  const [submitted, setSubmitted] = useState(false);
  const errors: Record<string, string | undefined> = {};
  for (const field of LIST_FIELDS) errors[field] = checkList(field, draft[field] ?? '');
  for (const field of DATE_FIELDS) errors[field] = checkDate(draft[field] ?? '');
  const invalid = Object.values(errors).some(Boolean);
  const active = countFilters(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    onApply(compactSearch(parseRecordingSearch(draft)));
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
          {[...LIST_FIELDS, ...DATE_FIELDS].map((field) => {
            const isDate = (DATE_FIELDS as readonly string[]).includes(field);
            const error = submitted ? errors[field] : undefined;
            const id = `recording-filter-${field}`;
            return (
              <div key={field}>
                <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
                  {LABELS[field].label}
                </label>
                <input
                  id={id}
                  type={isDate ? 'date' : 'text'}
                  value={(draft[field] ?? '').slice(0, isDate ? 10 : undefined)}
                  placeholder={LABELS[field].hint}
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
