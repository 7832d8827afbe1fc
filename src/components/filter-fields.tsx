import { useState, type ReactNode } from 'react';
import type { RenderCompanyPicker } from './company-picker-slot.ts';
import { Select } from './ui/select.tsx';
import { countryOptions } from '../lib/filters/countries.ts';
import { exchangeOptions } from '../lib/filters/exchanges.ts';
import { splitList } from '../lib/filters/split-list.ts';
import { fieldLabelClass, hintClass } from './ui/field.tsx';
import { MultiSelect } from './ui/multi-select.tsx';
import { TextInput } from './ui/text-input.tsx';

/**
 * The pieces every list page's filter form is made of, so the three forms read alike: countries
 * and exchanges from named lists, a date range under a legend that says which date it is, and
 * the sync dates folded under "More filters". Each works on the form of useFilterForm.
 */

/** What these pieces need of useFilterForm's result (its draft holds each field as text). */
export interface FilterFormLike<F extends string> {
  draft: Record<string, string>;
  set(field: F, text: string): void;
  error(field: F): string | undefined;
}

/** Countries and exchanges, each a multi-select over a named list. */
export function CountryExchangeFields({
  form,
  fieldId,
  seenExchanges = [],
}: {
  form: FilterFormLike<'countries' | 'exchanges'>;
  fieldId: (field: string) => string;
  /** Exchanges seen in the data beyond the known ones (shown by their symbol). */
  seenExchanges?: readonly string[];
}) {
  return (
    <>
      <MultiSelect
        label="Countries"
        id={fieldId('countries')}
        options={countryOptions()}
        value={splitList(form.draft.countries)}
        onChange={(value) => form.set('countries', value.join(','))}
        placeholder="Type a country"
        noMatch="No country matches"
        error={form.error('countries')}
      />
      <MultiSelect
        label="Exchanges"
        id={fieldId('exchanges')}
        options={exchangeOptions(seenExchanges.filter((symbol) => symbol !== 'BASE'))}
        value={splitList(form.draft.exchanges)}
        onChange={(value) => form.set('exchanges', value.join(','))}
        placeholder="Type an exchange"
        noMatch="No exchange matches"
        error={form.error('exchanges')}
      />
    </>
  );
}

/** One date field of a filter form (a date-time from a link shows as its day). */
function DateField<F extends string>({
  field,
  label,
  form,
  fieldId,
}: {
  field: F;
  label: string;
  form: FilterFormLike<F>;
  fieldId: (field: string) => string;
}) {
  return (
    <TextInput
      label={label}
      id={fieldId(field)}
      name={field}
      type="date"
      error={form.error(field)}
      value={(form.draft[field] ?? '').slice(0, 10)}
      onChange={(event) => form.set(field, event.target.value)}
    />
  );
}

/** A pair of date fields, "From" and "To", under a legend naming the date ("Event date"). */
export function DateRange<F extends string>({
  legend,
  from,
  to,
  form,
  fieldId,
  hint,
  className,
}: {
  legend: string;
  from: F;
  to: F;
  form: FilterFormLike<F>;
  fieldId: (field: string) => string;
  hint?: string;
  className?: string;
}) {
  const hintId = hint ? `${fieldId(from)}-range-hint` : undefined;
  return (
    <fieldset className={['min-w-0', className].filter(Boolean).join(' ')} aria-describedby={hintId}>
      <legend className={fieldLabelClass}>{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            [from, 'From'],
            [to, 'To'],
          ] as const
        ).map(([field, text]) => (
          <DateField key={field} field={field} label={text} form={form} fieldId={fieldId} />
        ))}
      </div>
      {hint && (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      )}
    </fieldset>
  );
}

/**
 * "More filters": when the record last changed at the source (for keeping a copy in sync), folded
 * away as few readers need it; open from the start when the address sets one.
 */
export function MoreFilters({
  form,
  fieldId,
  className,
}: {
  form: FilterFormLike<'updatedAfter' | 'updatedBefore'>;
  fieldId: (field: string) => string;
  className?: string;
}) {
  const [open] = useState(() => Boolean(form.draft.updatedAfter || form.draft.updatedBefore));
  const invalid = Boolean(form.error('updatedAfter') || form.error('updatedBefore'));
  return (
    <details className={['group min-w-0', className].filter(Boolean).join(' ')} open={open || invalid || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">More filters</summary>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        When the source last changed each item, for keeping your own copy up to date; not the date of the event.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <DateField field="updatedAfter" label="Updated after" form={form} fieldId={fieldId} />
        <DateField field="updatedBefore" label="Updated before" form={form} fieldId={fieldId} />
      </div>
    </details>
  );
}

/** Tickers and ISINs: typed, as analysts know them. */
export function TickerIsinFields({ form, fieldId }: { form: FilterFormLike<'tickers' | 'isins'>; fieldId: (field: string) => string }) {
  return (
    <>
      {(
        [
          ['tickers', 'Tickers', 'e.g. ACME, XYZ', 'On any exchange, separated by commas'],
          ['isins', 'ISINs', 'e.g. US0378331005', 'Twelve characters each, separated by commas'],
        ] as const
      ).map(([field, label, placeholder, hint]) => (
        <TextInput
          key={field}
          label={label}
          hint={hint}
          id={fieldId(field)}
          name={field}
          error={form.error(field)}
          value={form.draft[field] ?? ''}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => form.set(field, event.target.value)}
        />
      ))}
    </>
  );
}

/** A list's filters, folded under "Filters (N applied)"; `open` says whether it starts unfolded. */
export function FilterDisclosure({ active, open, children }: { active: number; open: boolean; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" open={open || undefined}>
      <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-semibold tracking-tight [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        <span>Filters{active > 0 ? ` (${active} applied)` : ''}</span>
      </summary>
      {children}
    </details>
  );
}

type OwnerField = 'companyIds' | 'countries' | 'exchanges' | 'tickers' | 'isins' | 'startDate' | 'endDate';

/**
 * The filters recordings and transcripts share (endpoints 6 and 11): the company, picked by name;
 * countries and exchanges; the event's date; tickers and ISINs; and the order, by publication.
 */
export function OwnerFilterFields({
  form,
  fieldId,
  renderCompanyPicker,
  seenExchanges,
}: {
  form: FilterFormLike<OwnerField> & { set(field: 'direction', text: string): void };
  fieldId: (field: string) => string;
  renderCompanyPicker: RenderCompanyPicker;
  seenExchanges?: readonly string[];
}) {
  return (
    <>
      {renderCompanyPicker({
        label: 'Companies',
        id: fieldId('companyIds'),
        value: splitList(form.draft.companyIds),
        onChange: (ids) => form.set('companyIds', ids.join(',')),
        error: form.error('companyIds'),
      })}
      <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={seenExchanges} />
      <DateRange legend="Event date" from="startDate" to="endDate" form={form} fieldId={fieldId} />
      <TickerIsinFields form={form} fieldId={fieldId} />
      <Select
        label="Order"
        id={fieldId('direction')}
        name="direction"
        value={form.draft.direction ?? 'desc'}
        onChange={(event) => form.set('direction', event.target.value)}
      >
        <option value="desc">Newest published first</option>
        <option value="asc">Oldest published first</option>
      </Select>
    </>
  );
}
