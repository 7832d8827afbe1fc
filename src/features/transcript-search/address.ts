import type { SearchParams, SpeakerSide } from '../../api/search.ts';
import type { CallSection, SpeakerRole } from '../../lib/transcript/speakers.ts';
import { searchParamsFor, type SearchAddress as Search } from '../../lib/transcript-search/address.ts';
import { COMPANY_CODE_FIELDS, OWNER_ID_FIELDS } from '../../lib/filters/common-fields.ts';
import { defineFilters, type CleanSearch, type FilterAddress } from '../../lib/filters/define-filters.ts';

/**
 * The transcript search's address, so a search is a link: `q` (what to find), `sort=date`, the
 * watchlist only (`watchlist=1`), and the list filters: companies, one call (`eventIds`, from
 * "Search this call"), countries, exchanges, event types (by family, `types=earnings-call`, or by id,
 * `typeIds=26,27`), the event's date range (`from`, `to`: days, both included) and who speaks
 * (`speakers=executive` or `analyst`), the speaker's role (`roles=cfo,analyst`), the part of the call
 * (`sections=qna`) and the fiscal quarter (`quarters=2026-Q3,2026-Q2`). A bad value falls back and is named.
 */
export const searchFilters = defineFilters({
  fields: {
    companyIds: OWNER_ID_FIELDS.companyIds,
    eventIds: { kind: 'eventIds', label: 'Calls' },
    countries: COMPANY_CODE_FIELDS.countries,
    exchanges: COMPANY_CODE_FIELDS.exchanges,
    types: { kind: 'eventFamilies', label: 'Event types' },
    // Event types by id: what a saved search or a link from elsewhere may name.
    typeIds: { kind: 'eventTypeIds', label: 'Event types' },
    from: { kind: 'date', bound: 'from', label: 'Event date from' },
    to: { kind: 'date', bound: 'to', label: 'Event date to' },
    speakers: { kind: 'speakerSides', label: 'Who speaks' },
    // Aiming within a call: who speaks by role, the part of the call, the fiscal quarter.
    roles: { kind: 'speakerRoles', label: 'Role' },
    sections: { kind: 'callSections', label: 'Section' },
    quarters: { kind: 'fiscalQuarters', label: 'Quarter' },
  },
  direction: { default: 'desc' },
});

export type SearchFilterSearch = CleanSearch<typeof searchFilters.spec>;
export type SearchAddress = FilterAddress<typeof searchFilters.spec> & { q?: string; sort?: 'date'; watchlist?: 1 };

export function validateSearchAddress(raw: Record<string, unknown>): SearchAddress {
  const address: SearchAddress = searchFilters.validateSearch(raw);
  // Whatever the link wrote is searched as its text: the router reads `q=[1]` as a list, and keeps
  // it in the address unless this returns a q of its own.
  const written = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q) : raw.q != null ? JSON.stringify(raw.q) : undefined;
  const q = written?.slice(0, 2_000);
  if (q && q.trim()) address.q = q;
  if (raw.sort === 'date') address.sort = 'date';
  if (raw.watchlist === 1 || raw.watchlist === '1' || raw.watchlist === true || raw.watchlist === 'true') address.watchlist = 1;
  return address;
}

/**
 * The search the address describes, as saved searches and links hold it (lib/transcript-search/address.ts):
 * event types resolved to ids (by family and by id), the watchlist as a flag.
 */
export function toSearch(address: SearchAddress, byFamily?: readonly number[]): Search {
  const { filters } = searchFilters.parse(address);
  return {
    q: address.q?.trim() ?? '',
    companyIds: filters.companyIds?.map(Number),
    eventIds: filters.eventIds?.map(Number),
    countries: filters.countries,
    exchanges: filters.exchanges,
    typeIds: mergeTypes(byFamily, filters.typeIds?.map(Number)),
    from: filters.from,
    to: filters.to,
    speakers: filters.speakers as SpeakerSide[] | undefined,
    roles: filters.roles as SpeakerRole[] | undefined,
    sections: filters.sections as CallSection[] | undefined,
    quarters: filters.quarters,
    sort: address.sort === 'date' ? 'date' : 'relevance',
    ...(address.watchlist === 1 ? { watchlist: true } : {}),
  };
}

/** What to ask the server; undefined when "watchlist only" leaves no company to search. */
export function toSearchParams(
  address: SearchAddress,
  options: { typeIds?: readonly number[]; watchlistIds?: readonly number[] } = {},
): SearchParams | undefined {
  return searchParamsFor(toSearch(address, options.typeIds), options.watchlistIds ?? []);
}

/** Types by family and by id together: a type must be in both when both are given. */
function mergeTypes(byFamily: readonly number[] | undefined, byId: readonly number[] | undefined): number[] | undefined {
  if (!byFamily) return byId ? [...byId] : undefined;
  if (!byId) return [...byFamily];
  const both = byFamily.filter((id) => byId.includes(id));
  return both.length > 0 ? both : [0];
}
