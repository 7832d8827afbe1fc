import { useState } from 'react';
import type { CompanyPickerProps } from '../../components/company-picker-slot.ts';
import { useCompanyNames } from '../../components/company-names.tsx';
import { MultiCombobox } from '../../components/ui/multi-select.tsx';
import { companyLabel } from '../../lib/format.ts';
import type { SearchHit } from './rank.ts';
import { useCompanySearch } from './use-company-search.ts';

/** "ACME · Nasdaq" style second line: a company's first tickers. */
function tickersOf(hit: SearchHit): string {
  const tickers = hit.ticker ? [hit.ticker] : hit.company.tickers;
  return tickers
    .filter((t) => t.exchange !== 'BASE')
    .slice(0, 3)
    .map((t) => `${t.ticker} (${t.exchange})`)
    .join(', ');
}

/**
 * Filters by company, found by name (or ticker, or ISIN) in the company index: the companies
 * picked show as chips with their names; the form gets only their ids. A company named in the
 * address but not picked here is named from its record.
 */
export function CompanyPicker({ label, id, value, onChange, error }: CompanyPickerProps) {
  const [query, setQuery] = useState('');
  const [named, setNamed] = useState<ReadonlyMap<string, string>>(new Map());
  const search = useCompanySearch(query, 8);
  const records = useCompanyNames(value.filter((v) => !named.has(v)).map(Number));
  const labelOf = (v: string) => {
    const record = records.get(Number(v));
    return named.get(v) ?? (record ? companyLabel(record) : undefined);
  };
  const indexing = !search.status.complete && search.status.phase !== 'ready';

  return (
    <MultiCombobox
      label={label}
      id={id}
      picked={value.map((v) => ({ value: v, label: labelOf(v) }))}
      options={search.hits.map((hit) => ({ value: String(hit.company.id), label: hit.company.displayName || 'Unnamed company', detail: tickersOf(hit) }))}
      query={query}
      onQueryChange={setQuery}
      onAdd={(v) => {
        const hit = search.hits.find((h) => String(h.company.id) === v);
        if (hit) setNamed((m) => new Map(m).set(v, hit.company.displayName || 'Unnamed company'));
        if (!value.includes(v)) onChange([...value, v]);
      }}
      onRemove={(v) => onChange(value.filter((x) => x !== v))}
      placeholder="Type a company name or ticker"
      noMatch={indexing ? 'Still loading the company list… keep typing or wait a moment' : 'No company matches'}
      error={error}
    />
  );
}
