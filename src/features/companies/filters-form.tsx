import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { FIELD_LABELS, LIST_FIELDS, parseCompanySearch, splitList, type CompanySearchParams } from './filters.ts';

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
  value: CompanySearchParams;
  onApply: (next: CompanySearchParams) => void;
  /** Known countries and exchanges (from the company index), offered as the user types. */
  suggestions: { countries: string[]; exchanges: string[] };
}) {
  const id = useId();
  // Fields the user is editing; the form starts from the address each time it changes.
  const [draft, setDraft] = useState<CompanySearchParams>(value);
  const [source, setSource] = useState(value);
  if (source !== value) {
    setSource(value);
    setDraft(value);
  }
  const [problems, setProblems] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const raw: Record<string, unknown> = {};
    for (const [key, text] of Object.entries(draft)) if (text) raw[key] = text;
    const { search, rejected } = parseCompanySearch(raw);
    setProblems(rejected);
    if (rejected.length) return;
    onApply(search);
  };

  const set = (key: keyof CompanySearchParams, text: string) => setDraft((d) => ({ ...d, [key]: text || undefined }));

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
