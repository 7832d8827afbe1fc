import { CountryExchangeFields, DateRange, FilterDisclosure, EventFamilyField } from '../../components/filter-fields.tsx';
import { FilterFormActions } from '../../components/filter-form-actions.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxGroup } from '../../components/ui/checkbox-group.tsx';
import { useNow } from '../../components/use-now.ts';
import type { EventFamily } from '../../lib/event-families.ts';
import { compareFiscalPeriods } from '../../lib/fiscal-periods.ts';
import { fiscalQuarterOf, lastEndedQuarters, recentFiscalQuarters } from '../../lib/fiscal-quarters.ts';
import { fiscalLabel } from '../../lib/names.ts';
import { CALL_SECTION_LABELS, CALL_SECTIONS, SPEAKER_ROLE_LABELS, SPEAKER_ROLES } from '../../lib/transcript/speakers.ts';
import { splitList } from '../../lib/filters/split-list.ts';
import { useFilterForm } from '../../lib/filters/use-filter-form.ts';
import { CompanyPicker } from '../company-search/company-picker.tsx';
import { searchFilters, type SearchFilterSearch } from './address.ts';

/** Quarters offered to pick from: the last two years'. */
const QUARTERS_OFFERED = 8;
/** The quick choice: the last four quarters that have ended. */
const LAST_QUARTERS = 4;

/**
 * The transcript search's filters: companies (by name), countries and exchanges, event types by
 * family, the event's date, who speaks (their side and their role), the part of the call and the
 * fiscal quarter. Applied to the address, like every list's filters.
 */
export function TranscriptSearchFilters({
  search,
  onApply,
  families,
  seenExchanges,
}: {
  search: SearchFilterSearch;
  onApply: (address: ReturnType<typeof searchFilters.toAddress>) => void;
  families: readonly EventFamily[] | undefined;
  seenExchanges?: readonly string[];
}) {
  const fieldId = (field: string) => `search-filter-${field}`;
  const form = useFilterForm({ filters: searchFilters, search, onApply, fieldId });
  const active = searchFilters.count(search);
  // "Recent" is counted from the data service's clock (the sandbox's in tests), not the reader's.
  const now = useNow(false);
  const recent = recentFiscalQuarters(now, QUARTERS_OFFERED);
  const lastQuarters = lastEndedQuarters(now, LAST_QUARTERS);
  const chosenQuarters = splitList(form.draft.quarters);
  // A link may name older quarters: they are offered too, so they can be unticked.
  const quarters = [...new Set([...recent, ...chosenQuarters])].sort((a, b) => compareFiscalPeriods(fiscalQuarterOf(b)!, fiscalQuarterOf(a)!));
  return (
    <FilterDisclosure active={active} open={active > 0}>
      <form onSubmit={form.submit} noValidate aria-label="Search filters" className="space-y-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <CompanyPicker
            label="Companies"
            id={fieldId('companyIds')}
            value={splitList(form.draft.companyIds)}
            onChange={(ids) => form.set('companyIds', ids.join(','))}
            error={form.error('companyIds')}
          />
          <EventFamilyField form={form} fieldId={fieldId} families={families} />
          <CountryExchangeFields form={form} fieldId={fieldId} seenExchanges={seenExchanges} />
          <DateRange legend="Event date" from="from" to="to" form={form} fieldId={fieldId} />
          <CheckboxGroup
            legend="Who speaks"
            name="speakers"
            options={[
              { value: 'executive', label: 'Executives' },
              { value: 'analyst', label: 'Analysts' },
            ]}
            value={splitList(form.draft.speakers)}
            onChange={(values) => form.set('speakers', values.join(','))}
            hint="Only edited transcripts name who speaks."
          />
          <CheckboxGroup
            legend="Speaker role"
            name="roles"
            options={SPEAKER_ROLES.map((role) => ({ value: role, label: SPEAKER_ROLE_LABELS[role] }))}
            value={splitList(form.draft.roles)}
            onChange={(values) => form.set('roles', values.join(','))}
            hint="As the transcript names them: “Chief Financial Officer” is the CFO."
          />
          <CheckboxGroup
            legend="Section"
            name="sections"
            options={CALL_SECTIONS.map((section) => ({ value: section, label: CALL_SECTION_LABELS[section] }))}
            value={splitList(form.draft.sections)}
            onChange={(values) => form.set('sections', values.join(','))}
          />
          <div className="min-w-0">
            <CheckboxGroup
              legend="Fiscal quarter"
              name="quarters"
              options={quarters.map((key) => ({ value: key, label: fiscalLabel(fiscalQuarterOf(key)) }))}
              value={chosenQuarters}
              onChange={(values) => form.set('quarters', values.join(','))}
              hint={`The last ${LAST_QUARTERS} that have ended: ${lastQuarters.map((key) => fiscalLabel(fiscalQuarterOf(key))).join(', ')}.`}
            />
            <Button size="xs" className="mt-2" onClick={() => form.set('quarters', lastQuarters.join(','))}>
              Last {LAST_QUARTERS} quarters
            </Button>
          </div>
        </div>
        <FilterFormActions onClear={form.clear} className="flex gap-2" />
      </form>
    </FilterDisclosure>
  );
}
