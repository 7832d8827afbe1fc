import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
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
            <TextInput
              label={FIELD_LABELS[field]}
              hint={`${HINTS[field].hint}, separated by commas`}
              id={`${id}-${field}`}
              name={field}
              value={draft[field] ?? ''}
              placeholder={HINTS[field].placeholder}
              list={listId}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set(field, e.target.value)}
            />
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
      <TextInput
        label={FIELD_LABELS.updatedAfter}
        id={`${id}-updatedAfter`}
        type="date"
        value={dateOnly(draft.updatedAfter)}
        onChange={(e) => set('updatedAfter', e.target.value)}
      />
      <TextInput
        label={FIELD_LABELS.updatedBefore}
        id={`${id}-updatedBefore`}
        type="date"
        value={dateOnly(draft.updatedBefore)}
        onChange={(e) => set('updatedBefore', e.target.value)}
      />
      <Select
        label={FIELD_LABELS.direction}
        id={`${id}-direction`}
        value={draft.direction ?? 'asc'}
        onChange={(e) => setDraft((d) => ({ ...d, direction: e.target.value === 'desc' ? 'desc' : undefined }))}
      >
        <option value="asc">Oldest listed first</option>
        <option value="desc">Newest listed first</option>
      </Select>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="primary" size="md">
          Apply filters
        </Button>
        <Button
          size="md"
          onClick={() => {
            setDraft({});
            setProblems([]);
            onApply({});
          }}
        >
          Clear all
        </Button>
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
