import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
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
              <TextInput
                key={field}
                label={recordingFilters.spec.fields[field].label}
                error={error}
                id={id}
                type={isDate ? 'date' : 'text'}
                value={(draft[field] ?? '').slice(0, isDate ? 10 : undefined)}
                placeholder={HINTS[field]}
                onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
              />
            );
          })}
          <Select
            label="Order"
            id="recording-filter-direction"
            value={draft.direction ?? 'desc'}
            onChange={(event) => setDraft((d) => ({ ...d, direction: event.target.value }))}
          >
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </Select>
        </div>
        <div className="mt-3 flex gap-2">
          <Button type="submit" variant="primary" size="md">
            Apply filters
          </Button>
          <Button size="md" onClick={clear}>
            Clear filters
          </Button>
        </div>
      </form>
    </details>
  );
}
