import { useQueries, useQuery } from '@tanstack/react-query';
import { companyQueries } from '../api/companies.ts';
import { eventQueries } from '../api/events.ts';
import { DOCUMENT_GROUPS } from '../api/schemas.ts';
import { countryName } from '../lib/filters/countries.ts';
import type { FilterChip } from '../lib/filters/define-filters.ts';
import { exchangeName } from '../lib/filters/exchanges.ts';
import { companyLabel } from '../lib/format.ts';
import { documentTypeLabel, eventName, eventTypeName, fiscalLabel } from '../lib/names.ts';
import { useDocumentTypes, useEventTypeList, useEventTypes } from './type-records.ts';
import { eventFamilies } from '../lib/event-families.ts';
import { DOCUMENT_KINDS } from '../lib/document-kinds.ts';
import { fiscalQuarterOf } from '../lib/fiscal-quarters.ts';
import { CALL_SECTION_LABELS, SPEAKER_ROLE_LABELS, type CallSection, type SpeakerRole } from '../lib/transcript/roles.ts';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-03-01" → "1 Mar 2026" (the day as written); a full timestamp in the reader's zone. */
function dayText(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dayFormat.format(new Date(`${value}T00:00:00Z`));
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

const idsOf = (chips: readonly FilterChip[], kind: FilterChip['kind']) => chips.filter((chip) => chip.kind === kind).map((chip) => Number(chip.value));

/**
 * What each chip's value is called: a country's and an exchange's name, a company's name (its
 * record, fetched by id), an event's name (its record), a document type's name (its type record),
 * a day as a date. Undefined while a record is on its way (the chip shows a neutral placeholder);
 * never the id itself.
 */
export function useFilterChipNames(chips: readonly FilterChip[]): (chip: FilterChip) => string | undefined {
  const eventIds = [...new Set(idsOf(chips, 'eventIds'))];
  const events = useQueries({ queries: eventIds.map((id) => ({ ...eventQueries.detail(id), staleTime: 10 * 60_000, retry: 1 })) });
  const eventById = new Map(eventIds.map((id, i) => [id, events[i]!] as const));
  const eventTypes = useEventTypes([...events.map((result) => result.data?.typeId), ...idsOf(chips, 'eventTypeIds')]);
  const companyIds = [...idsOf(chips, 'companyIds'), ...events.flatMap((result) => (result.data ? [result.data.companyId] : []))];
  const uniqueCompanies = [...new Set(companyIds)].sort((a, b) => a - b);
  // The same request as useCompanyNames, so names already fetched for a table are reused.
  const companyQuery = useQuery({
    ...companyQueries.list({ ids: uniqueCompanies, limit: 500 }),
    enabled: uniqueCompanies.length > 0,
    staleTime: 10 * 60_000,
  });
  const companies = new Map((companyQuery.data?.data ?? []).map((company) => [company.id, company]));
  const companiesSettled = companyQuery.isSuccess || companyQuery.isError;
  const docTypes = useDocumentTypes(idsOf(chips, 'documentTypeIds'));
  const typeList = useEventTypeList();
  const families = typeList ? eventFamilies(typeList) : undefined;

  return (chip) => {
    switch (chip.kind) {
      case 'countries':
        return countryName(chip.value);
      case 'exchanges':
        return exchangeName(chip.value);
      case 'companyIds': {
        const company = companies.get(Number(chip.value));
        if (company) return companyLabel(company);
        return companiesSettled ? 'Unknown company' : undefined;
      }
      case 'eventIds': {
        const result = eventById.get(Number(chip.value));
        if (!result?.data) return result?.isError ? 'Unknown event' : undefined;
        const company = companies.get(result.data.companyId);
        // The company once, then the event without repeating it ("Acme · Capital markets day").
        const name = eventName(result.data, { type: eventTypes.get(result.data.typeId), company });
        return company ? `${companyLabel(company)} · ${name}` : name;
      }
      case 'documentTypeIds': {
        const type = docTypes.get(Number(chip.value));
        return type ? documentTypeLabel(type) : undefined;
      }
      case 'documentGroupIds':
        return DOCUMENT_GROUPS[Number(chip.value) as keyof typeof DOCUMENT_GROUPS] ?? 'Unknown document group';
      case 'eventFamilies':
        return families ? (families.find((family) => family.key === chip.value)?.name ?? 'Unknown event type') : undefined;
      case 'eventTypeIds': {
        const type = eventTypes.get(Number(chip.value));
        return type ? (eventTypeName(type) ?? type.name ?? 'Unknown event type') : undefined;
      }
      case 'speakerSides':
        return chip.value === 'executive' ? 'Executives' : chip.value === 'analyst' ? 'Analysts' : chip.value;
      case 'speakerRoles':
        return SPEAKER_ROLE_LABELS[chip.value as SpeakerRole] ?? chip.value;
      case 'callSections':
        return CALL_SECTION_LABELS[chip.value as CallSection] ?? chip.value;
      case 'documentKinds':
        return DOCUMENT_KINDS.find((each) => each.kind === chip.value)?.label ?? chip.value;
      case 'fiscalQuarters':
        return fiscalLabel(fiscalQuarterOf(chip.value)) || chip.value;
      case 'date':
        return dayText(chip.value);
      default:
        return chip.value;
    }
  };
}
