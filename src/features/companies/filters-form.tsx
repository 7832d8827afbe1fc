import { useId, useState, type FormEvent } from 'react';
import { describeDropped } from '../../lib/filters/dropped.ts';
import { splitList } from '../../lib/filters/split-list.ts';
import { companyFilters, type CompanySearch } from './company-list-filters.ts';

const LIST_FIELDS = ['countries', 'exchanges', 'tickers', 'isins', 'ids'] as const;
type Field = (typeof companyFilters.fields)[number];
const FIELD_LABELS = { ...Object.fromEntries(companyFilters.fields.map((f) => [f, companyFilters.spec.fields[f].label])), direction: 'Order' } as Record<
  Field | 'direction',
  string
>;
type Draft = Partial<Record<Field | 'direction', string>>;

function draftOf(value: CompanySearch): Draft {
  const draft: Draft = Object.fromEntries(companyFilters.fields.map((f) => [f, companyFilters.text(value, f) || undefined]));
  if (value.direction === 'desc') draft.direction = 'desc';
  return draft;
}

const HINTS: Record<(typeof LIST_FIELDS)[number], { placeholder: string; hint: string }> = {
  countries: { placeholder: 'US, DE', hint: 'Two-letter country codes' },
  exchanges: { placeholder: 'NYSE, XETRA', hint: 'Exchange symbols' },
  tickers: { placeholder: 'AAPL', hint: 'Tickers on any exchange' },
  isins: { placeholder: 'US0378331005', hint: 'Twelve-character ISINs' },
  ids: { placeholder: '1, 2, 3', hint: 'Company ids' },
};

const input =
  'mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:placeholder:text-slate-500';
const label = 'block text-xs font-medium text-slate-700 dark:text-slate-300';

/**
 * Every filter of endpoint 1. Lists take commas or spaces. Applying writes the filters to the
 * address bar (one history entry), so the view can be shared and walked with back and forward.
 */
export function CompanyFiltersForm({
  value,
  onApply,
  suggestions,
}: {
  value: CompanySearch;
  /** The address for the filters (only ever values that can be used). */
  onApply: (next: ReturnType<typeof companyFilters.toAddress>) => void;
  /** Known countries and exchanges (from the company index), offered as the user types. */
  suggestions: { countries: string[]; exchanges: string[] };
}) {
  const id = useId();
  // Fields the user is editing; the form starts from the address each time it changes.
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [source, setSource] = useState(value);
  if (source !== value) {
    setSource(value);
    setDraft(draftOf(value));
  }
  const [problems, setProblems] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const raw: Record<string, unknown> = {};
    for (const [key, text] of Object.entries(draft)) if (text) raw[key] = text;
    const parsed = companyFilters.parse(raw);
    setProblems(parsed.dropped.length ? [describeDropped(parsed.dropped)] : []);
    if (parsed.dropped.length) return;
    onApply(companyFilters.toAddress(parsed));
  };

  const set = (key: Field, text: string) => setDraft((d) => ({ ...d, [key]: text || undefined }));

  return (
    <form onSubmit={submit} aria-label="Company filters" className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
      {LIST_FIELDS.map((field) => {
        const listId = field === 'countries' || field === 'exchanges' ? `${id}-${field}-options` : undefined;
        return (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className={label}>
              {FIELD_LABELS[field]}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              className={input}
              value={draft[field] ?? ''}
              placeholder={HINTS[field].placeholder}
              aria-describedby={`${id}-${field}-hint`}
              list={listId}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set(field, e.target.value)}
            />
            <span id={`${id}-${field}-hint`} className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
              {HINTS[field].hint}, separated by commas
            </span>
            {listId && (
              <datalist id={listId}>
                {(field === 'countries' ? suggestions.countries : suggestions.exchanges).map((option) => (
                  <option key={option} value={[...splitList(draft[field]).slice(0, -1), option].join(', ')} />
                ))}
              </datalist>
            )}
          </div>
        );
      })}
      <div>
        <label htmlFor={`${id}-updatedAfter`} className={label}>
          {FIELD_LABELS.updatedAfter}
        </label>
        <input
          id={`${id}-updatedAfter`}
          type="date"
          className={input}
          value={dateOnly(draft.updatedAfter)}
          onChange={(e) => set('updatedAfter', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-updatedBefore`} className={label}>
          {FIELD_LABELS.updatedBefore}
        </label>
        <input
          id={`${id}-updatedBefore`}
          type="date"
          className={input}
          value={dateOnly(draft.updatedBefore)}
          onChange={(e) => set('updatedBefore', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-direction`} className={label}>
          {FIELD_LABELS.direction}
        </label>
        <select
          id={`${id}-direction`}
          className={input}
          value={draft.direction ?? 'asc'}
          onChange={(e) => setDraft((d) => ({ ...d, direction: e.target.value === 'desc' ? 'desc' : undefined }))}
        >
          <option value="asc">Oldest listed first</option>
          <option value="desc">Newest listed first</option>
        </select>
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="h-9 rounded-md bg-accent-700 px-4 text-sm font-medium text-white hover:bg-accent-800">
          Apply filters
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft({});
            setProblems([]);
            onApply({});
          }}
          className="h-9 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Clear all
        </button>
        {problems.length > 0 && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            Not applied, check: {problems.join('; ')}.
          </p>
        )}
      </div>
    </form>
  );
}

/** The date part a date input can show (a full timestamp from a link shows as its day). */
function dateOnly(value: string | undefined): string {
  return value ? value.slice(0, 10) : '';
}
