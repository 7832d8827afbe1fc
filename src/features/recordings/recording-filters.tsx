import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
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
  const fieldId = (field: string) => `recording-filter-${field}`;
  const form = useFilterForm({ filters: recordingFilters, search, onApply, fieldId });
  const active = recordingFilters.count(search);

  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={active > 0 || undefined}>
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold">Filters{active > 0 ? ` (${active} applied)` : ''}</summary>
      <form onSubmit={form.submit} noValidate className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {recordingFilters.fields.map((field) => {
            const isDate = recordingFilters.spec.fields[field].kind === 'date';
            const id = fieldId(field);
            return (
              <TextInput
                key={field}
                label={recordingFilters.spec.fields[field].label}
                error={form.error(field)}
                id={id}
                type={isDate ? 'date' : 'text'}
                value={(form.draft[field] ?? '').slice(0, isDate ? 10 : undefined)}
                placeholder={HINTS[field]}
                onChange={(event) => form.set(field, event.target.value)}
              />
            );
          })}
          <Select
            label="Order"
            id="recording-filter-direction"
            value={form.draft.direction ?? 'desc'}
            onChange={(event) => form.set('direction', event.target.value)}
          >
            <option value="desc">Newest published first</option>
            <option value="asc">Oldest published first</option>
          </Select>
        </div>
        <FilterFormActions onClear={form.clear} className="mt-3 flex gap-2" />
      </form>
    </details>
  );
}
