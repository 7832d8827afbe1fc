import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
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
              <TextInput
                key={field}
                label={LABELS[field].label}
                error={error}
                id={id}
                type={isDate ? 'date' : 'text'}
                value={(draft[field] ?? '').slice(0, isDate ? 10 : undefined)}
                placeholder={LABELS[field].hint}
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
